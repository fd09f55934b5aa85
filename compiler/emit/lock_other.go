//go:build !(darwin || dragonfly || freebsd || linux || netbsd || openbsd)

package emit

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
)

// lockFile is the file whose creation locks the output directory where
// flock(2) is not available.
const lockFile = ".promptc-lock"

// lock takes the output directory for one build, or returns a *BusyError
// at once when another build holds it: the build that creates lockFile
// (O_EXCL, which never follows a link) holds it, and unlock deletes it. A
// build killed before deleting it leaves it; the error says so.
func (o *outDir) lock() (unlock func(), err error) {
	f, err := o.root.OpenFile(lockFile, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	switch {
	case errors.Is(err, fs.ErrExist):
		return nil, &BusyError{Dir: o.rel, Hint: fmt.Sprintf(" (if no build is running, a killed build left %s: delete it)", path.Join(o.rel, lockFile))}
	case err != nil:
		return nil, fmt.Errorf("lock output directory %s: %w", o.rel, err)
	}
	f.Close()
	return func() { o.root.Remove(lockFile) }, nil
}
