package source

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
)

// RuleOutputUnsafe is the rule of an entry of the output directory that
// build refuses to read, replace or remove: a symbolic link, a directory or
// another irregular file where a generated file or a temporary file of
// build belongs, or a manifest line that is not a plain file name.
const RuleOutputUnsafe = "OUTPUT_UNSAFE"

// Describe names a file type for messages: "a symbolic link", "a
// directory", "a named pipe (FIFO)", ...
func Describe(m fs.FileMode) string {
	switch {
	case m.IsRegular():
		return "a regular file"
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe (FIFO)"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeSocket != 0:
		return "a socket"
	}
	return "not a regular file (" + m.Type().String() + ")"
}

// IsEscape reports whether err is a refusal of a path that leads outside
// the root (through "..", or a symbolic link), by os.Root or by this
// package's link resolution.
func IsEscape(err error) bool { return isEscape(err) }

// NotRegularError is the error of ReadRegular for a name that is not a
// regular file. The file is never opened for reading.
type NotRegularError struct {
	Name string
	Mode fs.FileMode
	// Replaced is set when the name was a regular file when checked and
	// something else (another file, a link) when opened.
	Replaced bool
	// Links is the number of names of a regular file refused because it
	// has more than one (see ReadSingle); 0 otherwise.
	Links uint64
}

// Error says what the name is.
func (e *NotRegularError) Error() string {
	if e.Replaced {
		return e.Name + " was replaced while being read"
	}
	return e.Name + " is " + e.What()
}

// What names what the entry is, for messages: Describe's text, or a hard
// link with its number of names.
func (e *NotRegularError) What() string {
	if e.Links > 1 {
		return fmt.Sprintf("a hard link (one of %d names of the same file)", e.Links)
	}
	return Describe(e.Mode)
}

// ReadRegular returns the content of name, which must be a regular file in
// root, without following a symbolic link even one that stays inside root:
// a link, a directory, a FIFO (whose open would block), a device or a
// socket is a *NotRegularError and is not read. The file opened must be the
// one checked, so that a swap between the check and the open is refused
// too. A missing name is an error wrapping fs.ErrNotExist; anything else
// is the system's error.
func ReadRegular(root *os.Root, name string) ([]byte, error) {
	return readRegular(root, name, false)
}

// ReadSingle is ReadRegular for a file that must also have a single name:
// a hard link (a file with more than one name, which may be outside root)
// is a *NotRegularError with Links set, and is not read. The output
// directory is read this way, because a hard link planted there to a file
// elsewhere would otherwise be read (and printed in a diff) as if it were
// the generated file.
func ReadSingle(root *os.Root, name string) ([]byte, error) {
	return readRegular(root, name, true)
}

// readRegular is ReadRegular, refusing hard links when single is set.
func readRegular(root *os.Root, name string, single bool) ([]byte, error) {
	fh, fi, err := openRegular(root, name, single)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	b, err := readAll(fh, fi.Size(), math.MaxInt64)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", name, err)
	}
	return b, nil
}

// HashRegular returns the SHA-256 of name's content and its first head
// bytes (all of it when shorter), holding no more of it in memory than a
// buffer: generated files can be many megabytes, and checking that they are
// unchanged needs their hash, not their bytes. name is checked as
// ReadSingle checks it, with the same errors: it is only used on the
// output directory.
func HashRegular(root *os.Root, name string, head int) (sum [sha256.Size]byte, first []byte, err error) {
	fh, _, err := openRegular(root, name, true)
	if err != nil {
		return sum, nil, err
	}
	defer fh.Close()
	buf := make([]byte, max(head, 64<<10))
	h := sha256.New()
	n, err := io.ReadFull(fh, buf)
	h.Write(buf[:n])
	first = bytes.Clone(buf[:min(n, head)])
	if err == nil {
		// Only Read is offered, so that the copy uses buf rather than a
		// buffer of its own (os.File has a WriteTo that would).
		_, err = io.CopyBuffer(h, struct{ io.Reader }{fh}, buf)
	} else if err == io.EOF || err == io.ErrUnexpectedEOF {
		err = nil
	}
	if err != nil {
		return sum, nil, fmt.Errorf("read %s: %w", name, err)
	}
	h.Sum(sum[:0])
	return sum, first, nil
}

// openRegular opens name in root for reading after checking, without
// following a link, that it is a regular file (with a single name, when
// single is set), and checks that the file opened is the one checked (see
// ReadRegular).
func openRegular(root *os.Root, name string, single bool) (*os.File, fs.FileInfo, error) {
	fi, err := root.Lstat(name)
	if err != nil {
		return nil, nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, nil, &NotRegularError{Name: name, Mode: fi.Mode()}
	}
	fh, err := root.OpenFile(name, os.O_RDONLY|openFlags, 0)
	if err != nil {
		return nil, nil, err
	}
	got, err := fh.Stat()
	if err != nil {
		fh.Close()
		return nil, nil, err
	}
	if !got.Mode().IsRegular() || !os.SameFile(fi, got) {
		fh.Close()
		return nil, nil, &NotRegularError{Name: name, Mode: got.Mode(), Replaced: true}
	}
	if n := links(got); single && n > 1 {
		fh.Close()
		return nil, nil, &NotRegularError{Name: name, Mode: got.Mode(), Links: n}
	}
	return fh, got, nil
}
