package markdown

import (
	"bytes"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// The oracle: goldmark's CommonMark parser, used only by tests, to tell which
// lines are inside code blocks and comment blocks.
//
// Content lines come from each block's Lines() segments. A fenced block's
// node does not keep its fence lines, so the fenced-code parser is wrapped:
// the wrapper notes the line on which Open succeeds (the opening fence) and
// the line on which Continue answers Close (goldmark's parser answers Close
// only for a closing fence; a block ended by its container is closed without
// asking it).

var fenceLinesKey = parser.NewContextKey()

type fenceRecorder struct{ parser.BlockParser }

func note(pc parser.Context, off int) {
	p := pc.Get(fenceLinesKey).(*[]int)
	*p = append(*p, off)
}

func (r fenceRecorder) Open(parent ast.Node, reader text.Reader, pc parser.Context) (ast.Node, parser.State) {
	_, seg := reader.PeekLine()
	n, st := r.BlockParser.Open(parent, reader, pc)
	if n != nil {
		note(pc, seg.Start)
	}
	return n, st
}

func (r fenceRecorder) Continue(node ast.Node, reader text.Reader, pc parser.Context) parser.State {
	_, seg := reader.PeekLine()
	st := r.BlockParser.Continue(node, reader, pc)
	if st&parser.Close != 0 {
		note(pc, seg.Start)
	}
	return st
}

func newOracle() parser.Parser {
	var bps []util.PrioritizedValue
	for _, v := range parser.DefaultBlockParsers() {
		if v.Value == parser.NewFencedCodeBlockParser() {
			v.Value = fenceRecorder{v.Value.(parser.BlockParser)}
		}
		bps = append(bps, v)
	}
	return parser.NewParser(
		parser.WithBlockParsers(bps...),
		parser.WithInlineParsers(parser.DefaultInlineParsers()...),
		parser.WithParagraphTransformers(parser.DefaultParagraphTransformers()...),
	)
}

var oracle = newOracle()

// oracleKinds returns the Kind goldmark gives each line of src.
func oracleKinds(src []byte) []Kind {
	var starts []int
	for i := 0; i < len(src); {
		starts = append(starts, i)
		j := bytes.IndexByte(src[i:], '\n')
		if j < 0 {
			break
		}
		i += j + 1
	}
	kinds := make([]Kind, len(starts))
	set := func(off int, k Kind) {
		if off >= len(src) {
			return
		}
		i := sort.SearchInts(starts, off+1) - 1
		kinds[i] = k
	}
	var fences []int
	pc := parser.NewContext()
	pc.Set(fenceLinesKey, &fences)
	doc := oracle.Parse(text.NewReader(src), parser.WithContext(pc))
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		k := Text
		switch n := n.(type) {
		case *ast.FencedCodeBlock, *ast.CodeBlock:
			k = Code
		case *ast.HTMLBlock:
			if n.HTMLBlockType == ast.HTMLBlockType2 {
				k = Comment
				if n.HasClosure() {
					set(n.ClosureLine.Start, k)
				}
			}
		}
		if k != Text {
			lines := n.Lines()
			for i := 0; i < lines.Len(); i++ {
				set(lines.At(i).Start, k)
			}
		}
		return ast.WalkContinue, nil
	})
	for _, off := range fences {
		set(off, Code)
	}
	return kinds
}

// compareOracle returns a description of every line on which Scan and the
// oracle disagree, or "".
func compareOracle(src []byte) string {
	want := oracleKinds(src)
	got := Scan(src)
	var b strings.Builder
	if len(got) != len(want) {
		fmt.Fprintf(&b, "Scan returned %d lines, oracle saw %d\n", len(got), len(want))
	}
	for i := range min(len(got), len(want)) {
		if got[i].Kind != want[i] {
			fmt.Fprintf(&b, "line %d %q: scan %v, goldmark %v\n", i+1, src[got[i].Start:got[i].End], got[i].Kind, want[i])
		}
	}
	return b.String()
}

var _ = slices.Contains[[]int]
