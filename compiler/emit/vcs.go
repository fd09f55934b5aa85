package emit

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/promptc/promptc/internal/config"
)

// A directory is version-control metadata by what it holds, not by its
// name: `git init --separate-git-dir=store` puts a repository's HEAD,
// config and hooks in a directory called store, and a build that wrote
// config.worktree there would have git run the commands its settings name.
// Each system is recognised by the entries its metadata directory always
// has; the names of config.VCSDirs are refused besides, whatever they hold.

// vcsSign is what makes a directory one system's metadata: every entry of
// one of the sets, each a directory when its name ends in "/".
type vcsSign struct {
	system string
	sets   [][]string
}

// vcsSigns are the signatures of the systems whose directories
// config.VCSDirs names. git's is what git itself checks (HEAD with
// objects/ and refs/), widened to HEAD with a config or a commondir (a
// linked worktree's directory, or one whose objects live elsewhere).
var vcsSigns = []vcsSign{
	{"a git directory", [][]string{{"HEAD", "objects/", "refs/"}, {"HEAD", "config"}, {"HEAD", "commondir"}}},
	{"a Mercurial directory", [][]string{{"requires", "store/"}, {"00changelog.i"}}},
	{"a Subversion directory", [][]string{{"wc.db"}, {"entries", "pristine/"}, {"entries", "text-base/"}}},
	{"a Jujutsu directory", [][]string{{"repo/", "working_copy/"}}},
	{"a Darcs directory", [][]string{{"hashed_inventory"}, {"inventory", "patches/"}}},
	{"a Bazaar directory", [][]string{{"branch-format"}}},
}

// vcsKind returns what makes a directory version-control metadata ("a git
// directory (it holds HEAD, objects/ and refs/)"), or "". has reports the
// type of the directory's entry name, if there is one (a link counts as
// what it is named, never followed).
func vcsKind(has func(name string) (fs.FileMode, bool)) string {
	for _, s := range vcsSigns {
		for _, set := range s.sets {
			all := true
			for _, e := range set {
				name, dir := strings.CutSuffix(e, "/")
				m, ok := has(name)
				if !ok || dir && !m.IsDir() {
					all = false
					break
				}
			}
			if all {
				return s.system + " (it holds " + joinAnd(set) + ")"
			}
		}
	}
	return ""
}

// joinAnd joins names as a sentence does: "a", "a and b", "a, b and c".
func joinAnd(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// vcsDirAt returns what makes the directory dir (an absolute path)
// version-control metadata, or "": its contents, looked up entry by entry,
// so that a large directory costs a few lookups.
func vcsDirAt(dir string) string {
	return vcsKind(func(name string) (fs.FileMode, bool) {
		fi, err := os.Lstat(filepath.Join(dir, name))
		if err != nil {
			return 0, false
		}
		return fi.Mode(), true
	})
}

// vcsNamed reports whether name is one of config.VCSDirs, compared without
// case as a case-insensitive file system would: a directory so named, and
// a .git file (whose gitdir: line makes its directory a repository's work
// tree), are version-control metadata whatever they hold.
func vcsNamed(name string) bool { return config.VCSDir(name) != "" }

// vcsPlacement returns why the output directory out (absolute, its links
// resolved; it may not exist yet) may not be written, or "": it is, or is
// inside, a directory that is version-control metadata by its contents
// (checked from out up to top, the resolved directory it must stay in), or
// it holds one at any depth, by contents or by name. display turns an
// absolute path into the path shown to the user.
func vcsPlacement(out, top string, display func(string) string) (string, error) {
	if !within(top, out) {
		return "", nil // a link out of the project: openOutput refuses it unread
	}
	for d := out; ; d = filepath.Dir(d) {
		if kind := vcsDirAt(d); kind != "" {
			if d == out {
				return display(out) + " is version-control metadata, whatever its name: " + kind, nil
			}
			return display(out) + " is inside " + display(d) + ", version-control metadata, whatever its name: " + kind, nil
		}
		if d == top || filepath.Dir(d) == d {
			break
		}
	}
	var found string
	err := filepath.WalkDir(out, func(p string, e fs.DirEntry, err error) error {
		switch {
		case err != nil && p == out && errors.Is(err, fs.ErrNotExist):
			return fs.SkipAll // build creates it
		case err != nil && p == out:
			return err
		case err != nil:
			// A directory that cannot be listed below it: build writes
			// only directly in the output directory, never there.
			return fs.SkipDir
		}
		if p == out {
			return nil
		}
		if vcsNamed(e.Name()) {
			found = display(p) + ", which version-control systems keep their metadata in"
			return fs.SkipAll
		}
		if !e.IsDir() {
			return nil
		}
		if kind := vcsDirAt(p); kind != "" {
			found = display(p) + ", version-control metadata whatever its name: " + kind
			return fs.SkipAll
		}
		return nil
	})
	if err != nil {
		return "", err
	}
	if found != "" {
		return display(out) + " holds " + found, nil
	}
	return "", nil
}

// within reports whether p is top or below it (both absolute and clean).
func within(top, p string) bool {
	r, err := filepath.Rel(top, p)
	return err == nil && r != ".." && !strings.HasPrefix(r, ".."+string(filepath.Separator))
}
