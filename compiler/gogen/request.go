package gogen

import (
	"cmp"
	"slices"

	"github.com/promptc/promptc/compiler"
	"github.com/promptc/promptc/internal/config"
)

// renderRequest emits the Request type, whose fields follow the project
// (a Profile only where profiles are declared, a Permission where
// permission sets are, a Custom where the custom mode is), and the
// methods of it that depend on those fields; the rest of its API is fixed
// code (genruntime's request.go).
func (g *gen) renderRequest() {
	c := g.p.Config
	g.pf("// Request is everything one composition depends on: a harness fills one\n// and calls its Compose, Sections or CostNotice. Adding a profile, a\n// permission set or a slot to promptc.cue adds a field, never a\n// parameter. The zero Request composes DefaultMode, following the model\n// (Auto), in the default profile under the least-privileged permission\n// set, with every slot empty.\ntype Request struct {\n")
	g.pf("\t// Mode is the mode to compose; the zero value is DefaultMode.\n\tMode Mode\n")
	g.pf("\t// Family is the family choice; the zero value, Auto, follows Model.\n\tFamily Choice\n")
	g.pf("\t// Model is the model id, as the harness names it\n\t// (\"openrouter/anthropic/claude-sonnet-4.5\", \"gpt-5\").\n\tModel string\n")
	g.pf("\t// Provider, when set, is the provider the harness sends Model to\n\t// (\"openrouter\", \"ollama\"): resolution sees Provider + \"/\" + Model, so\n\t// the provider is the outermost provider segment of the id.\n\tProvider string\n")
	if c.Profiles != nil {
		g.pf("\t// Profile is the prompt profile; the zero value is the default.\n\tProfile Profile\n")
	}
	if c.Permissions != nil {
		g.pf("\t// Permission is the session's permission set: the tools part lists\n\t// only the tools it permits. The zero value is the least-privileged\n\t// set, not DefaultPermission.\n\tPermission Permission\n")
	}
	g.pf("\t// Slots is the text the harness supplies at call time.\n\tSlots Slots\n")
	g.pf("\t// Inputs are the run-time inputs the template parts render with and\n\t// the when conditions test.\n\tInputs Inputs\n")
	if c.Tools != nil {
		g.pf("\t// Allowed, when not nil, says at run time which tools the session may\n\t// use (a tool switched off for this surface, a dynamic tool without\n\t// its permission): the tools part then lists, of the tools the\n\t// permission set permits, only those it lets through, as\n\t// DescribeTools answers with the same callback. nil restricts nothing.\n\tAllowed func(name string) bool\n")
	}
	if c.Custom != nil {
		g.pf("\t// Custom is the custom mode as LoadCustom loaded it; required when\n\t// Mode is ModeCustom (nil is ErrNoCustom), ignored otherwise.\n\tCustom *Custom\n")
	}
	g.pf("}\n\n")

	prog := "0"
	switch {
	case c.Profiles != nil && c.Permissions != nil:
		prog = "combo(int(r.Profile), r.Permission)"
	case c.Profiles != nil:
		prog = "int(r.Profile)"
	case c.Permissions != nil:
		prog = "combo(0, r.Permission)"
	}
	g.pf("// program returns the index of r's profile and permission set in the\n// per-program tables; r's selection must be valid.\nfunc (r *Request) program() int { return %s }\n\n", prog)
	g.pf("// selectionErrors appends an error for each of r's Mode, Family,\n// Profile and Permission that is no value of its type.\nfunc (r *Request) selectionErrors(errs []error) []error {\n\terrs = r.modeAndFamilyErrors(errs)\n")
	if c.Profiles != nil {
		g.pf("\tif !r.Profile.Valid() {\n\t\terrs = append(errs, fmt.Errorf(\"Request.Profile: %%w: %%s\", ErrUnknownProfile, r.Profile))\n\t}\n")
	}
	if c.Permissions != nil {
		g.pf("\tif !r.Permission.Valid() {\n\t\terrs = append(errs, fmt.Errorf(\"Request.Permission: %%w: %%s\", ErrUnknownPermission, r.Permission))\n\t}\n")
	}
	g.pf("\treturn errs\n}\n\n")
	g.pf("// customText returns the custom mode's text and source for r, and\n// whether the text is the fallback.\nfunc (r *Request) customText() (text, source string, fallback bool, err error) {\n")
	if c.Custom != nil {
		g.pf("\tif r.Custom == nil {\n\t\treturn \"\", \"\", false, ErrNoCustom\n\t}\n\treturn r.Custom.text(), r.Custom.source(), !r.Custom.Usable, nil\n}\n\n")
	} else {
		g.pf("\treturn customFallback, \"\", false, nil\n}\n\n")
	}
}

// permissionOrder lists the project's permission sets in the order of the
// generated constants: the least-privileged first (the fewest permitted
// tools, then the fewest writing ones), then the others in
// compiler.PermissionNames's order (the default first). The zero
// Permission is thus the safest set.
func (g *gen) permissionOrder() []string { return PermissionOrder(g.p.Config) }

// PermissionOrder lists c's permission sets in the order of the generated
// Permission type (see permissionOrder): the least-privileged set first,
// then the others as promptc.cue declares them; nil without sets. Every
// target orders them so.
func PermissionOrder(c *config.Config) []string {
	names := compiler.PermissionNames(c)
	if len(names) == 0 {
		return nil
	}
	type score struct{ tools, writes int }
	scores := map[string]score{}
	for _, set := range names {
		var s score
		if c.Tools != nil {
			for tool, t := range c.Tools.Catalogue {
				if c.Permits(set, tool) {
					s.tools++
					if t.Access == "write" {
						s.writes++
					}
				}
			}
		}
		scores[set] = s
	}
	least := slices.MinFunc(names, func(a, b string) int {
		sa, sb := scores[a], scores[b]
		return cmp.Or(cmp.Compare(sa.tools, sb.tools), cmp.Compare(sa.writes, sb.writes))
	})
	out := []string{least}
	for _, n := range names {
		if n != least {
			out = append(out, n)
		}
	}
	return out
}
