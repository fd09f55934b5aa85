package config

import (
	"strings"
	"testing"
)

// TestSizeCap: a configuration of exactly MaxSize bytes is evaluated, one
// byte more is refused from its length before CUE sees it, whoever
// supplies the bytes (LoadBytes is also how a configuration read from git
// is loaded).
func TestSizeCap(t *testing.T) {
	edge := minimal + strings.Repeat(" ", MaxSize-len(minimal))
	if _, err := LoadBytes("/p/promptc.cue", []byte(edge)); err != nil {
		t.Fatalf("a configuration of MaxSize bytes: %v", err)
	}
	runs := CUERuns()
	got := configError(t, func() error { _, err := LoadBytes("/p/promptc.cue", []byte(edge+" ")); return err }())
	want := "promptc.cue: promptc.cue is 1048577 bytes, more than the 1 MiB a configuration may have; keep long texts in the asset files it names"
	if len(got) != 1 || got[0] != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if CUERuns() != runs {
		t.Error("a configuration over the cap was evaluated")
	}
}
