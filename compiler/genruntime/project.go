package genruntime

// This file is part of the fixed code of every generated package that
// reads the user's files at run time (a custom mode, instruction files):
// gogen copies its declarations after the package's data tables. See the
// package documentation.

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
)

// errOutside is openInProject's error for a path that leads outside the
// project.
var errOutside = errors.New("leads outside the project")

// openInProject opens path in root without blocking (a FIFO opens at once and
// is refused by the caller's check of the open file). os.Root refuses a
// symbolic link with an absolute target even when it points inside the
// root: such a path is resolved against the project directory's real path
// and opened again, through root, at its target, when that lies inside.
func openInProject(root *os.Root, projectDir, path string) (*os.File, error) {
	if !filepath.IsLocal(filepath.FromSlash(path)) {
		return nil, errOutside
	}
	const flags = os.O_RDONLY | syscall.O_NONBLOCK
	f, err := root.OpenFile(path, flags, 0)
	if err == nil || errors.Is(err, fs.ErrNotExist) {
		return f, err
	}
	base, berr := filepath.EvalSymlinks(projectDir)
	target, terr := filepath.EvalSymlinks(filepath.Join(projectDir, filepath.FromSlash(path)))
	if berr != nil || terr != nil {
		if errors.Is(terr, fs.ErrNotExist) {
			return nil, terr
		}
		return nil, err
	}
	rel, rerr := filepath.Rel(base, target)
	if rerr != nil || !filepath.IsLocal(rel) {
		return nil, errOutside
	}
	return root.OpenFile(filepath.ToSlash(rel), flags, 0)
}
