// Package baseline compares a project with the same project at a git ref:
// the token cost of every mode and family cell then and now, whether the
// cacheable prefix changed, and which parts, families and model notes
// changed, appeared or disappeared. It is what `promptc costs --base`
// reports and gates on.
package baseline

import (
	"bufio"
	"bytes"
	"context"
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

// CompileAt compiles the project of cur as it is at git ref, in the default
// profile. The committed files are read from git objects (git ls-tree and
// git cat-file: the work tree and index are never touched, and
// .gitattributes filters such as export-ignore do not apply) into a
// temporary directory, with the go.mod files the ref has above the project
// (and a go.mod marking a module root above the repository, if the work
// tree has one), so that an output directory that climbs to the Go module
// root is judged as it is in the work tree. The base is never written, only composed.
//
// It returns the program and a function that removes the directory. The
// program is nil when the project does not exist at ref (no configuration
// file there): every prompt is then new. Problems with the ref are
// *RefError, a tree holding a path that cannot be a file below the project
// (a ".." or ".git" component, a path both a file and a folder) among
// them, naming the path; anything else is an I/O failure, naming the ref.
//
// When ctx is done before CompileAt returns (a signal), the git processes
// are killed, the temporary directory is removed, and the error is
// context.Cause(ctx): a base can hold hundreds of megabytes, and an
// interrupted comparison leaves none of them behind.
func CompileAt(ctx context.Context, cur *compiler.Program, ref string) (*compiler.Program, func(), error) {
	p, cleanup, err := compileAt(ctx, cur, ref)
	if ctx.Err() != nil {
		// Cancelled: whatever failed, or succeeded, last, the cause is
		// what the caller acts on, and nothing stays on disk.
		if cleanup != nil {
			cleanup()
		}
		return nil, nil, context.Cause(ctx)
	}
	return p, cleanup, err
}

func compileAt(ctx context.Context, cur *compiler.Program, ref string) (*compiler.Program, func(), error) {
	root := cur.Loaded.Root
	top, err := gitOutput(ctx, root, "rev-parse", "--show-toplevel")
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
	commit, err := gitOutput(ctx, top, "rev-parse", "--verify", "--quiet", "--end-of-options", ref+"^{commit}")
	if err != nil {
		return nil, nil, &RefError{ref, errors.New("no such commit, branch or tag in this repository (git rev-parse found none; fetch it first, e.g. git fetch origin)")}
	}
	commit = strings.TrimSpace(commit)
	cfgRel, err := filepath.Rel(root, cur.Loaded.File)
	if err != nil {
		return nil, nil, err
	}
	cfgRel = filepath.ToSlash(cfgRel)

	entries, err := lsTree(ctx, top, commit, true, prefix)
	if err != nil {
		return nil, nil, fmt.Errorf("--base %s: %w", ref, err)
	}
	if !slices.ContainsFunc(entries, func(e treeEntry) bool { return e.path == path.Join(prefix, cfgRel) }) {
		return nil, func() {}, nil // the project does not exist at ref
	}
	// The go.mod files above the project mark the Go module root that
	// output.dir may climb to (config.OutputDir).
	var mods []string
	for d := prefix; d != "."; {
		d = path.Dir(d)
		mods = append(mods, path.Join(d, "go.mod"))
	}
	if len(mods) > 0 {
		above, err := lsTree(ctx, top, commit, false, mods...)
		if err != nil {
			return nil, nil, fmt.Errorf("--base %s: %w", ref, err)
		}
		for _, e := range above {
			if e.mode != "120000" { // a linked go.mod is not followed
				entries = append(entries, e)
			}
		}
	}

	if err := checkTree(entries); err != nil {
		return nil, nil, &RefError{ref, err}
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
	// A Go module root above the repository is not in git: it is
	// mirrored by an empty go.mod as many directories above the base's
	// top as it lies above the work tree's, which is all that
	// config.OutputDir looks at.
	baseTop := tmp
	if up := moduleAbove(realTop); up != "" {
		baseTop = filepath.Join(tmp, up)
		if err := os.MkdirAll(baseTop, 0o755); err != nil {
			return fail(err)
		}
		if err := os.WriteFile(filepath.Join(tmp, "go.mod"), nil, 0o644); err != nil {
			return fail(err)
		}
	}
	if err := materialize(ctx, baseTop, top, realTop, entries); err != nil {
		return fail(fmt.Errorf("--base %s: %w", ref, err))
	}
	projRoot := filepath.Join(baseTop, filepath.FromSlash(prefix))
	// The configuration is read through a root on the project, as every
	// other file of the base is: a link in it cannot lead outside.
	pr, err := os.OpenRoot(projRoot)
	if err != nil {
		return fail(err)
	}
	src, err := pr.ReadFile(cfgRel)
	pr.Close()
	if err != nil {
		return fail(&RefError{ref, fmt.Errorf("%s at that ref cannot be read inside the project: %v", cfgRel, err)})
	}
	l, err := config.LoadBytes(filepath.Join(projRoot, filepath.FromSlash(cfgRel)), src)
	if err != nil {
		var ce *config.Error
		if errors.As(err, &ce) {
			return fail(&RefError{ref, fmt.Errorf("the configuration at that ref does not load: %v", err)})
		}
		return fail(err)
	}
	if ctx.Err() != nil {
		return fail(ctx.Err())
	}
	p, err := compiler.Compile(l, compiler.Options{})
	if err != nil {
		return fail(err)
	}
	return p, cleanup, nil
}

// checkTree refuses a commit whose files cannot all be written below one
// directory as git would check them out: a path with an empty, ".", ".."
// or ".git" component (git itself refuses to check such a tree out, but a
// crafted commit can hold one), a path listed twice, or a path that is a
// file and also the folder of another. Each would otherwise surface as a
// failed write, or land somewhere it does not belong; the error names the
// path as committed.
func checkTree(entries []treeEntry) error {
	files := make(map[string]bool, len(entries))
	dirs := map[string]bool{}
	for _, e := range entries {
		for c := range strings.SplitSeq(e.path, "/") {
			switch {
			case c == "" || c == "." || c == "..":
				return fmt.Errorf("the commit holds the path %q, with a %q component; no checkout can hold it, so promptc reads none of the commit: compare with another ref", e.path, c)
			case strings.EqualFold(c, ".git"):
				return fmt.Errorf("the commit holds the path %q, inside a .git folder, which git never checks out; promptc reads none of the commit: compare with another ref", e.path)
			}
		}
		if files[e.path] || dirs[e.path] {
			return fmt.Errorf("the commit holds the path %q twice, or as a file and a folder; promptc reads none of the commit: compare with another ref", e.path)
		}
		files[e.path] = true
		for d := path.Dir(e.path); d != "."; d = path.Dir(d) {
			if files[d] {
				return fmt.Errorf("the commit holds %q both as a file and as the folder of %q; promptc reads none of the commit: compare with another ref", d, e.path)
			}
			dirs[d] = true
		}
	}
	return nil
}

// moduleAbove returns the path of top relative to the nearest directory
// above it that holds a go.mod file (a repository kept inside a Go module),
// or "" when there is none.
func moduleAbove(top string) string {
	for d := filepath.Dir(top); ; {
		if fi, err := os.Stat(filepath.Join(d, "go.mod")); err == nil && fi.Mode().IsRegular() {
			rel, err := filepath.Rel(d, top)
			if err != nil {
				return ""
			}
			return rel
		}
		parent := filepath.Dir(d)
		if parent == d {
			return ""
		}
		d = parent
	}
}

func gitOutput(ctx context.Context, dir string, args ...string) (string, error) {
	cmd := exec.CommandContext(ctx, "git", args...)
	cmd.Dir = dir
	out, err := cmd.Output()
	return string(out), err
}

// treeEntry is one file of a commit: its mode (100644, 100755, 120000 for
// a symbolic link, 160000 for a submodule), object id and path from the
// repository's top.
type treeEntry struct {
	mode, oid, path string
}

// lsTree lists the files of commit at the pathspecs (taken literally),
// recursively when recurse is set. A pathspec that matches nothing lists
// nothing.
func lsTree(ctx context.Context, top, commit string, recurse bool, specs ...string) ([]treeEntry, error) {
	argv := []string{"--literal-pathspecs", "ls-tree", "-z", "--full-tree"}
	if recurse {
		argv = append(argv, "-r")
	}
	argv = append(argv, commit)
	if !(len(specs) == 1 && specs[0] == ".") {
		argv = append(argv, "--")
		argv = append(argv, specs...)
	}
	cmd := exec.CommandContext(ctx, "git", argv...)
	cmd.Dir = top
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("git ls-tree %s: %v: %s", commit, err, strings.TrimSpace(stderr.String()))
	}
	var entries []treeEntry
	for rec := range strings.SplitSeq(string(out), "\x00") {
		meta, name, ok := strings.Cut(rec, "\t")
		if !ok {
			continue
		}
		f := strings.Fields(meta) // mode type oid
		if len(f) != 3 || f[1] != "blob" {
			continue // submodules and trees have no content to compare
		}
		entries = append(entries, treeEntry{mode: f[0], oid: f[2], path: name})
	}
	return entries, nil
}

// materialize writes entries below dir, their content read from git objects
// with one git cat-file --batch, through an os.Root so that no entry lands
// outside dir. Symbolic links are made as links: a relative target is kept
// as committed, and an absolute one that names a path in the work tree
// (top, or its resolved form realTop) is pointed at the same path below
// dir; the compiler then follows or refuses them with the confinement it
// applies to the work tree, so a link leaving the project is never read.
//
// When ctx is done, git is killed and materialize stops before the next
// entry, returning ctx.Err(); the caller removes dir.
func materialize(ctx context.Context, dir, top, realTop string, entries []treeEntry) error {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return err
	}
	defer root.Close()
	cmd := exec.CommandContext(ctx, "git", "cat-file", "--batch")
	cmd.Dir = top
	var in strings.Builder
	for _, e := range entries {
		in.WriteString(e.oid + "\n")
	}
	cmd.Stdin = strings.NewReader(in.String())
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	r := bufio.NewReader(stdout)
	werr := writeEntries(ctx, root, r, entries, top, realTop, dir)
	if werr != nil {
		io.Copy(io.Discard, r)
	}
	if err := cmd.Wait(); err != nil && werr == nil {
		return fmt.Errorf("git cat-file: %v: %s", err, strings.TrimSpace(stderr.String()))
	}
	return werr
}

