package gogen

import (
	"github.com/promptc/promptc/compiler"
	"github.com/promptc/promptc/compiler/markdown"
)

// customSlots returns the slot items the custom mode sends after the
// user's text: the slots every mode in order sends, in the order the first
// of them sends them. A custom mode replaces the project's own text, never
// the user's rules and the per-call text every mode carries.
func (g *gen) customSlots(q *compiler.Program) []item {
	var ordered []*compiler.Mode
	for _, m := range q.Modes {
		if m.Rank >= 0 {
			ordered = append(ordered, m)
		}
	}
	if len(ordered) == 0 {
		ordered = q.Modes
	}
	var out []item
	if len(ordered) == 0 {
		return out
	}
	for _, ref := range ordered[0].Config.Compose {
		if ref.Kind != "slot" {
			continue
		}
		all := true
		for _, m := range ordered[1:] {
			all = all && m.Sends(ref.Name)
		}
		if all {
			out = append(out, item{kind: "slot", idx: g.slotIdx[ref.Name], name: ref.Name})
		}
	}
	return out
}

// renderCustom emits the custom mode's items and its loader when the
// project configures one, and the items function every composition uses.
func (g *gen) renderCustom() {
	c := g.p.Config.Custom
	if c == nil {
		g.pf("\n// itemsOf returns what mode sends in profile pr.\nfunc itemsOf(pr int, mode Mode) []item { return modeItems[pr][mode] }\n\n")
		g.pf("// customFallback is the text of an itemCustom: there is none here.\nconst customFallback = \"\"\n\n")
		g.pf("func customSource() string { return \"\" }\n\n")
		return
	}
	fallback, fallbackSrc := "", ""
	if part := g.p.Parts[c.Fallback.Name]; part != nil {
		fallback, fallbackSrc = part.Text, src(part.Pos.Path, part.Pos.Line, part.Text)
	}
	g.pf("\n// CustomFile is the custom mode's file, relative to the project directory:\n// the path to give LoadCustom.\nconst CustomFile = %q\n\n", c.File)
	g.pf("// CustomMaxBytes is the largest custom file LoadCustom accepts.\nconst CustomMaxBytes = %d\n\n", c.MaxBytes)
	g.pf("// customFallback is sent when the custom file cannot be used: the small\n// boundary (part %s), never another mode.\nvar customFallback = texts[%d]\n\n", c.Fallback.Name, g.text(fallback))
	g.pf("// customFallbackSource is where the fallback text comes from.\nconst customFallbackSource = %q\n\n", fallbackSrc)
	g.pf("// customSource is the source of the custom mode composed without a file.\nfunc customSource() string { return customFallbackSource }\n\n")
	g.pf("// customItems lists what the custom mode sends, per profile: the user's\n// text (or the fallback), then the slots every mode sends.\nvar customItems = [len(modeItems)][]item{\n")
	for pi, q := range g.progs {
		g.pf("\t// profile %s\n\t{\n\t\t{kind: itemCustom, name: %q},\n", g.profileName(pi), "custom")
		for _, it := range g.customSlots(q) {
			g.pf("\t\t{kind: itemSlot, idx: %d, name: %q},\n", it.idx, it.name)
		}
		g.pf("\t},\n")
	}
	g.pf("}\n\n")
	g.pf("// itemsOf returns what mode sends in profile pr.\nfunc itemsOf(pr int, mode Mode) []item {\n\tif mode == ModeCustom {\n\t\treturn customItems[pr][:]\n\t}\n\treturn modeItems[pr][mode]\n}\n\n")
	g.b.WriteString(customSource)
	g.b.WriteString(markdown.CustomSource())
}

