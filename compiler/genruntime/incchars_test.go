package genruntime

import (
	"math/rand/v2"
	"testing"
	"unicode/utf8"
)

// TestIncCharsRandom holds incChars to utf8.RuneCountInString on texts
// that mix ASCII runs with multi-byte runes, invalid bytes and truncated
// sequences at every offset, so that a word that is counted whole when a
// byte in it is not ASCII, or a rune decoded across a word's end, shows.
func TestIncCharsRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	pieces := []string{"a", "word ", "\n", "\t", "é", "日本", "😀", "\x80", "\xff", "\xe6\x97", "\xf0\x9f\x98", "~"}
	for i := range 200000 {
		var b []byte
		for range r.IntN(40) {
			p := pieces[r.IntN(len(pieces))]
			if r.IntN(3) == 0 {
				for range r.IntN(20) {
					b = append(b, byte(' '+r.IntN(95)))
				}
			}
			b = append(b, p...)
		}
		s := string(b)
		if got, want := incChars(s), utf8.RuneCountInString(s); got != want {
			t.Fatalf("case %d: incChars(%q) = %d, want %d", i, s, got, want)
		}
	}
	for _, s := range []string{"", "abcdefgh", "abcdefg\xc3\xa9", "\xc3\xa9abcdefgh", "abcdefgh\x80", "1234567\xe6\x97\xa5"} {
		if got, want := incChars(s), utf8.RuneCountInString(s); got != want {
			t.Errorf("incChars(%q) = %d, want %d", s, got, want)
		}
	}
}
