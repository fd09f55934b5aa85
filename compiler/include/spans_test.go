package include

import (
	"slices"
	"strings"
	"testing"

	"github.com/promptc/promptc/compiler/source"
	"github.com/promptc/promptc/internal/testtree"
)

var sample = []Span{
	{Text: "\n  \na\nb\n", Path: "x.md", Line: 1},
	{Text: "c\n\n", Path: "y.md", Line: 7},
	{Text: "d\n \n", Path: "x.md", Line: 5},
}

func TestJoinTextEachLine(t *testing.T) {
	if got := Join(sample); got != "\n  \na\nb\nc\n\nd\n \n" {
		t.Errorf("Join = %q", got)
	}
	if got := Text(sample); got != "\n  \na\nb\nc\n\nd\n " {
		t.Errorf("Text = %q", got)
	}
	var got []string
	EachLine(sample, func(line, p string, n int) bool {
		got = append(got, p+":"+string(rune('0'+n))+":"+line)
		return n != 7
	})
	want := []string{"x.md:1:", "x.md:2:  ", "x.md:3:a", "x.md:4:b", "y.md:7:c"}
	if !slices.Equal(got, want) {
		t.Errorf("EachLine = %q, want %q", got, want)
	}
}

func TestFilterAndTrimBlank(t *testing.T) {
	got := Filter(sample, func(l string) bool { return l == "b" || l == "c" })
	want := []Span{
		{Text: "\n  \na\n", Path: "x.md", Line: 1},
		{Text: "\n", Path: "y.md", Line: 8},
		{Text: "d\n \n", Path: "x.md", Line: 5},
	}
	if !slices.Equal(got, want) {
		t.Errorf("Filter = %+v", got)
	}
	got = TrimBlank(sample)
	want = []Span{
		{Text: "a\nb\n", Path: "x.md", Line: 3},
		{Text: "c\n\n", Path: "y.md", Line: 7},
		{Text: "d\n", Path: "x.md", Line: 5},
	}
	if !slices.Equal(got, want) {
		t.Errorf("TrimBlank = %+v", got)
	}
	if TrimBlank([]Span{{Text: " \n\n", Path: "x", Line: 1}}) != nil {
		t.Error("TrimBlank of blank text is not empty")
	}
	// Consecutive lines of one file stay one span.
	big := strings.Repeat("line\n", 1000)
	if got := Filter([]Span{{Text: big, Path: "x", Line: 1}}, func(string) bool { return false }); len(got) != 1 || got[0].Text != big {
		t.Errorf("Filter split a span: %d spans", len(got))
	}
}

func TestLocate(t *testing.T) {
	spans := []Span{{Text: "ab\ncé\n", Path: "x.md", Line: 3}, {Text: "z\n", Path: "y.md", Line: 9}}
	text := Text(spans)
	for _, tc := range []struct {
		sub       string
		path      string
		line, col int
	}{
		{"a", "x.md", 3, 1}, {"c", "x.md", 4, 1}, {"é", "x.md", 4, 2}, {"z", "y.md", 9, 1},
	} {
		p, l, c, ok := Locate(spans, strings.Index(text, tc.sub))
		if !ok || p != tc.path || l != tc.line || c != tc.col {
			t.Errorf("Locate(%q) = %s:%d:%d %v, want %s:%d:%d", tc.sub, p, l, c, ok, tc.path, tc.line, tc.col)
		}
	}
	if _, _, _, ok := Locate(spans, 100); ok {
		t.Error("Locate past the end succeeded")
	}
}

func TestRaw(t *testing.T) {
	fsys := openFS(t, testtree.Write(t, map[string]string{"a.md": "1\n@b.md\n3", "empty.md": ""}))
	f, err := fsys.Read("a.md")
	if err != nil {
		t.Fatal(err)
	}
	if got := Raw(f, 2, 0); !slices.Equal(got, []Span{{Text: "@b.md\n3\n", Path: "a.md", Line: 2}}) {
		t.Errorf("Raw = %+v", got)
	}
	if got := Raw(f, 0, 1); !slices.Equal(got, []Span{{Text: "1\n", Path: "a.md", Line: 1}}) {
		t.Errorf("Raw = %+v", got)
	}
	if got := Raw(f, 3, 2); got != nil {
		t.Errorf("Raw of an empty range = %+v", got)
	}
	var e *source.File
	if e, err = fsys.Read("empty.md"); err != nil || Raw(e, 1, 0) != nil {
		t.Errorf("Raw of an empty file: %v", err)
	}
}
