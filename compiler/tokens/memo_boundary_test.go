package tokens

import (
	"strings"
	"testing"
)

// TestMemoThreshold checks the length from which texts are remembered:
// 255 bytes are counted every time, 256 and 257 once.
func TestMemoThreshold(t *testing.T) {
	for _, tc := range []struct {
		n     int
		calls int
	}{{255, 2}, {256, 1}, {257, 1}} {
		inner := &counting{Counter: charsPer4{}, calls: map[string]int{}}
		m := Memo(inner)
		text := strings.Repeat("x", tc.n)
		for range 2 {
			if got, want := m.Count(text), (tc.n+3)/4; got != want {
				t.Fatalf("%d bytes: Count = %d, want %d", tc.n, got, want)
			}
		}
		if inner.calls[text] != tc.calls {
			t.Errorf("%d bytes counted %d times, want %d", tc.n, inner.calls[text], tc.calls)
		}
	}
}
