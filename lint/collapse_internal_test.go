package lint

import (
	"math/rand/v2"
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

// TestCollapsedKeyRandom checks collapsedKey against collapseSpace on
// random texts of words, every kind of white space, control bytes,
// multi-byte and invalid UTF-8, at every alignment of the eight-byte
// windows: texts that collapse alike share a key and a length, and no two
// texts that collapse differently share a key.
func TestCollapsedKeyRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	pieces := []string{
		"a", "bc", "def", "word", "longerword", "x.", "!", "~\x7f", " ", " ", " ", "  ", "\t", "\n", "\v", "\f", "\r",
		"\u00a0", "\u2003", "\u0085", "é", "✓", "\xff", "\x01", "\x1f", " \n ",
	}
	keys := map[uint64]string{}
	for range 200000 {
		var b strings.Builder
		for range r.IntN(24) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		text := b.String()
		key, n := collapsedKey(text)
		collapsed := collapseSpace(text)
		if want := utf8.RuneCountInString(collapsed); n != want {
			t.Fatalf("collapsedKey(%q) counts %d code points, collapseSpace gives %d", text, n, want)
		}
		if again, _ := collapsedKey(collapsed); again != key {
			t.Fatalf("collapsedKey(%q) differs from the key of its collapsed text %q", text, collapsed)
		}
		if other, ok := keys[key]; ok && other != collapsed {
			t.Fatalf("%q and %q collapse differently and share a key", other, collapsed)
		}
		keys[key] = collapsed
	}
}

// TestCollapseSpaceRandom holds collapseSpace to the words of the text
// joined by single spaces (strings.Fields), on random texts of words,
// every kind of white space, control bytes, multi-byte and invalid UTF-8.
func TestCollapseSpaceRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	pieces := []string{
		"a", "bc", "def", "word", "x.", "!", "~\x7f", " ", " ", " ", "  ", "\t", "\n", "\v", "\f", "\r",
		"\u00a0", "\u2003", "\u0085", "é", "✓", "\xff", "\xe2\x80", "\x01", "\x1f", " \n ",
	}
	for range 200000 {
		var b strings.Builder
		for range r.IntN(16) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		text := b.String()
		if got, want := collapseSpace(text), strings.Join(strings.Fields(text), " "); got != want {
			t.Fatalf("collapseSpace(%q) = %q, want %q", text, got, want)
		}
	}
}

// TestPlainRun checks which bytes of a window collapsing keeps as they
// are: printable ASCII, and single spaces between two of them, the byte
// before the window included.
func TestPlainRun(t *testing.T) {
	for _, tc := range []struct {
		window string
		want   int
		prev   bool // the byte before the window is printable
	}{
		{"abcdefgh", 8, false},
		{"ab cd ef", 8, false},
		{" abcdefg", 0, false},
		{"abcdefg ", 7, false},
		{"ab  cdef", 2, false},
		{"ab\ncdefg", 2, false},
		{"ab\tcdefg", 2, false},
		{"abc\x7fdefg", 8, false},
		{"a\x01bcdefg", 1, false},
		{"\x20\x21\x22\x23\x24\x25\x26\x27", 0, false},
		{"!\x20!\x20!\x20!\x20", 7, false},
		{"abc\xc3\xa9fgh", 3, false},
		{"abcdefg\xff", 7, false},
		{"a b c d ", 7, false},
		{" abcdefg", 8, true},
		{"  abcdef", 0, true},
		{" \nabcdef", 0, true},
		{"\tabcdefg", 0, true},
	} {
		w := uint64(0)
		for i := range 8 {
			w |= uint64(tc.window[i]) << (8 * i)
		}
		if got := plainRun(w, tc.prev); got != tc.want {
			t.Errorf("plainRun(%q, %t) = %d, want %d", tc.window, tc.prev, got, tc.want)
		}
	}
}

// TestKeyStreamSplits checks that a stream's key depends on its bytes
// alone: given one at a time or in runs of any length from any offset.
func TestKeyStreamSplits(t *testing.T) {
	text := "The same paragraph, wrapped once, and then again: 0123456789."
	var one keyStream
	for i := range len(text) {
		one.byte(text[i])
	}
	want := one.sum()
	r := rand.New(rand.NewPCG(3, 4))
	for range 1000 {
		var k keyStream
		for i := 0; i < len(text); {
			n := min(1+r.IntN(8), len(text)-i)
			if r.IntN(4) == 0 {
				k.byte(text[i])
				i++
				continue
			}
			w := uint64(0)
			for j := range n {
				w |= uint64(text[i+j]) << (8 * j)
			}
			if n < 8 {
				// Bytes past n must not count.
				w |= ^uint64(0) << (8 * n)
			}
			k.bytes(w, uint(n))
			i += n
		}
		if got := k.sum(); got != want {
			t.Fatalf("a split stream's key %x, byte by byte %x", got, want)
		}
	}
	var shorter keyStream
	for i := range len(text) - 1 {
		shorter.byte(text[i])
	}
	shorter.byte(0)
	if shorter.sum() == want {
		t.Error("a text with its last byte zeroed has the same key")
	}
}

// BenchmarkCollapsedKey hashes a file's worth of wrapped prose, the work
// lint does once for every paragraph of every file.
func BenchmarkCollapsedKey(b *testing.B) {
	text := strings.Repeat("Read the relevant files before you edit them,\nand keep every change  inside the scope the user asked for.\n", 40)
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		collapsedKey(text)
	}
}
