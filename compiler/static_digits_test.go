package compiler

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestHasDigit8 checks hasDigit8 against a byte-by-byte test: every byte
// value at every position among seven other random bytes, and random
// words, so that a range off by one ('/' or ':'), a high byte taken for a
// digit or a carry between bytes shows.
func TestHasDigit8(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	check := func(w []byte) {
		want := false
		for _, c := range w {
			want = want || isDigit(c)
		}
		if got := hasDigit8(string(w)); got != want {
			t.Fatalf("hasDigit8(%q) = %v, want %v", w, got, want)
		}
	}
	for c := range 256 {
		for pos := range 8 {
			w := make([]byte, 8)
			for i := range w {
				for w[i] = byte(r.IntN(256)); isDigit(w[i]); w[i] = byte(r.IntN(256)) {
				}
			}
			w[pos] = byte(c)
			check(w)
		}
	}
	for range 200000 {
		w := make([]byte, 8)
		for i := range w {
			w[i] = byte(r.IntN(256))
		}
		check(w)
	}
}

// counterLikeBytewise is counterLike as it reads one byte at a time, the
// reference for TestCounterLikeRandom.
func counterLikeBytewise(t string) bool {
	for i := 0; i < len(t); i++ {
		if !isDigit(t[i]) {
			continue
		}
		j := i
		for j < len(t) && isDigit(t[j]) {
			j++
		}
		k := skipSpace(t, j)
		switch {
		case k+1 < len(t) && t[k]|0x20 == 'o' && t[k+1]|0x20 == 'f':
			k += 2
		case k < len(t) && t[k] == '/':
			k++
		default:
			i = j
			continue
		}
		k = skipSpace(t, k)
		if k < len(t) && isDigit(t[k]) {
			return true
		}
		if rest := strings.ToLower(t[k:min(k+5, len(t))]); strings.HasPrefix(rest, "the ") || rest == "this " {
			return true
		}
		i = j
	}
	return false
}

// TestCounterLikeRandom holds counterLike, which passes eight bytes
// without a digit at once, to the byte-by-byte reading on texts where
// counters and near misses fall at every offset of a word.
func TestCounterLikeRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	pieces := []string{"a", "word ", "3", " of ", "of", "/", "5", " the ", "this ", "\n", "é", "12", "step ", ":", "x"}
	found := 0
	for i := range 200000 {
		var b strings.Builder
		for range r.IntN(30) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		s := b.String()
		want := counterLikeBytewise(s)
		if got := counterLike(s); got != want {
			t.Fatalf("case %d: counterLike(%q) = %v, want %v", i, s, got, want)
		}
		if want {
			found++
		}
	}
	if found < 1000 {
		t.Fatalf("only %d of the random texts hold a counter: the test does not exercise counterLike", found)
	}
}
