package compiler_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/promptc/promptc/internal/testproject"
)

// findingsOf returns "pos message" of the project's diagnostics of the
// given rules, in the order the compiler reports them.
func findingsOf(t *testing.T, files map[string]string, rules ...string) []string {
	t.Helper()
	p := testproject.FromFiles(t, files)
	var out []string
	for _, d := range p.Diagnostics() {
		if slices.Contains(rules, d.Rule) {
			out = append(out, d.Pos.String()+" "+d.Message)
		}
	}
	return out
}

// latticeProject declares modes a < b < c (order), c's compose list and
// the substitutions spliced in.
func latticeProject(aCompose, bCompose, cCompose, substitutions string) map[string]string {
	return map[string]string{
		"promptc.cue": `version: "v1"
parts: {
	base: file: "base.md"
	memo: file: "memo.md"
	core: file: "core.md"
	basics: file: "basics.md"
}
modes: {
	a: compose: [` + aCompose + `]
	b: compose: [` + bCompose + `]
	c: compose: [` + cCompose + `]
}
order: ["a", "b", "c"]
substitutions: [` + substitutions + `]
defaultMode: "a"
`,
		"base.md":   "Base.\n",
		"memo.md":   "Memo.\n",
		"core.md":   "Core.\n",
		"basics.md": "Basics.\n",
	}
}

// TestModeLattice checks each pair of neighbouring modes, the lowest one
// included: a part the lower mode sends and the higher one does not is an
// error at the higher mode, unless a declared substitution's replacement
// is sent instead; a mode sending both sides of a substitution is an
// error.
func TestModeLattice(t *testing.T) {
	const rules = "MODE_LATTICE MODE_SUBSTITUTION_BOTH"
	for _, tc := range []struct {
		name          string
		a, b, c, subs string
		want          []string
	}{
		{"each sends the lower's parts", "parts.base", "parts.base, parts.memo", "parts.base, parts.memo, parts.core", "", nil},
		{"the second mode drops the lowest's part", "parts.base, parts.memo", "parts.base", "parts.base, parts.memo", "", []string{
			`promptc.cue:10:5 mode b does not send part "memo", which the lower mode a sends; modes are ordered (a < b < c), so add parts.memo to modes.b.compose or declare a substitution`,
		}},
		{"the highest drops a part", "parts.base", "parts.base, parts.memo", "parts.base", "", []string{
			`promptc.cue:11:5 mode c does not send part "memo", which the lower mode b sends; modes are ordered (a < b < c), so add parts.memo to modes.c.compose or declare a substitution`,
		}},
		{"a substitution's replacement stands in", "parts.base, parts.core", "parts.base, parts.basics", "parts.base, parts.basics", "{replace: parts.core, with: parts.basics}", nil},
		{"a substitution without its replacement sent", "parts.base, parts.core", "parts.base, parts.basics", "parts.base, parts.memo", "{replace: parts.core, with: parts.basics}", []string{
			`promptc.cue:11:5 mode c does not send part "basics", which the lower mode b sends; modes are ordered (a < b < c), so add parts.basics to modes.c.compose or declare a substitution`,
		}},
		{"a substitution of another part does not excuse", "parts.base, parts.core", "parts.base, parts.basics", "parts.base, parts.basics", "{replace: parts.memo, with: parts.basics}", []string{
			`promptc.cue:10:5 mode b does not send part "core", which the lower mode a sends; modes are ordered (a < b < c), so add parts.core to modes.b.compose or declare a substitution`,
		}},
		{"a substitution whose replacement is not sent either", "parts.base, parts.core", "parts.base", "parts.base", "{replace: parts.core, with: parts.basics}", []string{
			`promptc.cue:10:5 mode b does not send part "core", which the lower mode a sends; modes are ordered (a < b < c), so add parts.core to modes.b.compose or declare a substitution`,
		}},
		{"both sides of a substitution", "parts.base, parts.core", "parts.base, parts.core, parts.basics", "parts.base, parts.basics", "{replace: parts.core, with: parts.basics}", []string{
			`promptc.cue:10:5 mode b sends both "core" and "basics", but "basics" replaces "core": send one of them`,
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := findingsOf(t, latticeProject(tc.a, tc.b, tc.c, tc.subs), strings.Fields(rules)...)
			checkFindings(t, got, tc.want)
		})
	}
}
