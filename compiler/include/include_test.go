package include

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/promptc/promptc/internal/testtree"

	"github.com/promptc/promptc/compiler/source"
	"github.com/promptc/promptc/internal/diag"
)

func TestIsInclude(t *testing.T) {
	tests := []struct {
		line, path string
		ok         bool
	}{
		{"@shared/safety.md", "shared/safety.md", true},
		{"@notes.md", "notes.md", true},
		{"  @notes.md\t", "notes.md", true},
		{"@../common/tone.md", "../common/tone.md", true},
		{"@./x", "./x", true},
		{"@dir/", "dir/", true},
		{"@/etc/passwd", "/etc/passwd", true},
		{"@C:\\x.md", "C:\\x.md", true},
		{"@scope/pkg", "scope/pkg", true},
		{"@file.MDX", "file.MDX", true},
		{"@data.json", "data.json", true},
		{"@été.md", "été.md", true},
		{"@someone", "", false},
		{"@someone.", "", false},
		{"@someone:", "", false},
		{"@v1.2", "", false},
		{"@.hidden", "", false},
		{"@x/.hidden", "x/.hidden", true},
		{"@a.verylongextension", "", false},
		{"@", "", false},
		{"@@x.md", "", false},
		{"name@example.com", "", false},
		{"email me at name@example.com", "", false},
		{"see @scope/pkg for details", "", false},
		{"@scope/pkg is used", "", false},
		{"- @a.md", "", false},
		{"> @a.md", "", false},
		{"`@a.md`", "", false},
		{"@a b.md", "", false},
		{"@a\u00a0b.md", "", false},
		{"", "", false},
	}
	for _, tc := range tests {
		p, ok := IsInclude(tc.line)
		if p != tc.path || ok != tc.ok {
			t.Errorf("IsInclude(%q) = %q, %v; want %q, %v", tc.line, p, ok, tc.path, tc.ok)
		}
	}
}

func openFS(t testing.TB, root string) *source.FS {
	t.Helper()
	fsys, err := source.Open(root)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { fsys.Close() })
	return fsys
}

func expand(t *testing.T, files map[string]string, p string, lim Limits) (Result, []diag.Diagnostic, *source.FS) {
	t.Helper()
	fsys := openFS(t, testtree.Write(t, files))
	res, ds := Expand(fsys, p, 1, 0, lim)
	checkSpans(t, res)
	return res, ds, fsys
}

// checkSpans verifies the promises every Result keeps.
func checkSpans(t testing.TB, res Result) {
	t.Helper()
	for _, s := range res.Spans {
		if s.Text == "" || !strings.HasSuffix(s.Text, "\n") || s.Line < 1 || s.Path == "" {
			t.Fatalf("bad span %+v", s)
		}
		if !slices.Contains(res.Files, s.Path) {
			t.Fatalf("span from %s, which is not in Files %v", s.Path, res.Files)
		}
	}
	seen := map[string]bool{}
	for _, f := range res.Files {
		if seen[f] {
			t.Fatalf("%s twice in Files %v", f, res.Files)
		}
		seen[f] = true
	}
}

type origin struct {
	path string
	line int
}

// lines returns the expanded lines with their origins.
func lines(res Result) ([]string, []origin) {
	var text []string
	var from []origin
	EachLine(res.Spans, func(l, p string, n int) bool {
		text = append(text, l)
		from = append(from, origin{p, n})
		return true
	})
	return text, from
}

// only returns the single diagnostic in ds, failing unless there is
// exactly one with the given rule.
func only(t *testing.T, ds []diag.Diagnostic, rule string) diag.Diagnostic {
	t.Helper()
	if len(ds) != 1 || ds[0].Rule != rule {
		t.Fatalf("want one %s, got %v", rule, ds)
	}
	return ds[0]
}

