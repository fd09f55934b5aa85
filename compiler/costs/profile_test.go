package costs_test

import (
	"fmt"
	"testing"

	"github.com/promptc/promptc/compiler"
	"github.com/promptc/promptc/compiler/costs"
	"github.com/promptc/promptc/internal/testproject"
	"github.com/promptc/promptc/internal/testtree"
)

// profilePrograms compiles a project with three profiles: classic sends the
// runbook, compact replaces it with a pointer to a source of another size,
// lean omits it. It returns them by name.
func profilePrograms(t *testing.T) map[string]*compiler.Program {
	t.Helper()
	proj := testproject.CompileAll(t, testtree.Write(t, map[string]string{
		"promptc.cue": `version: "v1"
parts: {
	base: file: "base.md"
	runbook: file: "runbook.md"
	runbookPointer: pointer: {trigger: "Restarts", source: "docs/runbook.md", covers: ["restart script"]}
}
profiles: {
	default: "classic"
	values: {
		classic: {}
		compact: replace: [{replace: parts.runbook, with: parts.runbookPointer}]
		lean: omit: [parts.runbook]
	}
}
modes: focus: compose: [parts.base, parts.runbook]
order: ["focus"]
defaultMode: "focus"
`,
		"base.md":         "You are careful.\n",
		"runbook.md":      "Run the restart script, then check the health endpoint, then write down what you saw in the log.\n",
		"docs/runbook.md": "# Runbook\n\nUse the restart script.\n",
	}))
	out := map[string]*compiler.Program{}
	for _, p := range proj.Programs() {
		out[p.Profile()] = p
	}
	return out
}

// TestPointerWeighsTheReplacedText: a pointer a profile sends in place of
// a part saves that part's tokens (X), not its source's.
func TestPointerWeighsTheReplacedText(t *testing.T) {
	p := profilePrograms(t)["compact"]
	pcs := costs.Pointers(p, costs.Session{Calls: 10})
	if len(pcs) != 1 {
		t.Fatalf("%d pointer rows, want 1", len(pcs))
	}
	pc := pcs[0]
	x := p.Counter.Count(profilePrograms(t)["classic"].Parts["runbook"].Text)
	if fmt.Sprint(pc.Replaces) != "[runbook]" || pc.InlinedTokens != x || pc.SourceTokens == x {
		t.Errorf("replaces %v, inlined %d, source %d: want [runbook], the runbook's %d tokens, a source of another size", pc.Replaces, pc.InlinedTokens, pc.SourceTokens, x)
	}
}

// TestCompareSessionsChargesReads: with sessions, a profile's pointer is
// charged its reads, so the total under a read rate of 1 exceeds the total
// under 0; the profile without pointers is the same under both.
func TestCompareSessionsChargesReads(t *testing.T) {
	ps := profilePrograms(t)
	never := costs.CompareSessions(ps["classic"], ps["compact"], costs.Session{Calls: 5, DefaultRate: 0})
	always := costs.CompareSessions(ps["classic"], ps["compact"], costs.Session{Calls: 5, DefaultRate: 1})
	if !always.Reads || always.ToTotal <= never.ToTotal || always.FromTotal != never.FromTotal {
		t.Errorf("reads %v; compact %d read always, %d never; classic %d and %d: want reads charged to compact alone",
			always.Reads, always.ToTotal, never.ToTotal, always.FromTotal, never.FromTotal)
	}
}

// TestCompareNamesDroppedText: --compare lists the text the compared
// profile drops with no pointer, and nothing for a pointer.
func TestCompareNamesDroppedText(t *testing.T) {
	ps := profilePrograms(t)
	if d := costs.Compare(ps["classic"], ps["lean"]).Dropped; len(d) != 1 || d[0].Part != "runbook" || d[0].Tokens <= 0 {
		t.Errorf("classic to lean drops %+v, want the runbook", d)
	}
	if d := costs.Compare(ps["classic"], ps["compact"]).Dropped; len(d) != 0 {
		t.Errorf("classic to compact drops %+v, want nothing (a pointer carries the runbook)", d)
	}
}
