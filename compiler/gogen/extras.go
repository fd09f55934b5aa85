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
	g.pf("\n// toolCatalogue holds every tool: name, capability group, whether it can\n// write, and the index of its full description in texts (-1 when it\n// could not be read).\nvar toolCatalogue = [...]struct {\n\tname, group string\n\twrite       bool\n\tdesc        int\n}{\n")
	for _, n := range names {
		t := cat.Catalogue[n]
		desc := -1
		if txt, ok := g.p.ToolTexts[n]; ok {
			desc = g.text(txt)
		}
		g.pf("\t{%q, %q, %t, %d},\n", n, t.Group, t.Access == "write", desc)
	}
	g.pf("}\n\n")
	g.pf("// Tool is a tool of the catalogue in promptc.cue.\ntype Tool struct {\n\t// Name is what the model writes to call it; Group its capability group.\n\tName, Group string\n\t// Write is set when the tool can change anything (access: \"write\").\n\tWrite bool\n}\n\n")
	g.pf("// Tools returns the whole catalogue, sorted by name, in a new slice.\nfunc Tools() []Tool {\n\tout := make([]Tool, len(toolCatalogue))\n\tfor i, t := range toolCatalogue {\n\t\tout[i] = Tool{Name: t.name, Group: t.group, Write: t.write}\n\t}\n\treturn out\n}\n\n")
	r := strings.NewReplacer("PERM_PARAM", "", "PERM_ARG", "", "PERM_DOC", "", "PERM_CHECK", "", "PERM_OK", allowedOK)
	if g.p.Config.Permissions != nil {
		g.pf("// toolPermits says, per permission set, which tools of toolCatalogue it\n// permits.\nvar toolPermits = [len(permissionNames)][len(toolCatalogue)]bool{\n")
		for _, set := range g.permissionOrder() {
			var row []string
			for _, n := range names {
				row = append(row, strconv.FormatBool(g.p.Config.Permits(set, n)))
			}
			g.pf("\t// %s\n\t{%s},\n", set, strings.Join(row, ", "))
		}
		g.pf("}\n\n")
		g.pf("// Tools returns the tools p permits, sorted by name, in a new slice;\n// none for a p that is not Valid.\nfunc (p Permission) Tools() []Tool {\n\tvar out []Tool\n\tif !p.Valid() {\n\t\treturn out\n\t}\n\tfor i, t := range toolCatalogue {\n\t\tif toolPermits[p][i] {\n\t\t\tout = append(out, Tool{Name: t.name, Group: t.group, Write: t.write})\n\t\t}\n\t}\n\treturn out\n}\n\n")
		r = strings.NewReplacer(
			"PERM_PARAM", "perm Permission, ",
			"PERM_ARG", "perm, ",
			"PERM_DOC", "perm is the\n// session's permission set: a tool it does not permit is answered like an\n// unknown one, and a perm that is not Valid is an error; ",
			"PERM_CHECK", "\tif !perm.Valid() {\n\t\treturn \"\", errPermission(perm)\n\t}\n",
			"PERM_OK", "toolPermits[perm][i] && ("+allowedOK+")")
	}
	g.b.WriteString(r.Replace(toolsSource))
}

// allowedOK is the test of DescribeTools' allowed for tool i.
const allowedOK = "allowed == nil || allowed(toolCatalogue[i].name)"

// toolsSource is DescribeTools and its helpers; the PERM_ markers are
// replaced by what a permission-set parameter needs, or by nothing.
const toolsSource = `// DescribeTools returns the full descriptions of the named tools, for a
// model that asks for them, separated by blank lines, each tool once in
// the order first named (a repeated name adds nothing). PERM_DOCallowed
// reports whether the caller may use a tool at run time (nil restricts
// nothing). A name that is unknown and a name that is not allowed get the
// same error, so the error reveals nothing about restricted tools. With no
// names it lists the permitted tools by capability.
func DescribeTools(PERM_PARAMnames []string, allowed func(name string) bool) (string, error) {
PERM_CHECK	ok := func(i int) bool { return PERM_OK }
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
	for j, n := range names {
		if containsString(names[:j], n) {
			continue
		}
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

// DescribeToolsArgs is DescribeTools for the argument a model writes in a
// discovery call: tool names separated by commas ("git_log, git_show"),
// each trimmed of white space; a name given twice is described once. An
// empty argument lists the permitted tools; an empty name between commas
// is an error.
func DescribeToolsArgs(PERM_PARAMargs string, allowed func(name string) bool) (string, error) {
	if strings.TrimSpace(args) == "" {
		return DescribeTools(PERM_ARGnil, allowed)
	}
	var names []string
	for _, n := range strings.Split(args, ",") {
		n = strings.TrimSpace(n)
		if n == "" {
			return "", fmt.Errorf("empty tool name in %q: separate tool names with single commas", args)
		}
		names = append(names, n)
	}
	return DescribeTools(PERM_ARGnames, allowed)
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
