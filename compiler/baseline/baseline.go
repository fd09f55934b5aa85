// Package baseline compares a project with the same project at a git ref:
// the token cost of every mode and family cell then and now, whether the
// cacheable prefix changed, and which parts, families and model notes
// changed, appeared or disappeared. It is what `promptc costs --base`
// reports and gates on.
package baseline

import (
	"archive/tar"
	"bytes"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/promptc/promptc/compiler"
	"github.com/promptc/promptc/compiler/costs"
	"github.com/promptc/promptc/internal/config"
)

// RefError is a problem with the ref itself or with the project at it (not
// a git repository, an unknown ref, a configuration that does not load
// there): the user's to fix.
type RefError struct {
	Ref string
	Err error
}

// Error names the ref and the problem.
func (e *RefError) Error() string { return fmt.Sprintf("--base %s: %v", e.Ref, e.Err) }

// Unwrap returns the underlying problem.
func (e *RefError) Unwrap() error { return e.Err }

// CompileAt extracts the project of cur as it is at git ref from git
// objects (git archive, so the work tree and index are never touched) into
// a temporary directory, compiles it there in the default profile, and
// returns the program with a function that removes the directory. Problems
// with the ref are *RefError; anything else is an I/O failure.
func CompileAt(cur *compiler.Program, ref string) (*compiler.Program, func(), error) {
	root := cur.Loaded.Root
	top, err := gitOutput(root, "rev-parse", "--show-toplevel")
	if err != nil {
		return nil, nil, &RefError{ref, fmt.Errorf("%s is not in a git repository (%v)", root, err)}
	}
	top = strings.TrimSpace(top)
	realRoot, err := filepath.EvalSymlinks(root)
	if err != nil {
		return nil, nil, err
	}
	realTop, err := filepath.EvalSymlinks(top)
	if err != nil {
		return nil, nil, err
	}
	prefix, err := filepath.Rel(realTop, realRoot)
	if err != nil {
		return nil, nil, err
	}
	prefix = filepath.ToSlash(prefix)
	argv := []string{"archive", "--format=tar", ref}
	if prefix != "." {
		argv = append(argv, "--", prefix)
	}
	cmd := exec.Command("git", argv...)
	cmd.Dir = top
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, nil, &RefError{ref, fmt.Errorf("git archive failed: %s", strings.TrimSpace(stderr.String()))}
	}
	tmp, err := os.MkdirTemp("", "promptc-base-")
	if err != nil {
		return nil, nil, err
	}
	cleanup := func() { os.RemoveAll(tmp) }
	fail := func(err error) (*compiler.Program, func(), error) {
		cleanup()
		return nil, nil, err
	}
	if err := untar(tmp, bytes.NewReader(out)); err != nil {
		return fail(err)
	}
	cfgRel, err := filepath.Rel(root, cur.Loaded.File)
	if err != nil {
		return fail(err)
	}
	l, err := config.LoadFile(filepath.Join(tmp, filepath.FromSlash(prefix), cfgRel))
	if err != nil {
		var ce *config.Error
		if errors.As(err, &ce) || errors.Is(err, os.ErrNotExist) {
			return fail(&RefError{ref, fmt.Errorf("the configuration at that ref does not load: %v", err)})
		}
		return fail(err)
	}
	p, err := compiler.Compile(l, compiler.Options{})
	if err != nil {
		return fail(err)
	}
	return p, cleanup, nil
}

func gitOutput(dir string, args ...string) (string, error) {
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	out, err := cmd.Output()
	return string(out), err
}

// untar writes the regular files and directories of a tar stream below
// dir through an os.Root, so no entry can land outside it.
func untar(dir string, r io.Reader) error {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return err
	}
	defer root.Close()
	tr := tar.NewReader(r)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		name := path.Clean(h.Name)
		switch h.Typeflag {
		case tar.TypeDir:
			if err := root.MkdirAll(name, 0o755); err != nil {
				return err
			}
		case tar.TypeReg:
			if d := path.Dir(name); d != "." {
				if err := root.MkdirAll(d, 0o755); err != nil {
					return err
				}
			}
			f, err := root.OpenFile(name, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o644)
			if err != nil {
				return err
			}
			_, err = io.Copy(f, tr)
			if cerr := f.Close(); err == nil {
				err = cerr
			}
			if err != nil {
				return err
			}
		}
	}
}

// Cell is one mode and family compared with the base.
type Cell struct {
	Mode, Family string
	// Base and Now are the tokens per call at the base ref and now; Base
	// is 0 and New true for a cell the base does not have.
	Base, Now int
	New       bool
	// Removed marks a cell the base has and the project no longer has.
	Removed bool
	// PrefixChanged reports that the cacheable prefix differs, so provider
	// prompt caches are invalidated.
	PrefixChanged bool
}

// Delta returns Now - Base.
func (c Cell) Delta() int { return c.Now - c.Base }

// Percent returns the change relative to Base (0 when Base is 0).
func (c Cell) Percent() float64 {
	if c.Base == 0 {
		return 0
	}
	return float64(c.Delta()) * 100 / float64(c.Base)
}

