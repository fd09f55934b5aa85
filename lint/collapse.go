package lint

import (
	"math/bits"
	"strings"
	"unicode"
	"unicode/utf8"
)

// collapseSpace is text as paragraphs are compared: every run of white
// space one space, none at either end, so that rewrapping a paragraph
// does not make it another; strings.Join(strings.Fields(text), " "), in
// one pass and one allocation (none when text is collapsed already):
// PARAGRAPH_REPEATED collapses every candidate paragraph.
func collapseSpace(text string) string {
	// The text is kept as it is up to the first byte collapsing changes:
	// white space at the start, a second white space in a row, or white
	// space other than a space.
	i, prev := 0, true // prev: the byte before i is white space, or i is 0
	for i < len(text) {
		c := text[i]
		if c >= utf8.RuneSelf {
			r, size := utf8.DecodeRuneInString(text[i:])
			if unicode.IsSpace(r) {
				break
			}
			i, prev = i+size, false
			continue
		}
		if asciiSpace[c] {
			if c != ' ' || prev {
				break
			}
			prev = true
		} else {
			prev = false
		}
		i++
	}
	if i == len(text) {
		if prev && i > 0 {
			// One space at the end.
			return text[:i-1]
		}
		return text
	}
	if i > 0 && prev {
		// The space before i ends the text unless more follows.
		i--
	}
	var b strings.Builder
	b.Grow(len(text))
	b.WriteString(text[:i])
	space := false // white space read since the last byte kept
	for i < len(text) {
		// A run of bytes kept as written: anything but white space,
		// invalid UTF-8 included, as strings.Fields keeps it.
		j := i
		for j < len(text) {
			if c := text[j]; c < utf8.RuneSelf {
				if asciiSpace[c] {
					break
				}
				j++
			} else if r, size := utf8.DecodeRuneInString(text[j:]); !unicode.IsSpace(r) {
				j += size
			} else {
				break
			}
		}
		if j > i {
			if space {
				b.WriteByte(' ')
			}
			b.WriteString(text[i:j])
			i = j
		}
		if i == len(text) {
			break
		}
		// White space: one code point of it.
		_, size := utf8.DecodeRuneInString(text[i:])
		space, i = b.Len() > 0, i+size
	}
	return b.String()
}

// collapsedKey returns a hash of collapseSpace(text) and its length in
// code points, without building it: paragraphs are indexed by the key
// (lint runs on every commit, over every file), and only those whose keys
// meet are collapsed and compared as text.
//
// The collapsed text is hashed eight bytes at a time (keyStream), and
// read eight bytes at a time where it can be: a window of eight bytes of
// printable ASCII, single spaces between them included, is copied to the
// collapsed text as it is (the only change collapsing makes is to runs of
// white space, to white space at either end and to other white space than
// a space), and the window stops at the first byte that is anything else,
// which is read on its own.
func collapsedKey(text string) (key uint64, runes int) {
	var k keyStream
	space := false // white space read since the last byte kept
	i := 0
	for {
		if i+8 <= len(text) {
			w := uint64(text[i]) | uint64(text[i+1])<<8 | uint64(text[i+2])<<16 | uint64(text[i+3])<<24 |
				uint64(text[i+4])<<32 | uint64(text[i+5])<<40 | uint64(text[i+6])<<48 | uint64(text[i+7])<<56
			// The byte before the window, when printable, was kept: a
			// space first in the window is a single space between words
			// when printable text follows it.
			prev := i > 0 && text[i-1] > ' ' && text[i-1] < utf8.RuneSelf
			if n := plainRun(w, prev); n > 0 {
				if space {
					k.byte(' ')
					runes++
					space = false
				}
				k.bytes(w, uint(n))
				runes += n
				i += n
				continue
			}
		} else if i >= len(text) {
			break
		}
		// One byte or code point on its own.
		c := text[i]
		if c < utf8.RuneSelf {
			i++
			if asciiSpace[c] {
				space = runes > 0
				continue
			}
			if space {
				k.byte(' ')
				runes++
				space = false
			}
			k.byte(c)
			runes++
			continue
		}
		r, size := utf8.DecodeRuneInString(text[i:])
		if unicode.IsSpace(r) {
			space = runes > 0
			i += size
			continue
		}
		if space {
			k.byte(' ')
			runes++
			space = false
		}
		// The bytes as written: collapseSpace keeps them, invalid ones
		// included.
		for j := i; j < i+size; j++ {
			k.byte(text[j])
		}
		runes++
		i += size
	}
	return k.sum(), runes
}

// plainRun returns how many of the bytes of w (eight bytes of text, the
// first in the low byte) from the first on collapsing copies as they are:
// printable ASCII (from '!' to DEL), and a space between two of them;
// prev says whether the byte before w is printable ASCII. A space last in
// w is not counted: what follows it is not known here.
func plainRun(w uint64, prev bool) int {
	const (
		ones = 0x0101010101010101
		high = 0x8080808080808080
	)
	low := w &^ high
	// A byte is printable when its high bit is clear and its low seven
	// bits are at least 0x21: adding 0x5f to them carries into the high
	// bit exactly then, never into the next byte.
	printable := (low + 0x5f*ones) &^ w & high
	// A byte is a space when it equals 0x20: x has a zero byte there, and
	// a byte of x is not zero when its low seven bits plus 0x7f carry, or
	// its high bit is set.
	x := w ^ 0x20*ones
	space := ^((x&^high + 0x7f*ones) | x) & high
	before := printable << 8
	if prev {
		before |= 0x80
	}
	kept := printable | space&before&(printable>>8)
	return bits.TrailingZeros64(^kept&high) / 8
}

// keyStream hashes the bytes of a text eight at a time, and its length;
// the key depends on the bytes alone, not on how they were given.
type keyStream struct {
	h       uint64
	pending uint64 // the bytes since the last eight, the first in the low byte
	n       uint   // how many bytes are pending
	length  uint64
}

// byte adds c.
func (k *keyStream) byte(c byte) {
	k.pending |= uint64(c) << (8 * k.n)
	k.length++
	if k.n++; k.n == 8 {
		k.mix(k.pending)
		k.pending, k.n = 0, 0
	}
}

// bytes adds the first n bytes of w (1 to 8, the first in the low byte).
func (k *keyStream) bytes(w uint64, n uint) {
	if n < 8 {
		w &= 1<<(8*n) - 1
	}
	k.length += uint64(n)
	joined := k.pending | w<<(8*k.n)
	if k.n+n < 8 {
		k.pending = joined
		k.n += n
		return
	}
	k.mix(joined)
	// What did not fit: the last k.n+n-8 bytes of w. A shift by 64
	// (nothing was pending) gives zero.
	k.pending = w >> (64 - 8*k.n)
	k.n += n - 8
}

// mix adds eight bytes to the hash.
func (k *keyStream) mix(v uint64) {
	k.h = bits.RotateLeft64((k.h^v)*0x9e3779b97f4a7c15, 31)
}

// sum returns the key of the bytes added.
func (k *keyStream) sum() uint64 {
	k.mix(k.pending)
	k.mix(k.length)
	// A finish that makes every bit of the key depend on every bit added
	// (MurmurHash3's).
	h := k.h
	h ^= h >> 33
	h *= 0xff51afd7ed558ccd
	h ^= h >> 33
	h *= 0xc4ceb9fe1a85ec53
	h ^= h >> 33
	return h
}

// asciiSpace marks the ASCII white space strings.Fields splits at.
var asciiSpace = [utf8.RuneSelf]bool{'\t': true, '\n': true, '\v': true, '\f': true, '\r': true, ' ': true}
