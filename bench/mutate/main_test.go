package main

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	list := `# a comment

compiler/x.go
- a > b
+ a >= b

# the second occurrence, with another package first
lint/y.go #2
test ./compiler ./lint
- if ok {
+

assets/promptc.cue
- "^o"
+ "o"
`
	ms, err := Parse(strings.NewReader(list))
	if err != nil {
		t.Fatal(err)
	}
	want := []Mutant{
		{Line: 3, File: "compiler/x.go", Old: "a > b", New: "a >= b", Tests: []string{"./compiler", "./testscripts"}},
		{Line: 8, File: "lint/y.go", Nth: 2, Old: "if ok {", New: "", Tests: []string{"./lint", "./compiler", "./testscripts"}},
		{Line: 13, File: "assets/promptc.cue", Old: `"^o"`, New: `"o"`, Tests: []string{"./testscripts"}},
	}
	if len(ms) != len(want) {
		t.Fatalf("got %d mutants, want %d: %+v", len(ms), len(want), ms)
	}
	for i := range want {
		g, w := ms[i], want[i]
		if g.Line != w.Line || g.File != w.File || g.Nth != w.Nth || g.Old != w.Old || g.New != w.New || !slices.Equal(g.Tests, w.Tests) {
			t.Errorf("mutant %d = %+v, want %+v", i, g, w)
		}
	}
}

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct{ list, want string }{
		{"x.go\n- a\n\n", "line 3: entry of line 1 ends before its + line"},
		{"x.go\n- a\n", "line 1: the last entry ends before its + line"},
		{"x.go\n+ a\n", `line 2: want "- OLD"`},
		{"x.go\n- a\n- b\n", `line 3: want "+ NEW"`},
		{"x.go\n- a\n+ a\n", "line 3: the replacement equals the fragment"},
		{"x.go 2\n- a\n+ b\n", "line 1: want #N"},
		{"x.go #0\n- a\n+ b\n", "line 1: want #N"},
		{"../x.go\n- a\n+ b\n", "line 1: want FILE [#N], a path inside the module"},
		{"/x.go\n- a\n+ b\n", "line 1: want FILE [#N], a path inside the module"},
		{"x.go\ntest lint\n- a\n+ b\n", "line 2: test packages are ./relative paths"},
	} {
		_, err := Parse(strings.NewReader(tc.list))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Parse(%q) = %v, want an error with %q", tc.list, err, tc.want)
		}
	}
}

func TestApply(t *testing.T) {
	src := []byte("a\nif x > 1 {\n}\nif x > 1 {\n}\nif y > 2 {\n")
	m := Mutant{File: "f.go", Old: "y > 2", New: "y >= 2"}
	out, line, err := m.Apply(src)
	if err != nil || line != 6 || string(out) != "a\nif x > 1 {\n}\nif x > 1 {\n}\nif y >= 2 {\n" {
		t.Errorf("unique: %q, line %d, %v", out, line, err)
	}
	m = Mutant{File: "f.go", Nth: 2, Old: "x > 1", New: "x >= 1"}
	out, line, err = m.Apply(src)
	if err != nil || line != 4 || string(out) != "a\nif x > 1 {\n}\nif x >= 1 {\n}\nif y > 2 {\n" {
		t.Errorf("#2: %q, line %d, %v", out, line, err)
	}
	m.Nth = 1
	if _, line, err = m.Apply(src); err != nil || line != 2 {
		t.Errorf("#1: line %d, %v", line, err)
	}
	for _, bad := range []Mutant{
		{File: "f.go", Old: "z > 3", New: "z"},
		{File: "f.go", Old: "x > 1", New: "x"},
		{File: "f.go", Nth: 3, Old: "x > 1", New: "x"},
	} {
		if _, _, err := bad.Apply(src); !errors.Is(err, ErrStale) {
			t.Errorf("%+v: error %v, want ErrStale", bad, err)
		}
	}
}

func TestSummary(t *testing.T) {
	rs := []Result{{Status: "killed"}, {Status: "killed"}, {Status: "killed"}, {Status: "survived"}, {Status: "broken"}}
	line, all := summary(rs)
	if line != "killed 3 of 4 mutants that compile (75.0%); 1 survived, 1 broken, 0 stale, 0 errors" || all {
		t.Errorf("summary = %q, %v", line, all)
	}
	if _, all := summary(rs[:3]); !all {
		t.Error("every mutant killed, but not reported so")
	}
	if _, all := summary([]Result{{Status: "killed"}, {Status: "broken"}}); !all {
		t.Error("a broken mutant is left out of the rate")
	}
	if _, all := summary([]Result{{Status: "killed"}, {Status: "stale"}}); all {
		t.Error("a stale mutant counts as killed")
	}
}

// TestListApplies checks that every entry of mutants.txt still names a
// fragment of its file, once (or as often as its #N needs): when code
// changes, the list must follow, or its mutants silently stop being run.
func TestListApplies(t *testing.T) {
	f, err := os.Open("mutants.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ms, err := Parse(f)
	if err != nil {
		t.Fatal(err)
	}
	if len(ms) < 40 {
		t.Errorf("the list has %d mutants; it should cover every package with at least 40", len(ms))
	}
	for _, m := range ms {
		src, err := os.ReadFile(filepath.Join("..", "..", filepath.FromSlash(m.File)))
		if err == nil {
			_, _, err = m.Apply(src)
		}
		if err != nil {
			t.Errorf("mutants.txt:%d: %v; update the entry to the code as it is now", m.Line, err)
		}
	}
}

func TestWithoutScripts(t *testing.T) {
	for _, tc := range []struct {
		m    Mutant
		want []string
	}{
		{Mutant{File: "compiler/x.go", Tests: []string{"./compiler", "./lint", "./testscripts"}}, []string{"./compiler", "./lint"}},
		// Nothing else tests a data file or a script's own file.
		{Mutant{File: "assets/promptc.cue", Tests: []string{"./testscripts"}}, []string{"./testscripts"}},
		{Mutant{File: "testscripts/x.go", Tests: []string{"./testscripts"}}, []string{"./testscripts"}},
	} {
		got := WithoutScripts(tc.m)
		if !slices.Equal(got, tc.want) {
			t.Errorf("WithoutScripts(%s) = %q, want %q", tc.m.File, got, tc.want)
		}
		if tc.m.Tests[len(tc.m.Tests)-1] != "./testscripts" {
			t.Errorf("WithoutScripts changed its argument: %q", tc.m.Tests)
		}
	}
}
