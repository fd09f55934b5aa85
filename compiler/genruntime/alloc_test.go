package genruntime

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"text/template"
)

// TestComposeAllocations measures what Compose allocates: once (the
// result) for a mode without template parts, and for a mode with them
// the result plus what text/template's Execute allocates rendering each
// part (measured on the stub's agent mode, whose two parts are rendered
// here directly as a harness would), plus a fixed number per part that
// promptc adds. docs/generated-api.md states the rule; the sentence there
// is built here from the measured numbers, so the page cannot drift.
func TestComposeAllocations(t *testing.T) {
	in := Inputs{Dir: "/home/dev/src/keel", IsGitRepo: true, Files: []FilesItem{
		{Path: "AGENTS.md", Content: "Run make check before you report a change as done."},
		{Path: "internal/store/AGENTS.md", Content: "Every query goes through store.Tx."},
	}}
	allocs := func(m Mode) int {
		req := Request{Mode: m, Model: "alpha-x", Slots: Slots{Memory: "Remember."}, Inputs: in}
		if _, err := req.Compose(); err != nil {
			t.Fatal(err)
		}
		return int(testing.AllocsPerRun(100, func() { _, _ = req.Compose() }))
	}
	for _, m := range []Mode{ModeShort, ModeLong} {
		if n := allocs(m); n != 1 {
			t.Errorf("Compose(%v), no template part: %d allocations, want 1", m, n)
		}
	}
	execute := 0
	for _, s := range templateSources {
		tm := template.Must(template.New(s.name).Parse(s.source))
		execute += int(testing.AllocsPerRun(100, func() {
			var b strings.Builder
			if err := tm.Execute(&b, in); err != nil {
				t.Fatal(err)
			}
			_ = b.String()
		}))
	}
	parts := len(templateSources)
	agent := allocs(ModeAgent)
	extra := agent - 1 - execute
	if extra < 0 || extra%parts != 0 {
		t.Fatalf("Compose(agent) allocates %d beyond the result and text/template's %d, not a whole number per part", extra, execute)
	}
	sentence := "Composing a mode with template parts allocates, besides the result, what `text/template`'s `Execute` allocates rendering each part"
	if extra == 0 {
		sentence += ", and nothing more:"
	} else {
		sentence += fmt.Sprintf(", and %d more per part:", extra/parts)
	}
	doc, err := os.ReadFile("../../docs/generated-api.md")
	if err != nil {
		t.Fatal(err)
	}
	example := fmt.Sprintf("(%d in all for a mode with %d small parts,", agent, parts)
	text := strings.Join(strings.Fields(string(doc)), " ")
	for _, want := range []string{sentence, example} {
		if !strings.Contains(text, want) {
			t.Errorf("docs/generated-api.md should say (line breaks aside):\n%s", want)
		}
	}
}
