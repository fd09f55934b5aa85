package emit

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestVCSKind: a directory is version-control metadata when it holds every
// entry of one of its system's sets, a name ending in / being a directory;
// one entry short, or a file where a directory belongs, is not.
func TestVCSKind(t *testing.T) {
	for _, tc := range []struct {
		entries string // name, with / for a directory
		want    string
	}{
		{"HEAD objects/ refs/", "a git directory (it holds HEAD, objects/ and refs/)"},
		{"HEAD config", "a git directory (it holds HEAD and config)"},
		{"HEAD commondir gitdir", "a git directory (it holds HEAD and commondir)"},
		{"HEAD objects refs/", ""},
		{"HEAD objects/", ""},
		{"HEAD", ""},
		{"config objects/ refs/", ""},
		{"requires store/", "a Mercurial directory (it holds requires and store/)"},
		{"requires store", ""},
		{"00changelog.i", "a Mercurial directory (it holds 00changelog.i)"},
		{"wc.db", "a Subversion directory (it holds wc.db)"},
		{"entries pristine/", "a Subversion directory (it holds entries and pristine/)"},
		{"entries", ""},
		{"repo/ working_copy/", "a Jujutsu directory (it holds repo/ and working_copy/)"},
		{"repo/", ""},
		{"hashed_inventory", "a Darcs directory (it holds hashed_inventory)"},
		{"inventory patches/", "a Darcs directory (it holds inventory and patches/)"},
		{"branch-format", "a Bazaar directory (it holds branch-format)"},
		{"README.md config.worktree", ""},
	} {
		dir := t.TempDir()
		for _, e := range strings.Fields(tc.entries) {
			name, isDir := strings.CutSuffix(e, "/")
			var err error
			if isDir {
				err = os.Mkdir(filepath.Join(dir, name), 0o755)
			} else {
				err = os.WriteFile(filepath.Join(dir, name), nil, 0o644)
			}
			if err != nil {
				t.Fatal(err)
			}
		}
		if got := vcsDirAt(dir); got != tc.want {
			t.Errorf("%q: %q, want %q", tc.entries, got, tc.want)
		}
	}
}

// TestVCSPlacement: the output directory is refused when it is one, when
// a directory between it and the top is one (not above the top), and
// when it holds one at any depth by contents or by name; a link is never
// followed into one.
func TestVCSPlacement(t *testing.T) {
	mk := func(t *testing.T, root string, paths ...string) {
		for _, p := range paths {
			full := filepath.Join(root, filepath.FromSlash(p))
			if strings.HasSuffix(p, "/") {
				if err := os.MkdirAll(full, 0o755); err != nil {
					t.Fatal(err)
				}
				continue
			}
			if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(full, nil, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	git := []string{"HEAD", "objects/", "refs/"}
	under := func(dir string, names []string) []string {
		var out []string
		for _, n := range names {
			out = append(out, dir+"/"+n)
		}
		return out
	}
	for _, tc := range []struct {
		name  string
		paths []string
		out   string
		want  string
	}{
		{"is", under("top/store", git), "top/store", "top/store is version-control metadata"},
		{"inside, not yet made", under("top/store", git), "top/store/a/b", "top/store/a/b is inside top/store,"},
		{"above the top is not looked at", under(".", git), "top/gen", ""},
		{"holds, deep", under("top/gen/x/y", git), "top/gen", "top/gen holds top/gen/x/y, version-control metadata"},
		{"holds a .git file", []string{"top/gen/sub/.git"}, "top/gen", "top/gen holds top/gen/sub/.git, which"},
		{"holds .Svn by name", []string{"top/gen/.Svn/"}, "top/gen", "top/gen holds top/gen/.Svn, which"},
		{"plain", []string{"top/gen/config", "top/gen/x/HEAD"}, "top/gen", ""},
		{"outside the top is not read", under("elsewhere", git), "elsewhere", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			mk(t, root, tc.paths...)
			mk(t, root, "top/")
			display := func(abs string) string {
				r, _ := filepath.Rel(root, abs)
				return filepath.ToSlash(r)
			}
			got, err := vcsPlacement(filepath.Join(root, tc.out), filepath.Join(root, "top"), display)
			if err != nil {
				t.Fatal(err)
			}
			if tc.want == "" && got != "" || !strings.HasPrefix(got, tc.want) {
				t.Errorf("%q, want %q", got, tc.want)
			}
		})
	}
	t.Run("link not followed", func(t *testing.T) {
		root := t.TempDir()
		mk(t, root, under("elsewhere", git)...)
		mk(t, root, "top/gen/")
		if err := os.Symlink(filepath.Join(root, "elsewhere"), filepath.Join(root, "top/gen/link")); err != nil {
			t.Skip("no symbolic links here:", err)
		}
		got, err := vcsPlacement(filepath.Join(root, "top/gen"), filepath.Join(root, "top"), filepath.ToSlash)
		if err != nil || got != "" {
			t.Errorf("%q, %v; a link is not walked into", got, err)
		}
	})
}
