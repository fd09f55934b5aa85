package lint

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// TestCollapsedKey: the key and length collapsedKey gives a text are those
// of collapseSpace's result, so texts that collapse alike share a key and
// the length filter is the one DUPLICATE_PARAGRAPH applies.
func TestCollapsedKey(t *testing.T) {
	texts := []string{
		"", " ", "a", " a ", "a b", "a  b", "a\tb", "a\nb", "a \n\t b",
		"  lead and trail  ", "é ü\u00a0x", "x\u2003y", "one\r\ntwo", "a\vb\fc", "bad \xff byte", "\u0085next",
		"The same paragraph,\nwrapped once.", "The same   paragraph, wrapped\tonce.",
	}
	for _, text := range texts {
		key, n := collapsedKey(text)
		collapsed := collapseSpace(text)
		if want := utf8.RuneCountInString(collapsed); n != want {
			t.Errorf("collapsedKey(%q) counts %d code points, collapseSpace gives %d", text, n, want)
		}
		if again, _ := collapsedKey(collapsed); again != key {
			t.Errorf("collapsedKey(%q) differs from the key of its collapsed text %q", text, collapsed)
		}
	}
	a, _ := collapsedKey("The same paragraph,\nwrapped once.")
	b, _ := collapsedKey("The same   paragraph, wrapped\tonce.")
	c, _ := collapsedKey("The same paragraph, wrapped twice.")
	if a != b || a == c {
		t.Errorf("keys: rewrapped %v, different text %v; want equal, then different", a == b, a != c)
	}
}

// BenchmarkCollapsedKey hashes a file's worth of wrapped prose, the work
// lint does once for every paragraph of every file.
func BenchmarkCollapsedKey(b *testing.B) {
	text := strings.Repeat("Read the relevant files before you edit them,\nand keep every change  inside the scope the user asked for.\n", 40)
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		collapsedKey(text)
	}
}
