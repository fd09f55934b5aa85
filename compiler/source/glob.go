package source

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"slices"
	"strings"

	"github.com/bmatcuk/doublestar/v4"

	"github.com/promptc/promptc/internal/diag"
)

// Glob returns the files below the root that match pattern (doublestar
// syntax: "**" crosses directories, "{a,b}" alternates), minus those that
// match any exclude pattern, sorted. Hidden files and directories are only
// matched when the pattern names them, so editor and VCS droppings never
// become prompt parts. The walk goes through the root, so a symlinked
// directory leading out of the project is not followed; a symlinked file
// that matches is returned whatever its target, wildcard or literal
// pattern alike, so that reading it reports where it leads. Patterns must
// be relative and free of ".."; such an error means a malformed pattern.
// When directories on the way cannot be read (no permission), the files
// found elsewhere are returned with an *UnreadableError naming them.
func (fsys *FS) Glob(pattern string, exclude ...string) ([]string, error) {
	matches, _, err := fsys.GlobOutside(pattern, exclude...)
	return matches, err
}

// RuleLinkOutside is the rule of a symbolic link that a glob skipped
// because it leads outside the project root (OutsideLinkDiag).
const RuleLinkOutside = "GLOB_LINK_OUTSIDE"

// GlobOutside is Glob, also returning the symbolic links the walk did not
// follow because they lead outside the project root (sorted, relative to
// the root, none excluded by an exclude pattern): a directory link out of
// the project hides every file below it from the glob, and the caller
// reports each one (OutsideLinkDiag) rather than let the files vanish
// without a word. A link that matches the pattern itself is among the
// matches, not here: reading it reports where it leads.
func (fsys *FS) GlobOutside(pattern string, exclude ...string) (matches, outside []string, err error) {
	pat, err := cleanPattern(pattern)
	if err != nil {
		return nil, nil, err
	}
	excl := make([]string, len(exclude))
	for i, x := range exclude {
		if excl[i], err = cleanPattern(x); err != nil {
			return nil, nil, err
		}
	}
	walk := &globFS{fsys: fsys, base: globBase(fsys)}
	matches, err = doublestar.Glob(walk, pat, doublestar.WithFilesOnly(), doublestar.WithNoHidden())
	if err != nil {
		return nil, nil, fmt.Errorf("glob %q: %w", pattern, err)
	}
	if len(matches) == 0 && !hasMeta(pat) {
		// doublestar drops a literal path it cannot stat; a symlink
		// leading out, or through a directory link leading out, must
		// still be reported, as the wildcard form reports it.
		if fi, err := fsys.root.Lstat(pat); err == nil && !fi.IsDir() || isEscape(err) {
			matches = append(matches, pat)
		}
	}
	excluded := func(m string) bool {
		return slices.ContainsFunc(excl, func(x string) bool {
			ok, _ := doublestar.Match(x, m)
			return ok
		})
	}
	out := matches[:0]
	for _, m := range matches {
		if !excluded(m) {
			out = append(out, m)
		}
	}
	slices.Sort(out)
	for _, name := range walk.escaped {
		link := fsys.outsideLink(name)
		// A match through the link is read, and reading reports it.
		through := slices.ContainsFunc(matches, func(m string) bool { return m == link || strings.HasPrefix(m, link+"/") })
		if link != "" && !excluded(link) && !through {
			outside = append(outside, link)
		}
	}
	slices.Sort(outside)
	outside = slices.Compact(outside)
	if len(walk.unreadable) > 0 {
		slices.Sort(walk.unreadable)
		return out, outside, &UnreadableError{Dirs: slices.Compact(walk.unreadable)}
	}
	return out, outside, nil
}

// outsideLink returns the first path on the way to name (name itself
// included) that resolves outside the root: the symbolic link that leads
// out. It returns "" when none does.
func (fsys *FS) outsideLink(name string) string {
	parts := strings.Split(name, "/")
	for i := range parts {
		p := strings.Join(parts[:i+1], "/")
		if _, err := fsys.resolve(p); isEscape(err) {
			return p
		}
	}
	return ""
}

// OutsideLinkDiag is the warning for a symbolic link a glob skipped
// because it leads outside the project root; what names the glob ("the
// glob families.files \"prompts/**/*.prompt.md\""). It is positioned at the
// link.
func OutsideLinkDiag(link, what string) diag.Diagnostic {
	return diag.Diagnostic{Pos: diag.Position{Path: link}, Rule: RuleLinkOutside, Severity: diag.Warning,
		Message: fmt.Sprintf("%s is a symbolic link that leads outside the project root, so %s skipped it and reads nothing below it; replace the link with the files, or point it inside the project", link, what)}
}

// UnreadableError is Glob's report of directories it could not read: the
// files in them may match but were not seen.
type UnreadableError struct {
	// Dirs are the directories, relative to the root, sorted.
	Dirs []string
}