func TestNestedRelative(t *testing.T) {
	res, ds, _ := expand(t, map[string]string{
		"prompts/main.md":        "Intro\n@shared/a.md\nOutro",
		"prompts/shared/a.md":    "A1\n  @b.md\nA2\n",
		"prompts/shared/b.md":    "B1\nB2\n",
		"prompts/b.md":           "wrong b: resolution is relative to the including file\n",
		"prompts/shared/more.md": "unused\n",
	}, "prompts/main.md", Limits{})
	if len(ds) != 0 {
		t.Fatalf("diagnostics: %v", ds)
	}
	text, from := lines(res)
	wantText := []string{"Intro", "A1", "B1", "B2", "A2", "Outro"}
	wantFrom := []origin{{"prompts/main.md", 1}, {"prompts/shared/a.md", 1}, {"prompts/shared/b.md", 1},
		{"prompts/shared/b.md", 2}, {"prompts/shared/a.md", 3}, {"prompts/main.md", 3}}
	if !slices.Equal(text, wantText) || !slices.Equal(from, wantFrom) {
		t.Fatalf("got %q from %v", text, from)
	}
	if want := []string{"prompts/main.md", "prompts/shared/a.md", "prompts/shared/b.md"}; !slices.Equal(res.Files, want) {
		t.Errorf("Files = %v, want %v", res.Files, want)
	}
	if Text(res.Spans) != "Intro\nA1\nB1\nB2\nA2\nOutro" {
		t.Errorf("Text = %q", Text(res.Spans))
	}
}

func TestRange(t *testing.T) {
	fsys := openFS(t, testtree.Write(t, map[string]string{"a.md": "1\n2\n@b.md\n4\n", "b.md": "b\n"}))
	res, ds := Expand(fsys, "a.md", 2, 3, Limits{})
	text, from := lines(res)
	if len(ds) != 0 || !slices.Equal(text, []string{"2", "b"}) || from[0] != (origin{"a.md", 2}) {
		t.Fatalf("got %q %v %v", text, from, ds)
	}
	res, _ = Expand(fsys, "a.md", 4, 99, Limits{})
	if text, _ := lines(res); !slices.Equal(text, []string{"4"}) {
		t.Fatalf("got %q", text)
	}
	res, _ = Expand(fsys, "a.md", 3, 2, Limits{})
	if len(res.Spans) != 0 || !slices.Equal(res.Files, []string{"a.md"}) {
		t.Fatalf("empty range: %+v", res)
	}
}

func TestCycle(t *testing.T) {
	res, ds, _ := expand(t, map[string]string{
		"root.md":      "R\n@prompts/a.md\n",
		"prompts/a.md": "A\n@b.md\n",
		"prompts/b.md": "B\n  @a.md\nB2\n",
	}, "root.md", Limits{})
	d := only(t, ds, RuleCycle)
	want := "include cycle: root.md -> prompts/a.md -> prompts/b.md -> prompts/a.md; remove one of the @ lines"
	if d.Message != want || d.Pos != (diag.Position{Path: "prompts/b.md", Line: 2, Col: 3}) || d.Severity != diag.Error {
		t.Errorf("got %v", d)
	}
	if d.End != (diag.Position{Path: "prompts/b.md", Line: 2, Col: 8}) {
		t.Errorf("End = %v", d.End)
	}
	if text, _ := lines(res); !slices.Equal(text, []string{"R", "A", "B", "B2"}) {
		t.Errorf("text %q", text)
	}

	_, ds, _ = expand(t, map[string]string{"self.md": "@self.md\n"}, "self.md", Limits{})
	if d := only(t, ds, RuleCycle); !strings.HasPrefix(d.Message, "include cycle: self.md -> self.md;") {
		t.Errorf("got %v", d)
	}
}

