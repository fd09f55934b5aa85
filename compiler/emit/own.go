package emit

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/promptc/promptc/compiler"
	"github.com/promptc/promptc/compiler/source"
	"github.com/promptc/promptc/internal/config"
	"github.com/promptc/promptc/internal/diag"
)

// checkPlacement refuses, as a configuration error (exit 2), an output
// directory of p that holds a file the compile read (promptc.cue, a part,
// a family file, a guide source, an include target...) at any depth, or
// that, once symbolic links are resolved, lies inside a version-control
// directory by name (config.VCSDir: the path as written is checked when
// the configuration loads), or is, is inside or holds version-control
// metadata by its contents (vcsPlacement); a guide.output that names an
// input, and one named like version-control metadata (.git). Build and
// the checks of build --check and lint share it, so that all three refuse
// the same projects. Nothing is created or read in the output directory.
func checkPlacement(p *compiler.Program) error {
	l := p.Loaded
	base, rel, err := config.OutputDir(l.Root, p.Config.Output.Dir)
	if err != nil {
		return configError(l, "output.dir: %v", err)
	}
	if g := p.Config.Guide; g != nil && guidePart(p) != nil && vcsNamed(g.Output) {
		return configErrorAt(l, "guide.output", "guide.output: %q is the name version-control systems keep their metadata under (a .git file's gitdir: line makes its directory a repository's work tree): choose another name", g.Output)
	}
	out := filepath.Join(base, rel)
	real, realOK := resolve(out)
	realRoot, rootOK := resolve(l.Root)
	if realOK {
		if realBase, ok := resolve(base); ok {
			if r, err := filepath.Rel(realBase, real); err == nil {
				if v := config.VCSDir(filepath.ToSlash(r)); v != "" {
					return configError(l, "output.dir: %s leads through a symbolic link into %s, a version-control directory; build would replace the repository's own files there: choose a directory outside it", p.Config.Output.Dir, v)
				}
			}
		}
		if rootOK && real != out {
			if err := inputsInside(p, l, realRoot, real); err != nil {
				return err
			}
		}
	}
	if err := inputsInside(p, l, l.Root, out); err != nil {
		return err
	}
	if !realOK {
		return nil
	}
	// What the directory and those around it are, by their contents.
	realBase, ok := resolve(base)
	if !ok {
		return nil
	}
	if !rootOK {
		realRoot = l.Root
	}
	display := func(abs string) string {
		if r, err := filepath.Rel(realRoot, abs); err == nil {
			return filepath.ToSlash(r)
		}
		return abs
	}
	why, err := vcsPlacement(real, realBase, display)
	if err != nil {
		return fmt.Errorf("output directory %s: %w", p.Config.Output.Dir, err)
	}
	if why != "" {
		return configError(l, "output.dir: %s; build writes its files there, and a version-control system reads settings from such a directory, some of which run commands (such as core.fsmonitor in a git directory's config or config.worktree): choose a directory that is not one, not inside one and holds none", why)
	}
	return nil
}

// inputsInside refuses an output directory out (absolute, in the same
// form as root) that holds an input of p, and a guide.output naming one.
func inputsInside(p *compiler.Program, l *config.Loaded, root, out string) error {
	r, err := filepath.Rel(root, out)
	if err != nil {
		return nil // on another volume: it cannot hold the project's files
	}
	r = filepath.ToSlash(r)
	cfg, _ := filepath.Rel(l.Root, l.File)
	cfg = filepath.ToSlash(cfg)
	outside := r == ".." || strings.HasPrefix(r, "../")
	if g := p.Config.Guide; !outside && g != nil && guidePart(p) != nil {
		if name := path.Join(r, g.Output); name == cfg || p.Files[name] != nil {
			return configErrorAt(l, "guide.output", "guide.output: %s is an input of the project (build reads it); the guide would overwrite it: choose another name", name)
		}
	}
	// An input the output directory holds; the configuration file first.
	var held string
	switch {
	case r == "." || outside:
		if r != "." && !isAncestor(r) {
			return nil // beside the project: it holds none of its files
		}
		held = cfg
	default:
		for name := range p.Files {
			if name == r || strings.HasPrefix(name, r+"/") {
				if held == "" || name < held {
					held = name
				}
			}
		}
	}
	if held == "" {
		return nil
	}
	return configError(l, "output.dir: %s holds %s, which build reads; build writes and removes files in the output directory and must never touch an input: choose a directory that holds none, such as \"generated\"", p.Config.Output.Dir, held)
}

// isAncestor reports whether the slash-separated relative path r climbs
// only ("..", "../.."): the directory is an ancestor of where it is
// relative to.
func isAncestor(r string) bool {
	for _, c := range strings.Split(r, "/") {
		if c != ".." {
			return false
		}
	}
	return true
}

