package emit

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path"
	"slices"
	"strings"

	"github.com/promptc/promptc/compiler"
	"github.com/promptc/promptc/internal/config"
	"github.com/promptc/promptc/internal/diag"
)

// Names of build's temporary files in the output directory, all starting
// with config.TempPrefix. While build writes, the directory records on its
// own what to undo: the staged new bytes of a file (newTemp), the previous
// bytes of a file replaced or removed (oldTemp), a file that did not exist
// before (noneTemp), and the point after which the new set is complete
// (commitTemp).
const (
	newTemp    = config.TempPrefix + "new-"
	oldTemp    = config.TempPrefix + "old-"
	noneTemp   = config.TempPrefix + "none-"
	commitTemp = config.TempPrefix + "commit"
)

// beforeStep, when set (by tests), runs before each change Write makes to
// the output directory, with a name for the change ("stage COSTS.md",
// "replace COSTS.md", ...). An error it returns stands for that change
// failing; a test simulates a killed build by stopping there.
var beforeStep func(step string) error

// do makes one change to the directory.
func (o *outDir) do(step string, f func() error) error {
	if beforeStep != nil {
		if err := beforeStep(step); err != nil {
			return err
		}
	}
	return f()
}

// Result says what Write changed in the output directory.
type Result struct {
	// Written lists the files whose new bytes were put in place.
	Written []string
	// Removed lists the files generated before and no longer.
	Removed []string
	// Cleaned lists the temporary files of an interrupted earlier build
	// that were resolved (restored or removed) before writing.
	Cleaned []string
}

// Write brings the output directory of p in line with files, all or
// nothing:
//
//  1. Leftovers of an interrupted build are resolved first, leaving that
//     build's complete old or new set (see planRecovery), but only when
//     every step is proven by a hash a manifest records: a file whose
//     bytes promptc cannot have written is never deleted or replaced.
//  2. Every entry Write would read, replace or remove must be a regular
//     file, and every manifest line a plain name; otherwise the result is
//     an *UnsafeError and nothing is written.
//  3. Every file whose bytes differ is staged under a temporary name.
//  4. Each is put in place by renames, the previous file kept under a
//     temporary name; orphans (files of the previous manifest no longer
//     generated) are moved aside the same way.
//  5. A commit marker is created, then the kept files and the marker are
//     deleted.
//
// A failure before the commit marker restores the previous files, so the
// directory holds the old set; the error says so, or, if restoring failed
// too, what is left for the next build to restore. A build killed at any
// point leaves temporary files from which the next build restores one
// complete set, and which Stale reports as leftovers. Files whose bytes
// are equal are not touched (their modification time stays), and files
// the manifest does not list are never touched.
func Write(p *compiler.Program, files []File) (*Result, error) {
	if err := checkPlacement(p); err != nil {
		return nil, err
	}
	o, err := openOutput(p.Loaded, true)
	if err != nil {
		return nil, err
	}
	defer o.Close()
	unlock, err := o.lock()
	if err != nil {
		return nil, err
	}
	defer unlock()
	// What another build changed before the lock was ours.
	if err := o.reread(); err != nil {
		return nil, fmt.Errorf("read output directory %s: %w", o.rel, err)
	}
	return o.write(files)
}

