package config

import (
	"errors"
	"testing"
)

// A YAML syntax error is placed at the line the parser names, or for an
// unknown anchor, which the parser gives no line, at the alias itself;
// the message loses the path the parser puts in front.
func TestYAMLSyntax(t *testing.T) {
	src := "\ntitle: T\nmeta: {owner: *whom, by: *who}\nnote: é *who\n"
	for _, tc := range []struct {
		err       string
		line, col int
		msg       string
	}{
		{"a.md:4: found character that cannot start any token", 4, 1, "found character that cannot start any token"},
		{"a.md: unknown anchor 'who' referenced", 3, 26, "unknown anchor 'who' referenced"},
		{"a.md: unknown anchor 'nowhere' referenced", 0, 0, "unknown anchor 'nowhere' referenced"},
		{"a.md: something else", 0, 0, "something else"},
		{"other.md:4: not ours", 0, 0, "other.md:4: not ours"},
	} {
		line, col, msg := YAMLSyntax("a.md", src, errors.New(tc.err))
		if line != tc.line || col != tc.col || msg != tc.msg {
			t.Errorf("YAMLSyntax(%q) = %d:%d %q, want %d:%d %q", tc.err, line, col, msg, tc.line, tc.col, tc.msg)
		}
	}
	// Columns count code points, as every position does.
	if line, col, _ := YAMLSyntax("a.md", "\nx: é *a\n", errors.New("a.md: unknown anchor 'a' referenced")); line != 2 || col != 6 {
		t.Errorf("after a two-byte letter: %d:%d, want 2:6", line, col)
	}
}
