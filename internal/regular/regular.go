// Package regular opens and reads regular files without following symbolic
// links, without blocking on FIFOs or devices, and with a size limit. It sits
// below every reader of project files (compiler/source for assets and the
// output directory, internal/config for promptc.cue), so that all of them
// refuse the same things the same way.
package regular

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"slices"
)

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

// NotRegularError is the error of Open for a name that is not a regular
// file. The file is never opened for reading.
type NotRegularError struct {
	Name string
	Mode fs.FileMode
	// Replaced is set when the name was a regular file when checked and
	// something else (another file, a link) when opened.
	Replaced bool
	// Links is the number of names of a regular file refused because it
	// has more than one (see OpenSingle); 0 otherwise.
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

// Open opens name in root for reading after checking, without following a
// link, that it is a regular file, and checks that the file opened is the
// one checked: a link (even one that stays inside root), a directory, a
// FIFO, a device or a socket is a *NotRegularError and is not opened, and
// a swap between the check and the open is refused too (the open does not
// block, so a FIFO swapped in cannot hang it). A missing name is an error
// wrapping fs.ErrNotExist; anything else is the system's error. The
// returned FileInfo is the open file's.
func Open(root *os.Root, name string) (*os.File, fs.FileInfo, error) {
	return open(root, name, false)
}

// OpenSingle is Open for a file that must also have a single name: a hard
// link (a file with more than one name, which may be outside root) is a
// *NotRegularError with Links set, and is closed unread. The output
// directory is read this way, because a hard link planted there to a file
// elsewhere would otherwise be read (and printed in a diff) as if it were
// the generated file. Hard links are detected on unix only.
func OpenSingle(root *os.Root, name string) (*os.File, fs.FileInfo, error) {
	return open(root, name, true)
}

// open is Open, refusing hard links when single is set.
func open(root *os.Root, name string, single bool) (*os.File, fs.FileInfo, error) {
	fi, err := root.Lstat(name)
	if err != nil {
		return nil, nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, nil, &NotRegularError{Name: name, Mode: fi.Mode()}
	}
	fh, err := root.OpenFile(name, os.O_RDONLY|OpenFlags, 0)
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

// Read returns the content of name, opened as Open opens it, refusing a
// file of more than limit bytes with a *TooLargeError before reading it.
func Read(root *os.Root, name string, limit int64) ([]byte, error) {
	return read(root, name, limit, false)
}

// ReadSingle is Read through OpenSingle: a hard link is refused unread.
func ReadSingle(root *os.Root, name string, limit int64) ([]byte, error) {
	return read(root, name, limit, true)
}

func read(root *os.Root, name string, limit int64, single bool) ([]byte, error) {
	fh, fi, err := open(root, name, single)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	b, err := ReadAll(fh, fi.Size(), limit)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", name, err)
	}
	return b, nil
}

// ReadAll reads r, a file whose size was size bytes when checked, from
// its start to its end into one buffer sized for size bytes.
//
// The buffer has room for one byte more than size, so a first read that
// returns exactly size bytes has found the file as long as it was when
// checked and no longer: a longer file fills the spare byte. Such a read
// is the whole file, and the read that would only see the end is not
// made. Any other count (the file grew or shrank since, or the system
// returned less than asked) reads on to the end. A file that grew while a
// system returned exactly size bytes of it is read as it was when checked.
//
// A file of more than limit bytes, by size or as read, is a
// *TooLargeError, and nothing more of it is read.
func ReadAll(r io.Reader, size, limit int64) ([]byte, error) {
	if size > limit {
		return nil, &TooLargeError{Size: size, Limit: limit}
	}
	b := make([]byte, 0, size+1)
	for {
		n, err := r.Read(b[len(b):cap(b)])
		first := len(b) == 0
		b = b[:len(b)+n]
		if int64(len(b)) > limit {
			return nil, &TooLargeError{Size: int64(len(b)), Limit: limit}
		}
		if err == io.EOF || (first && err == nil && n > 0 && int64(n) == size) {
			return b, nil
		}
		if err != nil {
			return nil, err
		}
		if len(b) == cap(b) {
			b = slices.Grow(b, len(b))
		}
	}
}

// TooLargeError is the error for a file larger than a reader accepts.
// Readers say in their own words why the limit is what it is.
type TooLargeError struct {
	// Size is the file's size as found (at least Limit+1).
	Size int64
	// Limit is the largest size accepted.
	Limit int64
}

// Error states the size and the limit.
func (e *TooLargeError) Error() string {
	return fmt.Sprintf("it is %d bytes, more than the limit of %d bytes", e.Size, e.Limit)
}
