package costs_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/promptc/promptc/compiler/costs"
	"github.com/promptc/promptc/internal/testproject"
)

// TestSessionTableRange checks that each mode's row spans its smallest
// and largest family, a family with no text (0 tokens) counting as the
// smallest, and that only pointer parts are read.
func TestSessionTableRange(t *testing.T) {
	p := testproject.FromFiles(t, map[string]string{
		"promptc.cue": `version: "v1"
parts: {
	a: file: "a.md"
	line: family: "line"
	ptr: pointer: {trigger: "Restarts", source: "docs/runbook.md", covers: ["restart"]}
	e: file: "e.md"
}
families: rules: [{family: "x", name: ["^x"]}, {family: "y", name: ["^y"]}]
modes: {
	only: compose: [parts.line]
	read: compose: [parts.a, parts.ptr]
	empty: compose: [parts.e]
}
order: ["only", "read", "empty"]
defaultMode: "only"
`,
		"a.md":                         "12345678\n",
		"e.md":                         "<!-- promptc:ignore TEXT_TAB nothing but a directive -->\n",
		"docs/runbook.md":              "Use the restart script.\n",
		"prompts/families/x.prompt.md": "Line of x, long.\n",
		"prompts/families/y.prompt.md": "Line y.\n",
	})
	rows := costs.SessionTable(p, costs.Session{Calls: 2, Overhead: 1, DefaultRate: 0.5})
	var got []string
	for _, r := range rows {
		got = append(got, fmt.Sprintf("%s S %d-%d pointers %d R %g-%g total %g-%g", r.Mode, r.StandingMin, r.StandingMax, r.Pointers,
			r.RetrievalMin, r.RetrievalMax, r.TotalMin, r.TotalMax))
	}
	// only: neutral sends nothing (0), y "Line y." 2 tokens, x "Line of
	// x, long." 4: 2 calls of S+1.
	// read: the pointer's source is 6 tokens; S is the same for every
	// family; R = 0.5 * (S+1 + 6*2).
	src := p.Counter.Count("Use the restart script.\n")
	var read []int
	for _, r := range costs.Table(p) {
		if r.Mode == "read" {
			read = append(read, r.Tokens)
		}
	}
	if len(read) != 1 {
		t.Fatalf("read rows %v, want one family-free row", read)
	}
	s := read[0]
	r := 0.5 * float64(s+1+src*2)
	want := []string{
		"only S 0-4 pointers 0 R 0-0 total 2-10",
		fmt.Sprintf("read S %d-%d pointers 1 R %g-%g total %g-%g", s, s, r, r, float64(2*(s+1))+r, float64(2*(s+1))+r),
		// A mode with no text: each call still costs the overhead.
		"empty S 0-0 pointers 0 R 0-0 total 2-2",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
