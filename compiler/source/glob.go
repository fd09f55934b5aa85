package source

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/bmatcuk/doublestar/v4"
)

// Glob returns the files below the root that match pattern (doublestar
// syntax: "**" crosses directories, "{a,b}" alternates), minus those that
// match any exclude pattern, sorted. Hidden files and directories are only
// matched when the pattern names them, so editor and VCS droppings never
// become prompt parts. The walk goes through the root, so a symlinked
// directory leading out of the project is not followed. Patterns must be
// relative and free of ".."; an error means a malformed pattern.
func (fsys *FS) Glob(pattern string, exclude ...string) ([]string, error) {
	pat, err := cleanPattern(pattern)
	if err != nil {
		return nil, err
	}
	excl := make([]string, len(exclude))
	for i, x := range exclude {
		if excl[i], err = cleanPattern(x); err != nil {
			return nil, err
		}
	}
	matches, err := doublestar.Glob(fsys.root.FS(), pat, doublestar.WithFilesOnly(), doublestar.WithNoHidden())
	if err != nil {
		return nil, fmt.Errorf("glob %q: %w", pattern, err)
	}
	out := matches[:0]
	for _, m := range matches {
		if !slices.ContainsFunc(excl, func(x string) bool {
			ok, _ := doublestar.Match(x, m)
			return ok
		}) {
			out = append(out, m)
		}
	}
	slices.Sort(out)
	return out, nil
}

func cleanPattern(p string) (string, error) {
	if p == "" || IsAbs(p) {
		return "", fmt.Errorf("glob pattern %q must be a non-empty path relative to the project root", p)
	}
	c := path.Clean(p)
	if c == ".." || strings.HasPrefix(c, "../") || strings.Contains(c, "/../") || strings.HasSuffix(c, "/..") {
		return "", fmt.Errorf("glob pattern %q may not use .. to leave the project root", p)
	}
	if !doublestar.ValidatePattern(c) {
		return "", fmt.Errorf("glob pattern %q is malformed", p)
	}
	return c, nil
}
