package compiler

import (
	"strings"
	"unicode/utf8"
)

// satMax caps the sizes a bound computation adds and multiplies, so that
// no doubling or nesting overflows: anything that large is refused.
const satMax = int64(1) << 62

// satAdd is a+b, at most satMax.
func satAdd(a, b int64) int64 {
	if a > satMax-b {
		return satMax
	}
	return a + b
}

// satMul is a*k for k >= 0, at most satMax.
func satMul(a, k int64) int64 {
	if k > 0 && a > satMax/k {
		return satMax
	}
	return a * k
}

// rope is a text kept as a string or as the concatenation of parts,
// repeated rep times, with its size known without building it: a
// template's longest text is built in time linear in the template, and
// only materialized once its size is known to fit.
type rope struct {
	s     string
	parts []*rope
	rep   int64
	// chars and bytes are the size of the whole text, saturated.
	chars, bytes int64
}

// empty is the text of nothing.
var empty = &rope{rep: 1}

// lit is the text s.
func lit(s string) *rope {
	return &rope{s: s, rep: 1, chars: int64(utf8.RuneCountInString(s)), bytes: int64(len(s))}
}

// xs is n x's: an input string at its maximum.
func xs(n int64) *rope { return repeat(lit("x"), n) }

// cat is the texts one after the other.
func cat(rs ...*rope) *rope {
	out := &rope{rep: 1}
	for _, r := range rs {
		if r == nil || r.bytes == 0 {
			continue
		}
		out.parts = append(out.parts, r)
		out.chars = satAdd(out.chars, r.chars)
		out.bytes = satAdd(out.bytes, r.bytes)
	}
	if len(out.parts) == 1 {
		return out.parts[0]
	}
	if len(out.parts) == 0 {
		return empty
	}
	return out
}

// repeat is r k times.
func repeat(r *rope, k int64) *rope {
	if k <= 0 || r.bytes == 0 {
		return empty
	}
	if k == 1 {
		return r
	}
	return &rope{parts: []*rope{r}, rep: k, chars: satMul(r.chars, k), bytes: satMul(r.bytes, k)}
}

// longer is the longer of a and b in characters, a on a tie.
func longer(a, b *rope) *rope {
	if b.chars > a.chars {
		return b
	}
	return a
}

// String builds the text; the caller has checked that bytes fits in
// memory. Parts of no bytes are skipped, so that the work is linear in
// the text built.
func (r *rope) String() string {
	var b strings.Builder
	b.Grow(int(r.bytes))
	r.write(&b)
	return b.String()
}

func (r *rope) write(b *strings.Builder) {
	if r.bytes == 0 {
		return
	}
	if len(r.parts) == 1 && r.parts[0].parts == nil {
		// A leaf repeated: an input at its maximum, a list's items.
		b.WriteString(strings.Repeat(r.parts[0].s, int(r.rep)))
		return
	}
	for range r.rep {
		b.WriteString(r.s)
		for _, p := range r.parts {
			p.write(b)
		}
	}
}
