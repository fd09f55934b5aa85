package compiler

import (
	"strings"
	"testing"
	"unsafe"
)

// TestMaskCode: code blocks and inline code spans (a run of backticks up
// to the next run of the same length on the line) are blanked, newlines
// and offsets kept; anything else is left as it is, and a text without
// code is returned as it was, not copied.
func TestMaskCode(t *testing.T) {
	cases := []struct{ in, want string }{
		{"plain text, no code\n", "plain text, no code\n"},
		{"", ""},
		{"use `x := 2026-11-30` here\n", "use " + strings.Repeat(" ", 17) + " here\n"},
		{"a ``b ` c`` d\n", "a " + strings.Repeat(" ", 9) + " d\n"},
		{"a `` b ` c\n", "a `` b ` c\n"},
		{"one ` and `two` ``x``\n", "one " + strings.Repeat(" ", 7) + "two` " + strings.Repeat(" ", 5) + "\n"},
		{"`a` and `b`", "    and    "},
		{"text\n\n```\ncode 2026-11-30\n```\nafter `x`\n", "text\n\n   \n               \n   \nafter    \n"},
		{"para\n\n    indented code\n", "para\n\n                 \n"},
		{"`no close\nnext` line\n", "`no close\nnext` line\n"},
	}
	for _, c := range cases {
		got := maskCode(c.in)
		if got != c.want {
			t.Errorf("maskCode(%q)\n got %q\nwant %q", c.in, got, c.want)
		}
		if len(got) != len(c.in) || strings.Count(got, "\n") != strings.Count(c.in, "\n") {
			t.Errorf("maskCode(%q) moved offsets or lines", c.in)
		}
	}
	in := strings.Repeat("a line of prose without code\n", 10)
	if got := maskCode(in); unsafe.StringData(got) != unsafe.StringData(in) {
		t.Error("a text without code was copied")
	}
}
