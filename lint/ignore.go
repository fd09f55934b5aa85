package lint

import (
	"cmp"
	"path"
	"slices"
	"strings"

	"github.com/go-git/go-git/v5/plumbing/format/gitignore"

	"github.com/promptc/promptc/compiler/source"
)

// ignoreFiles are the files whose patterns keep paths out of the orphan
// check: git's own, then promptc's for what git tracks but promptc should
// not look at. Later files take precedence, as in git.
var ignoreFiles = []string{".gitignore", ".promptcignore"}

// skippedDirs are folders of other tools' packages, never prompt assets,
// left out of the orphan check even when no ignore file lists them.
var skippedDirs = []string{"node_modules", "vendor"}

// unignored returns the paths (slash-separated, relative to the project
// root, sorted) that no ignore file excludes and that lie in no skipped
// folder. Ignore files are read from the root and from every folder on the
// way to a path, through the project's confined file system, with git's
// matching rules (a pattern applies below the folder of its file, ! re-
// includes, a trailing / matches folders only). An ignore file that
// cannot be read is skipped: it only ever narrows the check.
func unignored(fsys *source.FS, paths []string) []string {
	dirs := map[string]bool{".": true}
	for _, p := range paths {
		for d := path.Dir(p); d != "."; d = path.Dir(d) {
			dirs[d] = true
		}
	}
	var patterns []gitignore.Pattern
	// Shallow folders first: deeper ignore files take precedence.
	ordered := make([]string, 0, len(dirs))
	for d := range dirs {
		ordered = append(ordered, d)
	}
	depth := func(d string) int {
		if d == "." {
			return 0
		}
		return strings.Count(d, "/") + 1
	}
	slices.SortFunc(ordered, func(a, b string) int {
		return cmp.Or(cmp.Compare(depth(a), depth(b)), strings.Compare(a, b))
	})
	for _, d := range ordered {
		var domain []string
		if d != "." {
			domain = strings.Split(d, "/")
		}
		for _, name := range ignoreFiles {
			f, err := fsys.Read(path.Join(d, name))
			if err != nil {
				continue
			}
			for _, line := range strings.Split(f.Text, "\n") {
				line = strings.TrimRight(line, " \t\r")
				if line == "" || strings.HasPrefix(line, "#") {
					continue
				}
				patterns = append(patterns, gitignore.ParsePattern(line, domain))
			}
		}
	}
	m := gitignore.NewMatcher(patterns)
	var out []string
	for _, p := range paths {
		parts := strings.Split(p, "/")
		if slices.ContainsFunc(parts[:len(parts)-1], func(s string) bool { return slices.Contains(skippedDirs, s) }) {
			continue
		}
		if m.Match(parts, false) {
			continue
		}
		out = append(out, p)
	}
	return out
}