const customSource = `// Custom is the custom mode as loaded from a project.
type Custom struct {
	// Name comes from the frontmatter's name:, else the first ATX or
	// setext heading outside code; "" when neither is present.
	Name string
	// Text is what to send in place of the project's text: the file's
	// instructions (frontmatter removed, {{cwd}} expanded, surrounding
	// white space trimmed), or, when the file cannot be used, the small
	// boundary.
	Text string
	// Usable is false when Text is the fallback. Only a usable custom mode
	// is offered in ModesFor and NextMode.
	Usable bool
	// Reason says why the file was not used ("" when Usable).
	Reason string
	// Path is the file LoadCustom read, relative to the project directory.
	Path string
}

// ModesFor returns the modes a picker offers, in order: Modes(), then
// ModeCustom when c is usable.
func ModesFor(c Custom) []Mode {
	ms := Modes()
	if c.Usable {
		ms = append(ms, ModeCustom)
	}
	return ms
}

// NextMode returns the mode after m in ModesFor(c), wrapping around: the
// cycle a harness runs on a key press. A mode that is not offered (the
// custom mode of an unusable file) is followed by the first mode.
func NextMode(m Mode, c Custom) Mode {
	ms := ModesFor(c)
	for i, x := range ms {
		if x == m {
			return ms[(i+1)%len(ms)]
		}
	}
	return ms[0]
}

// Compose returns the custom mode's prompt: c.Text, then the slots every
// mode sends (the user's rules among them), each non-empty section
// separated by a blank line. Compose(ModeCustom, ...) is the same for a
// custom file that could not be used.
func (c Custom) Compose(slots Slots) string {
	return composeWith(0, ModeCustom, Auto, "", &slots, c.text())
}

// Sections returns the non-empty sections c.Compose joins, in order.
func (c Custom) Sections(slots Slots) []Section {
	return sectionsWith(0, ModeCustom, Auto, "", &slots, c.text(), c.source())
}

// text is what the custom item sends: the loaded text, or the fallback for
// a Custom that was never loaded.
func (c Custom) text() string {
	if c.Text == "" {
		return customFallback
	}
	return c.Text
}

func (c Custom) source() string {
	if c.Usable {
		return c.Path
	}
	return customFallbackSource
}

// LoadCustom reads the custom file at path (slash-separated, relative to
// projectDir; usually CustomFile) through an os.Root opened on projectDir,
// so a symbolic link inside the project is followed and one that leaves
// it, like a path that does, is refused. It accepts only a regular file of
// at most CustomMaxBytes bytes of valid UTF-8 (multi-byte characters count
// their bytes), without NUL bytes or a byte-order mark. CRLF becomes LF,
// a frontmatter block (even an empty one) is removed, and {{cwd}} expands
// to projectDir. When the file is missing, empty or unsafe, the result
// carries the small boundary and the reason, never another mode's text.
// LoadCustom only reads: it creates nothing.
func LoadCustom(projectDir, path string) Custom {
	fail := func(reason string) Custom {
		return Custom{Text: customFallback, Reason: reason, Path: path}
	}
	root, err := os.OpenRoot(projectDir)
	if err != nil {
		return fail("project directory: " + err.Error())
	}
	defer root.Close()
	fi, err := root.Stat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fail(path + " does not exist")
	case err != nil:
		return fail(path + " is unsafe: it leads outside the project or cannot be read")
	case !fi.Mode().IsRegular():
		return fail(path + " is not a regular file")
	case fi.Size() > CustomMaxBytes:
		return fail(fmt.Sprintf("%s is %d bytes, over the limit of %d", path, fi.Size(), CustomMaxBytes))
	}
	f, err := root.Open(path)
	if err != nil {
		return fail(path + " cannot be read")
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, CustomMaxBytes+1))
	switch {
	case err != nil:
		return fail(path + " cannot be read")
	case len(data) > CustomMaxBytes:
		return fail(fmt.Sprintf("%s is over the limit of %d bytes", path, CustomMaxBytes))
	case !utf8.Valid(data):
		return fail(path + " is not valid UTF-8")
	case strings.ContainsRune(string(data), 0):
		return fail(path + " contains a NUL byte")
	case strings.ContainsRune(string(data), '\uFEFF'):
		return fail(path + " contains a byte-order mark")
	}
	name, text := customText(strings.ReplaceAll(string(data), "\r\n", "\n"))
	if text == "" {
		return fail(path + " is empty")
	}
	return Custom{Name: name, Text: strings.ReplaceAll(text, "{{cwd}}", projectDir), Usable: true, Path: path}
}
`
