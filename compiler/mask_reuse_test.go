package compiler

import "testing"

// TestMaskerReuseOfTheSameLength: a text the masker has not copied is
// blanked in a fresh copy of its own bytes even when the masker holds the
// copy of an earlier text of the same length.
func TestMaskerReuseOfTheSameLength(t *testing.T) {
	m := new(masker)
	first := "`12345678`\n" // code: copied into the masker's memory
	if got, want := m.mask(first), "          \n"; got != want {
		t.Fatalf("mask(%q) = %q, want %q", first, got, want)
	}
	second := "<example>\nz" // as long as first, no code
	if got, want := m.mask(second), "         \n "; got != want {
		t.Errorf("mask(%q) after %q = %q, want %q", second, first, got, want)
	}
	third := "plain<x>\nyz"
	if got := m.mask(third); got != third {
		t.Errorf("mask(%q) = %q, want it unchanged", third, got)
	}
}

// TestMaskCodeUnclosedAtTheEnd: a backtick run left open on the text's
// last line, with no newline after it, is text; so is a longer run that
// no run of its length closes.
func TestMaskCodeUnclosedAtTheEnd(t *testing.T) {
	m := new(masker)
	for _, in := range []string{"x `open", "x ``a` b", "a `b` c ``d"} {
		want := in
		if in == "a `b` c ``d" {
			want = "a     c ``d"
		}
		if got := m.maskCode(in); got != want {
			t.Errorf("maskCode(%q) = %q, want %q", in, got, want)
		}
	}
}