// Error names the directories and what to do.
func (e *UnreadableError) Error() string {
	return fmt.Sprintf("%s cannot be read (permission denied), so the files in it are not seen; make it readable, or exclude it from the pattern",
		strings.Join(e.Dirs, ", "))
}

// hasMeta reports whether a clean pattern holds glob syntax.
func hasMeta(p string) bool { return strings.ContainsAny(p, `*?[{\`) }

// globBase returns the file system Glob walks; tests replace it to stand
// in for directories that cannot be read, which running as root prevents.
var globBase = func(fsys *FS) fs.FS { return rootListing{fsys.root.FS(), fsys.root} }

// rootListing is the root as a file system whose directory listings take
// each entry's type from the listing (see listDir) instead of an lstat per
// entry. Opening and stat-ing go through the root as before.
type rootListing struct {
	fs.FS
	root *os.Root
}

func (r rootListing) Stat(name string) (fs.FileInfo, error) { return fs.Stat(r.FS, name) }

// ReadDir lists the directory name, sorted by name, as os.Root's own
// file system does.
func (r rootListing) ReadDir(name string) ([]fs.DirEntry, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "readdir", Path: name, Err: fs.ErrInvalid}
	}
	d, err := r.root.Open(name)
	if err != nil {
		return nil, err
	}
	defer d.Close()
	es, err := listDir(d)
	for i, e := range es {
		es[i] = rootEntry{e, r.root, path.Join(name, e.Name())}
	}
	slices.SortFunc(es, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	return es, err
}

// rootEntry is a listed entry whose Info is looked up through the root,
// never by a path from the working directory.
type rootEntry struct {
	fs.DirEntry
	root *os.Root
	path string
}

func (e rootEntry) Info() (fs.FileInfo, error) { return e.root.Lstat(e.path) }

// globFS is the file system Glob walks: the root, with absolute symbolic
// links inside the project followed like relative ones, directories
// reached again through a link not walked again, and the directories that
// cannot be read remembered, since doublestar skips them silently.
type globFS struct {
	fsys       *FS
	base       fs.FS
	unreadable []string
	// escaped holds the paths the root refused to follow out of the
	// project; doublestar skips them silently.
	escaped []string
	// links holds the paths of the symbolic links listed so far.
	links map[string]bool
	// listed holds each directory's listing: a "**" walk lists a
	// directory once to descend and again to match the pattern's last
	// part.
	listed map[string]listing
}

// listing is one ReadDir result.
type listing struct {
	entries []fs.DirEntry
	err     error
}

// retry runs op on name and, when the root refuses a symbolic link there,
// on the path resolve finds for it.
func retry[T any](g *globFS, name string, op func(string) (T, error)) (T, error) {
	v, err := op(name)
	if isEscape(err) {
		if q, rerr := g.fsys.resolve(name); rerr == nil {
			v, err = op(q)
		}
	}
	if errors.Is(err, fs.ErrPermission) {
		g.unreadable = append(g.unreadable, name)
	}
	if isEscape(err) {
		g.escaped = append(g.escaped, name)
	}
	return v, err
}

func (g *globFS) Open(name string) (fs.File, error) {
	return retry(g, name, g.base.Open)
}

func (g *globFS) Stat(name string) (fs.FileInfo, error) {
	return retry(g, name, func(n string) (fs.FileInfo, error) { return fs.Stat(g.base, n) })
}

func (g *globFS) ReadDir(name string) ([]fs.DirEntry, error) {
	if l, ok := g.listed[name]; ok {
		return l.entries, l.err
	}
	if g.loops(name) {
		return nil, nil
	}
	es, err := retry(g, name, func(n string) ([]fs.DirEntry, error) { return fs.ReadDir(g.base, n) })
	if g.listed == nil {
		g.listed = map[string]listing{}
	}
	g.listed[name] = listing{es, err}
	for _, e := range es {
		if e.Type()&fs.ModeSymlink != 0 {
			if g.links == nil {
				g.links = map[string]bool{}
			}
			g.links[path.Join(name, e.Name())] = true
		}
	}
	return es, err
}

// loops reports whether the directory name is reached through a symbolic
// link and is one of the directories the walk is already inside (a link to
// "." or to the project root): listing it would list them again, once more
// for every level of the link, up to the operating system's limit.
func (g *globFS) loops(name string) bool {
	linked := false
	for p := name; p != "." && p != "/"; p = path.Dir(p) {
		if g.links[p] {
			linked = true
			break
		}
	}
	if !linked {
		return false // no link on the way: a plain path cannot loop
	}
	target, err := g.fsys.resolve(name)
	if err != nil {
		return false // the walk reports or skips it as before
	}
	for p := path.Dir(name); ; p = path.Dir(p) {
		if q, err := g.fsys.resolve(p); err == nil && (target == "." || q == target || strings.HasPrefix(q, target+"/")) {
			return true
		}
		if p == "." {
			return false
		}
	}
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
