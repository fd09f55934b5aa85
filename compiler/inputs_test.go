package compiler_test

import (
	"testing"

	"github.com/promptc/promptc/compiler"
	"github.com/promptc/promptc/internal/testproject"
)

// whenProject has a bool input whose false side sends the longer text and
// an enum input with three values, one of them sending nothing.
func whenProject(t *testing.T, stable string) *compiler.Program {
	return testproject.FromFiles(t, map[string]string{
		"promptc.cue": `version: "v1"
inputs: {
	IsGitRepo: {type: "bool", stable: ` + stable + `}
	Style: {type: "enum", values: ["plain", "terse", "caveman"], stable: true}
}
parts: {
	a: file: "a.md"
	git: {file: "git.md", when: input: "IsGitRepo"}
	noGit: {file: "nogit.md", when: {input: "IsGitRepo", is: [false]}}
	terse: {file: "terse.md", when: {input: "Style", is: ["terse"]}}
	caveman: {file: "caveman.md", when: {input: "Style", is: ["caveman"]}}
	c: file: "c.md"
}
modes: focus: compose: [parts.a, parts.terse, parts.git, parts.noGit, parts.caveman, parts.c]
order: ["focus"]
defaultMode: "focus"
`,
		"a.md": "A.\n", "git.md": "Git.\n", "nogit.md": "No git here.\n",
		"terse.md": "Terse, terse.\n", "caveman.md": "Grug.\n", "c.md": "C.\n",
	})
}

// TestMaxWhen: each input takes the value whose parts are largest, false
// for a bool whose false side is longer, and the mode composes with
// exactly the chosen parts.
func TestMaxWhen(t *testing.T) {
	p := whenProject(t, "true")
	m, _ := p.Mode("focus")
	s := compiler.Selection{Family: p.Families["neutral"], Note: compiler.NoNote}
	when, desc := p.MaxWhen(m, s)
	if desc != `IsGitRepo false, Style "terse"` {
		t.Errorf("choice %s", desc)
	}
	s.When = when
	if got, want := p.Static(m, s), "A.\n\nTerse, terse.\n\nNo git here.\n\nC."; got != want {
		t.Errorf("static %q, want %q", got, want)
	}
	// With values, the conditions test them.
	s.When, s.Inputs = nil, map[string]any{"IsGitRepo": true, "Style": "plain"}
	if got, want := p.Static(m, s), "A.\n\nGit.\n\nC."; got != want {
		t.Errorf("static %q, want %q", got, want)
	}
}

// TestPrefixEndsAtVolatileInput: a part that tests an input not declared
// stable ends the cacheable prefix, whether it is sent or not; a stable
// one does not.
func TestPrefixEndsAtVolatileInput(t *testing.T) {
	for _, c := range []struct{ stable, want string }{
		{"true", "A.\n\nGit.\n\nC."},
		{"false", "A."},
	} {
		p := whenProject(t, c.stable)
		m, _ := p.Mode("focus")
		s := compiler.Selection{Family: p.Families["neutral"], Note: compiler.NoNote, Inputs: map[string]any{"IsGitRepo": true, "Style": "plain"}}
		if got := p.Prefix(m, s); got != c.want {
			t.Errorf("IsGitRepo stable %s: prefix %q, want %q", c.stable, got, c.want)
		}
	}
}
