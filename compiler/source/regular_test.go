package source

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"syscall"
	"testing"
	"time"

	"github.com/promptc/promptc/internal/testtree"
)

// TestReadRegular: only a regular file is read; a link (even to a regular
// file beside it), a directory and a FIFO are refused by type without
// blocking; a missing name is fs.ErrNotExist.
func TestReadRegular(t *testing.T) {
	root := testtree.Write(t, map[string]string{"a.txt": "A\n", "dir/x": "x\n"})
	if err := os.Symlink("a.txt", filepath.Join(root, "link.txt")); err != nil {
		t.Fatal(err)
	}
	fifo := runtime.GOOS != "windows" && syscall.Mkfifo(filepath.Join(root, "pipe"), 0o644) == nil
	r, err := os.OpenRoot(root)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()

	if b, err := ReadRegular(r, "a.txt"); err != nil || string(b) != "A\n" {
		t.Errorf("ReadRegular(a.txt) = %q, %v", b, err)
	}
	if _, err := ReadRegular(r, "missing"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("ReadRegular(missing) error = %v, want fs.ErrNotExist", err)
	}
	cases := map[string]string{"link.txt": "link.txt is a symbolic link", "dir": "dir is a directory"}
	if fifo {
		cases["pipe"] = "pipe is a named pipe (FIFO)"
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		for name, want := range cases {
			b, err := ReadRegular(r, name)
			var nr *NotRegularError
			if !errors.As(err, &nr) || b != nil {
				t.Errorf("ReadRegular(%s) = %q, %v; want a *NotRegularError", name, b, err)
				continue
			}
			if nr.Error() != want {
				t.Errorf("ReadRegular(%s) error %q, want %q", name, nr.Error(), want)
			}
		}
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("ReadRegular blocked on a FIFO")
	}
}

// TestIsEscape recognises os.Root's refusal and nothing else.
func TestIsEscape(t *testing.T) {
	root := testtree.Write(t, map[string]string{"a.txt": "A\n"})
	r, err := os.OpenRoot(root)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	_, err = r.Stat("../x")
	if !IsEscape(err) {
		t.Errorf("IsEscape(%v) = false", err)
	}
	_, err = r.Stat("missing")
	if IsEscape(err) {
		t.Errorf("IsEscape(%v) = true for a missing file", err)
	}
}
