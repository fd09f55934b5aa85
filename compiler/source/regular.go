package source

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"

	"github.com/promptc/promptc/internal/regular"
)

// RuleOutputUnsafe is the rule of an entry of the output directory that
// build refuses to read, replace or remove: a symbolic link, a directory or
// another irregular file where a generated file or a temporary file of
// build belongs, or a manifest line that is not a plain file name.
const RuleOutputUnsafe = "OUTPUT_UNSAFE"

// Describe names a file type for messages: "a symbolic link", "a
// directory", "a named pipe (FIFO)", ... (regular.Describe).
func Describe(m fs.FileMode) string { return regular.Describe(m) }

// IsEscape reports whether err is a refusal of a path that leads outside
// the root (through "..", or a symbolic link), by os.Root or by this
// package's link resolution.
func IsEscape(err error) bool { return isEscape(err) }

// NotRegularError is the error of ReadRegular for a name that is not a
// regular file. The file is never opened for reading.
type NotRegularError = regular.NotRegularError

// ReadRegular returns the content of name, which must be a regular file in
// root, without following a symbolic link even one that stays inside root:
// a link, a directory, a FIFO (whose open would block), a device or a
// socket is a *NotRegularError and is not read. The file opened must be the
// one checked, so that a swap between the check and the open is refused
// too. A missing name is an error wrapping fs.ErrNotExist; anything else
// is the system's error.
func ReadRegular(root *os.Root, name string) ([]byte, error) {
	return regular.Read(root, name, math.MaxInt64)
}

// ReadSingle is ReadRegular for a file that must also have a single name:
// a hard link (a file with more than one name, which may be outside root)
// is a *NotRegularError with Links set, and is not read. The output
// directory is read this way (see regular.OpenSingle).
func ReadSingle(root *os.Root, name string) ([]byte, error) {
	return regular.ReadSingle(root, name, math.MaxInt64)
}

// ReadSingleMax is ReadSingle for a file that may hold at most limit
// bytes: a larger one, by its size or as read, is a *TooLargeError, and
// no more of it than limit bytes is read.
func ReadSingleMax(root *os.Root, name string, limit int64) ([]byte, error) {
	return regular.ReadSingle(root, name, limit)
}

// HashRegular returns the SHA-256 of name's content and its first head
// bytes (all of it when shorter), holding no more of it in memory than a
// buffer: generated files can be many megabytes, and checking that they are
// unchanged needs their hash, not their bytes. name is checked as
// ReadSingle checks it, with the same errors: it is only used on the
// output directory.
func HashRegular(root *os.Root, name string, head int) (sum [sha256.Size]byte, first []byte, err error) {
	fh, _, err := regular.OpenSingle(root, name)
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