func TestDiamond(t *testing.T) {
	res, ds, _ := expand(t, map[string]string{
		"main.md": "@x.md\n@y.md\n@z.md\n",
		"x.md":    "X\n@z.md\n",
		"y.md":    "Y\n@z.md\n",
		"z.md":    "Z\n",
	}, "main.md", Limits{})
	if len(ds) != 2 {
		t.Fatalf("diagnostics %v", ds)
	}
	for i, at := range []diag.Position{{Path: "y.md", Line: 2, Col: 1}, {Path: "main.md", Line: 3, Col: 1}} {
		d := ds[i]
		if d.Rule != RuleDiamond || d.Severity != diag.Info || d.Pos != at {
			t.Errorf("diag %d = %v, want a diamond note at %v", i, d, at)
		}
		if !slices.Equal(d.Related, []diag.Related{{Pos: diag.Position{Path: "x.md", Line: 2, Col: 1}, Message: "first included here"}}) || !strings.Contains(d.Message, "z.md is already included at x.md:2:1 by another chain of includes;") {
			t.Errorf("diag %d = %v %v", i, d, d.Related)
		}
	}
	// A repeat in the file of the first inclusion says so.
	_, same, _ := expand(t, map[string]string{"main.md": "@z.md\n@z.md\n", "z.md": "Z\n"}, "main.md", Limits{})
	if d := only(t, same, RuleDiamond); !strings.Contains(d.Message, "z.md is already included at main.md:1:1 earlier in this file;") {
		t.Errorf("a repeat in one file: %v", d)
	}
	if text, _ := lines(res); !slices.Equal(text, []string{"X", "Z", "Y"}) {
		t.Errorf("text %q", text)
	}
	if !slices.Equal(res.Files, []string{"main.md", "x.md", "z.md", "y.md"}) {
		t.Errorf("Files %v", res.Files)
	}
}

// chainTree is d0.md including d1.md including ... dn.md.
func chainTree(n int) map[string]string {
	files := map[string]string{}
	for i := 0; i <= n; i++ {
		text := fmt.Sprintf("level %d\n", i)
		if i < n {
			text += fmt.Sprintf("@d%d.md\n", i+1)
		}
		files[fmt.Sprintf("d%d.md", i)] = text
	}
	return files
}

func TestDepth(t *testing.T) {
	res, ds, _ := expand(t, chainTree(8), "d0.md", Limits{})
	if len(ds) != 0 || len(res.Files) != 9 {
		t.Fatalf("depth 8: %v %v", ds, res.Files)
	}
	res, ds, _ = expand(t, chainTree(9), "d0.md", Limits{})
	d := only(t, ds, RuleDepth)
	if d.Pos != (diag.Position{Path: "d8.md", Line: 2, Col: 1}) {
		t.Errorf("at %v", d.Pos)
	}
	for _, s := range []string{"d9.md would be included at depth 9", "limit of 8", "d0.md -> d1.md", "d8.md -> d9.md", "includes.maxDepth in promptc.cue"} {
		if !strings.Contains(d.Message, s) {
			t.Errorf("message %q lacks %q", d.Message, s)
		}
	}
	if len(res.Files) != 9 || slices.Contains(res.Files, "d9.md") {
		t.Errorf("Files %v", res.Files)
	}
	_, ds, _ = expand(t, chainTree(3), "d0.md", Limits{MaxDepth: 2})
	if d := only(t, ds, RuleDepth); d.Pos.Path != "d2.md" {
		t.Errorf("limit 2: %v", d)
	}
}

