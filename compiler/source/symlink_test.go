package source

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/promptc/promptc/internal/testtree"
)

// linkTree writes files below a new root and the symbolic links of links
// (name -> target; "$ROOT" in a target is the root's absolute path, "$OUT"
// that of a directory beside it), and returns the root and the outside
// directory.
func linkTree(t *testing.T, files map[string]string, links [][2]string) (root, out string) {
	t.Helper()
	out = testtree.Write(t, map[string]string{"secret.md": "secret\n"})
	root = testtree.Write(t, files)
	for _, l := range links {
		target := strings.NewReplacer("$ROOT", root, "$OUT", out).Replace(l[1])
		name := filepath.Join(root, filepath.FromSlash(l[0]))
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(filepath.FromSlash(target), name); err != nil {
			t.Skipf("symlinks unavailable: %v", err)
		}
	}
	return root, out
}

// TestAbsoluteSymlinks checks that an absolute link is followed exactly
// when its target, and every link after it, stays inside the root.
func TestAbsoluteSymlinks(t *testing.T) {
	root, _ := linkTree(t, map[string]string{"sub/real.md": "real\n", "top.md": "top\n"}, [][2]string{
		{"file.md", "$ROOT/sub/real.md"},
		{"dir", "$ROOT/sub"},
		{"self", "$ROOT"},
		{"chain.md", "rel-to-abs.md"},
		{"rel-to-abs.md", "$ROOT/dir/real.md"},
		{"sub/up.md", "$ROOT/sub/../top.md"},
		{"slashes.md", "$ROOT//sub/./real.md"},
		{"out.md", "$OUT/secret.md"},
		{"out-dir", "$OUT"},
		{"climb.md", "$ROOT/../" + "x.md"},
		{"sibling.md", "$ROOT-other/secret.md"},
		{"to-abs-out.md", "out.md"},
		{"loop-a", "$ROOT/loop-b"},
		{"loop-b", "$ROOT/loop-a"},
		{"dangling.md", "$ROOT/missing.md"},
	})
	if err := os.WriteFile(root+"-other", nil, 0o644); err != nil {
		t.Fatal(err)
	}
	fsys := open(t, root)
	for p, want := range map[string]string{
		"file.md":          "real\n",
		"dir/real.md":      "real\n",
		"self/top.md":      "top\n",
		"self/dir/real.md": "real\n",
		"chain.md":         "real\n",
		"sub/up.md":        "top\n",
		"slashes.md":       "real\n",
	} {
		f, err := fsys.Read(p)
		if err != nil || f.Text != want {
			t.Errorf("Read(%q) = %v, %v; want %q", p, f, err, want)
		}
	}
	for _, p := range []string{"out.md", "out-dir/secret.md", "climb.md", "sibling.md", "to-abs-out.md", "self/out.md"} {
		readErr(t, fsys, p, RuleEscape)
	}
	re := readErr(t, fsys, "loop-a", RuleNotFound)
	if !strings.Contains(re.Diag.Message, "more than 40 symbolic links") {
		t.Errorf("loop: %q", re.Diag.Message)
	}
	re = readErr(t, fsys, "dangling.md", RuleNotFound)
	if !strings.Contains(re.Diag.Message, "dangling.md does not exist") {
		t.Errorf("dangling: %q", re.Diag.Message)
	}
	// Everything opened is inside the root.
	rootReal, err := filepath.EvalSymlinks(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range fsys.Opened() {
		real, err := filepath.EvalSymlinks(filepath.Join(root, p))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(real, rootReal+string(filepath.Separator)) {
			t.Errorf("opened %s, which resolves outside the root to %s", p, real)
		}
	}
}

// TestAbsoluteSymlinkThroughRootAlias checks that a link may name the root
// by its real path when the root was opened through a symbolic link.
func TestAbsoluteSymlinkThroughRootAlias(t *testing.T) {
	real, _ := linkTree(t, map[string]string{"a.md": "a\n"}, nil)
	realPath, err := filepath.EvalSymlinks(real)
	if err != nil {
		t.Fatal(err)
	}
	alias := filepath.Join(t.TempDir(), "alias")
	if err := os.Symlink(real, alias); err != nil {
		t.Skipf("symlinks unavailable: %v", err)
	}
	if err := os.Symlink(filepath.Join(realPath, "a.md"), filepath.Join(real, "by-real.md")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(alias, "a.md"), filepath.Join(real, "by-alias.md")); err != nil {
		t.Fatal(err)
	}
	fsys := open(t, alias)
	for _, p := range []string{"by-real.md", "by-alias.md"} {
		if f, err := fsys.Read(p); err != nil || f.Text != "a\n" {
			t.Errorf("Read(%q) = %v, %v", p, f, err)
		}
	}
}

func TestGlobSymlinks(t *testing.T) {
	root, _ := linkTree(t, map[string]string{"real/x.prompt.md": "x\n", "b/b.md": "b\n", "a/.keep": ""}, [][2]string{
		{"fams", "$ROOT/real"},
		{"lit/out.prompt.md", "$OUT/secret.md"},
		{"lit/in.prompt.md", "$ROOT/real/x.prompt.md"},
		{"outdir", "$OUT"},
		{"self", "$ROOT"},
		{"real/up", ".."},
		{"a/to-b", "../b"},
		{"b/to-a", "$ROOT/a"},
	})
	fsys := open(t, root)
	for pattern, want := range map[string][]string{
		// An absolute directory link inside the root is walked.
		"fams/*.prompt.md": {"fams/x.prompt.md"},
		"fams/x.prompt.md": {"fams/x.prompt.md"},
		// Links back to a directory the walk is inside are not walked
		// again; a link to a sibling is (a/to-b is b under another name).
		"**/x.prompt.md":   {"fams/x.prompt.md", "real/x.prompt.md"},
		"**/*.md":          {"a/to-b/b.md", "b/b.md", "fams/x.prompt.md", "lit/in.prompt.md", "lit/out.prompt.md", "real/x.prompt.md"},
		"lit/in.prompt.md": {"lit/in.prompt.md"},
		"lit/*.prompt.md":  {"lit/in.prompt.md", "lit/out.prompt.md"},
		// A literal link out is returned like the wildcard form returns
		// it, so that reading it reports the escape.
		"lit/out.prompt.md": {"lit/out.prompt.md"},
		"outdir/secret.md":  {"outdir/secret.md"},
		// A missing literal path and a directory match nothing.
		"lit/none.md": nil,
		"real":        nil,
	} {
		got, err := fsys.Glob(pattern)
		if err != nil || !slices.Equal(got, want) {
			t.Errorf("Glob(%q) = %q, %v; want %q", pattern, got, err, want)
		}
	}
	if got, err := fsys.Glob("lit/out.prompt.md", "lit/*"); err != nil || len(got) != 0 {
		t.Errorf("excluded literal link returned: %q, %v", got, err)
	}
	readErr(t, fsys, "lit/out.prompt.md", RuleEscape)
	readErr(t, fsys, "outdir/secret.md", RuleEscape)
}

// deniedFS refuses to list or stat the directories in deny, as the
// operating system does for a directory without read permission (which
// root ignores, so tests cannot rely on chmod).
type deniedFS struct {
	fs.FS
	deny []string
}

func (d deniedFS) check(name string) error {
	for _, x := range d.deny {
		if name == x || strings.HasPrefix(name, x+"/") {
			return &fs.PathError{Op: "open", Path: name, Err: fs.ErrPermission}
		}
	}
	return nil
}

func (d deniedFS) Open(name string) (fs.File, error) {
	if err := d.check(name); err != nil {
		return nil, err
	}
	return d.FS.Open(name)
}

func (d deniedFS) Stat(name string) (fs.FileInfo, error) {
	if err := d.check(name); err != nil {
		return nil, err
	}
	return fs.Stat(d.FS, name)
}

func (d deniedFS) ReadDir(name string) ([]fs.DirEntry, error) {
	if err := d.check(name); err != nil {
		return nil, err
	}
	return fs.ReadDir(d.FS, name)
}

func TestGlobUnreadableDirectory(t *testing.T) {
	root := testtree.Write(t, map[string]string{"fams/a.md": "a\n", "fams/locked/b.md": "b\n", "other/c.md": "c\n", "open/d.md": "d\n"})
	saved := globBase
	t.Cleanup(func() { globBase = saved })
	globBase = func(fsys *FS) fs.FS { return deniedFS{saved(fsys), []string{"fams/locked", "other"}} }
	fsys := open(t, root)

	got, err := fsys.Glob("**/*.md")
	var ue *UnreadableError
	if !errors.As(err, &ue) || !slices.Equal(ue.Dirs, []string{"fams/locked", "other"}) {
		t.Fatalf("Glob error %v, want the two unreadable directories", err)
	}
	if want := []string{"fams/a.md", "open/d.md"}; !slices.Equal(got, want) {
		t.Errorf("Glob = %q, want what could be read: %q", got, want)
	}
	if msg := err.Error(); msg != "fams/locked, other cannot be read (permission denied), so the files in it are not seen; make it readable, or exclude it from the pattern" {
		t.Errorf("message %q", msg)
	}
	for _, pattern := range []string{"other/*.md", "other/c.md"} {
		if _, err := fsys.Glob(pattern); !errors.As(err, &ue) || !slices.Equal(ue.Dirs, []string{"other"}) && !slices.Equal(ue.Dirs, []string{"other/c.md"}) {
			t.Errorf("Glob(%q): %v, want an UnreadableError", pattern, err)
		}
	}
	if _, err := fsys.Glob("open/*.md"); err != nil {
		t.Errorf("Glob of a readable directory: %v", err)
	}
}

// countingFS counts the listings of each directory.
type countingFS struct {
	fs.FS
	lists map[string]int
}

func (c countingFS) Stat(name string) (fs.FileInfo, error) { return fs.Stat(c.FS, name) }

func (c countingFS) ReadDir(name string) ([]fs.DirEntry, error) {
	c.lists[name]++
	return fs.ReadDir(c.FS, name)
}

// TestGlobListsEachDirectoryOnce: a "**" walk needs each directory's
// listing twice (to descend, and to match the last part); it is read once.
func TestGlobListsEachDirectoryOnce(t *testing.T) {
	root := testtree.Write(t, map[string]string{"a.md": "", "x/b.md": "", "x/y/c.md": "", "z/d.txt": ""})
	lists := map[string]int{}
	saved := globBase
	t.Cleanup(func() { globBase = saved })
	globBase = func(fsys *FS) fs.FS { return countingFS{saved(fsys), lists} }
	got, err := open(t, root).Glob("**/*.md")
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"a.md", "x/b.md", "x/y/c.md"}; !slices.Equal(got, want) {
		t.Errorf("Glob = %q, want %q", got, want)
	}
	for _, dir := range []string{".", "x", "x/y", "z"} {
		if lists[dir] != 1 {
			t.Errorf("%s listed %d times, want once (all: %v)", dir, lists[dir], lists)
		}
	}
}

