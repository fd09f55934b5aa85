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
		g.pf("// toolListing: without a tool catalogue every program sends the tools\n// part as built.\nfunc (r *Request) toolListing(int) *string { return nil }\n\n")
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
	g.pf("// toolListings holds, per program, the tools its tools part describes in\n// full and those it lists by name, by index in toolCatalogue.\nvar toolListings = [len(modeItems)]struct{ full, named []int }{\n")
	for pi, q := range g.progs {
		full, named := q.ToolListing()
		idx := func(ts []string) string {
			var out []string
			for _, t := range ts {
				out = append(out, strconv.Itoa(slices.Index(names, t)))
			}
			return strings.Join(out, ", ")
		}
		g.pf("\t// profile %s\n\t{full: []int{%s}, named: []int{%s}},\n", g.profileName(pi), idx(full), idx(named))
	}
	g.pf("}\n\n")
	g.pf("// toolListingHeader opens the tools the tools part lists by name.\nconst toolListingHeader = %q\n\n", g.p.ToolListingHeader())
	if cat.Capability != nil {
		g.pf("// capabilityTools holds, per program, the tools the capability line names\n// when the session has them, in order, and whether the standing listing\n// describes each in full.\nvar capabilityTools = [len(modeItems)]struct {\n\ttools  []string\n\tlisted []bool\n}{\n")
		for pi, q := range g.progs {
			names, listed := q.CapabilityTools()
			g.pf("\t// profile %s\n\t{tools: %#v, listed: %#v},\n", g.profileName(pi), names, listed)
		}
		g.pf("}\n\n")
		lw, dw := g.p.CapabilityWords()
		g.pf("// CapabilityLine returns the capability line of r's profile and permission\n// set: the tools tools.capability names that the session has (its set\n// permits them and r.Allowed, when set, lets them through), in that order,\n// those the standing listing describes in full after %q, those it lists by\n// name after %q; \"\" when none is left. Put it in the capability slot. A bad\n// selection value is an error.\nfunc (r Request) CapabilityLine() (string, error) {\n\tif err := r.selectionCheck(); err != nil {\n\t\treturn \"\", err\n\t}\n\tc := &capabilityTools[r.program()]\n\treturn capabilityLine(%q, %q, c.tools, c.listed, r.Allowed), nil\n}\n\n", lw, dw, lw, dw)
	}
	g.pf("// toolListing is the tool listing of program pr for r's Allowed, nil\n// without it.\nfunc (r *Request) toolListing(pr int) *string {\n\tif r.Allowed == nil {\n\t\treturn nil\n\t}\n\ts := listTools(pr, r.Allowed)\n\treturn &s\n}\n\n")
	if g.p.Config.Permissions == nil {
		g.b.WriteString(describeToolsSource)
		return
	}
	g.pf("// toolPermits says, per permission set, which tools of toolCatalogue it\n// permits.\nvar toolPermits = [len(permissionNames)][len(toolCatalogue)]bool{\n")
	for _, set := range g.permissionOrder() {
		var row []string
		for _, n := range names {
			row = append(row, strconv.FormatBool(g.p.Config.Permits(set, n)))
		}
		g.pf("\t// %s\n\t{%s},\n", set, strings.Join(row, ", "))
	}
	g.pf("}\n\n")
	g.b.WriteString(describeToolsPermissionSource)
}

// describeToolsSource and describeToolsPermissionSource are the exported
// entry points of the tool catalogue, without and with permission sets:
// their signatures differ, their work is genruntime's tools.go.
const (
	describeToolsSource = `// DescribeTools returns the full descriptions of the named tools, for a
// model that asks for them, separated by blank lines, each tool once in
// the order first named (a repeated name adds nothing). allowed reports
// whether the caller may use a tool at run time (nil restricts nothing).
// A name that is unknown and a name that is not allowed get the same
// error, so the error reveals nothing about restricted tools. With no
// names it lists the permitted tools by capability.
func DescribeTools(names []string, allowed func(name string) bool) (string, error) {
	return describeTools(names, nil, allowed)
}

// DescribeToolsArgs is DescribeTools for the argument a model writes in a
// discovery call: tool names separated by commas ("git_log, git_show"),
// each trimmed of white space; a name given twice is described once. An
// empty argument lists the permitted tools; an empty name between commas
// is an error.
func DescribeToolsArgs(args string, allowed func(name string) bool) (string, error) {
	names, err := toolArgs(args)
	if err != nil {
		return "", err
	}
	return DescribeTools(names, allowed)
}

`
	describeToolsPermissionSource = `// Tools returns the tools p permits, sorted by name, in a new slice;
// none for a p that is not Valid.
func (p Permission) Tools() []Tool {
	if !p.Valid() {
		return nil
	}
	return toolsWhere(toolPermits[p][:])
}

// DescribeTools returns the full descriptions of the named tools, for a
// model that asks for them, separated by blank lines, each tool once in
// the order first named (a repeated name adds nothing). perm is the
// session's permission set: a tool it does not permit is answered like an
// unknown one, and a perm that is not Valid is an error; allowed
// reports whether the caller may use a tool at run time (nil restricts
// nothing). A name that is unknown and a name that is not allowed get the
// same error, so the error reveals nothing about restricted tools. With no
// names it lists the permitted tools by capability.
func DescribeTools(perm Permission, names []string, allowed func(name string) bool) (string, error) {
	if !perm.Valid() {
		return "", errPermission(perm)
	}
	return describeTools(names, toolPermits[perm][:], allowed)
}

// DescribeToolsArgs is DescribeTools for the argument a model writes in a
// discovery call: tool names separated by commas ("git_log, git_show"),
// each trimmed of white space; a name given twice is described once. An
// empty argument lists the permitted tools; an empty name between commas
// is an error.
func DescribeToolsArgs(perm Permission, args string, allowed func(name string) bool) (string, error) {
	names, err := toolArgs(args)
	if err != nil {
		return "", err
	}
	return DescribeTools(perm, names, allowed)
}

`
)