func TestTooManyFiles(t *testing.T) {
	fan := func(n int) map[string]string {
		files := map[string]string{}
		var root strings.Builder
		for i := 1; i <= n; i++ {
			fmt.Fprintf(&root, "@f/%03d.md\n", i)
			files[fmt.Sprintf("f/%03d.md", i)] = fmt.Sprintf("file %d\n", i)
		}
		files["root.md"] = root.String()
		return files
	}
	res, ds, _ := expand(t, fan(99), "root.md", Limits{})
	if len(ds) != 0 || len(res.Files) != 100 {
		t.Fatalf("100 files: %v, %d files", ds, len(res.Files))
	}
	res, ds, fsys := expand(t, fan(100), "root.md", Limits{})
	d := only(t, ds, RuleFiles)
	if d.Pos.Line != 100 || !strings.Contains(d.Message, "f/100.md would reach file 101, over the limit of 100 files") ||
		!strings.Contains(d.Message, "includes.maxFiles in promptc.cue") {
		t.Errorf("got %v", d)
	}
	if len(res.Files) != 100 || slices.Contains(fsys.Opened(), "f/100.md") {
		t.Errorf("Files %d, opened %d", len(res.Files), len(fsys.Opened()))
	}
}

func TestTotalCharsCrossing(t *testing.T) {
	big := strings.Repeat("é", 599) + "\n" // 600 characters
	res, ds, _ := expand(t, map[string]string{
		"root.md": "head\n@a.md\n@b.md\n@c.md\ntail\n",
		"a.md":    big,
		"b.md":    "b1\n@b2.md\nb3\n",
		"b2.md":   big,
		"c.md":    "small\n",
	}, "root.md", Limits{MaxTotalChars: 1000})
	// head 5 + a 600 = 605; b: b1 3 + b2 600 crosses inside b, so the
	// deepest include that crossed, b.md's @b2.md, is refused; b3 keeps b
	// under the limit; c fits; tail fits.
	d := only(t, ds, RuleTotalChars)
	if d.Pos != (diag.Position{Path: "b.md", Line: 2, Col: 1}) ||
		!strings.Contains(d.Message, "including b2.md would bring the text to 1207 characters, over the total limit of 1000") ||
		!strings.Contains(d.Message, "includes.maxTotalChars in promptc.cue") {
		t.Errorf("got %v", d)
	}
	text, _ := lines(res)
	if want := []string{"head", big[:len(big)-1], "b1", "b3", "small", "tail"}; !slices.Equal(text, want) {
		t.Errorf("text %q", text)
	}
	if !slices.Equal(res.Files, []string{"root.md", "a.md", "b.md", "c.md"}) {
		t.Errorf("Files %v", res.Files)
	}

	// A file whose own text crosses is refused at the line including it,
	// with everything it included.
	res, ds, _ = expand(t, map[string]string{
		"root.md": "@a.md\n@c.md\n",
		"a.md":    "@c.md\n" + big + big,
		"c.md":    "c\n",
	}, "root.md", Limits{MaxTotalChars: 1000})
	d = only(t, ds, RuleTotalChars)
	if d.Pos != (diag.Position{Path: "root.md", Line: 1, Col: 1}) {
		t.Errorf("got %v", d)
	}
	if text, _ := lines(res); !slices.Equal(text, []string{"c"}) || !slices.Equal(res.Files, []string{"root.md", "c.md"}) {
		t.Errorf("text %q files %v", text, res.Files)
	}

	// Diamond notes inside undone text go with it; other problems stay.
	_, ds, _ = expand(t, map[string]string{
		"root.md": "@a.md\n",
		"a.md":    "@z.md\n@z.md\n@missing.md\n" + big + big,
		"z.md":    "z\n",
	}, "root.md", Limits{MaxTotalChars: 1000})
	if len(ds) != 2 || ds[0].Rule != source.RuleNotFound || ds[1].Rule != RuleTotalChars {
		t.Errorf("got %v", ds)
	}

	// The expanded file's own text is kept and reported where it crosses;
	// no include fits after that.
	res, ds, _ = expand(t, map[string]string{
		"root.md": "1234\n1234\n1234\n@c.md\n",
		"c.md":    "c\n",
	}, "root.md", Limits{MaxTotalChars: 12})
	if len(ds) != 2 || ds[0].Rule != RuleTotalChars || ds[0].Pos.Line != 3 || ds[1].Rule != RuleTotalChars || ds[1].Pos.Line != 4 {
		t.Fatalf("got %v", ds)
	}
	if text, _ := lines(res); len(text) != 3 {
		t.Errorf("text %q", text)
	}
}

