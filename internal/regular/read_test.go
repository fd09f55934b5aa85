package regular

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestDescribe names each kind of file, one mode bit at a time.
func TestDescribe(t *testing.T) {
	tests := []struct {
		mode fs.FileMode
		want string
	}{
		{0o644, "a regular file"},
		{fs.ModeSymlink | 0o777, "a symbolic link"},
		{fs.ModeDir | 0o755, "a directory"},
		{fs.ModeNamedPipe, "a named pipe (FIFO)"},
		{fs.ModeDevice, "a device"},
		{fs.ModeDevice | fs.ModeCharDevice, "a device"},
		{fs.ModeSocket, "a socket"},
		{fs.ModeIrregular, "not a regular file (?---------)"},
	}
	for _, tc := range tests {
		if got := Describe(tc.mode); got != tc.want {
			t.Errorf("Describe(%v) = %q, want %q", tc.mode, got, tc.want)
		}
	}
}

// TestNotRegularErrorText checks each wording: replaced, a hard link (two
// names or more, never one), and the kind of file.
func TestNotRegularErrorText(t *testing.T) {
	tests := []struct {
		err  NotRegularError
		want string
	}{
		{NotRegularError{Name: "a.md", Mode: fs.ModeDir}, "a.md is a directory"},
		{NotRegularError{Name: "a.md", Mode: 0o644, Replaced: true, Links: 3}, "a.md was replaced while being read"},
		{NotRegularError{Name: "a.md", Mode: 0o644, Links: 2}, "a.md is a hard link (one of 2 names of the same file)"},
		{NotRegularError{Name: "a.md", Mode: 0o644, Links: 1}, "a.md is a regular file"},
	}
	for _, tc := range tests {
		if got := tc.err.Error(); got != tc.want {
			t.Errorf("%+v: %q, want %q", tc.err, got, tc.want)
		}
	}
}

// chunks is a reader that returns its pieces one Read at a time, the last
// one with err (nil: a separate io.EOF follows).
type chunks struct {
	pieces []string
	err    error
}

func (c *chunks) Read(p []byte) (int, error) {
	if len(c.pieces) == 0 {
		if c.err != nil {
			return 0, c.err
		}
		return 0, io.EOF
	}
	n := copy(p, c.pieces[0])
	c.pieces[0] = c.pieces[0][n:]
	if c.pieces[0] == "" {
		c.pieces = c.pieces[1:]
	}
	return n, nil
}

// TestReadAll checks the limit just below, at and above it, against the
// size the file reports and against what is read, a file that grows or
// shrinks while read, and a read error.
func TestReadAll(t *testing.T) {
	boom := errors.New("boom")
	tests := []struct {
		name        string
		r           io.Reader
		size, limit int64
		want        string
		err         error
	}{
		{"size below the limit", &chunks{pieces: []string{"abc"}}, 3, 4, "abc", nil},
		{"size at the limit", &chunks{pieces: []string{"abcd"}}, 4, 4, "abcd", nil},
		{"size above the limit", &chunks{pieces: []string{"abcde"}}, 5, 4, "", &TooLargeError{Size: 5, Limit: 4}},
		// A first read of exactly the size is the whole file; a longer one
		// means the file grew, and reading goes on.
		{"first read of the size", &chunks{pieces: []string{"ab", "cd"}}, 2, 4, "ab", nil},
		{"grows to the limit", &chunks{pieces: []string{"abc", "d"}}, 2, 4, "abcd", nil},
		{"grows past the limit", &chunks{pieces: []string{"abc", "de"}}, 2, 4, "", &TooLargeError{Size: 5, Limit: 4}},
		{"shrinks", &chunks{pieces: []string{"ab"}}, 4, 4, "ab", nil},
		{"empty", &chunks{}, 0, 4, "", nil},
		{"empty under a zero limit", &chunks{}, 0, 0, "", nil},
		{"one byte over a zero limit", &chunks{pieces: []string{"a"}}, 0, 0, "", &TooLargeError{Size: 1, Limit: 0}},
		{"read error", &chunks{pieces: []string{"ab"}, err: boom}, 4, 8, "", boom},
		// A file that reports no size (as /proc files do) and whose first
		// read returns nothing is read on.
		{"empty first read", &chunks{pieces: []string{"", "abc"}}, 0, 4, "abc", nil},
		{"read in pieces", &chunks{pieces: []string{"a", "b", "c", "d", "e", "f"}}, 3, 100, "abcdef", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b, err := ReadAll(tc.r, tc.size, tc.limit)
			if tc.err != nil {
				var tl *TooLargeError
				if want, ok := tc.err.(*TooLargeError); ok {
					if !errors.As(err, &tl) || *tl != *want {
						t.Fatalf("error %v, want %v", err, want)
					}
				} else if !errors.Is(err, tc.err) {
					t.Fatalf("error %v, want %v", err, tc.err)
				}
				if b != nil {
					t.Errorf("bytes %q with an error", b)
				}
				return
			}
			if err != nil || string(b) != tc.want {
				t.Errorf("ReadAll = %q, %v; want %q", b, err, tc.want)
			}
		})
	}
	if got := (&TooLargeError{Size: 5, Limit: 4}).Error(); got != "it is 5 bytes, more than the limit of 4 bytes" {
		t.Errorf("message %q", got)
	}
}

