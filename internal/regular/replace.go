package regular

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
)

// ReplacePrefix starts the name of the temporary file Replace writes
// beside its destination and renames over it, so that a reader (an
// editor, a build) sees the old bytes or the new ones, never half of each.
// It differs from the prefix of build's temporary files, which build
// treats as leftovers of its own.
const ReplacePrefix = ".promptc-replace-"

// ChangedError is the error of Replace for a file that changed after it
// was read: replacing it would lose that change.
type ChangedError struct{ Name string }

// Error says what happened and what to do.
func (e *ChangedError) Error() string {
	return e.Name + " changed while promptc was working on it; run promptc again"
}

// ReadInfo is Read returning also the FileInfo of the file read, which
// Replace takes to check that the file is still the one read.
func ReadInfo(root *os.Root, name string, limit int64) ([]byte, fs.FileInfo, error) {
	fh, fi, err := open(root, name, false)
	if err != nil {
		return nil, nil, err
	}
	defer fh.Close()
	b, err := ReadAll(fh, fi.Size(), limit)
	if err != nil {
		return nil, nil, fmt.Errorf("read %s: %w", name, err)
	}
	return b, fi, nil
}

// Replace writes data over name, a path in root, which was
// read when it was the file read describes (ReadInfo's FileInfo). The data
// is written to a new temporary file in the same directory (created with
// O_EXCL, which never follows a link) and renamed over name, so the
// replacement is atomic and stays inside root. name must still be a
// regular file with a single name, the one read, of the same size and
// modification time: a symbolic link is replaced by nothing and never
// followed (*NotRegularError), a hard link is refused (renaming would
// split it from its other names, *NotRegularError with Links set), and a
// file changed since it was read is left alone (*ChangedError). The new
// file keeps the old one's permission bits.
func Replace(root *os.Root, name string, data []byte, read fs.FileInfo) error {
	fi, err := root.Lstat(name)
	if err != nil {
		return err
	}
	if !fi.Mode().IsRegular() {
		return &NotRegularError{Name: name, Mode: fi.Mode()}
	}
	if n := links(fi); n > 1 {
		return &NotRegularError{Name: name, Mode: fi.Mode(), Links: n}
	}
	unchanged := func(now fs.FileInfo) bool {
		return now.Mode().IsRegular() && os.SameFile(read, now) && now.Size() == read.Size() && now.ModTime().Equal(read.ModTime())
	}
	if !unchanged(fi) {
		return &ChangedError{Name: name}
	}
	dir, base := filepath.Split(name)
	perm := fi.Mode().Perm()
	var tmp string
	var f *os.File
	for i := 0; ; i++ {
		tmp = dir + ReplacePrefix + base + "." + strconv.Itoa(os.Getpid()) + "." + strconv.Itoa(i)
		f, err = root.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
		if err == nil {
			break
		}
		if !errors.Is(err, fs.ErrExist) || i == 99 {
			return err
		}
	}
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		// The mode given to OpenFile passed through the umask.
		err = root.Chmod(tmp, perm)
	}
	if err == nil {
		// The last look before the rename: a file edited or swapped
		// while the new one was written is kept.
		now, lerr := root.Lstat(name)
		switch {
		case lerr != nil:
			err = lerr
		case !unchanged(now):
			err = &ChangedError{Name: name}
		}
	}
	if err == nil {
		err = root.Rename(tmp, name)
	}
	if err != nil {
		root.Remove(tmp)
		return err
	}
	return nil
}