// TestTotalCharsBoundary pins that includes.maxTotalChars is the most
// characters an expansion may send (its final newline is not sent): text
// that reaches the limit exactly is kept, one character more is refused,
// for an include and for the expanded file's own text.
func TestTotalCharsBoundary(t *testing.T) {
	files := func(a string) map[string]string {
		return map[string]string{"root.md": "head\n@a.md\n", "a.md": a}
	}
	// "head\n" and a.md's "1234567890abcd" send 19 characters.
	res, ds, _ := expand(t, files("1234567890abcd\n"), "root.md", Limits{MaxTotalChars: 19})
	if len(ds) != 0 {
		t.Fatalf("an include that reaches the limit exactly: %v", ds)
	}
	if text, _ := lines(res); !slices.Equal(text, []string{"head", "1234567890abcd"}) {
		t.Errorf("text %q", text)
	}
	res, ds, _ = expand(t, files("1234567890abcde\n"), "root.md", Limits{MaxTotalChars: 19})
	if d := only(t, ds, RuleTotalChars); !strings.Contains(d.Message, "would bring the text to 20 characters, over the total limit of 19") {
		t.Errorf("one character over: %v", d)
	}
	if text, _ := lines(res); !slices.Equal(text, []string{"head"}) {
		t.Errorf("text %q", text)
	}

	// The expanded file's own text sends 9 characters, 4 through line 1.
	own := map[string]string{"root.md": "1234\n1234\n"}
	if _, ds, _ := expand(t, own, "root.md", Limits{MaxTotalChars: 9}); len(ds) != 0 {
		t.Fatalf("own text that reaches the limit exactly: %v", ds)
	}
	_, ds, _ = expand(t, own, "root.md", Limits{MaxTotalChars: 8})
	if d := only(t, ds, RuleTotalChars); d.Pos.Line != 2 {
		t.Errorf("own text one character over: %v", d)
	}
	// Crossing on the first line is reported there.
	_, ds, _ = expand(t, own, "root.md", Limits{MaxTotalChars: 3})
	if d := only(t, ds, RuleTotalChars); d.Pos.Line != 1 {
		t.Errorf("own text over on line 1: %v", d)
	}
	// Text that reaches the limit exactly with its first line crosses on
	// the second.
	_, ds, _ = expand(t, own, "root.md", Limits{MaxTotalChars: 4})
	if d := only(t, ds, RuleTotalChars); d.Pos.Line != 2 {
		t.Errorf("own text at the limit after line 1: %v", d)
	}
}

func TestFileChars(t *testing.T) {
	res, ds, fsys := expand(t, map[string]string{
		"root.md": "@a.md\n@b.md\n",
		"a.md":    "0123456789\n",       // 11 characters
		"b.md":    "012345678\n@a.md\n", // 10 of its own; the include line is not counted
	}, "root.md", Limits{MaxFileChars: 10})
	if len(ds) != 2 || ds[1].Rule != RuleFileChars || ds[1].Pos != (diag.Position{Path: "b.md", Line: 2, Col: 1}) {
		t.Fatalf("want a.md refused at both include lines, got %v", ds)
	}
	d := ds[0]
	if d.Rule != RuleFileChars || d.Pos != (diag.Position{Path: "root.md", Line: 1, Col: 1}) ||
		!strings.Contains(d.Message, "a.md has 11 characters, over the per-file limit of 10") ||
		!strings.Contains(d.Message, "includes.maxFileChars in promptc.cue") {
		t.Errorf("got %v", d)
	}
	if !slices.Equal(res.Files, []string{"root.md", "b.md"}) || !slices.Contains(fsys.Opened(), "a.md") || Join(res.Spans) != "012345678\n" {
		t.Errorf("Files %v", res.Files)
	}
	// b.md's own @a.md is refused the same way, at b.md.
	_, ds, _ = expand(t, map[string]string{"b.md": "012345678\n@a.md\n", "a.md": "0123456789\n"}, "b.md", Limits{MaxFileChars: 10})
	if d := only(t, ds, RuleFileChars); d.Pos.Path != "b.md" || d.Pos.Line != 2 {
		t.Errorf("got %v", d)
	}
	// The expanded file's own text is not held to the limit, however long
	// (a part's text is bounded by budgets only); what it includes is.
	res, ds, _ = expand(t, map[string]string{"root.md": "0123456789\n0123456789\n@a.md\n", "a.md": "0123456789\n"}, "root.md", Limits{MaxFileChars: 10})
	if d := only(t, ds, RuleFileChars); d.Pos != (diag.Position{Path: "root.md", Line: 3, Col: 1}) || Join(res.Spans) != "0123456789\n0123456789\n" {
		t.Errorf("got %v, %q", d, Join(res.Spans))
	}
}

