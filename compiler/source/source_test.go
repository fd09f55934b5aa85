package source

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"testing"

	"github.com/promptc/promptc/internal/testtree"

	"github.com/promptc/promptc/compiler/markdown"
)

func open(t *testing.T, root string) *FS {
	t.Helper()
	fsys, err := Open(root)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { fsys.Close() })
	return fsys
}

// readErr reads p and returns the *ReadError it must fail with.
func readErr(t *testing.T, fsys *FS, p, rule string) *ReadError {
	t.Helper()
	f, err := fsys.Read(p)
	if err == nil {
		t.Fatalf("Read(%q) = %q, want a %s error", p, f.Text, rule)
	}
	var re *ReadError
	if !errors.As(err, &re) {
		t.Fatalf("Read(%q) error %T %v is not a *ReadError", p, err, err)
	}
	if re.Diag.Rule != rule {
		t.Fatalf("Read(%q): rule %s (%s), want %s", p, re.Diag.Rule, re.Diag.Message, rule)
	}
	return re
}

func TestRead(t *testing.T) {
	root := testtree.Write(t, map[string]string{"prompts/a.md": "# A\n\n```\n@x.md\n```\n"})
	fsys := open(t, root)
	f, err := fsys.Read("./prompts/../prompts/a.md")
	if err != nil {
		t.Fatal(err)
	}
	if f.Path != "prompts/a.md" || f.Text != "# A\n\n```\n@x.md\n```\n" || len(f.Diags) != 0 {
		t.Fatalf("got %+v", f)
	}
	if len(f.Lines) != 5 || f.Lines[3].Kind != markdown.Code || f.Line(4) != "@x.md" || f.Line(9) != "" {
		t.Fatalf("lines %+v", f.Lines)
	}
	again, err := fsys.Read("prompts/a.md")
	if err != nil || again != f {
		t.Fatal("second Read did not return the cached file")
	}
	if got := fsys.Opened(); !slices.Equal(got, []string{"prompts/a.md"}) {
		t.Fatalf("Opened = %v", got)
	}
}

