package compiler_test

import (
	"testing"

	"github.com/promptc/promptc/compiler"
	"github.com/promptc/promptc/internal/testproject"
)

// TestPrefixRunsToTheFirstVolatileSlot checks that a stable slot keeps the
// static text after it in the cacheable prefix and a volatile one ends it.
func TestPrefixRunsToTheFirstVolatileSlot(t *testing.T) {
	for _, tc := range []struct {
		slots, want string
	}{
		{"rules: {stable: true}\nmemory: {}", "A.\n\nB."},
		{"rules: {}\nmemory: {}", "A."},
		{"rules: {stable: true}\nmemory: {stable: true}", "A.\n\nB.\n\nC."},
	} {
		p := testproject.FromFiles(t, map[string]string{
			"promptc.cue": `version: "v1"
parts: {
	a: file: "a.md"
	b: file: "b.md"
	c: file: "c.md"
}
slots: {
` + tc.slots + `
}
modes: focus: compose: [parts.a, slots.rules, parts.b, slots.memory, parts.c]
order: ["focus"]
defaultMode: "focus"
`,
			"a.md": "A.\n", "b.md": "B.\n", "c.md": "C.\n",
		})
		m, err := p.Mode("focus")
		if err != nil {
			t.Fatal(err)
		}
		if got := p.Prefix(m, compiler.Selection{Family: p.Families["neutral"], Note: compiler.NoNote}); got != tc.want {
			t.Errorf("slots %q: prefix %q, want %q", tc.slots, got, tc.want)
		}
	}
}
