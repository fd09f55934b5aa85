//go:build unix

package source

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"

	"github.com/promptc/promptc/internal/testtree"
)

// addLinkAndFIFO adds link.md, a symbolic link to a.md, and pipe, a FIFO,
// to the tree at root.
func addLinkAndFIFO(t *testing.T, root string) {
	t.Helper()
	if err := os.Symlink("a.md", filepath.Join(root, "link.md")); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(root, "pipe"), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestReadAt: the direct read returns a regular file's bytes (empty and
// larger-than-one-read files included) and a missing name as
// fs.ErrNotExist; it declines, returning nothing, a symbolic link (even to
// a file beside it), a directory and a FIFO, which the portable read then
// follows or refuses.
func TestReadAt(t *testing.T) {
	big := string(slices.Repeat([]byte("0123456789abcdef"), 1<<14)) // 256 KiB
	root := testtree.Write(t, map[string]string{"a.md": "A\n", "empty.md": "", "big.md": big, "dir/x.md": "x\n"})
	addLinkAndFIFO(t, root)
	d, err := os.Open(root)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()

	for name, want := range map[string]string{"a.md": "A\n", "empty.md": "", "big.md": big} {
		b, ok, err := readAt(d, name, false)
		if !ok || err != nil || string(b) != want {
			t.Errorf("readAt(%s) = %d bytes, %v, %v; want the file's %d bytes", name, len(b), ok, err, len(want))
		}
	}
	if b, ok, err := readAt(d, "missing.md", false); !ok || !errors.Is(err, fs.ErrNotExist) || b != nil {
		t.Errorf("readAt(missing.md) = %q, %v, %v; want fs.ErrNotExist", b, ok, err)
	}
	for _, name := range []string{"link.md", "dir", "pipe"} {
		if b, ok, err := readAt(d, name, false); ok || err != nil || b != nil {
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
	addLinkAndFIFO(t, root)
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

// TestManyDirectoriesFewDescriptors: reading files from more directories
// than the process may hold descriptors works: at most maxOpenDirs
// directories are kept open, one descriptor each.
func TestManyDirectoriesFewDescriptors(t *testing.T) {
	saved := maxOpenDirs
	t.Cleanup(func() { maxOpenDirs = saved })
	maxOpenDirs = 64
	n := 3 * maxOpenDirs
	files := map[string]string{}
	for i := range n {
		files[fmt.Sprintf("d%04d/x.md", i)] = fmt.Sprintf("file %d\n", i)
	}
	root := testtree.Write(t, files)
	fsys := open(t, root)
	var errs []error
	withDescriptors(t, maxOpenDirs+32, func() {
		for i := range n {
			p := fmt.Sprintf("d%04d/x.md", i)
			f, err := fsys.Read(p)
			if err != nil {
				errs = append(errs, err)
			} else if want := fmt.Sprintf("file %d\n", i); f.Text != want {
				errs = append(errs, fmt.Errorf("Read(%s) = %q, want %q", p, f.Text, want))
			}
		}
	})
	if len(errs) > 0 {
		t.Fatalf("%d reads failed with the descriptors limited, the first: %v", len(errs), errs[0])
	}
	if len(fsys.dirs) != maxOpenDirs {
		t.Errorf("%d directories kept open, want %d", len(fsys.dirs), maxOpenDirs)
	}
}

// TestOpenDirBound: the bound on open directories follows the descriptor
// limit, within its floor and ceiling.
func TestOpenDirBound(t *testing.T) {
	if maxOpenDirs < 64 || maxOpenDirs > 4096 || maxOpenDirs > max(descriptorLimit()/4, 64) {
		t.Errorf("maxOpenDirs = %d with a descriptor limit of %d", maxOpenDirs, descriptorLimit())
	}
}

// TestSystemFailure: a read the system refuses for want of descriptors is
// reported like any unreadable file, and Failure says what happened and
// what to do; an ordinary failure (a missing file) is not one.
func TestSystemFailure(t *testing.T) {
	root := testtree.Write(t, map[string]string{"a.md": "A\n", "sub/b.md": "B\n"})
	fsys := open(t, root)
	if _, err := fsys.Read("missing.md"); err == nil {
		t.Fatal("a missing file was read")
	}
	if err := fsys.Failure(); err != nil {
		t.Fatalf("a missing file is a system failure: %v", err)
	}
	// No descriptor left: opening the directory and the file both fail.
	var rerr, aerr error
	withDescriptors(t, -1, func() {
		_, rerr = fsys.Read("sub/b.md")
		_, aerr = fsys.Read("a.md")
	})
	if aerr == nil {
		t.Fatal("a.md was read without a descriptor")
	}
	var re *ReadError
	if !errors.As(rerr, &re) || re.Diag.Rule != RuleNotFound {
		t.Fatalf("Read without descriptors: %v, want a ReadError", rerr)
	}
	err := fsys.Failure()
	// Of the two failed reads the first path in order is named, whatever
	// the order they ran in.
	if !errors.Is(err, syscall.EMFILE) || !strings.HasPrefix(err.Error(), "reading a.md: ") || !strings.Contains(err.Error(), "ulimit -n") {
		t.Errorf("Failure() = %v, want a.md, EMFILE and what to do", err)
	}
}

// withDescriptors runs fn with the process allowed spare descriptors more
// than it has open (fewer, when spare is negative), and restores the limit
// after. It skips the test where open descriptors cannot be counted.
func withDescriptors(t *testing.T, spare int, fn func()) {
	t.Helper()
	fds, err := os.ReadDir("/dev/fd")
	if err != nil {
		t.Skip("cannot count open descriptors:", err)
	}
	var limit syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &limit); err != nil {
		t.Fatal(err)
	}
	lowered := limit
	lowered.Cur = uint64(len(fds) + spare)
	if lowered.Cur >= limit.Cur {
		t.Skipf("the descriptor limit %d is already below what the test needs", limit.Cur)
	}
	if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &lowered); err != nil {
		t.Fatal(err)
	}
	defer func() {
		if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &limit); err != nil {
			t.Fatal(err)
		}
	}()
	fn()
}

// TestListedDirectorySkipsLstat: the first file read from a directory is
// lstat-ed before it is opened; from the second on, the directory is
// listed once and the files the listing names as regular are opened
// without one. What the listing does not name as a regular file (a link,
// a FIFO, a file created after the listing) is still lstat-ed and
// declined or read the portable way.
func TestListedDirectorySkipsLstat(t *testing.T) {
	root := testtree.Write(t, map[string]string{"d/a.md": "A\n", "d/b.md": "B\n", "d/c.md": "C\n", "d/e.md": "E\n"})
	if err := os.Symlink("a.md", filepath.Join(root, "d", "link.md")); err != nil {
		t.Fatal(err)
	}
	fsys := open(t, root)
	read := func(name, want string) int64 {
		t.Helper()
		before := lstats.Load()
		f, err := fsys.Read(name)
		if err != nil || f.Text != want {
			t.Fatalf("Read(%s) = %v, %v; want %q", name, f, err, want)
		}
		return lstats.Load() - before
	}
	if n := read("d/a.md", "A\n"); n != 1 {
		t.Errorf("the first file of a directory: %d lstats, want 1", n)
	}
	if n := read("d/b.md", "B\n"); n != 0 {
		t.Errorf("the second file of a listed directory: %d lstats, want 0", n)
	}
	if n := read("d/c.md", "C\n"); n != 0 {
		t.Errorf("the third file of a listed directory: %d lstats, want 0", n)
	}
	// A link is not a regular file in the listing: lstat-ed, declined by
	// the direct read and followed by the portable one.
	if n := read("d/link.md", "A\n"); n != 1 {
		t.Errorf("a link: %d lstats, want 1", n)
	}
	// A file created after the listing is not in it.
	if err := os.WriteFile(filepath.Join(root, "d", "new.md"), []byte("N\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if n := read("d/new.md", "N\n"); n != 1 {
		t.Errorf("a file created after the listing: %d lstats, want 1", n)
	}
	// A name the listing gave as a regular file and that is a FIFO by the
	// time it is read: opened without blocking, found not regular, and
	// refused.
	if err := os.Remove(filepath.Join(root, "d", "e.md")); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(root, "d", "e.md"), 0o644); err != nil {
		t.Fatal(err)
	}
	readErr(t, fsys, "d/e.md", RuleNotRegular)
}

// TestReadAtListed: told that the listing names it a regular file, the
// direct read opens the name without an lstat, and still declines a FIFO
// or a link that stands there now, and answers fs.ErrNotExist for nothing.
func TestReadAtListed(t *testing.T) {
	root := testtree.Write(t, map[string]string{"a.md": "A\n"})
	addLinkAndFIFO(t, root)
	d, err := os.Open(root)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	before := lstats.Load()
	if b, ok, err := readAt(d, "a.md", true); !ok || err != nil || string(b) != "A\n" {
		t.Errorf("readAt(a.md, listed) = %q, %v, %v", b, ok, err)
	}
	for _, name := range []string{"link.md", "pipe", "missing.md"} {
		if b, ok, err := readAt(d, name, true); ok || err != nil || b != nil {
			t.Errorf("readAt(%s, listed) = %q, %v, %v; want it declined", name, b, ok, err)
		}
	}
	if n := lstats.Load() - before; n != 0 {
		t.Errorf("%d lstats for names the listing gave, want 0", n)
	}
}