// Cells compares every cost cell of cur with old: cur's cells in table
// order, then the cells only old has, marked Removed.
func Cells(old, cur *compiler.Program) []Cell {
	key := func(r costs.Row) string { return r.Mode + "\x00" + r.Family }
	oldRows := map[string]costs.Row{}
	var oldOrder []costs.Row
	for _, r := range costs.Table(old) {
		oldRows[key(r)] = r
		oldOrder = append(oldOrder, r)
	}
	var out []Cell
	seen := map[string]bool{}
	for _, r := range costs.Table(cur) {
		seen[key(r)] = true
		o, ok := oldRows[key(r)]
		if !ok {
			out = append(out, Cell{Mode: r.Mode, Family: r.Family, Now: r.Tokens, New: true})
			continue
		}
		out = append(out, Cell{Mode: r.Mode, Family: r.Family, Base: o.Tokens, Now: r.Tokens,
			PrefixChanged: prefixText(cur, r.Mode, r.Family) != prefixText(old, r.Mode, r.Family)})
	}
	for _, r := range oldOrder {
		if !seen[key(r)] {
			out = append(out, Cell{Mode: r.Mode, Family: r.Family, Base: r.Tokens, Removed: true})
		}
	}
	return out
}

// prefixText is the cacheable prefix of a cell: the text before the first
// slot, for the selection the costs table measures (costs.Widest): the
// most expensive note, every conditional part.
func prefixText(p *compiler.Program, mode, fam string) string {
	m, err := p.Mode(mode)
	if err != nil {
		return ""
	}
	if fam == costs.AnyFamily {
		fam = p.Config.Families.Fallback // the text is the same for every family
	}
	f := p.Families[fam]
	if f == nil {
		return ""
	}
	return p.Prefix(m, costs.Widest(p, m, f))
}

// ChangedParts names, sorted within each kind, the parts and the family
// sections (short line, body, each model note by label) whose text
// differs between old and cur, with " (new)" or " (removed)" for those
// only one side has.
func ChangedParts(old, cur *compiler.Program) []string {
	var out []string
	for _, name := range union(old.Parts, cur.Parts) {
		a, b := old.Parts[name], cur.Parts[name]
		switch {
		case a == nil:
			out = append(out, name+" (new)")
		case b == nil:
			out = append(out, name+" (removed)")
		case a.Text != b.Text:
			out = append(out, name)
		}
	}
	for _, fn := range union(old.Families, cur.Families) {
		a, b := old.Families[fn], cur.Families[fn]
		switch {
		case a == nil:
			out = append(out, "family "+fn+" (new)")
			continue
		case b == nil:
			out = append(out, "family "+fn+" (removed)")
			continue
		}
		if a.Line.Text() != b.Line.Text() {
			out = append(out, "family "+fn+" line")
		}
		if a.Body.Text() != b.Body.Text() {
			out = append(out, "family "+fn+" body")
		}
		before := map[string]string{}
		for _, n := range a.Notes {
			before[n.Label] = n.Text()
		}
		now := map[string]bool{}
		for _, n := range b.Notes {
			now[n.Label] = true
			t, ok := before[n.Label]
			switch {
			case !ok:
				out = append(out, fmt.Sprintf("family %s note %q (new)", fn, n.Label))
			case t != n.Text():
				out = append(out, fmt.Sprintf("family %s note %q", fn, n.Label))
			}
		}
		for _, n := range a.Notes {
			if !now[n.Label] {
				out = append(out, fmt.Sprintf("family %s note %q (removed)", fn, n.Label))
			}
		}
	}
	return out
}

// union returns the keys of a and b, sorted, without repeats.
func union[V any](a, b map[string]V) []string {
	names := slices.Collect(maps.Keys(a))
	names = slices.AppendSeq(names, maps.Keys(b))
	slices.Sort(names)
	return slices.Compact(names)
}

// Limit is the --max-increase gate: a cell may grow by at most Tokens
// tokens, or by at most Percent percent when IsPercent.
type Limit struct {
	Tokens    int
	Percent   float64
	IsPercent bool
}

// ParseLimit reads "120" (tokens) or "5%" (percent). Negative numbers are
// refused: a gate on growth cannot demand shrinkage.
func ParseLimit(s string) (Limit, error) {
	bad := fmt.Errorf("%q: want a number of tokens (120) or a percentage (5%%)", s)
	if v, ok := strings.CutSuffix(s, "%"); ok {
		f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
		if err != nil || f < 0 {
			return Limit{}, bad
		}
		return Limit{Percent: f, IsPercent: true}, nil
	}
	n, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil || n < 0 {
		return Limit{}, bad
	}
	return Limit{Tokens: n}, nil
}

// Exceeds reports whether c grew past the limit. New and removed cells
// are never over: they have no base to grow from.
func (l Limit) Exceeds(c Cell) bool {
	if c.New || c.Removed {
		return false
	}
	if l.IsPercent {
		return c.Percent() > l.Percent
	}
	return c.Delta() > l.Tokens
}