func TestLineEndings(t *testing.T) {
	root := testtree.Write(t, map[string]string{
		"crlf.md":  "one\r\ntwo\r\n",
		"cr.md":    "one\rtwo\n",
		"mixed.md": "one\ntwo\r\nthree",
	})
	fsys := open(t, root)
	for _, tc := range []struct {
		path, text, kind string
		line             int
	}{
		{"crlf.md", "one\ntwo\n", "CRLF", 1},
		{"cr.md", "one\ntwo\n", "CR", 1},
		{"mixed.md", "one\ntwo\nthree", "CRLF", 2},
	} {
		f, err := fsys.Read(tc.path)
		if err != nil {
			t.Fatal(err)
		}
		if f.Text != tc.text {
			t.Errorf("%s: text %q, want %q", tc.path, f.Text, tc.text)
		}
		if len(f.Diags) != 1 {
			t.Fatalf("%s: diags %v", tc.path, f.Diags)
		}
		d := f.Diags[0]
		if d.Rule != RuleCRLF || d.Pos.Line != tc.line || d.Pos.Path != tc.path || !strings.Contains(d.Message, tc.kind+" line endings") {
			t.Errorf("%s: %v", tc.path, d)
		}
		if n := len(f.Lines); n != strings.Count(tc.text, "\n")+btoi(!strings.HasSuffix(tc.text, "\n")) {
			t.Errorf("%s: %d lines", tc.path, n)
		}
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

func TestBadText(t *testing.T) {
	root := testtree.Write(t, map[string]string{
		"bom.md":       "\uFEFFhello\n",
		"midbom.md":    "a\nxé\uFEFF\n",
		"nul.md":       "ab\ncd\x00\n",
		"utf8.md":      "héllo\r\nwörld\xff\n",
		"latin1.md":    "caf\xe9\n",
		"truncated.md": "ok \xe2\x82",
	})
	fsys := open(t, root)
	for _, tc := range []struct {
		path, rule string
		line, col  int
		inMessage  string
	}{
		{"bom.md", RuleBOM, 1, 1, "byte offset 0"},
		{"midbom.md", RuleBOM, 2, 3, "byte offset 5 (line 2, column 3)"},
		{"nul.md", RuleNUL, 2, 3, "byte offset 5 (line 2, column 3)"},
		{"utf8.md", RuleInvalidUTF8, 2, 6, "byte 0xff at byte offset 14 (line 2, column 6)"},
		{"latin1.md", RuleInvalidUTF8, 1, 4, "byte 0xe9 at byte offset 3"},
		{"truncated.md", RuleInvalidUTF8, 1, 4, "byte offset 3"},
	} {
		re := readErr(t, fsys, tc.path, tc.rule)
		d := re.Diag
		if d.Pos.Path != tc.path || d.Pos.Line != tc.line || d.Pos.Col != tc.col {
			t.Errorf("%s: position %v, want %d:%d", tc.path, d.Pos, tc.line, tc.col)
		}
		if !strings.Contains(d.Message, tc.inMessage) || !strings.HasPrefix(d.Message, tc.path) {
			t.Errorf("%s: message %q lacks %q", tc.path, d.Message, tc.inMessage)
		}
	}
}

func TestConfinement(t *testing.T) {
	outside := testtree.Write(t, map[string]string{"secret.md": "secret\n", "dir/x.md": "x\n"})
	root := testtree.Write(t, map[string]string{"in.md": "in\n", "sub/real.md": "real\n"})
	link := func(target, name string) {
		t.Helper()
		if err := os.Symlink(target, filepath.Join(root, name)); err != nil {
			t.Skipf("symlinks unavailable: %v", err)
		}
	}
	link(filepath.Join(outside, "secret.md"), "abs-link.md")
	link("../"+filepath.Base(outside)+"/secret.md", "rel-link.md")
	link(filepath.Join(outside, "dir"), "outdir")
	link("sub/real.md", "inside-link.md")
	link("real.md", "sub/sibling-link.md")
	// Leaves its own folder but stays in the project.
	link("../in.md", "sub/up-link.md")
	link(filepath.Join(root, "in.md"), "abs-inside-link.md")
	fsys := open(t, root)

	for _, p := range []string{"../x.md", "sub/../../x.md", "..", "/etc/passwd", `\windows\x.md`, `C:\x.md`, "c:/x.md",
		"abs-link.md", "rel-link.md", "outdir/x.md"} {
		readErr(t, fsys, p, RuleEscape)
	}
	// A path that climbs out is refused by its name, before any file
	// system call, with a message that says why.
	for _, p := range []string{"../x.md", "sub/../../x.md", ".."} {
		if re := readErr(t, fsys, p, RuleEscape); !strings.Contains(re.Diag.Message, "climbs out of the project root with ..") {
			t.Errorf("%s: message %q", p, re.Diag.Message)
		}
	}
	for p, want := range map[string]string{"inside-link.md": "real\n", "sub/sibling-link.md": "real\n", "abs-inside-link.md": "in\n", "sub/up-link.md": "in\n"} {
		f, err := fsys.Read(p)
		if err != nil || f.Text != want {
			t.Errorf("Read(%q) = %v, %v; a symlink inside the root must be followed", p, f, err)
		}
	}
	for _, p := range fsys.Opened() {
		real, err := filepath.EvalSymlinks(filepath.Join(root, p))
		if err != nil {
			t.Fatal(err)
		}
		rootReal, err := filepath.EvalSymlinks(root)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(real, rootReal+string(filepath.Separator)) {
			t.Errorf("opened %s, which resolves outside the root to %s", p, real)
		}
	}
}

func TestNotFoundAndNotRegular(t *testing.T) {
	root := testtree.Write(t, map[string]string{"dir/a.md": "a\n"})
	fsys := open(t, root)
	re := readErr(t, fsys, "missing.md", RuleNotFound)
	if !strings.Contains(re.Diag.Message, "missing.md does not exist") {
		t.Errorf("message %q", re.Diag.Message)
	}
	readErr(t, fsys, "dir/a.md/b.md", RuleNotFound)
	readErr(t, fsys, "", RuleNotFound)
	readErr(t, fsys, "dir", RuleNotRegular)
	readErr(t, fsys, ".", RuleNotRegular)
	// Failures are cached: the second call reports the same error.
	a, errA := fsys.Read("missing.md")
	b, errB := fsys.Read("missing.md")
	if a != nil || b != nil {
		t.Fatal("missing file read")
	}
	if errA == nil || errB == nil || errA.Error() != errB.Error() {
		t.Fatalf("two reads of a missing file: %v, then %v", errA, errB)
	}
	if len(fsys.Opened()) != 0 {
		t.Errorf("opened %v", fsys.Opened())
	}
}

func TestFIFORefusedWithoutOpening(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no FIFOs on windows")
	}
	root := testtree.Write(t, nil)
	// A writer waits on the pipe, so a read that opened it would get an
	// empty file instead of blocking, and fail the checks below.
	if err := testtree.FIFO(t, filepath.Join(root, "pipe.md")); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	if err := os.Symlink("pipe.md", filepath.Join(root, "pipe-link.md")); err != nil {
		t.Fatal(err)
	}
	fsys := open(t, root)
	re := readErr(t, fsys, "pipe.md", RuleNotRegular)
	if !strings.Contains(re.Diag.Message, "FIFO") {
		t.Errorf("message %q", re.Diag.Message)
	}
	readErr(t, fsys, "pipe-link.md", RuleNotRegular)
	if len(fsys.Opened()) != 0 {
		t.Errorf("opened %v", fsys.Opened())
	}
}

func TestDeviceRefused(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no device nodes on windows")
	}
	root := testtree.Write(t, nil)
	// The same device numbers as /dev/null.
	if err := syscall.Mknod(filepath.Join(root, "null.md"), syscall.S_IFCHR|0o644, 1<<8|3); err != nil {
		t.Skipf("mknod: %v", err)
	}
	fsys := open(t, root)
	re := readErr(t, fsys, "null.md", RuleNotRegular)
	if !strings.Contains(re.Diag.Message, "device") {
		t.Errorf("message %q", re.Diag.Message)
	}
}

