package include

import (
	"testing"

	"github.com/promptc/promptc/compiler/source"
)

// TestIsDirective checks the directive form: "<!-- promptc:" at the start
// and "-->" at the end of the trimmed line, both needed.
func TestIsDirective(t *testing.T) {
	for _, tc := range []struct {
		line string
		want bool
	}{
		{"<!-- promptc:ignore X why -->", true},
		{"  <!-- promptc:ignore X why -->\t", true},
		{"<!-- promptc:-->", true},
		{"<!-- promptc:ignore X why", false},
		{"<!-- promptc:ignore X why --> tail", false},
		{"<!-- promptcignore X -->", false},
		{"<!--promptc:ignore X -->", false},
		{"x <!-- promptc:ignore X -->", false},
	} {
		if got := IsDirective(tc.line); got != tc.want {
			t.Errorf("IsDirective(%q) = %v, want %v", tc.line, got, tc.want)
		}
	}
}

// TestUnclosedDirectiveLineKept: the first line of a comment that runs on
// to the next line is not a directive, and is kept, by Expand and Raw.
func TestUnclosedDirectiveLineKept(t *testing.T) {
	const text = "a\n<!-- promptc:ignore X why\nmore -->\nb\n"
	res, ds, _ := expand(t, map[string]string{"root.md": text}, "root.md", Limits{})
	if len(ds) != 0 {
		t.Fatalf("diagnostics %v", ds)
	}
	if got := Join(res.Spans); got != text {
		t.Errorf("Expand: text %q, want %q", got, text)
	}
	_, _, fsys := expand(t, map[string]string{"root.md": text}, "root.md", Limits{})
	f, err := fsys.Read("root.md")
	if err != nil {
		t.Fatal(err)
	}
	if got := Join(Raw(f, 1, 0)); got != text {
		t.Errorf("Raw: text %q, want %q", got, text)
	}
}

// TestIncludeOfTheParentDirectory: an include that resolves to ".." itself
// (not only to a path under it) climbs out of the root.
func TestIncludeOfTheParentDirectory(t *testing.T) {
	_, ds, _ := expand(t, map[string]string{
		"root.md":  "@../\n@sub/../../\n",
		"sub/x.md": "x\n",
	}, "root.md", Limits{})
	want := []string{
		"root.md:1:1: @../ climbs out of the project root (it resolves to ..); keep included files inside the directory of promptc.cue",
		"root.md:2:1: @sub/../../ climbs out of the project root (it resolves to ..); keep included files inside the directory of promptc.cue",
	}
	if len(ds) != len(want) {
		t.Fatalf("diagnostics %v, want %d", ds, len(want))
	}
	for i, d := range ds {
		if got := d.Pos.String() + ": " + d.Message; got != want[i] || d.Rule != source.RuleEscape {
			t.Errorf("diagnostic %d: %s (%s), want %s", i, got, d.Rule, want[i])
		}
	}
}
