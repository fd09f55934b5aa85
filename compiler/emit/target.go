package emit

import (
	"errors"
	"fmt"
	"path"
	"path/filepath"
	"strings"

	"github.com/promptc/promptc/compiler"
	"github.com/promptc/promptc/compiler/portable"
	"github.com/promptc/promptc/internal/config"
	"github.com/promptc/promptc/internal/diag"
)

// A target is a directory of its own for the package of another language
// (output.targets): build writes and owns it exactly as it does the
// output directory, through the same opening, locking, staging, manifest
// and ownership checks, with files that WithManifest lists.

// openTarget opens the directory of target t of p; with create, a missing
// one is made, without, it is nil, nil. Its placement is checked first: a
// path config.OutputDir refuses, a directory inside a version-control
// directory, and one that holds an input of the project are configuration
// errors at t's dir.
func openTarget(p *compiler.Program, t config.NamedTarget, create bool) (*outDir, error) {
	l := p.Loaded
	base, rel, err := config.OutputDir(l.Root, t.Dir)
	if err != nil {
		return nil, configErrorAt(l, t.Field(), "%s: %v", t.Field(), err)
	}
	out := filepath.Join(base, rel)
	if real, ok := resolve(out); ok {
		if realBase, ok := resolve(base); ok {
			if r, err := filepath.Rel(realBase, real); err == nil {
				if v := config.VCSDir(filepath.ToSlash(r)); v != "" {
					return nil, configErrorAt(l, t.Field(), "%s: %s leads through a symbolic link into %s, a version-control directory; build would replace the repository's own files there: choose a directory outside it", t.Field(), t.Dir, v)
				}
			}
		}
	}
	if r, err := filepath.Rel(l.Root, out); err == nil {
		r = filepath.ToSlash(r)
		cfg, _ := filepath.Rel(l.Root, l.File)
		held := ""
		if r == "." || r == ".." || strings.HasPrefix(r, "../") && isAncestor(r) {
			held = filepath.ToSlash(cfg)
		}
		for name := range p.Files {
			if (r == "." || name == r || strings.HasPrefix(name, r+"/")) && (held == "" || name < held) {
				held = name
			}
		}
		if held != "" {
			return nil, configErrorAt(l, t.Field(), "%s: %s holds %s, which build reads; build writes and removes files there and must never touch an input: choose a directory that holds none", t.Field(), t.Dir, held)
		}
	}
	o, err := openAt(base, rel, path.Clean(t.Dir), create)
	var nd *notDirError
	if errors.As(err, &nd) {
		return nil, configErrorAt(l, t.Field(), "%s: %s; build writes the %s package there: move the file away or choose another directory", t.Field(), nd, t.Language)
	}
	if o != nil {
		o.cfg, o.field = l, t.Field()
	}
	return o, err
}

// WriteTarget brings the directory of target t of p in line with files
// (from WithManifest), all or nothing, as Write does for the output
// directory.
func WriteTarget(p *compiler.Program, t config.NamedTarget, files []File) (*Result, error) {
	o, err := openTarget(p, t, true)
	if err != nil {
		return nil, err
	}
	defer o.Close()
	unlock, err := o.lock()
	if err != nil {
		return nil, err
	}
	defer unlock()
	if err := o.reread(); err != nil {
		return nil, fmt.Errorf("read %s directory %s: %w", t.Language, o.rel, err)
	}
	return o.write(files)
}

// StaleTarget lists how the directory of target t of p differs from
// files (from WithManifest), as Stale does for the output directory: an
// entry build refuses to read or would replace without owning it is an
// *UnsafeError. It writes nothing.
func StaleTarget(p *compiler.Program, t config.NamedTarget, files []File) ([]Change, error) {
	o, err := openTarget(p, t, false)
	if err != nil {
		return nil, err
	}
	st := &state{old: map[string]digest{}}
	if o != nil {
		defer o.Close()
		if st, err = o.scan(names(files)); err != nil {
			return nil, err
		}
		if len(st.leftovers) == 0 {
			bad, err := o.owned(st, files)
			if err != nil {
				return nil, err
			}
			if len(bad) > 0 {
				return nil, &UnsafeError{Diagnostics: diag.Sort(bad)}
			}
		}
	}
	return st.compare(o, files)
}

// TargetFiles renders the package of each of targets (languages other
// than Go) from progs, one profile per program, the default first: the
// files of each with its manifest, in the order of targets. The compiled
// form they ship is built once. What the form cannot carry (a pattern the
// target's regexes cannot match the same way) is a *config.Error at its
// place in promptc.cue, naming the first target.
func TargetFiles(progs []*compiler.Program, targets []config.NamedTarget) ([][]File, error) {
	if len(targets) == 0 {
		return nil, nil
	}
	p := progs[0]
	d, err := portable.Build(progs, InputHash(p))
	var pe *portable.Error
	if errors.As(err, &pe) {
		pos := pe.Pos
		if pe.Path != "" {
			pos = p.Loaded.PosOf(pe.Path)
		}
		t := targets[0]
		return nil, &config.Error{Root: p.Loaded.Root, Diagnostics: []diag.Diagnostic{diag.Errorf(pos, config.RuleConfig,
			"%s; the %s package (%s) cannot carry it: rewrite it so that it can, or remove the target", pe.Msg, t.Language, t.Field())}}
	}
	if err != nil {
		return nil, err
	}
	sets := make([][]File, len(targets))
	for i, t := range targets {
		pf, err := portable.Files(t.Language, d, t.Package)
		if err != nil {
			return nil, err
		}
		files := make([]File, len(pf))
		for j, f := range pf {
			files[j] = File{Name: f.Name, Data: f.Data}
		}
		sets[i] = WithManifest(files)
	}
	return sets, nil
}