func TestEscapes(t *testing.T) {
	outside := testtree.Write(t, map[string]string{"secret.md": "SECRET\n"})
	root := testtree.Write(t, map[string]string{
		"root.md": "@../secret.md\n@sub/../../secret.md\n@/etc/passwd\n@" + filepath.ToSlash(filepath.Join(outside, "secret.md")) +
			"\n@link.md\n@outdir/secret.md\n@inlink.md\n@sub/up.md\n",
		"sub/up.md": "@../real.md\n",
		"real.md":   "real\n",
	})
	for name, target := range map[string]string{
		"link.md":   filepath.Join(outside, "secret.md"),
		"outdir":    outside,
		"inlink.md": "real.md",
	} {
		if err := os.Symlink(target, filepath.Join(root, name)); err != nil {
			t.Skipf("symlinks unavailable: %v", err)
		}
	}
	fsys := openFS(t, root)
	res, ds := Expand(fsys, "root.md", 1, 0, Limits{})
	checkSpans(t, res)
	if len(ds) != 6 {
		t.Fatalf("got %d diagnostics: %v", len(ds), ds)
	}
	for i, d := range ds {
		if d.Rule != source.RuleEscape || d.Pos.Line != i+1 || d.Pos.Path != "root.md" {
			t.Errorf("line %d: %v", i+1, d)
		}
	}
	for _, s := range []string{"absolute path", "symbolic link"} {
		if !strings.Contains(ds[2].Message+ds[4].Message, s) {
			t.Errorf("messages lack %q: %v", s, ds)
		}
	}
	if strings.Contains(Join(res.Spans), "SECRET") {
		t.Fatal("text from outside the root was included")
	}
	// A symlink inside the root is followed; sub/up.md's @../real.md
	// stays inside. Files are known by the name they are reached under, so
	// real.md appears under both of its names.
	if text, _ := lines(res); !slices.Equal(text, []string{"real", "real"}) {
		t.Errorf("text %q", text)
	}
	rootReal, err := filepath.EvalSymlinks(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range fsys.Opened() {
		real, err := filepath.EvalSymlinks(filepath.Join(root, p))
		if err != nil || !strings.HasPrefix(real, rootReal+string(filepath.Separator)) {
			t.Errorf("opened %s -> %s %v", p, real, err)
		}
	}
}

func TestFIFO(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no FIFOs on windows")
	}
	root := testtree.Write(t, map[string]string{"root.md": "@pipe.md\nafter\n"})
	// A writer waits on the pipe, so an include that opened it would get
	// an empty file instead of blocking, and fail the checks below.
	if err := testtree.FIFO(t, filepath.Join(root, "pipe.md")); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	fsys := openFS(t, root)
	res, ds := Expand(fsys, "root.md", 1, 0, Limits{})
	d := only(t, ds, source.RuleNotRegular)
	if d.Pos != (diag.Position{Path: "root.md", Line: 1, Col: 1}) || !strings.Contains(d.Message, "@pipe.md: pipe.md is a named pipe (FIFO)") {
		t.Errorf("got %v", d)
	}
	if text, _ := lines(res); !slices.Equal(text, []string{"after"}) {
		t.Errorf("text %q", text)
	}
}