// write is Write on the opened directory.
func (o *outDir) write(files []File) (*Result, error) {
	res := &Result{}
	want := names(files)
	st, err := o.scan(want)
	if err != nil {
		return nil, err
	}
	if len(st.leftovers) > 0 {
		if err := o.recover(st.recovery); err != nil {
			return nil, err
		}
		res.Cleaned = st.leftovers
		if err := o.reread(); err != nil {
			return nil, err
		}
		if st, err = o.scan(want); err != nil {
			return nil, err
		}
	}
	bad, err := o.owned(st, files)
	if err != nil {
		return nil, err
	}
	if len(bad) > 0 {
		return nil, &UnsafeError{Diagnostics: diag.Sort(bad)}
	}
	var changed []File
	for _, f := range files {
		if old, ok := st.old[f.Name]; !ok || old != sha256.Sum256(f.Data) {
			changed = append(changed, f)
		}
	}
	if len(changed) == 0 && len(st.orphans) == 0 {
		// Records of files already as build writes them (a checkout
		// whose files were built elsewhere, a cache emptied since) are
		// refreshed, so that they can be deleted once no longer generated.
		o.recordWritten(files)
		return res, nil
	}
	// What each name touched must hold after a rollback (nil: nothing)
	// and after a roll forward, so that the error says what is true.
	before, after := map[string]*digest{}, map[string]*digest{}
	for _, f := range changed {
		if sum, ok := st.old[f.Name]; ok {
			before[f.Name] = &sum
		} else {
			before[f.Name] = nil
		}
		sum := sha256.Sum256(f.Data)
		after[f.Name] = &sum
	}
	for _, n := range st.orphans {
		sum := st.orphanSums[n]
		before[n], after[n] = &sum, nil
	}
	undo := func(cause error) error { return o.undo(cause, before, after) }

	// Stage.
	for _, f := range changed {
		if err := o.do("stage "+f.Name, func() error { return o.create(newTemp+f.Name, f.Data) }); err != nil {
			return nil, undo(fmt.Errorf("writing %s: %w", o.show(f.Name), plain(err)))
		}
	}

	// Put in place, keeping what is replaced.
	for _, f := range changed {
		n := f.Name
		var err error
		if _, exists := st.old[n]; exists {
			err = o.do("keep "+n, func() error { return o.root.Rename(n, oldTemp+n) })
		} else {
			err = o.do("mark "+n, func() error { return o.create(noneTemp+n, nil) })
		}
		if err == nil {
			err = o.do("replace "+n, func() error { return o.root.Rename(newTemp+n, n) })
		}
		if err != nil {
			return nil, undo(fmt.Errorf("replacing %s: %w", o.show(n), plain(err)))
		}
	}
	for _, n := range st.orphans {
		if err := o.do("remove "+n, func() error { return o.root.Rename(n, oldTemp+n) }); err != nil {
			return nil, undo(fmt.Errorf("removing %s: %w", o.show(n), plain(err)))
		}
	}
	if err := o.do("commit", func() error { return o.create(commitTemp, nil) }); err != nil {
		return nil, undo(fmt.Errorf("committing the output in %s: %w", o.rel, plain(err)))
	}
	o.recordWritten(files)
	res.Written = names(changed)
	res.Removed = st.orphans

	// The new set is complete: delete what was kept, the marker last.
	var kept []string
	for _, f := range changed {
		if _, exists := st.old[f.Name]; exists {
			kept = append(kept, oldTemp+f.Name)
		} else {
			kept = append(kept, noneTemp+f.Name)
		}
	}
	for _, n := range st.orphans {
		kept = append(kept, oldTemp+n)
	}
	for _, n := range append(kept, commitTemp) {
		if err := o.do("delete "+n, func() error { return o.root.Remove(n) }); err != nil {
			return res, fmt.Errorf("%s: all files written, but deleting the temporary file %s failed: %v; the next build deletes it", o.rel, o.show(n), plain(err))
		}
	}
	return res, nil
}

// show is name's path relative to the project root.
func (o *outDir) show(name string) string { return path.Join(o.rel, name) }

// plain strips the operation and path of a *fs.PathError, which the
// message around it already names.
func plain(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err
	}
	return err
}

// create writes a new file name holding data; it fails if name exists
// (O_EXCL never follows a link).
func (o *outDir) create(name string, data []byte) error {
	f, err := o.root.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	_, werr := f.Write(data)
	if cerr := f.Close(); werr == nil {
		werr = cerr
	}
	if werr != nil {
		o.root.Remove(name)
		return &fs.PathError{Op: "write", Path: name, Err: plain(werr)}
	}
	return nil
}

// undo restores the previous files after cause stopped a write before its
// commit marker, and deletes the staged files (everything with
// config.TempPrefix: the scan before writing resolved older ones, and the
// lock keeps other builds out). It returns cause, saying that nothing was
// written or what is left, once it has checked that the directory holds
// what it says: before (or after, when the commit marker was made) maps
// each name the write touched to its SHA-256, nil for no file.
func (o *outDir) undo(cause error, before, after map[string]*digest) error {
	if err := o.reread(); err != nil {
		return fmt.Errorf("%v; could not list %s to restore it (%v): run promptc build again", cause, o.rel, err)
	}
	var leftovers []string
	for _, n := range slices.Sorted(maps.Keys(o.entries)) {
		if strings.HasPrefix(n, config.TempPrefix) {
			leftovers = append(leftovers, n)
		}
	}
	// A commit marker whose creation reported a failure may still exist:
	// recovery then completes the write instead of undoing it.
	committed := slices.Contains(leftovers, commitTemp)
	touched := map[string]bool{}
	for n := range before {
		touched[n] = true
	}
	r, unproven, err := o.planRecovery(leftovers, touched)
	if err == nil && len(unproven) > 0 {
		err = &UnsafeError{Diagnostics: unproven}
	}
	if err == nil {
		err = o.recover(r)
	}
	if err != nil {
		return fmt.Errorf("%v; resolving the temporary files failed too (%v): %s holds them, and the next build restores one complete set from them: run promptc build again", cause, err, o.rel)
	}
	want := before
	if committed {
		want = after
	}
	if err := o.verify(want); err != nil {
		return fmt.Errorf("%v; resolving the temporary files did not leave one complete set (%v): run promptc build again", cause, err)
	}
	if committed {
		return fmt.Errorf("%v; but every new file was already in place: all files written", cause)
	}
	return fmt.Errorf("%v; the previous files were restored: nothing written", cause)
}

// reread lists the directory again after it changed.
func (o *outDir) reread() error {
	f, err := o.root.Open(".")
	if err != nil {
		return err
	}
	defer f.Close()
	es, err := f.ReadDir(-1)
	if err != nil {
		return err
	}
	o.entries = map[string]fs.FileMode{}
	for _, e := range es {
		o.entries[e.Name()] = e.Type()
	}
	return nil
}
