package cli

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
	"strings"
	"text/tabwriter"

	"github.com/promptc/promptc/compiler"
	"github.com/promptc/promptc/compiler/costs"
	"github.com/promptc/promptc/internal/config"
)

// costsAgainst compares the costs of p with the same project at git ref
// and fails when a cell grows past maxIncrease.
func (g *globals) costsAgainst(p *compiler.Program, ref, maxIncrease, format string) error {
	var limTokens int
	var limPercent float64
	var isPercent bool
	if maxIncrease != "" {
		var err error
		if limTokens, limPercent, isPercent, err = increaseLimit(maxIncrease); err != nil {
			return err
		}
	}
	old, cleanup, err := g.compileAtRef(p, ref)
	if err != nil {
		return err
	}
	defer cleanup()

	oldRows := map[string]costs.Row{}
	for _, r := range costs.Table(old) {
		oldRows[r.Mode+"\x00"+r.Family] = r
	}
	tw := tabwriter.NewWriter(g.stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "MODE\tFAMILY\t%s\tNOW\tCHANGE\t%%\tPREFIX\n", strings.ToUpper(ref))
	var over []string
	for _, r := range costs.Table(p) {
		o, ok := oldRows[r.Mode+"\x00"+r.Family]
		if !ok {
			fmt.Fprintf(tw, "%s\t%s\t-\t%s\tnew\t\t\n", r.Mode, r.Family, compiler.Thousands(r.Tokens))
			continue
		}
		delta := r.Tokens - o.Tokens
		pct := 0.0
		if o.Tokens > 0 {
			pct = float64(delta) * 100 / float64(o.Tokens)
		}
		prefix := "same"
		if prefixText(p, r.Mode, r.Family) != prefixText(old, r.Mode, r.Family) {
			prefix = "changed (provider caches invalidated)"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%+.1f%%\t%s\n", r.Mode, r.Family, compiler.Thousands(o.Tokens), compiler.Thousands(r.Tokens), signedInt(delta), pct, prefix)
		if maxIncrease != "" && ((isPercent && pct > limPercent) || (!isPercent && delta > limTokens)) {
			over = append(over, fmt.Sprintf("%s/%s %s tokens (%+.1f%%)", r.Mode, r.Family, signedInt(delta), pct))
		}
	}
	tw.Flush()
	if changed := changedParts(old, p); len(changed) > 0 {
		fmt.Fprintf(g.stdout, "\nchanged parts: %s\n", strings.Join(changed, ", "))
	}
	if len(over) > 0 {
		fmt.Fprintf(g.stderr, "promptc: %d cell(s) grew by more than %s since %s: %s\n", len(over), maxIncrease, ref, strings.Join(over, "; "))
		return findingsError{len(over)}
	}
	return nil
}

func signedInt(n int) string {
	if n > 0 {
		return "+" + compiler.Thousands(n)
	}
	return compiler.Thousands(n)
}

func prefixText(p *compiler.Program, mode, fam string) string {
	m, err := p.Mode(mode)
	if err != nil {
		return ""
	}
	f := p.Families[fam]
	if f == nil {
		return ""
	}
	note := compiler.NoNote
	if p.UsesNotes(m) {
		note = p.LongestNote(f)
	}
	return p.Prefix(m, f, note)
}

// changedParts names the parts and family sections whose text differs.
func changedParts(old, cur *compiler.Program) []string {
	var out []string
	for _, name := range sortedNames(cur.Parts, old.Parts) {
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
	for _, fn := range cur.FamilyNames {
		a, b := old.Families[fn], cur.Families[fn]
		if a == nil {
			out = append(out, "family "+fn+" (new)")
			continue
		}
		if a.Line.Text() != b.Line.Text() {
			out = append(out, "family "+fn+" line")
		}
		if a.Body.Text() != b.Body.Text() {
			out = append(out, "family "+fn+" body")
		}
		notes := map[string]string{}
		for _, n := range a.Notes {
			notes[n.Label] = n.Text()
		}
		for _, n := range b.Notes {
			if t, ok := notes[n.Label]; !ok || t != n.Text() {
				out = append(out, fmt.Sprintf("family %s note %q", fn, n.Label))
			}
		}
	}
	return out
}

func sortedNames(a, b map[string]*compiler.Part) []string {
	names := slices.Collect(maps.Keys(a))
	names = slices.AppendSeq(names, maps.Keys(b))
	slices.Sort(names)
	return slices.Compact(names)
}

// compileAtRef extracts the project as it is at ref from git objects (git
// archive, so the work tree and index are never touched) into a temporary
// directory and compiles it there.
func (g *globals) compileAtRef(cur *compiler.Program, ref string) (*compiler.Program, func(), error) {
	root := cur.Loaded.Root
	top, err := gitOutput(root, "rev-parse", "--show-toplevel")
	if err != nil {
		return nil, nil, usagef("--base %s: %s is not in a git repository (%v)", ref, root, err)
	}
	top = strings.TrimSpace(top)
	realRoot, _ := filepath.EvalSymlinks(root)
	realTop, _ := filepath.EvalSymlinks(top)
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
		return nil, nil, usagef("--base %s: git archive failed: %s", ref, strings.TrimSpace(stderr.String()))
	}
	tmp, err := os.MkdirTemp("", "promptc-base-")
	if err != nil {
		return nil, nil, err
	}
	cleanup := func() { os.RemoveAll(tmp) }
	if err := untar(tmp, bytes.NewReader(out)); err != nil {
		cleanup()
		return nil, nil, err
	}
	cfgRel, err := filepath.Rel(root, cur.Loaded.File)
	if err != nil {
		cleanup()
		return nil, nil, err
	}
	cfg := filepath.Join(tmp, filepath.FromSlash(prefix), cfgRel)
	l, err := config.LoadFile(cfg)
	if err != nil {
		cleanup()
		var ce *config.Error
		if errors.As(err, &ce) {
			return nil, nil, fmt.Errorf("--base %s: the configuration at that ref does not load: %v", ref, err)
		}
		return nil, nil, fmt.Errorf("--base %s: %v", ref, err)
	}
	p, err := compiler.Compile(l, compiler.Options{})
	if err != nil {
		cleanup()
		return nil, nil, err
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