func TestReadFailures(t *testing.T) {
	res, ds, _ := expand(t, map[string]string{
		"root.md": "a\n  @missing.md\n@dir/\n@nul.md\nb\n",
		"dir/x":   "x\n",
		"nul.md":  "ok\nbad\x00\n",
	}, "root.md", Limits{})
	if len(ds) != 3 {
		t.Fatalf("got %v", ds)
	}
	if d := ds[0]; d.Rule != source.RuleNotFound || d.Pos != (diag.Position{Path: "root.md", Line: 2, Col: 3}) ||
		d.Message != "@missing.md: missing.md does not exist; create it or correct the path (this path is shown relative to the project root)" {
		t.Errorf("missing: %v", d)
	}
	if d := ds[1]; d.Rule != source.RuleNotRegular || !strings.Contains(d.Message, "dir is a directory") {
		t.Errorf("dir: %v", d)
	}
	if d := ds[2]; d.Rule != source.RuleNUL || d.Pos.Line != 4 ||
		(len(d.Related) != 1 || d.Related[0].Pos != diag.Position{Path: "nul.md", Line: 2, Col: 4}) {
		t.Errorf("nul: %v %v", d, d.Related)
	}
	if text, _ := lines(res); !slices.Equal(text, []string{"a", "b"}) {
		t.Errorf("text %q", text)
	}

	fsys := openFS(t, t.TempDir())
	res, ds = Expand(fsys, "nope.md", 1, 0, Limits{})
	if len(res.Spans) != 0 || len(res.Files) != 0 || len(ds) != 1 || ds[0].Rule != source.RuleNotFound || ds[0].Pos.Path != "nope.md" {
		t.Errorf("unreadable root: %+v %v", res, ds)
	}
}

func TestIncludeLinesThatAreNotIncludes(t *testing.T) {
	src := "```\n@a.md\n```\n~~~md\n@a.md\n~~~\n\n    @a.md\n\n<!-- note\n@a.md\n-->\n> @a.md\nsee @a.md\n"
	res, ds, fsys := expand(t, map[string]string{"root.md": src, "a.md": "A\n"}, "root.md", Limits{})
	if len(ds) != 0 || Join(res.Spans) != src || len(fsys.Opened()) != 1 {
		t.Errorf("got %q %v %v", Join(res.Spans), ds, fsys.Opened())
	}
}

func TestLineEndings(t *testing.T) {
	res, ds, _ := expand(t, map[string]string{
		"root.md": "r\r\n@a.md\r\n@b.md\r\n@a.md\r\n",
		"a.md":    "a1\r\na2",
		"b.md":    "@a.md\n",
	}, "root.md", Limits{})
	var crlf []string
	for _, d := range ds {
		if d.Rule == source.RuleCRLF {
			crlf = append(crlf, d.Pos.Path)
		}
	}
	if !slices.Equal(crlf, []string{"root.md", "a.md"}) {
		t.Errorf("CRLF warnings for %v; want one each for root.md and a.md: %v", crlf, ds)
	}
	if got := Join(res.Spans); got != "r\na1\na2\n" {
		t.Errorf("text %q", got)
	}
}

func TestZeroLimitsAreDefaults(t *testing.T) {
	if (Limits{}).withDefaults() != DefaultLimits {
		t.Fatal("zero limits do not take the defaults")
	}
	l := Limits{MaxDepth: 3, MaxFiles: -1}.withDefaults()
	if l.MaxDepth != 3 || l.MaxFiles != 100 {
		t.Fatalf("%+v", l)
	}
}

