package compiler_test

import (
	"testing"

	"github.com/promptc/promptc/compiler"
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
