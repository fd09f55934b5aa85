package source

import (
	"fmt"
	"io/fs"
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
}

// Error says what the name is.
func (e *NotRegularError) Error() string {
	if e.Replaced {
		return e.Name + " was replaced while being read"
	}
	return e.Name + " is " + Describe(e.Mode)
}

// ReadRegular returns the content of name, which must be a regular file in
// root, without following a symbolic link even one that stays inside root:
// a link, a directory, a FIFO (whose open would block), a device or a
// socket is a *NotRegularError and is not read. The file opened must be the
// one checked, so that a swap between the check and the open is refused
// too. A missing name is an error wrapping fs.ErrNotExist; anything else
// is the system's error.
func ReadRegular(root *os.Root, name string) ([]byte, error) {
	fi, err := root.Lstat(name)
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, &NotRegularError{Name: name, Mode: fi.Mode()}
	}
	fh, err := root.OpenFile(name, os.O_RDONLY|openFlags, 0)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	got, err := fh.Stat()
	if err != nil {
		return nil, err
	}
	if !got.Mode().IsRegular() || !os.SameFile(fi, got) {
		return nil, &NotRegularError{Name: name, Mode: got.Mode(), Replaced: true}
	}
	b, err := readAll(fh, got.Size())
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", name, err)
	}
	return b, nil
}
