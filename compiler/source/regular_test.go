package source

import (
	"bytes"
	"crypto/sha256"
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

// TestHashRegular: the hash and head of files shorter than, as long as and
// longer than the read buffer match the content, and the checks are
// ReadRegular's.
func TestHashRegular(t *testing.T) {
	chunk := string(bytes.Repeat([]byte("generated line\n"), 5000)) // 75,000 bytes
	files := map[string]string{"empty": "", "short": "package x\n", "long": chunk + chunk + "tail"}
	root := testtree.Write(t, files)
	if err := os.Symlink("short", filepath.Join(root, "link")); err != nil {
		t.Fatal(err)
	}
	r, err := os.OpenRoot(root)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	for name, text := range files {
		for _, head := range []int{0, 4, 100_000} {
			sum, first, err := HashRegular(r, name, head)
			if err != nil {
				t.Fatalf("HashRegular(%s, %d): %v", name, head, err)
			}
			if sum != sha256.Sum256([]byte(text)) {
				t.Errorf("HashRegular(%s, %d): wrong hash", name, head)
			}
			if want := text[:min(head, len(text))]; string(first) != want {
				t.Errorf("HashRegular(%s, %d) head = %d bytes, want %d", name, head, len(first), len(want))
			}
		}
	}
	var nr *NotRegularError
	if _, _, err := HashRegular(r, "link", 10); !errors.As(err, &nr) {
		t.Errorf("HashRegular(link) error %v, want a *NotRegularError", err)
	}
	if _, _, err := HashRegular(r, "missing", 10); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("HashRegular(missing) error %v, want fs.ErrNotExist", err)
	}
}

// TestReadSingleRefusesHardLinks: a file with a second name is read by
// ReadRegular but refused, unread, by ReadSingle and HashRegular, which
// say how many names it has.
func TestReadSingleRefusesHardLinks(t *testing.T) {
	root := testtree.Write(t, map[string]string{"a.txt": "A\n", "one.txt": "1\n"})
	if err := os.Link(filepath.Join(root, "a.txt"), filepath.Join(root, "b.txt")); err != nil {
		t.Skipf("link: %v", err)
	}
	r, err := os.OpenRoot(root)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if b, err := ReadRegular(r, "b.txt"); err != nil || string(b) != "A\n" {
		t.Errorf("ReadRegular(b.txt) = %q, %v", b, err)
	}
	if b, err := ReadSingle(r, "one.txt"); err != nil || string(b) != "1\n" {
		t.Errorf("ReadSingle(one.txt) = %q, %v", b, err)
	}
	_, err = ReadSingle(r, "b.txt")
	var nr *NotRegularError
	if !errors.As(err, &nr) || nr.Error() != "b.txt is a hard link (one of 2 names of the same file)" {
		t.Errorf("ReadSingle(b.txt) error %v, want a hard link refused", err)
	}
	if _, _, err := HashRegular(r, "a.txt", 10); !errors.As(err, &nr) || nr.Links != 2 {
		t.Errorf("HashRegular(a.txt) error %v, want a hard link refused", err)
	}
}
