//go:build !unix

package source

import (
	"io/fs"
	"os"
)

// listDir lists d, a directory opened through an os.Root.
func listDir(d *os.File) ([]fs.DirEntry, error) { return d.ReadDir(-1) }
