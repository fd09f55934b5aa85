package genruntime

import (
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
)

// oracleHeading is goldmark's first heading among the document's own
// blocks (not inside quotes or lists): the CommonMark answer FirstHeading
// must give.
func oracleHeading(src string) string {
	doc := goldmark.New().Parser().Parse(text.NewReader([]byte(src)))
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		if h, ok := n.(*ast.Heading); ok {
			var b strings.Builder
			for i := 0; i < h.Lines().Len(); i++ {
				seg := h.Lines().At(i)
				if i > 0 {
					b.WriteString(" ")
				}
				b.WriteString(strings.TrimSpace(string(seg.Value([]byte(src)))))
			}
			if b.Len() > 0 {
				return b.String()
			}
		}
	}
	return ""
}

// TestFirstHeadingAgreesWithCommonMark checks the custom-mode name against
// goldmark on the cases a custom file meets: ATX and setext headings, and
// the code, lists, quotes and rules that look like them.
func TestFirstHeadingAgreesWithCommonMark(t *testing.T) {
	for _, src := range []string{
		"# Title\ntext",
		"  ### Indented title ###\n",
		"#Not a heading\n# Heading",
		"####### seven\n## six",
		"#\n# Second",
		"Title\n=====\n",
		"Multi\nline title\n---\n",
		"Title\n  ---  \n",
		"```\n# code\n```\n# After",
		"````md\n```\n# still code\n````\n## Out",
		"~~~\n# code\n~~~\nText\n===",
		"``` not `a fence\n# Heading",
		"    # indented code\n\n# Real",
		"text\n    # lazy, not code\n---",
		"- item\n---\n# After list",
		"> # quoted\n\nPlain\n---",
		"1. item\n# After",
		"***\n# After rule",
		"---\n# After rule",
		"Para\n\n---\n",
		"Plain text only.",
		"",
	} {
		if got, want := FirstHeading(src), oracleHeading(src); got != want {
			t.Errorf("FirstHeading(%q) = %q, CommonMark says %q", src, got, want)
		}
	}
}

// TestCustomSourceIsTheRuntime checks that a package with a custom mode
// carries the custom-text functions, and one without it does not.
func TestCustomSourceIsTheRuntime(t *testing.T) {
	_, with := Source(Parts{Custom: true})
	_, without := Source(Parts{})
	for _, want := range []string{"func customText(", "func firstHeading(", "func LoadCustom("} {
		if !strings.Contains(with, want) {
			t.Errorf("Source(Parts{Custom: true}) lacks %s", want)
		}
		if strings.Contains(without, want) {
			t.Errorf("Source(Parts{}) holds %s", want)
		}
	}
}
