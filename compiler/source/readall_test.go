package source

import (
	"crypto/sha256"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/iotest"
)

// countingReader counts the Read calls made on it.
type countingReader struct {
	r     io.Reader
	calls int
}

func (c *countingReader) Read(b []byte) (int, error) {
	c.calls++
	return c.r.Read(b)
}

// TestReadAllReads: a file as long as it was when checked is read with one
// call, without the call that only sees the end; a file that grew or
// shrank since, or a reader that returns less than asked, is read to its
// end, whatever size was checked.
func TestReadAllReads(t *testing.T) {
	for _, tc := range []struct {
		name    string
		text    string
		size    int64
		chunked bool // one byte per call
		calls   int
	}{
		{name: "as checked", text: "hello\nworld\n", size: 12, calls: 1},
		{name: "empty", text: "", size: 0, calls: 1},
		{name: "grew by one", text: "hello\nworld\n!", size: 12, calls: 2},
		{name: "grew by more", text: "hello\nworld\nand more text\n", size: 12, calls: 3},
		{name: "shrank", text: "hello\n", size: 12, calls: 2},
		{name: "emptied", text: "", size: 12, calls: 1},
		{name: "short reads", text: "abc", size: 3, chunked: true, calls: 4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var r io.Reader = strings.NewReader(tc.text)
			if tc.chunked {
				r = iotest.OneByteReader(r)
			}
			cr := &countingReader{r: r}
			b, err := readAll(cr, tc.size, 1<<20)
			if err != nil {
				t.Fatal(err)
			}
			if string(b) != tc.text {
				t.Errorf("readAll = %q, want %q", b, tc.text)
			}
			if cr.calls != tc.calls {
				t.Errorf("readAll made %d Read calls, want %d", cr.calls, tc.calls)
			}
		})
	}
}

// TestReadAllError: an error other than the end is returned, not a short
// text.
func TestReadAllError(t *testing.T) {
	want := io.ErrUnexpectedEOF
	b, err := readAll(iotest.ErrReader(want), 4, 1<<20)
	if err != want || b != nil {
		t.Errorf("readAll = %q, %v; want nil, %v", b, err, want)
	}
}

// TestReadAllLimit: a file of exactly the limit is read; one byte more,
// whether the size checked says so or the file grew past the limit while
// it was read, is a *TooLargeError with the size found.
func TestReadAllLimit(t *testing.T) {
	for _, tc := range []struct {
		name     string
		text     string
		size     int64
		wantSize int64 // 0: read without error
		withEOF  bool  // the reader returns its last bytes with io.EOF
	}{
		{name: "at the limit", text: "12345678", size: 8},
		{name: "checked one over", text: "123456789", size: 9, wantSize: 9},
		{name: "grew one over", text: "123456789", size: 4, wantSize: 9},
		{name: "grew far over", text: strings.Repeat("x", 100), size: 4, wantSize: 16},
		{name: "over with the end", text: "123456789", size: 4, wantSize: 9, withEOF: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var r io.Reader = strings.NewReader(tc.text)
			if tc.withEOF {
				r = iotest.DataErrReader(r)
			}
			b, err := readAll(r, tc.size, 8)
			if tc.wantSize == 0 {
				if err != nil || string(b) != tc.text {
					t.Fatalf("readAll = %q, %v; want %q", b, err, tc.text)
				}
				return
			}
			var tl *TooLargeError
			if !errors.As(err, &tl) || b != nil {
				t.Fatalf("readAll = %q, %v; want a *TooLargeError", b, err)
			}
			if tl.Size != tc.wantSize || tl.Limit != 8 {
				t.Errorf("TooLargeError{Size: %d, Limit: %d}, want {%d, 8}", tl.Size, tl.Limit, tc.wantSize)
			}
		})
	}
}

// TestReadTooLarge: a project file larger than MaxFileSize is refused from
// its size, before it is read (the file here is sparse: it takes no disk
// space and reading it would take 64 MiB of memory), and the finding says
// what the limit is and what to do.
func TestReadTooLarge(t *testing.T) {
	dir := t.TempDir()
	for name, size := range map[string]int64{"big.md": MaxFileSize + 1, "edge.md": MaxFileSize} {
		f, err := os.Create(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if err := f.Truncate(size); err != nil {
			t.Fatal(err)
		}
		if err := f.Close(); err != nil {
			t.Fatal(err)
		}
	}
	fsys, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer fsys.Close()
	_, err = fsys.Read("big.md")
	want := "big.md: big.md cannot be read: it is 67108865 bytes, more than the 64 MiB promptc reads (far more text than any model is sent); split it into smaller files (READ)"
	if err == nil || err.Error() != want {
		t.Errorf("Read(big.md) = %v\nwant %s", err, want)
	}
	// At the limit the file is read; its zero bytes are then refused as
	// text, which shows it was read.
	_, err = fsys.Read("edge.md")
	if err == nil || !strings.Contains(err.Error(), "NUL byte") {
		t.Errorf("Read(edge.md) = %v, want the NUL-byte finding", err)
	}
}

// TestDigest: a file's digest is the SHA-256 of its text as promptc reads
// it, line endings converted.
func TestDigest(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "crlf.md"), []byte("one\r\ntwo\r\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	fsys, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer fsys.Close()
	f, err := fsys.Read("crlf.md")
	if err != nil {
		t.Fatal(err)
	}
	if f.Text != "one\ntwo\n" || f.Digest != sha256.Sum256([]byte("one\ntwo\n")) {
		t.Errorf("text %q, digest %x; want the SHA-256 of the converted text", f.Text, f.Digest)
	}
}