// TestCountsHaveNoPhantomNewline checks that sizes are the characters as
// sent: a file without a final newline is as long as its characters, and a
// text of exactly the limit is within it, one more is over.
func TestCountsHaveNoPhantomNewline(t *testing.T) {
	ten := "0123456789"
	for _, tc := range []struct {
		name, a string
		over    bool
	}{
		{"no final newline, at the limit", ten, false},
		{"no final newline, one over", ten + "x", true},
		{"final newline counts", ten + "\n", true},
		{"two lines at the limit", "01234\n6789", false},
	} {
		_, ds, _ := expand(t, map[string]string{"root.md": "@a.md\n", "a.md": tc.a}, "root.md", Limits{MaxFileChars: 10})
		if got := len(ds) > 0; got != tc.over {
			t.Errorf("%s: per-file limit 10 for %q: diagnostics %v", tc.name, tc.a, ds)
		}
		res, ds, _ := expand(t, map[string]string{"root.md": tc.a}, "root.md", Limits{MaxTotalChars: 10})
		over := tc.over && !strings.HasSuffix(tc.a, "\n") // a final newline is not sent
		if got := len(ds) > 0; got != over {
			t.Errorf("%s: total limit 10 for %q: diagnostics %v", tc.name, tc.a, ds)
		}
		if got := Text(res.Spans); len([]rune(got)) > 10 && !over {
			t.Errorf("%s: sent %q", tc.name, got)
		}
	}
	// The message states the size as sent.
	_, ds, _ := expand(t, map[string]string{"root.md": "@a.md\n", "a.md": ten + "xy"}, "root.md", Limits{MaxFileChars: 10})
	if d := only(t, ds, RuleFileChars); !strings.Contains(d.Message, "a.md has 12 characters") {
		t.Errorf("got %v", d)
	}
}

// A line is a spaced include only when it is "@" and a path with white
// space ending in a file extension; a handle in prose, a real include and
// a line that starts "@ " or "@@" are not.
func TestSpacedInclude(t *testing.T) {
	for _, tc := range []struct {
		line, want string
		ok         bool
	}{
		{"@my notes.md", "my notes.md", true},
		{"  @team rules/on call.md\t", "team rules/on call.md", true},
		{"@a b.txt", "a b.txt", true},
		{"@my-notes.md", "", false}, // an include
		{"@maria can you check this?", "", false},
		{"@maria, see you.", "", false}, // "." with no extension
		{"@ notes.md", "", false},       // "@" then a space
		{"@@my notes.md", "", false},
		{"see @my notes.md", "", false}, // not at the start
		{"@my notes.md.", "", false},
		{"@", "", false},
	} {
		got, ok := SpacedInclude(tc.line)
		if got != tc.want || ok != tc.ok {
			t.Errorf("SpacedInclude(%q) = %q, %v; want %q, %v", tc.line, got, ok, tc.want, tc.ok)
		}
	}
}

// ResolveIn takes a path that climbs out and back in through the root's
// own name as the path inside, and leaves every other path as Resolve
// does.
func TestResolveIn(t *testing.T) {
	root := filepath.Join(t.TempDir(), "proj")
	for _, tc := range []struct{ from, target, want string }{
		{"base.md", "../proj/shared/a.md", "shared/a.md"},
		{"prompts/base.md", "../../proj/a.md", "a.md"},
		{"prompts/base.md", "../shared/a.md", "shared/a.md"},
		{"base.md", "../other/a.md", "../other/a.md"},
		{"base.md", "../projx/a.md", "../projx/a.md"},
	} {
		if got := ResolveIn(root, tc.from, tc.target); got != tc.want {
			t.Errorf("ResolveIn(%q, %q) = %q, want %q", tc.from, tc.target, got, tc.want)
		}
	}
}