// TestRead checks Read and ReadSingle on each kind of name: a regular
// file at and over the limit, a directory, a symbolic link, a missing
// name, and a file with two names, which only ReadSingle refuses.
func TestRead(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("symbolic and hard links need privileges on Windows")
	}
	dir, r := openRoot(t)
	write := func(name, text string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("a.md", "abcd")
	write("b.md", "two names")
	if err := os.Link(filepath.Join(dir, "b.md"), filepath.Join(dir, "b2.md")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("a.md", filepath.Join(dir, "link.md")); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		limit  int64
		single bool
		want   string
		err    string
	}{
		{"a.md", 4, false, "abcd", ""},
		{"a.md", 4, true, "abcd", ""},
		{"a.md", 3, false, "", "read a.md: it is 4 bytes, more than the limit of 3 bytes"},
		{"sub", 100, false, "", "sub is a directory"},
		{"link.md", 100, false, "", "link.md is a symbolic link"},
		{"b.md", 100, false, "two names", ""},
		{"b.md", 100, true, "", "b.md is a hard link (one of 2 names of the same file)"},
	}
	for _, tc := range tests {
		read := Read
		if tc.single {
			read = ReadSingle
		}
		b, err := read(r, tc.name, tc.limit)
		if tc.err != "" {
			if err == nil || err.Error() != tc.err || b != nil {
				t.Errorf("%s (single %v): %q, %v; want error %q", tc.name, tc.single, b, err, tc.err)
			}
			continue
		}
		if err != nil || string(b) != tc.want {
			t.Errorf("%s (single %v): %q, %v; want %q", tc.name, tc.single, b, err, tc.want)
		}
	}
	if _, err := Read(r, "missing.md", 100); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing: %v, want fs.ErrNotExist", err)
	}
	if _, _, err := ReadInfo(r, "missing.md", 100); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("ReadInfo missing: %v, want fs.ErrNotExist", err)
	}
	if _, _, err := ReadInfo(r, "a.md", 3); err == nil || err.Error() != "read a.md: it is 4 bytes, more than the limit of 3 bytes" {
		t.Errorf("ReadInfo over the limit: %v", err)
	}
	f, fi, err := OpenSingle(r, "a.md")
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
	if fi.Size() != 4 || !strings.HasSuffix(f.Name(), "a.md") {
		t.Errorf("OpenSingle: size %d, name %s", fi.Size(), f.Name())
	}
	var nre *NotRegularError
	if _, _, err := Open(r, "sub"); !errors.As(err, &nre) || nre.Mode&fs.ModeDir == 0 {
		t.Errorf("Open(sub) = %v", err)
	}
}
