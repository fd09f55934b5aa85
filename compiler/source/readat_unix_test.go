//go:build unix

package source

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"syscall"
	"testing"

	"github.com/promptc/promptc/internal/testtree"
)

// TestReadAt: the direct read returns a regular file's bytes (empty and
// larger-than-one-read files included) and a missing name as
// fs.ErrNotExist; it declines, returning nothing, a symbolic link (even to
// a file beside it), a directory and a FIFO, which the portable read then
// follows or refuses.
func TestReadAt(t *testing.T) {
	big := string(slices.Repeat([]byte("0123456789abcdef"), 1<<14)) // 256 KiB
	root := testtree.Write(t, map[string]string{"a.md": "A\n", "empty.md": "", "big.md": big, "dir/x.md": "x\n"})
	if err := os.Symlink("a.md", filepath.Join(root, "link.md")); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(root, "pipe"), 0o644); err != nil {
		t.Fatal(err)
	}
	d, err := os.Open(root)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()

	for name, want := range map[string]string{"a.md": "A\n", "empty.md": "", "big.md": big} {
		b, ok, err := readAt(d, name)
		if !ok || err != nil || string(b) != want {
			t.Errorf("readAt(%s) = %d bytes, %v, %v; want the file's %d bytes", name, len(b), ok, err, len(want))
		}
	}
	if b, ok, err := readAt(d, "missing.md"); !ok || !errors.Is(err, fs.ErrNotExist) || b != nil {
		t.Errorf("readAt(missing.md) = %q, %v, %v; want fs.ErrNotExist", b, ok, err)
	}
	for _, name := range []string{"link.md", "dir", "pipe"} {
		if b, ok, err := readAt(d, name); ok || err != nil || b != nil {
			t.Errorf("readAt(%s) = %q, %v, %v; want it declined", name, b, ok, err)
		}
	}

	// Through the FS, the declined names get the portable read's answers.
	fsys := open(t, root)
	if f, err := fsys.Read("link.md"); err != nil || f.Text != "A\n" {
		t.Errorf("Read(link.md) = %v, %v; want the link followed inside the project", f, err)
	}
	readErr(t, fsys, "pipe", RuleNotRegular)
	readErr(t, fsys, "missing.md", RuleNotFound)
	if f, err := fsys.Read("dir/x.md"); err != nil || f.Text != "x\n" {
		t.Errorf("Read(dir/x.md) = %v, %v", f, err)
	}
	for _, dir := range []string{".", "dir"} {
		if h := fsys.dirs[dir]; h == nil || h.file == nil {
			t.Errorf("directory %q is not open for direct reads", dir)
		}
	}
}

// TestListDir: a listing through the root has every entry's type without
// an lstat per entry, and an entry's Info is looked up through the root.
func TestListDir(t *testing.T) {
	root := testtree.Write(t, map[string]string{"a.md": "A\n", "sub/b.md": "B\n"})
	if err := os.Symlink("a.md", filepath.Join(root, "link.md")); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(root, "pipe"), 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := os.OpenRoot(root)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	es, err := rootListing{r.FS(), r}.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range es {
		fi, err := e.Info()
		if err != nil {
			t.Fatalf("Info(%s): %v", e.Name(), err)
		}
		if fi.Mode().Type() != e.Type() {
			t.Errorf("%s: Info type %v, listing type %v", e.Name(), fi.Mode().Type(), e.Type())
		}
		got = append(got, e.Name()+" "+e.Type().String())
	}
	want := []string{"a.md ----------", "link.md L---------", "pipe p---------", "sub d---------"}
	if !slices.Equal(got, want) {
		t.Errorf("listing %q, want %q", got, want)
	}
	if _, err := (rootListing{r.FS(), r}).ReadDir("../x"); err == nil {
		t.Error("ReadDir(../x) listed a directory outside the root")
	}
}
