package lint

import "testing"

// A list marker is "-", "*", "+" or up to nine digits and "." or ")",
// then white space or the end of the line; its length counts the
// indentation, and what follows (white space first) is the item's text.
func TestListMarker(t *testing.T) {
	for _, tc := range []struct {
		line string
		want int
	}{
		{"- Never push to main.", 1},
		{"* x", 1},
		{"+\tx", 1},
		{"  - nested", 3},
		{"1. first", 2},
		{"12) twelfth", 3},
		{"123456789. nine digits", 10},
		{"-", 1},
		{"1234567890. ten digits", -1},
		{"-not a list", -1},
		{"---", -1},
		{"1.5 is a number", -1},
		{"Never push to main.", -1},
		{"1", -1},
		{"", -1},
	} {
		if got := listMarker(tc.line); got != tc.want {
			t.Errorf("listMarker(%q) = %d, want %d", tc.line, got, tc.want)
		}
	}
}
