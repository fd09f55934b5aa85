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
	// One masker serves every case, as in a run: each result must be
	// right whatever the texts before it left in its memory.
	m := new(masker)
	for _, c := range cases {
		got := m.maskCode(c.in)
		if got != c.want {
			t.Errorf("maskCode(%q)\n got %q\nwant %q", c.in, got, c.want)
		}
		if len(got) != len(c.in) || strings.Count(got, "\n") != strings.Count(c.in, "\n") {
			t.Errorf("maskCode(%q) moved offsets or lines", c.in)
		}
	}
	in := strings.Repeat("a line of prose without code\n", 10)
	if got := m.maskCode(in); unsafe.StringData(got) != unsafe.StringData(in) {
		t.Error("a text without code was copied")
	}
}

// TestMaskExamples: the lines from an opening <example> or <examples> tag
// through the closing one are blanked, nested tags counted; mask blanks
// code first, so a tag quoted in code opens nothing. One masker serves
// every case, and the input is never changed, even when it is the
// masker's own copy from maskCode.
func TestMaskExamples(t *testing.T) {
	cases := []struct{ in, want string }{
		{"no tags at all\n", "no tags at all\n"},
		{"a < b\n", "a < b\n"},
		{"before\n<example>\n2026-11-30\n</example>\nafter\n", "before\n         \n          \n          \nafter\n"},
		{"<Examples kind=\"x\">\n<example>\nin\n</example>\nstill\n</examples>\nout\n",
			"                   \n         \n  \n          \n     \n           \nout\n"},
		{"</example> closes nothing\nkept\n", "</example> closes nothing\nkept\n"},
		{"`<example>` quoted\nkept\n", "            quoted\nkept\n"},
		{"x `code`\n<example>\nhidden\n</example>\n", "x       \n         \n      \n          \n"},
		{"<example>\nnever closed\n", "         \n            \n"},
	}
	m := new(masker)
	for _, c := range cases {
		in := strings.Clone(c.in)
		got := m.mask(in)
		if got != c.want {
			t.Errorf("mask(%q)\n got %q\nwant %q", c.in, got, c.want)
		}
		if in != c.in {
			t.Errorf("mask(%q) changed its input to %q", c.in, in)
		}
	}
	in := "prose without code or tags\n"
	if got := m.mask(in); unsafe.StringData(got) != unsafe.StringData(in) {
		t.Error("a text with nothing to blank was copied")
	}
}
