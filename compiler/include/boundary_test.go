package include

import (
	"slices"
	"testing"

	"github.com/promptc/promptc/internal/testtree"
)

// TestIsIncludeBoundaries checks each comparison of IsInclude's rule just
// below, at and above its boundary: the shortest line, white space at the
// path's first character, the extension's length (1 to 10), the letters a
// and z and the digits 0 and 9 against their neighbours in ASCII, and a
// character after the extension's first that is neither.
func TestIsIncludeBoundaries(t *testing.T) {
	tests := []struct {
		line, path string
		ok         bool
	}{
		{"@", "", false},
		{"@/", "/", true},
		{"@a", "", false},
		{"@\u00a0a.md", "", false},
		{"@\va.md", "", false},
		{"@a\u00a0.md", "", false},
		{"@x.a", "x.a", true},
		{"@x.abcdefghi", "x.abcdefghi", true},
		{"@x.abcdefghij", "x.abcdefghij", true},
		{"@x.abcdefghijk", "", false},
		{"@x.", "", false},
		// First character of the extension: letters only.
		{"@x.a1", "x.a1", true},
		{"@x.z", "x.z", true},
		{"@x.A", "x.A", true},
		{"@x.Z", "x.Z", true},
		{"@x.`", "", false},
		{"@x.{", "", false},
		{"@x.@", "", false},
		{"@x.[", "", false},
		{"@x.1", "", false},
		// Later characters: letters or digits.
		{"@x.m0", "x.m0", true},
		{"@x.m9", "x.m9", true},
		{"@x.m/", "x.m/", true}, // a "/" makes it a path anyway
		{"@x.m-d", "", false},
		{"@x.m:", "", false},
		{"@x.md-", "", false},
		{"@x.m`", "", false},
		{"@x.m{", "", false},
		{"@x.mdZ", "x.mdZ", true},
		// The dot must follow another character of the last element.
		{"@.md", "", false},
		{"@x/.md", "x/.md", true}, // a path by its "/", not its extension
		{"@a.b.md", "a.b.md", true},
	}
	for _, tc := range tests {
		p, ok := IsInclude(tc.line)
		if p != tc.path || ok != tc.ok {
			t.Errorf("IsInclude(%q) = %q, %v; want %q, %v", tc.line, p, ok, tc.path, tc.ok)
		}
	}
}

// TestDirectiveLinesDropped checks that a promptc directive outside code
// is never sent, and that the same line inside a code fence is text.
func TestDirectiveLinesDropped(t *testing.T) {
	tests := []struct {
		name, text, want string
	}{
		{"directive dropped", "a\n<!-- promptc:ignore X why -->\nb\n", "a\nb\n"},
		{"other comment kept", "a\n<!-- note -->\nb\n", "a\n<!-- note -->\nb\n"},
		{"in code kept", "```\n<!-- promptc:ignore X why -->\n```\n", "```\n<!-- promptc:ignore X why -->\n```\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res, ds, _ := expand(t, map[string]string{"root.md": tc.text}, "root.md", Limits{})
			if len(ds) != 0 {
				t.Fatalf("diagnostics %v", ds)
			}
			if got := Join(res.Spans); got != tc.want {
				t.Errorf("text %q, want %q", got, tc.want)
			}
		})
	}
}

// TestReadFailureRelated checks that a read failure points into the
// included file only when the problem has a line there: a missing file or
// a directory has none.
func TestReadFailureRelated(t *testing.T) {
	_, ds, _ := expand(t, map[string]string{
		"root.md": "@missing.md\n@dir/\n@nul.md\n",
		"dir/x":   "x\n",
		"nul.md":  "bad\x00\n",
	}, "root.md", Limits{})
	if len(ds) != 3 {
		t.Fatalf("got %v", ds)
	}
	for i, want := range []int{0, 0, 1} {
		if len(ds[i].Related) != want {
			t.Errorf("%s: related %v, want %d", ds[i].Rule, ds[i].Related, want)
		}
	}
	if r := ds[2].Related; len(r) == 1 && (r[0].Pos.Line != 1 || r[0].Message != "in the included file") {
		t.Errorf("related %v", r)
	}
}

// TestSplitParagraph checks the first paragraph and the rest: blank lines
// (white space only) end a paragraph, leading blank lines are skipped, and
// the rest starts at its first non-blank line; the lines keep their
// origins.
func TestSplitParagraph(t *testing.T) {
	tests := []struct {
		text, first, rest string
		restLine          int
	}{
		{"", "", "", 0},
		{"\n \n", "", "", 0},
		{"a\nb\n", "a\nb\n", "", 0},
		{"a\n\nb\n", "a\n", "b\n", 3},
		{"\n\na\n\nb\n", "a\n", "b\n", 5},
		{"a\n \t\n\n b\n\nc\n", "a\n", " b\n\nc\n", 4},
		{"a\n\n\n", "a\n", "", 0},
	}
	for _, tc := range tests {
		spans := []Span{{Text: tc.text, Path: "f.md", Line: 1}}
		if tc.text == "" {
			spans = nil
		}
		first, rest := SplitParagraph(spans)
		if got := Join(first); got != tc.first {
			t.Errorf("%q: first %q, want %q", tc.text, got, tc.first)
		}
		if got := Join(rest); got != tc.rest {
			t.Errorf("%q: rest %q, want %q", tc.text, got, tc.rest)
		}
		if tc.rest == "" && rest != nil {
			t.Errorf("%q: rest %+v, want nil", tc.text, rest)
		}
		if tc.rest != "" && (len(rest) == 0 || rest[0].Line != tc.restLine || rest[0].Path != "f.md") {
			t.Errorf("%q: rest %+v, want it to start at line %d", tc.text, rest, tc.restLine)
		}
	}
}

// TestRawDropsDirectives checks that Raw drops directive lines outside
// code, the first and the last line included, and keeps one inside code.
func TestRawDropsDirectives(t *testing.T) {
	const dir = "<!-- promptc:ignore TEXT_TAB why -->"
	fsys := openFS(t, testtree.Write(t, map[string]string{
		"a.md": dir + "\na\n" + dir + "\nb\n" + dir + "\n",
		"c.md": "```\n" + dir + "\n```\n",
	}))
	for _, tc := range []struct {
		path string
		want []Span
	}{
		{"a.md", []Span{{Text: "a\n", Path: "a.md", Line: 2}, {Text: "b\n", Path: "a.md", Line: 4}}},
		{"c.md", []Span{{Text: "```\n" + dir + "\n```\n", Path: "c.md", Line: 1}}},
	} {
		f, err := fsys.Read(tc.path)
		if err != nil {
			t.Fatal(err)
		}
		if got := Raw(f, 1, 0); !slices.Equal(got, tc.want) {
			t.Errorf("Raw(%s) = %+v, want %+v", tc.path, got, tc.want)
		}
	}
}
