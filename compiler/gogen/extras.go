package gogen

import (
	"maps"
	"slices"
	"strconv"
	"strings"
)

// renderTools emits the tool catalogue and DescribeTools when the project
// configures tools.
func (g *gen) renderTools() {
	cat := g.p.Config.Tools
	if cat == nil {
		return
	}
	names := slices.Sorted(maps.Keys(cat.Catalogue))
	g.pf("\n// toolCatalogue holds every tool: name, capability group and the index of\n// its full description in texts (-1 when it could not be read).\nvar toolCatalogue = [...]struct {\n\tname, group string\n\tdesc        int\n}{\n")
	for _, n := range names {
		t := cat.Catalogue[n]
		desc := -1
		if txt, ok := g.p.ToolTexts[n]; ok {
			desc = g.text(txt)
		}
		g.pf("\t{%q, %q, %d},\n", n, t.Group, desc)
	}
	g.pf("}\n\n")
	g.b.WriteString(toolsSource)
}

const toolsSource = `// DescribeTools returns the full descriptions of the named tools, for a
// model that asks for them, separated by blank lines. allowed reports
// whether the session may use a tool (nil allows every tool). A name that
// is unknown and a name that is not allowed get the same error, so the
// error reveals nothing about restricted tools. With no names it lists the
// permitted tools by capability.
func DescribeTools(names []string, allowed func(name string) bool) (string, error) {
	ok := func(i int) bool { return allowed == nil || allowed(toolCatalogue[i].name) }
	if len(names) == 0 {
		var b strings.Builder
		// Groups and the names within them are listed alphabetically.
		var groups []string
		for i := range toolCatalogue {
			if ok(i) && !containsString(groups, toolCatalogue[i].group) {
				groups = append(groups, toolCatalogue[i].group)
			}
		}
		sortStrings(groups)
		for _, group := range groups {
			b.WriteString("- " + group + ":")
			sep := " "
			for i := range toolCatalogue {
				if ok(i) && toolCatalogue[i].group == group {
					b.WriteString(sep + toolCatalogue[i].name)
					sep = ", "
				}
			}
			b.WriteString("\n")
		}
		return b.String(), nil
	}
	var parts []string
	for _, n := range names {
		found := -1
		for i := range toolCatalogue {
			if toolCatalogue[i].name == n {
				found = i
				break
			}
		}
		if found < 0 || !ok(found) || toolCatalogue[found].desc < 0 {
			return "", fmt.Errorf("tool %q is not available", n)
		}
		parts = append(parts, texts[toolCatalogue[found].desc])
	}
	return strings.Join(parts, "\n\n"), nil
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func sortStrings(s []string) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}
`

// renderCustom emits LoadCustom when the project configures a custom mode.
func (g *gen) renderCustom() {
	c := g.p.Config.Custom
	if c == nil {
		return
	}
	fallback := ""
	if part := g.p.Parts[c.Fallback.Name]; part != nil {
		fallback = part.Text
	}
	g.pf("\n// CustomFile is where LoadCustom looks, relative to the project directory.\nconst CustomFile = %q\n\n", c.File)
	g.pf("// CustomMaxBytes is the largest custom file LoadCustom accepts.\nconst CustomMaxBytes = %d\n\n", c.MaxBytes)
	g.pf("// customFallback is sent when the custom file cannot be used: the small\n// boundary, never another mode.\nvar customFallback = texts[%d]\n\n", g.text(fallback))
	g.b.WriteString(strings.ReplaceAll(customSource, "{{fallbackName}}", strconv.Quote(c.Fallback.Name)))
}

const customSource = `// Custom is the custom mode as loaded from a project.
type Custom struct {
	// Name comes from the frontmatter's name: or the first Markdown
	// heading; "" when neither is present.
	Name string
	// Text is what to send: the file's instructions (frontmatter removed,
	// {{cwd}} expanded), or, when the file cannot be used, the fallback.
	Text string
	// Usable is false when Text is the fallback.
	Usable bool
	// Reason says why the file was not used ("" when Usable).
	Reason string
}

// LoadCustom reads CustomFile inside projectDir. It accepts only a regular
// file of at most CustomMaxBytes bytes of valid UTF-8, reached without
// leaving the project (a symlink inside the project is followed, one that
// leaves it is refused). The frontmatter is removed and {{cwd}} expands to
// projectDir. When the file is missing, empty or unsafe, the result carries
// the small boundary and the reason, never another mode's text.
func LoadCustom(projectDir string) Custom {
	fail := func(reason string) Custom {
		return Custom{Text: customFallback, Reason: reason}
	}
	root, err := os.OpenRoot(projectDir)
	if err != nil {
		return fail("project directory: " + err.Error())
	}
	defer root.Close()
	fi, err := root.Stat(CustomFile)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fail(CustomFile + " does not exist")
	case err != nil:
		return fail(CustomFile + " is unsafe: it leads outside the project or cannot be read")
	case !fi.Mode().IsRegular():
		return fail(CustomFile + " is not a regular file")
	case fi.Size() > CustomMaxBytes:
		return fail(fmt.Sprintf("%s is %d bytes, over the limit of %d", CustomFile, fi.Size(), CustomMaxBytes))
	}
	f, err := root.Open(CustomFile)
	if err != nil {
		return fail(CustomFile + " cannot be read")
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, CustomMaxBytes+1))
	switch {
	case err != nil:
		return fail(CustomFile + " cannot be read")
	case len(data) > CustomMaxBytes:
		return fail(fmt.Sprintf("%s is over the limit of %d bytes", CustomFile, CustomMaxBytes))
	case !utf8.Valid(data):
		return fail(CustomFile + " is not valid UTF-8")
	case strings.ContainsRune(string(data), 0):
		return fail(CustomFile + " contains a NUL byte")
	case strings.ContainsRune(string(data), '\uFEFF'):
		return fail(CustomFile + " contains a byte-order mark")
	}
	text := strings.ReplaceAll(string(data), "\r\n", "\n")
	name := ""
	if rest, ok := strings.CutPrefix(text, "---\n"); ok {
		if end := strings.Index(rest, "\n---\n"); end >= 0 || strings.HasSuffix(rest, "\n---") {
			header := rest
			text = ""
			if end >= 0 {
				header, text = rest[:end], rest[end+5:]
			}
			for _, line := range strings.Split(header, "\n") {
				if v, ok := strings.CutPrefix(line, "name:"); ok {
					name = strings.Trim(strings.TrimSpace(v), "\"'")
				}
			}
		}
	}
	text = strings.TrimSpace(text)
	if text == "" {
		return fail(CustomFile + " is empty")
	}
	if name == "" {
		for _, line := range strings.Split(text, "\n") {
			if t := strings.TrimLeft(line, "#"); len(t) < len(line) && len(line)-len(t) <= 6 && strings.HasPrefix(t, " ") {
				name = strings.TrimSpace(t)
				break
			}
		}
	}
	return Custom{Name: name, Text: strings.ReplaceAll(text, "{{cwd}}", projectDir), Usable: true}
}
`
