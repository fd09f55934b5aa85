//go:build unix

package source

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"sync/atomic"

	"golang.org/x/sys/unix"
)

// readAt returns the content of name, a regular file in the directory d
// (opened through the root), reading it with system calls on d's
// descriptor rather than through os.Root and os.File.
//
// Opening a file through os.File costs more than reading it: besides the
// open, the descriptor is offered to the runtime's poller (which refuses a
// regular file with one more system call) and gets a finaliser. A project
// of 10,000 files paid about twice the system-call cost of the reads
// themselves. Here a file costs an lstat, an open, an fstat, one read and
// a close, and the checks are the same: the name is lstat-ed first, so a
// FIFO, device or socket is never opened, and a symbolic link is not
// followed (O_NOFOLLOW); the open does not block, and what was opened must
// be a regular file too. (Opening first and checking the mode after would
// save the lstat, but an open acts on what it opens: it releases a writer
// blocked on a FIFO, whose next write then fails, and a device can act on
// being opened.) When listed is set, the directory's listing has already
// said that name is a regular file, and the lstat is left out: at 10,000
// files it was 8% of a lint's CPU. The listing is older than an lstat
// would be, which widens the window in which the name can be replaced,
// but not what closes it: the open still does not follow a link or
// block, and a name that is no longer a regular file is still declined.
//
// ok reports that the result stands: the content, or, for a missing name,
// an error wrapping fs.ErrNotExist (nothing was opened). For anything else
// (a link, another kind of file, any other error) ok is false and nothing
// is returned: the caller then reads the name the portable way, which
// follows links that stay inside the project and says what is wrong.
func readAt(d *os.File, name string, listed bool) (b []byte, ok bool, err error) {
	raw, cerr := d.SyscallConn()
	if cerr != nil {
		return nil, false, nil
	}
	if cerr := raw.Control(func(dirfd uintptr) { b, ok, err = readRegularAt(int(dirfd), name, listed) }); cerr != nil {
		return nil, false, nil
	}
	return b, ok, err
}

func readRegularAt(dirfd int, name string, listed bool) ([]byte, bool, error) {
	var st unix.Stat_t
	if !listed {
		lstats.Add(1)
		if err := unix.Fstatat(dirfd, name, &st, unix.AT_SYMLINK_NOFOLLOW); err == unix.ENOENT {
			return nil, true, &fs.PathError{Op: "lstat", Path: name, Err: err}
		} else if err != nil || st.Mode&unix.S_IFMT != unix.S_IFREG {
			return nil, false, nil
		}
	}
	fd, err := unix.Openat(dirfd, name, unix.O_RDONLY|unix.O_NONBLOCK|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)
	if err != nil {
		return nil, false, nil
	}
	defer unix.Close(fd)
	if unix.Fstat(fd, &st) != nil || st.Mode&unix.S_IFMT != unix.S_IFREG {
		return nil, false, nil
	}
	b, err := readAll(fdReader(fd), st.Size, MaxFileSize)
	if err != nil {
		return nil, false, nil
	}
	return b, true, nil
}

// lstats counts the lstats readRegularAt makes: the tests check with it
// that a listed directory's files are opened without one.
var lstats atomic.Int64

// fdReader reads an open descriptor as an io.Reader.
type fdReader int

func (r fdReader) Read(b []byte) (int, error) {
	for {
		n, err := unix.Read(int(r), b)
		switch {
		case err == unix.EINTR:
			continue
		case err != nil:
			return 0, err
		case n == 0 && len(b) > 0:
			return 0, io.EOF
		}
		return n, nil
	}
}

// directReads says whether directories are opened for readAt.
const directReads = true

// descriptorLimit is how many files the process may have open (the soft
// limit, which the Go runtime raises to the hard one at start).
func descriptorLimit() int {
	var l unix.Rlimit
	if unix.Getrlimit(unix.RLIMIT_NOFILE, &l) != nil || l.Cur > 1<<20 {
		return 1 << 20
	}
	return int(l.Cur)
}

// systemFailure says what to do when err is the system's failure rather
// than the file's (out of descriptors or memory, a device error), and is
// "" otherwise.
func systemFailure(err error) string {
	switch {
	case errors.Is(err, unix.EMFILE), errors.Is(err, unix.ENFILE):
		return "raise the limit on open files (ulimit -n) and run promptc again"
	case errors.Is(err, unix.ENOMEM):
		return "free memory and run promptc again"
	case errors.Is(err, unix.EIO):
		return "the device reported an error: check the disk, then run promptc again"
	}
	return ""
}
