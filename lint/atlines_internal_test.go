package lint

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/promptc/promptc/compiler/include"
	"github.com/promptc/promptc/compiler/markdown"
	"github.com/promptc/promptc/compiler/source"
)

// TestAppendAtLinesRandom holds appendAtLines, which reads only the lines
// holding an "@", to reading every text line, on random files of include
// lines, spaced ones, "@" within text, code blocks, comments and list
// items, with and without a last line ending.
func TestAppendAtLinesRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	lines := []string{
		"@a.md", "  @b/c.md  ", "@my notes.md", "@ spaced.md", "@@twice.md", "mail me@example.com", "@", "x @y.md",
		"Plain text.", "", "```", "@in-code.md", "~~~", "<!-- @comment.md -->", "- @item.md", "    @indented.md",
		"# @heading.md", "> @quote.md", "\t@tab.md", "@a.md @b.md",
	}
	for range 20000 {
		var b strings.Builder
		for range r.IntN(12) {
			b.WriteString(lines[r.IntN(len(lines))])
			b.WriteByte('\n')
		}
		text := b.String()
		if r.IntN(2) == 0 {
			text = strings.TrimSuffix(text, "\n")
		}
		f := &source.File{Path: "p.md", Text: text, Lines: markdown.Scan([]byte(text))}
		var want []atLine
		for i, ln := range f.Lines {
			if ln.Kind != markdown.Text {
				continue
			}
			line := f.Text[ln.Start:ln.End]
			if target, ok := include.IsInclude(line); ok {
				want = append(want, atLine{path: "p.md", line: i, text: line, target: target})
			} else if target, ok := include.SpacedInclude(line); ok {
				want = append(want, atLine{path: "p.md", line: i, text: line, target: target, spaced: true})
			}
		}
		if got := appendAtLines(nil, "p.md", f); !reflect.DeepEqual(got, want) {
			t.Fatalf("appendAtLines(%q) = %+v, want %+v", text, got, want)
		}
	}
}
