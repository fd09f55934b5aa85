package source

import (
	"errors"
	"io/fs"
	"path"
	"path/filepath"
	"slices"
	"strings"
)

// os.Root follows a symbolic link only when its target is relative and
// stays below the root; it refuses every absolute target, even one that
// names a file of the project. Projects do contain such links (made with
// ln -s "$PWD/x"), and refusing them is not what confinement asks: only
// links that leave the project must be refused. resolve follows them by
// hand, one path component at a time, reading each link through the root
// and never opening anything: an absolute target is accepted only when it
// starts with the root's own path, and is then taken as a path relative to
// the root, which the caller opens through the root again. A link swapped
// in between is refused by that open, so nothing outside is ever read.

// maxHops bounds the symbolic links followed for one path, as the
// operating system does (Linux: 40).
const maxHops = 40

// errEscape is os.Root's refusal of a path that leaves the root, made by
// resolve too; errLoop is a path with more than maxHops links.
var (
	errEscape = errors.New("path escapes from parent")
	errLoop   = errors.New("too many levels of symbolic links")
)

// isEscape reports whether err is a refusal to leave the root, by os.Root
// (which has no exported error for it) or by resolve.
func isEscape(err error) bool {
	if err == nil {
		return false
	}
	if errors.Is(err, errEscape) {
		return true
	}
	var pe *fs.PathError
	return errors.As(err, &pe) && pe.Err.Error() == errEscape.Error()
}

// components splits an absolute path into its names, dropping empty and
// "." ones (".." is kept: it is not resolved lexically).
func components(p string) []string {
	var out []string
	for _, c := range strings.Split(filepath.ToSlash(p), "/") {
		if c != "" && c != "." {
			out = append(out, c)
		}
	}
	return out
}

// inRoot returns target, an absolute link target, as a path relative to
// the project root when it names the root or something below it.
func (fsys *FS) inRoot(target string) ([]string, bool) {
	t := components(target)
	for _, r := range fsys.rootPaths {
		if len(t) >= len(r) && slices.Equal(t[:len(r)], r) {
			return t[len(r):], true
		}
	}
	return nil, false
}

// resolve returns the clean path relative to the root that p (clean,
// relative) names once every symbolic link on it is followed, relative
// links as os.Root follows them and absolute ones that stay inside the
// root as well. The result holds no symbolic links. A link leading out of
// the root, or a ".." above it, is errEscape; more than maxHops links are
// errLoop; other errors are the root's (a missing component).
func (fsys *FS) resolve(p string) (string, error) {
	done := ""                    // resolved so far: no symbolic links on it
	rest := strings.Split(p, "/") // still to walk
	hops := 0
	for len(rest) > 0 {
		c := rest[0]
		rest = rest[1:]
		switch c {
		case "", ".":
			continue
		case "..":
			if done == "" {
				return "", &fs.PathError{Op: "resolve", Path: p, Err: errEscape}
			}
			if done = path.Dir(done); done == "." {
				done = ""
			}
			continue
		}
		next := path.Join(done, c)
		fi, err := fsys.root.Lstat(next)
		if err != nil {
			return "", err
		}
		if fi.Mode()&fs.ModeSymlink == 0 {
			done = next
			continue
		}
		if hops++; hops > maxHops {
			return "", &fs.PathError{Op: "resolve", Path: p, Err: errLoop}
		}
		target, err := fsys.root.Readlink(next)
		if err != nil {
			return "", err
		}
		var more []string
		if filepath.IsAbs(target) {
			in, ok := fsys.inRoot(target)
			if !ok {
				return "", &fs.PathError{Op: "resolve", Path: p, Err: errEscape}
			}
			done, more = "", in
		} else {
			// Relative to the link's directory, which done is.
			more = strings.Split(filepath.ToSlash(target), "/")
		}
		rest = append(more, rest...)
	}
	if done == "" {
		return ".", nil
	}
	return done, nil
}