func TestGlob(t *testing.T) {
	outside := testtree.Write(t, map[string]string{"o.md": "o\n"})
	root := testtree.Write(t, map[string]string{
		"cards/b.md":         "b\n",
		"cards/a.md":         "a\n",
		"cards/sub/c.md":     "c\n",
		"cards/.hidden.md":   "h\n",
		"cards/.git/x.md":    "x\n",
		"cards/draft/d.md":   "d\n",
		"cards/notes.txt":    "n\n",
		"cards/dir.md/inner": "i\n",
	})
	if err := os.Symlink(outside, filepath.Join(root, "cards", "out")); err != nil {
		t.Skipf("symlinks unavailable: %v", err)
	}
	fsys := open(t, root)
	got, err := fsys.Glob("cards/**/*.md", "cards/draft/**")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"cards/a.md", "cards/b.md", "cards/sub/c.md"}
	if !slices.Equal(got, want) {
		t.Errorf("Glob = %v, want %v", got, want)
	}
	if got, err := fsys.Glob("./cards/*.txt"); err != nil || !slices.Equal(got, []string{"cards/notes.txt"}) {
		t.Errorf("Glob ./ = %v, %v", got, err)
	}
	for _, bad := range []string{"", "/etc/*", "../*", "cards/../../*", "cards/[", `C:\x\*`} {
		if _, err := fsys.Glob(bad); err == nil {
			t.Errorf("Glob(%q) accepted", bad)
		}
	}
	if _, err := fsys.Glob("cards/*", "[x"); err == nil {
		t.Error("malformed exclude accepted")
	}
	if len(fsys.Opened()) != 0 {
		t.Errorf("Glob opened files for reading: %v", fsys.Opened())
	}
}

func TestClean(t *testing.T) {
	for in, want := range map[string]string{
		"a.md": "a.md", "./a.md": "a.md", "a//b/./c.md": "a/b/c.md", "a/../b.md": "b.md", "a/": "a",
	} {
		got, err := Clean(in)
		if err != nil || got != want {
			t.Errorf("Clean(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
}
