package tokens

import "testing"

// TestByCharsAgreesWithCount checks that ByChars gives what the default
// estimate counts for a text of that many code points, at every remainder
// of four, memoised or not, and that it refuses the exact counters, whose
// counts do not follow from a length.
func TestByCharsAgreesWithCount(t *testing.T) {
	for _, c := range []Counter{charsPer4{}, Memo(charsPer4{})} {
		for _, text := range []string{"", "a", "ab", "abc", "abcd", "abcde", "ééééé\n\nxyz"} {
			got, ok := ByChars(c, Chars(text))
			if !ok || got != c.Count(text) {
				t.Errorf("ByChars(%T, %d) = %d, %v; Count(%q) = %d", c, Chars(text), got, ok, text, c.Count(text))
			}
		}
	}
	for _, c := range []Counter{o200k, cl100k, Memo(o200k)} {
		if n, ok := ByChars(c, 8); ok || n != 0 {
			t.Errorf("ByChars(%s, 8) = %d, %v, want 0, false", c.Name(), n, ok)
		}
	}
}
