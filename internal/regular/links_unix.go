//go:build unix

package regular

import (
	"io/fs"
	"syscall"
)

// links returns the number of names (hard links) of the file fi describes.
func links(fi fs.FileInfo) uint64 {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return uint64(st.Nlink)
	}
	return 1
}
