package emit

import (
	"crypto/sha256"
	"encoding/hex"
	"slices"

	"github.com/promptc/promptc/internal/textdiff"

	"github.com/promptc/promptc/compiler"
	"github.com/promptc/promptc/internal/diag"
	"github.com/promptc/promptc/internal/lazyre"
)

// Change is one difference between the rendered files and the directory.
type Change struct {
	Name string
	// Kind is "changed", "missing", "orphaned" (generated before, no
	// longer) or "leftover" (a temporary file of an interrupted build).
	Kind string
	// Why says what build does with the file and what entitles it to:
	// for a file it replaces or deletes, that the manifest records the
	// file's SHA-256; for a leftover, the step of the recovery (see
	// recover.go).
	Why string
	// Diff is a unified diff from the file on disk to the rendered file,
	// for a changed file.
	Diff []byte
}

var hashLine = lazyre.New(`(?m)^const InputHash = "([^"]*)"$`)

// fresh reports whether st already holds the output for hash: the
// generated Go file carries that hash, the manifest lists exactly the
// wanted files, every file still has the SHA-256 the manifest recorded (so
// a hand edit of a generated file is caught), and no orphan or leftover is
// there. It is the cheap first step of a check, which then needs no
// rendering.
func (st *state) fresh(hash string, want []string) bool {
	if len(st.orphans) > 0 || len(st.leftovers) > 0 {
		return false
	}
	m := hashLine().FindSubmatch(st.goHead)
	if m == nil || string(m[1]) != hash {
		return false
	}
	// The manifest lists every file but itself.
	listed := slices.DeleteFunc(slices.Clone(want), func(n string) bool { return n == ManifestName })
	if !slices.Equal(st.listed, listed) {
		return false
	}
	for _, n := range listed {
		sum, ok := st.old[n]
		if !ok || st.sums[n] != "sha256:"+hex.EncodeToString(sum[:]) {
			return false
		}
	}
	return true
}

// compare lists how st, the state of o, differs from files. A changed
// file is read again for its diff.
func (st *state) compare(o *outDir, files []File) ([]Change, error) {
	var out []Change
	// With leftovers, what build replaces is judged once they are
	// resolved, and not before.
	replaces := "build replaces it: promptc wrote it (" + ManifestName + " records its SHA-256)"
	if len(st.leftovers) > 0 {
		replaces = "build replaces it once the leftovers are resolved, if " + ManifestName + " then records its SHA-256"
	}
	for _, f := range files {
		sum, ok := st.old[f.Name]
		switch {
		case !ok:
			out = append(out, Change{Name: f.Name, Kind: "missing", Why: "build creates it"})
		case sum != sha256.Sum256(f.Data):
			old, ok, bad, err := o.read(f.Name)
			switch {
			case err != nil:
				return nil, err
			case bad != nil:
				return nil, &UnsafeError{Diagnostics: []diag.Diagnostic{*bad}}
			case !ok:
				out = append(out, Change{Name: f.Name, Kind: "missing", Why: "build creates it"})
				continue
			}
			why := replaces
			if f.Name == ManifestName {
				why = "build replaces it: the manifest is build's"
			}
			out = append(out, Change{Name: f.Name, Kind: "changed", Why: why,
				Diff: textdiff.Unified("a/"+f.Name, old, "b/"+f.Name, f.Data)})
		}
	}
	for _, n := range st.orphans {
		why := "build deletes it: promptc wrote it (" + ManifestName + " and this machine's record of what build wrote hold its SHA-256) and no longer generates it"
		if len(st.leftovers) > 0 {
			why = "build deletes it once the leftovers are resolved, if " + ManifestName + " then records its SHA-256"
		}
		out = append(out, Change{Name: n, Kind: "orphaned", Why: why})
	}
	for _, n := range st.leftovers {
		out = append(out, Change{Name: n, Kind: "leftover", Why: st.recovery.whyOf(n)})
	}
	return out, nil
}

// names returns the names of files.
func names(files []File) []string {
	out := make([]string, len(files))
	for i, f := range files {
		out[i] = f.Name
	}
	return out
}

// Stale lists how the output directory of progs (one program per profile,
// the default first) differs from what Write would make it: changed,
// missing, orphaned and leftover files, with diffs. It writes nothing.
// When the stamped input hash and the manifest already match, nothing is
// rendered: the common clean case costs a hash and reading the few output
// files. An entry build refuses to read, and a file build would replace or
// delete without owning it, is an *UnsafeError; an output directory path
// that is a file, holds an input or lies in a version-control directory,
// and a guide.output naming an input, is a *config.Error (checkPlacement).
//
// pf, when not nil, is a Prefetch started on the same configuration: its
// directory and hashes are used instead of reading them again.
func Stale(progs []*compiler.Program, pf *Prefetch) ([]Change, error) {
	if err := checkPlacement(progs[0]); err != nil {
		return nil, err
	}
	o, release, err := pf.open(progs[0].Loaded)
	if err != nil {
		return nil, err
	}
	defer release()
	return o.stale(progs)
}

// stale is Stale on the opened directory; o is nil when it does not exist.
func (o *outDir) stale(progs []*compiler.Program) ([]Change, error) {
	p := progs[0]
	hash := InputHash(p)
	want := Names(p)
	st := &state{old: map[string]digest{}}
	var err error
	if o != nil {
		if st, err = o.scan(want); err != nil {
			return nil, err
		}
		if st.fresh(hash, want) {
			return nil, nil
		}
	}
	files, err := Render(progs, hash)
	if err != nil {
		return nil, err
	}
	if got := slices.Sorted(slices.Values(names(files))); o != nil && !slices.Equal(got, want) {
		// Names and Render disagree; compare what Render made.
		if st, err = o.scan(got); err != nil {
			return nil, err
		}
	}
	// What build would refuse to replace or delete, it refuses here too.
	// With leftovers it first restores a complete set, which is then
	// judged: the check reports them instead.
	if o != nil && len(st.leftovers) == 0 {
		bad, err := o.owned(st, files)
		if err != nil {
			return nil, err
		}
		if len(bad) > 0 {
			return nil, &UnsafeError{Diagnostics: diag.Sort(bad)}
		}
	}
	return st.compare(o, files)
}

// StaleFiles returns the output-directory check that lint's OUTPUT_STALE
// rule runs (lint.OutputCheck; lint never imports code generation, so the
// command line hands it this function). For a program of progs (one per
// profile, the default first) it lists each file of the output directory
// that differs from what build would write, as "NAME KIND" (see Change).
// A directory promptc never wrote (absent, or without a manifest) is not
// checked: the project may build in CI rather than commit its output. Its
// errors are Stale's, so an unsafe entry is an *UnsafeError, which lint
// reports as OUTPUT_UNSAFE findings.
func StaleFiles(progs []*compiler.Program, pf *Prefetch) func(*compiler.Program) ([]string, error) {
	return func(*compiler.Program) ([]string, error) {
		if err := checkPlacement(progs[0]); err != nil {
			return nil, err
		}
		o, release, err := pf.open(progs[0].Loaded)
		if err != nil || o == nil {
			return nil, err
		}
		defer release()
		if _, built := o.entries[ManifestName]; !built {
			return nil, nil
		}
		changes, err := o.stale(progs)
		if err != nil {
			return nil, err
		}
		var out []string
		for _, c := range changes {
			out = append(out, c.Name+" "+c.Kind)
		}
		return out, nil
	}
}
