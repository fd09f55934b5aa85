//go:build unix

package source

import (
	"io/fs"
	"os"
	"syscall"
)

// listDir lists d, a directory opened through an os.Root, with each entry's
// type taken from the listing itself.
//
// os.File.ReadDir on a directory opened in a root lstats every entry, one
// system call per file, because the entry may not look its information up
// by path later. A project of 10,000 prompt files listed twice paid 20,000
// of them. Listing a duplicate of the descriptor, opened with os.NewFile,
// uses the types the system returns (lstat-ing, relative to the directory,
// only entries whose type the file system leaves unknown); the duplicate
// names the same directory, so nothing outside the root is listed.
func listDir(d *os.File) ([]fs.DirEntry, error) {
	raw, err := d.SyscallConn()
	if err != nil {
		return d.ReadDir(-1)
	}
	var nfd int
	var derr error
	if err := raw.Control(func(fd uintptr) {
		// ForkLock keeps a concurrent exec from inheriting the duplicate
		// before it is marked close-on-exec.
		syscall.ForkLock.RLock()
		defer syscall.ForkLock.RUnlock()
		if nfd, derr = syscall.Dup(int(fd)); derr == nil {
			syscall.CloseOnExec(nfd)
		}
	}); err != nil || derr != nil {
		return d.ReadDir(-1)
	}
	dup := os.NewFile(uintptr(nfd), d.Name())
	defer dup.Close()
	return dup.ReadDir(-1)
}