// resolve returns p with every symbolic link resolved; for a path that
// does not exist yet, its nearest existing ancestor is resolved and the
// rest appended, since build creates the rest there.
func resolve(p string) (string, bool) {
	rest := ""
	for d := p; ; {
		if real, err := filepath.EvalSymlinks(d); err == nil {
			return filepath.Join(real, rest), true
		} else if !errors.Is(err, os.ErrNotExist) {
			return "", false
		}
		parent := filepath.Dir(d)
		if parent == d {
			return "", false
		}
		rest = filepath.Join(filepath.Base(d), rest)
		d = parent
	}
}

// configErrorAt is a configuration error positioned at the value path.
func configErrorAt(l *config.Loaded, at, format string, args ...any) error {
	return &config.Error{Root: l.Root, Diagnostics: []diag.Diagnostic{
		diag.Errorf(l.PosOf(at), config.RuleConfig, format, args...),
	}}
}

// sumText is a digest as the manifest records it.
func sumText(d digest) string { return "sha256:" + hex.EncodeToString(d[:]) }

// owned returns a finding for every file that writing files would
// replace or remove and that build does not own: a file the previous
// manifest does not list, or whose SHA-256 differs from the one it records
// (edited since build wrote it; a line without a hash proves nothing).
// A file whose bytes already equal what build writes is not replaced, and
// the new manifest adopts it: nothing of the user's can be lost. The
// manifest itself is build's by its reserved name. It also records in st
// the SHA-256 of each orphan, which the rollback checks against.
func (o *outDir) owned(st *state, files []File) ([]diag.Diagnostic, error) {
	var bad []diag.Diagnostic
	for _, f := range files {
		cur, exists := st.old[f.Name]
		if !exists || f.Name == ManifestName || cur == sha256.Sum256(f.Data) {
			continue
		}
		if rec, listed := st.sums[f.Name]; !listed {
			bad = append(bad, o.notOwned(f.Name, "replaces", "promptc did not write it ("+ManifestName+" does not list it)"))
		} else if rec != sumText(cur) {
			bad = append(bad, o.notOwned(f.Name, "replaces", "it was edited since promptc wrote it (its SHA-256 is not the one "+ManifestName+" records)"))
		}
	}
	st.orphanSums = map[string]digest{}
	for _, n := range st.orphans {
		sum, _, ok, d, err := o.hash(n)
		switch {
		case err != nil:
			return nil, err
		case d != nil:
			d.Message = strings.Replace(d.Message, "a generated file", "a file it generated before and now removes", 1)
			bad = append(bad, *d)
		case ok && st.sums[n] != sumText(sum):
			bad = append(bad, o.notOwned(n, "deletes", "it was edited since promptc wrote it (its SHA-256 is not the one "+ManifestName+" records), and build no longer generates it"))
		case ok && !o.wroteBefore(n, sum):
			bad = append(bad, o.notOwned(n, "deletes", unproven))
		case ok:
			st.orphanSums[n] = sum
		}
	}
	return bad, nil
}

// unproven is why build does not delete an orphan the manifest lists
// with its SHA-256 but no record of this machine proves promptc wrote
// (see written.go).
const unproven = "build no longer generates it and only " + ManifestName + " says promptc wrote it, which a commit can say: no build on this machine recorded writing these bytes there (the records are in promptc's cache; PROMPTC_CACHE=off keeps none)"

// notOwned is the finding for name, a file build would replace or delete
// (verb) and does not own, for the reason why. It is positioned at the
// setting that makes build write there: guide.output for the guide,
// output.dir otherwise (the file itself without a configuration).
func (o *outDir) notOwned(name, verb, why string) diag.Diagnostic {
	pos := o.pos(name)
	if o.cfg != nil {
		at := "output.dir"
		if g := o.cfg.Config.Guide; g != nil && g.Output == name {
			at = "guide.output"
		}
		pos = o.cfg.PosOf(at)
	}
	return diag.Errorf(pos, source.RuleOutputUnsafe,
		"%s: %s; build never %s a file it does not own: move it away or delete it yourself, then run promptc build",
		o.show(name), why, verb)
}

// verify reports whether every name of want holds the bytes with that
// SHA-256 (nil: does not exist) and no temporary file of build is left, so
// that what a rollback says it restored is what the directory holds.
func (o *outDir) verify(want map[string]*digest) error {
	o.hashed = nil // what a Prefetch hashed is from before the write
	if err := o.reread(); err != nil {
		return err
	}
	for n := range o.entries {
		if strings.HasPrefix(n, config.TempPrefix) {
			return fmt.Errorf("%s is still there", o.show(n))
		}
	}
	for n, sum := range want {
		got, _, ok, bad, err := o.hash(n)
		switch {
		case err != nil:
			return err
		case bad != nil:
			return errors.New(bad.Message)
		case sum == nil && ok:
			return fmt.Errorf("%s exists, and did not before", o.show(n))
		case sum != nil && !ok:
			return fmt.Errorf("%s is missing", o.show(n))
		case sum != nil && got != *sum:
			return fmt.Errorf("%s does not hold its previous bytes", o.show(n))
		}
	}
	return nil
}