// TestGlobOutside: a directory link out of the root that the walk reaches
// is returned as skipped, at the link, whatever the depth of the pattern;
// links the walk never reaches, links inside the root, excluded links and
// links through which a match is returned (reading the match reports it)
// are not.
func TestGlobOutside(t *testing.T) {
	root, _ := linkTree(t, map[string]string{"p/a.md": "a\n", "in/x.md": "x\n", ".hidden/y.md": "y\n"}, [][2]string{
		{"p/out", "$OUT"},
		{"p/deep/out2", "../../.."},
		{"p/in", "$ROOT/in"},
		{"q/out", "$OUT"},
		{".hidden/out", "$OUT"},
	})
	fsys := open(t, root)
	for _, tc := range []struct {
		pattern string
		exclude []string
		want    []string
	}{
		{"p/**/*.md", nil, []string{"p/deep/out2", "p/out"}},
		{"p/*/*.md", nil, []string{"p/out"}},
		{"p/*.md", nil, nil},          // p/out is never descended into
		{"p/out/secret.md", nil, nil}, // returned as a match instead
		{"p/**/*.md", []string{"p/deep/**"}, []string{"p/out"}},
		{"**/*.md", nil, []string{"p/deep/out2", "p/out", "q/out"}}, // .hidden is not walked
		{"in/*.md", nil, nil},
	} {
		matches, got, err := fsys.GlobOutside(tc.pattern, tc.exclude...)
		if err != nil {
			t.Errorf("%s: %v", tc.pattern, err)
			continue
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s (exclude %q): outside %q, want %q (matches %q)", tc.pattern, tc.exclude, got, tc.want, matches)
		}
		if plain, err := fsys.Glob(tc.pattern, tc.exclude...); err != nil || !slices.Equal(plain, matches) {
			t.Errorf("%s: Glob %q, GlobOutside matches %q", tc.pattern, plain, matches)
		}
	}
}
