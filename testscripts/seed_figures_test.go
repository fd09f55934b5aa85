package testscripts

import (
	"fmt"
	"strings"
	"testing"
	"text/tabwriter"
	"unicode/utf8"

	"github.com/promptc/promptc/compiler"
	"github.com/promptc/promptc/compiler/costs"
	"github.com/promptc/promptc/internal/docsample"
	"github.com/promptc/promptc/internal/testproject"
)

// TestSeedFigures keeps the table in docs/modes-and-budgets.md that sets
// the example project's sizes beside the seed's figures equal to what the
// example compiles to, so that a change to assets/ that moves a figure
// moves the page too (go test ./testscripts -run TestSeedFigures -update).
func TestSeedFigures(t *testing.T) {
	p := testproject.Compile(t, "../assets")
	chars := func(part string) int { return utf8.RuneCountInString(p.Parts[part].Text) }
	longest := func(get func(name string) []string) int {
		most := 0
		for _, f := range p.FamilyNames {
			for _, s := range get(f) {
				most = max(most, utf8.RuneCountInString(s))
			}
		}
		return most
	}
	body := longest(func(f string) []string { return []string{p.Families[f].Body.Text()} })
	note := longest(func(f string) []string {
		var out []string
		for _, n := range p.Families[f].Notes {
			out = append(out, n.Text())
		}
		return out
	})
	// bounds returns the least and the most of get over mode's families.
	bounds := func(mode string, get func(costs.Row) int) (lo, hi int) {
		lo = -1
		for _, r := range costs.PerFamily(p) {
			if r.Mode == mode {
				v := get(r)
				if lo < 0 || v < lo {
					lo = v
				}
				hi = max(hi, v)
			}
		}
		return lo, hi
	}
	span := func(mode string, get func(costs.Row) int) string {
		lo, hi := bounds(mode, get)
		if lo == hi {
			return compiler.Thousands(lo)
		}
		return compiler.Thousands(lo) + " to " + compiler.Thousands(hi)
	}
	over := func(r costs.Row) int {
		if r.OverFocus == nil {
			return 0
		}
		return *r.OverFocus
	}
	var b strings.Builder
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "FIGURE\tSEED\tEXAMPLE")
	row := func(what, seed, example string) { fmt.Fprintf(tw, "%s\t%s\t%s\n", what, seed, example) }
	row("working core (characters)", "373, at most 600", compiler.Thousands(chars("core")))
	row("self-knowledge line (characters)", "428, at most 430", compiler.Thousands(chars("selfKnowledge")))
	row("terminal block (characters)", "about 390", compiler.Thousands(chars("terminal")))
	row("basics (characters)", "at most 1,100", compiler.Thousands(chars("basics")))
	row("longest family body (characters)", "at most 3,000", compiler.Thousands(body))
	row("longest model note (characters)", "at most 600", compiler.Thousands(note))
	row("core + longest note (characters)", "under 1,200", compiler.Thousands(chars("core")+note))
	row("operator guide (characters)", "at most 1,500", compiler.Thousands(chars("operatorGuide")))
	_, fullChars := bounds("full", func(r costs.Row) int { return r.Chars })
	row("full, largest family (characters)", "at most 7,800", compiler.Thousands(fullChars))
	row("focus per call (tokens)", "570 in the notice example", span("focus", func(r costs.Row) int { return r.Tokens }))
	row("guide over focus (tokens)", "about 560 to 690", span("guide", over))
	if err := tw.Flush(); err != nil {
		t.Fatal(err)
	}
	docsample.Check(t, "..", "seed-figures", b.String(), *update)
}
