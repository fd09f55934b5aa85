package lint

import (
	"strings"
	"testing"
)

// TestIsWordByte checks each range of word bytes at its ends and just
// outside them.
func TestIsWordByte(t *testing.T) {
	for _, c := range []byte{'/', ':', '@', '[', '`', '{', '^', '-', ' ', 0x80} {
		if isWordByte(c) {
			t.Errorf("isWordByte(%q) = true", c)
		}
	}
	for _, c := range []byte{'0', '9', 'a', 'z', 'A', 'Z', '_'} {
		if !isWordByte(c) {
			t.Errorf("isWordByte(%q) = false", c)
		}
	}
}

// TestHasSuffixFold checks the length comparison and the case folding.
func TestHasSuffixFold(t *testing.T) {
	for _, tc := range []struct {
		s, suffix string
		want      bool
	}{
		{"password", "password", true},
		{"PassWord", "password", true},
		{"my_password", "password", true},
		{"assword", "password", false},
		{"", "", true},
		{"x", "", true},
		{"passwort", "password", false},
	} {
		if got := hasSuffixFold(tc.s, tc.suffix); got != tc.want {
			t.Errorf("hasSuffixFold(%q, %q) = %v, want %v", tc.s, tc.suffix, got, tc.want)
		}
	}
}

// TestMayHoldSecretBoundaries checks the pre-filter's stops: a hint at the
// start of the text or after a non-word byte, not after a word byte; a
// credential name right before ":" or "=", or with white space between,
// at the start of the text or after other text.
func TestMayHoldSecretBoundaries(t *testing.T) {
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"", false},
		{"sk-", true},
		{"a sk-", true},
		{"(sk-", true},
		{"ask-", false},
		{"_sk-", false},
		{"9sk-", false},
		{"Zsk-", false},
		{"/sk-", true},
		{"password=", true},
		{"password:", true},
		{"password \t\n=", true},
		{"the password =", true},
		{"passwor=", false},
		{"=", false},
		{" =", false},
		{"x: 1", false},
		{"a_access_token:", true},
		{"Access-Token=", true},
		{"-----BEGIN PRIVATE KEY-----", true},
		{"PRIVATE", false},
	} {
		if got := mayHoldSecret(tc.text); got != tc.want {
			t.Errorf("mayHoldSecret(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
}

// TestSecretPositions checks the line and column of a finding: at the
// start of a line (a line start is its own line, not the end of the line
// before), after multibyte characters, and the end column.
func TestSecretPositions(t *testing.T) {
	key := "sk-" + strings.Repeat("Q", 20)
	for _, tc := range []struct {
		text string
		want string
	}{
		{key, "1:1-1:24"},
		{"x\n" + key, "2:1-2:24"},
		{"x\n\n" + key + "\n", "3:1-3:24"},
		{"éé " + key, "1:4-1:27"},
		{"a\néé " + key, "2:4-2:27"},
	} {
		ds := secrets(nil, "f.md", tc.text)
		if len(ds) != 1 {
			t.Fatalf("%q: %d findings", tc.text, len(ds))
		}
		d := ds[0]
		if got := show(d)[:len(tc.want)]; got != tc.want {
			t.Errorf("%q: at %s, want %s", tc.text, got, tc.want)
		}
		if !strings.Contains(d.Message, "OpenAI API key sk-Q… (23 characters) at column") || strings.Contains(d.Message, key) {
			t.Errorf("%q: message %q", tc.text, d.Message)
		}
	}
}

// TestLineCol checks the line of every offset of a text, line starts
// included.
func TestLineCol(t *testing.T) {
	text := "ab\nc\n\nd"
	starts := lineStarts(text)
	want := []struct{ line, col int }{{1, 1}, {1, 2}, {1, 3}, {2, 1}, {2, 2}, {3, 1}, {4, 1}}
	for off, w := range want {
		if line, col := lineCol(text, starts, off); line != w.line || col != w.col {
			t.Errorf("lineCol(%d) = %d:%d, want %d:%d", off, line, col, w.line, w.col)
		}
	}
}
