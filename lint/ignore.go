package lint

import (
	"cmp"
	"os"
	"path"
	"path/filepath"
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

// inSkippedDir reports whether a folder on the way to p, a slash-separated
// path, is one of skippedDirs; p is not split, as unignored asks for
// every file the orphan check finds.
func inSkippedDir(p string) bool {
	dir, _ := path.Split(p)
	return slices.ContainsFunc(skippedDirs, func(s string) bool {
		return strings.HasPrefix(dir, s+"/") || strings.Contains(dir, "/"+s+"/")
	})
}

// unignored returns the paths (slash-separated, relative to the project
// root, sorted) that no ignore file excludes and that lie in no skipped
// folder. Ignore files are read from the root and from every folder on the
// way to a path, through the project's confined file system, with git's
// matching rules (a pattern applies below the folder of its file, ! re-
// includes, a trailing / matches folders only). When the project sits
// inside a git repository, the repository's own ignore files above the
// project root count too (see outerPatterns), so paths are matched as the
// repository sees them. An ignore file that cannot be read is skipped: it
// only ever narrows the check.
func unignored(fsys *source.FS, root string, paths []string) []string {
	patterns, prefix := outerPatterns(root)
	dirs := map[string]bool{".": true}
	for _, p := range paths {
		for d := path.Dir(p); d != "."; d = path.Dir(d) {
			dirs[d] = true
		}
	}
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
		domain := slices.Clone(prefix)
		if d != "." {
			domain = append(domain, strings.Split(d, "/")...)
		}
		for _, name := range ignoreFiles {
			f, err := fsys.Read(path.Join(d, name))
			if err != nil {
				continue
			}
			patterns = parsePatterns(patterns, f.Text, domain)
		}
	}
	m := gitignore.NewMatcher(patterns)
	var out []string
	for _, p := range paths {
		if inSkippedDir(p) {
			continue
		}
		// Without a pattern nothing matches: the path is not split for
		// the matcher (a project without ignore files lists thousands).
		if len(patterns) > 0 && m.Match(append(slices.Clone(prefix), strings.Split(p, "/")...), false) {
			continue
		}
		out = append(out, p)
	}
	return out
}

// parsePatterns appends the patterns of one ignore file's text, which
// applies below domain (folder names from the repository root).
func parsePatterns(patterns []gitignore.Pattern, text string, domain []string) []gitignore.Pattern {
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimRight(line, " \t\r")
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		patterns = append(patterns, gitignore.ParsePattern(line, domain))
	}
	return patterns
}

// outerPatterns returns the ignore patterns git applies to the project
// from outside its root, and the project root's folder names relative to
// the repository root (nil when the project root is the repository root
// or no repository holds it). The repository root is the nearest folder
// at or above root holding .git; info/exclude of its git directory (see
// gitCommonDir) comes first, then every .gitignore from the repository root
// down to the project root's parent, so that nearer files take precedence
// as in git. These are the only files promptc reads outside the project
// root: read-only, regular files only, never through a symbolic link.
// The user's global core.excludesFile is not read, so that the findings
// depend on the repository alone.
func outerPatterns(root string) ([]gitignore.Pattern, []string) {
	abs, err := filepath.Abs(root)
	if err != nil {
		return nil, nil
	}
	var above []string // folder names from the repository root down to root
	repo := abs
	for {
		if _, err := os.Lstat(filepath.Join(repo, ".git")); err == nil {
			break
		}
		parent := filepath.Dir(repo)
		if parent == repo {
			return nil, nil // no repository: the project's files alone
		}
		above = append([]string{filepath.Base(repo)}, above...)
		repo = parent
	}
	var patterns []gitignore.Pattern
	if text, ok := readOuter(gitCommonDir(repo), filepath.Join("info", "exclude")); ok {
		patterns = parsePatterns(patterns, text, nil)
	}
	dir := repo
	for i := range above {
		if text, ok := readOuter(dir, ".gitignore"); ok {
			patterns = parsePatterns(patterns, text, above[:i])
		}
		dir = filepath.Join(dir, above[i])
	}
	return patterns, above
}

// readOuter reads name inside dir as a regular file, following no
// symbolic link on the way (dir itself is a folder the walk up found, or
// the .git folder, which must not be a link either).
func readOuter(dir, name string) (string, bool) {
	if fi, err := os.Lstat(dir); err != nil || !fi.IsDir() {
		return "", false
	}
	r, err := os.OpenRoot(dir)
	if err != nil {
		return "", false
	}
	defer r.Close()
	if d := filepath.Dir(name); d != "." {
		if fi, err := r.Lstat(d); err != nil || !fi.IsDir() {
			return "", false
		}
	}
	b, err := source.ReadRegular(r, name)
	if err != nil {
		return "", false
	}
	return string(b), true
}

// gitCommonDir returns the git directory of the repository rooted at repo
// that holds info/exclude: repo/.git when it is a folder; in a linked
// worktree or a submodule, where .git is a file "gitdir: PATH", that
// directory, or the main repository's (its commondir file) for a worktree.
// It returns "" when none is found; nothing is read through a symbolic
// link.
func gitCommonDir(repo string) string {
	dotGit := filepath.Join(repo, ".git")
	fi, err := os.Lstat(dotGit)
	if err != nil {
		return ""
	}
	if fi.IsDir() {
		return dotGit
	}
	text, ok := readOuter(repo, ".git")
	if !ok {
		return ""
	}
	dir, ok := strings.CutPrefix(strings.TrimSpace(text), "gitdir:")
	if !ok {
		return ""
	}
	dir = strings.TrimSpace(dir)
	if !filepath.IsAbs(dir) {
		dir = filepath.Join(repo, dir)
	}
	if common, ok := readOuter(dir, "commondir"); ok {
		c := strings.TrimSpace(common)
		if !filepath.IsAbs(c) {
			c = filepath.Join(dir, c)
		}
		return c
	}
	return dir
}