// testHookEntryWritten, when set, is called after each entry writeEntries
// writes: tests cancel a comparison in the middle with it.
var testHookEntryWritten func(path string)

// writeEntries reads one git cat-file --batch answer per entry from r and
// writes the entry below root, stopping with ctx.Err() when ctx is done.
// An error writing an entry names the entry.
func writeEntries(ctx context.Context, root *os.Root, r *bufio.Reader, entries []treeEntry, top, realTop, dir string) error {
	for _, e := range entries {
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := writeEntry(root, r, e, top, realTop, dir); err != nil {
			return err
		}
		if testHookEntryWritten != nil {
			testHookEntryWritten(e.path)
		}
	}
	return nil
}

// writeEntry reads the git cat-file --batch answer for e from r and writes
// e below root.
func writeEntry(root *os.Root, r *bufio.Reader, e treeEntry, top, realTop, dir string) error {
	header, err := r.ReadString('\n')
	if err != nil {
		return fmt.Errorf("git cat-file: reading %s: %v", e.path, err)
	}
	f := strings.Fields(header) // oid type size
	if len(f) != 3 {
		return fmt.Errorf("git cat-file: %s: %s", e.path, strings.TrimSpace(header))
	}
	size, err := strconv.ParseInt(f[2], 10, 64)
	if err != nil {
		return fmt.Errorf("git cat-file: %s: bad size %q", e.path, f[2])
	}
	body := io.LimitReader(r, size)
	name := path.Clean(e.path)
	if d := path.Dir(name); d != "." {
		if err := root.MkdirAll(d, 0o755); err != nil {
			return fmt.Errorf("writing %s of the base: %w", e.path, err)
		}
	}
	if e.mode == "120000" {
		b, err := io.ReadAll(body)
		if err != nil {
			return fmt.Errorf("git cat-file: reading %s: %v", e.path, err)
		}
		if err := root.Symlink(linkTarget(string(b), top, realTop, dir), name); err != nil {
			return fmt.Errorf("writing %s of the base: %w", e.path, err)
		}
	} else {
		perm := os.FileMode(0o644)
		if e.mode == "100755" {
			perm = 0o755
		}
		fh, err := root.OpenFile(name, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, perm)
		if err != nil {
			return fmt.Errorf("writing %s of the base: %w", e.path, err)
		}
		_, err = io.Copy(fh, body)
		if cerr := fh.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return fmt.Errorf("writing %s of the base: %w", e.path, err)
		}
	}
	if _, err := r.Discard(1); err != nil { // the newline after the content
		return fmt.Errorf("git cat-file: reading %s: %v", e.path, err)
	}
	return nil
}

// linkTarget is the target a committed symbolic link gets below dir: an
// absolute target inside the work tree (top or realTop) is moved to the
// same place below dir, so that a link made with ln -s "$PWD/x" names the
// committed file and not the work tree's; any other target is kept.
func linkTarget(target, top, realTop, dir string) string {
	if !filepath.IsAbs(target) {
		return target
	}
	for _, t := range []string{top, realTop} {
		if rel, err := filepath.Rel(t, target); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return filepath.Join(dir, rel)
		}
	}
	return target
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
// order, then the cells only old has, marked Removed. A nil old (the
// project does not exist at the base) makes every cell New.
func Cells(old, cur *compiler.Program) []Cell {
	key := func(r costs.Row) string { return r.Mode + "\x00" + r.Family }
	oldRows := map[string]costs.Row{}
	var oldOrder []costs.Row
	var oldTable []costs.Row
	if old != nil {
		oldTable = costs.Table(old)
	}
	for _, r := range oldTable {
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
// only one side has. A nil old (the project does not exist at the base)
// has no parts or families.
func ChangedParts(old, cur *compiler.Program) []string {
	if old == nil {
		old = &compiler.Program{}
	}
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
