package compiler_test

import (
	"strings"
	"testing"

	"github.com/promptc/promptc/compiler"
	"github.com/promptc/promptc/internal/config"
	"github.com/promptc/promptc/internal/testproject"
	"github.com/promptc/promptc/internal/testtree"
)

func TestContainsPhrase(t *testing.T) {
	const src = "To restart the service, run the Restart script; then check the Health\n    Endpoint /healthz.\nNotes: año 2026, the café-ready flag."
	text := compiler.NormaliseWords(src)
	for _, tc := range []struct {
		phrase string
		want   bool
	}{
		{"restart", true},
		{"RESTART SCRIPT", true},
		{"health endpoint", true},    // hard-wrapped and indented in the source
		{"health\n\tendpoint", true}, // white space in the phrase is normalised too
		{"e", false},                 // inside words only
		{"art", false},               // inside "restart"
		{"restar", false},            // a prefix of a word
		{"note", false},              // "Notes" is another word
		{"notes", true},              // at the start of a line, before a colon
		{"/healthz", true},           // punctuation edges need no word boundary
		{"healthz", true},            // "/" is not a word character
		{"año", true},                // letters beyond ASCII
		{"caf", false},               // "é" continues the word
		{"café", true},               // "-" ends it
		{"service, run", true},       // punctuation inside a phrase
		{"the service run", false},   // the comma is text, not a space
		{"", false},                  // an empty phrase covers nothing
		{"   ", false},
		{"the café-ready flag.", true}, // up to the end of the text
	} {
		if got := compiler.ContainsPhrase(text, tc.phrase); got != tc.want {
			t.Errorf("ContainsPhrase(%q) = %v, want %v", tc.phrase, got, tc.want)
		}
	}
}

// TestContainsPhraseLaterOccurrence: an occurrence inside a word does not
// hide a later whole-word one.
func TestContainsPhraseLaterOccurrence(t *testing.T) {
	text := compiler.NormaliseWords("restarting is slow; restart once")
	if !compiler.ContainsPhrase(text, "restart") {
		t.Fatal("the whole word after the partial one was not found")
	}
}

// TestPointerForSeveralEntriesSentOnce checks that a pointer replacing
// parts that are not next to each other is sent once, where the first of
// them was, and that the parts between keep their places.
func TestPointerForSeveralEntriesSentOnce(t *testing.T) {
	proj := testproject.CompileAll(t, testtree.Write(t, map[string]string{
		config.FileName: `version: "v1"
parts: {
	a: file: "a.md"
	b: file: "b.md"
	mid: file: "mid.md"
	ptr: pointer: {trigger: "A and B", source: "docs/ab.md", covers: ["alpha", "beta"]}
}
profiles: {
	default: "classic"
	values: {
		classic: {}
		compact: replace: [{replace: parts.b, with: parts.ptr}, {replace: parts.a, with: parts.ptr}]
	}
}
modes: focus: compose: [parts.a, parts.mid, parts.b]
order: ["focus"]
defaultMode: "focus"
`,
		"a.md":       "alpha rules",
		"b.md":       "beta rules",
		"mid.md":     "middle",
		"docs/ab.md": "alpha and beta",
	}))
	compact := proj.Programs()[1]
	for _, d := range proj.Diagnostics() {
		t.Errorf("unexpected finding: %s", d)
	}
	var got []string
	for _, r := range compact.Modes[0].Config.Compose {
		got = append(got, r.Name)
	}
	if want := "ptr mid"; strings.Join(got, " ") != want {
		t.Errorf("compact sends %q, want %q", strings.Join(got, " "), want)
	}
}
