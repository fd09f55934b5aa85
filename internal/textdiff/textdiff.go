// Package textdiff computes line diffs of text and prints them in unified
// format. The diff is minimal (an exact Myers diff, with none of the
// speed-ups that trade size for time), so a one-line edit gives a small
// hunk even in text full of repeated lines such as JSON's closing braces,
// and it is deterministic: the same inputs give the same bytes on any
// machine, whatever its speed.
package textdiff

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/sergi/go-diff/diffmatchpatch"
)

// Context is the number of unchanged lines printed around each change.
const Context = 3

// op is one line of an edit script.
type op struct {
	kind byte // ' ', '-' or '+'
	line string
}

// lines returns the edit script from a to b, one entry per line: ' ' for a
// line both have, '-' for a line only a has, '+' for one only b has. ok is
// false when the texts have more distinct lines than the diff can number.
func lines(a, b string) (ops []op, ok bool) {
	var n numbering
	ra, rb := n.runes(a), n.runes(b)
	if n.full {
		return nil, false
	}
	dmp := diffmatchpatch.New()
	// No time limit: with one, the library may return a larger diff when
	// the machine is slow, and output must not depend on the machine.
	dmp.DiffTimeout = 0
	for _, d := range dmp.DiffMainRunes(ra, rb, false) {
		kind := byte(' ')
		switch d.Type {
		case diffmatchpatch.DiffDelete:
			kind = '-'
		case diffmatchpatch.DiffInsert:
			kind = '+'
		}
		for _, r := range d.Text {
			ops = append(ops, op{kind, n.table[index(r)]})
		}
	}
	return ops, true
}

// numbering gives each distinct line (with its line ending) a rune, so that
// the library diffs lines as characters.
//
// The library returns each run of characters as a string, so a line's rune
// must be a valid code point: the surrogates U+D800 to U+DFFF would come
// back as U+FFFD. The library's own numbering uses them, and with more than
// 55,296 distinct lines (a generated file of a large project has more)
// it mixed lines up and indexed past its table.
type numbering struct {
	table []string
	ids   map[string]rune
	// full is set when the lines outnumber the code points.
	full bool
}

const (
	surrogateMin = 0xD800
	surrogates   = 0xE000 - surrogateMin
	// maxLines is the number of valid code points.
	maxLines = utf8.MaxRune + 1 - surrogates
)

// runes returns the runes of text's lines.
func (n *numbering) runes(text string) []rune {
	if n.ids == nil {
		n.ids = map[string]rune{}
	}
	var out []rune
	for line := range strings.Lines(text) {
		r, seen := n.ids[line]
		if !seen {
			if len(n.table) == maxLines {
				n.full = true
				return nil
			}
			r = codePoint(len(n.table))
			n.ids[line] = r
			n.table = append(n.table, line)
		}
		out = append(out, r)
	}
	return out
}

// codePoint is the rune of line number i, skipping the surrogates.
func codePoint(i int) rune {
	if i >= surrogateMin {
		i += surrogates
	}
	return rune(i)
}

// index is codePoint's inverse.
func index(r rune) int {
	if r >= surrogateMin {
		r -= surrogates
	}
	return int(r)
}

// Unified returns the unified diff from a (labelled aName) to b (bName),
// with Context lines around each change, or nil when they are equal. A last
// line without a final newline is marked as diff(1) marks it.
func Unified(aName string, a []byte, bName string, b []byte) []byte {
	if string(a) == string(b) {
		return nil
	}
	ops, ok := lines(string(a), string(b))
	var out strings.Builder
	fmt.Fprintf(&out, "--- %s\n+++ %s\n", aName, bName)
	if !ok {
		fmt.Fprintf(&out, "@@ the files differ; they have more than %d distinct lines between them, too many to diff @@\n", maxLines)
		return []byte(out.String())
	}
	for start := 0; start < len(ops); {
		// Find the next change.
		first := start
		for first < len(ops) && ops[first].kind == ' ' {
			first++
		}
		if first == len(ops) {
			break
		}
		// The hunk runs until Context*2 unchanged lines in a row (or
		// the end) follow its last change.
		last := first
		for i := first; i < len(ops); i++ {
			if ops[i].kind != ' ' {
				last = i
			} else if i-last > 2*Context {
				break
			}
		}
		lo := max(first-Context, 0)
		hi := min(last+Context+1, len(ops))
		writeHunk(&out, ops, lo, hi)
		start = hi
	}
	return []byte(out.String())
}

// writeHunk prints ops[lo:hi] as one hunk with its header.
func writeHunk(out *strings.Builder, ops []op, lo, hi int) {
	aLine, bLine := 1, 1
	for _, o := range ops[:lo] {
		if o.kind != '+' {
			aLine++
		}
		if o.kind != '-' {
			bLine++
		}
	}
	aCount, bCount := 0, 0
	for _, o := range ops[lo:hi] {
		if o.kind != '+' {
			aCount++
		}
		if o.kind != '-' {
			bCount++
		}
	}
	fmt.Fprintf(out, "@@ -%s +%s @@\n", span(aLine, aCount), span(bLine, bCount))
	for _, o := range ops[lo:hi] {
		out.WriteByte(o.kind)
		out.WriteString(o.line)
		if !strings.HasSuffix(o.line, "\n") {
			out.WriteString("\n\\ No newline at end of file\n")
		}
	}
}

// span renders a hunk range as diff(1) does: "l,n", "l" when n is 1, and
// the line before when n is 0.
func span(line, count int) string {
	switch count {
	case 0:
		return fmt.Sprintf("%d,0", line-1)
	case 1:
		return fmt.Sprint(line)
	}
	return fmt.Sprintf("%d,%d", line, count)
}
