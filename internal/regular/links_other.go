//go:build !unix

package regular

import "io/fs"

// links returns 1: the standard library does not report the number of
// names of a file here, so hard links are not detected.
func links(fs.FileInfo) uint64 { return 1 }
