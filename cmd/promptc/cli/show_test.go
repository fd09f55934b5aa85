package cli

import (
	"strings"
	"testing"

	"github.com/promptc/promptc/internal/testproject"
)

// showProject declares, in one mode, an after text for each of two
// sections that can precede c (b is sent only when Git is true), a before
// of its own for b and for d, and a capability line of one tool the
// profile describes in full and one it lists by name.
var showProject = map[string]string{
	"promptc.cue": `version: "v1"
inputs: Git: {type: "bool"}
parts: {
	a: file: "a.md"
	b: {file: "b.md", when: {input: "Git", is: [true]}}
	c: file: "c.md"
	d: file: "d.md"
	tools: generated: "tools"
}
tools: {
	discovery: "tool_search"
	catalogue: {
		tool_search: {group: "discovery", access: "read", file: "tools/tool_search.md"}
		todo: {group: "planning", access: "read", file: "tools/todo.md"}
		websearch: {group: "web", access: "read", file: "tools/websearch.md"}
	}
	capability: {tools: ["websearch", "todo"], listed: "You have: "}
}
profiles: {
	default: "lean"
	values: lean: fullTools: ["tool_search", "todo"]
}
modes: focus: {
	compose: [parts.a, parts.b, parts.c, parts.d, parts.tools]
	before: {b: "\n~\n", d: "\n-\n"}
	after: {a: {c: " | "}, b: {c: " + "}}
}
order: ["focus"]
defaultMode: "focus"
`,
	"a.md":                 "Alpha.\n",
	"b.md":                 "Beta.\n",
	"c.md":                 "Gamma.\n",
	"d.md":                 "Delta.\n",
	"tools/tool_search.md": "Finds tools.\n",
	"tools/todo.md":        "Keeps a list.\n",
	"tools/websearch.md":   "Searches the web.\n",
}

// TestShowBefores: each section after the first carries the after text
// declared for the section sent before it, else its own before (the
// second section's too), else none (the separator); the first carries
// none. The composed text puts them between the sections.
func TestShowBefores(t *testing.T) {
	p := testproject.FromFiles(t, showProject)
	for _, c := range []struct {
		git     bool
		befores map[string]string // section -> Before; absent: nil
		text    string            // the text up to the tools part
	}{
		{false, map[string]string{"c": " | ", "d": "\n-\n"}, "Alpha. | Gamma.\n-\nDelta.\n\n"},
		{true, map[string]string{"b": "\n~\n", "c": " + ", "d": "\n-\n"}, "Alpha.\n~\nBeta. + Gamma.\n-\nDelta.\n\n"},
	} {
		out, err := composeShown(p, showRequest{Mode: "focus", Family: "auto", Inputs: map[string]any{"Git": c.git}}, true, true)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range out.Sections {
			want, declared := c.befores[s.Name]
			switch {
			case declared && (s.Before == nil || *s.Before != want):
				t.Errorf("git %v: section %s's before = %v, want %q", c.git, s.Name, s.Before, want)
			case !declared && s.Before != nil:
				t.Errorf("git %v: section %s's before = %q, want none", c.git, s.Name, *s.Before)
			}
		}
		if !strings.HasPrefix(out.Text, c.text) {
			t.Errorf("git %v: text %q, want it to start %q", c.git, out.Text, c.text)
		}
	}
}

// TestShowCapability: show's capability line opens the tools the profile
// describes in full with listed and the others with deferred, the
// discovery tool named, every tool present.
func TestShowCapability(t *testing.T) {
	p := testproject.FromFiles(t, showProject)
	out, err := composeShown(p, showRequest{Mode: "focus", Family: "auto"}, false, true)
	if err != nil {
		t.Fatal(err)
	}
	want := "You have: todo. Through tool_search: websearch."
	if out.Capability == nil || *out.Capability != want {
		t.Errorf("capability = %v, want %q", out.Capability, want)
	}
}
