package emit

import (
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strings"

	"github.com/promptc/promptc/compiler/source"
	"github.com/promptc/promptc/internal/config"
	"github.com/promptc/promptc/internal/diag"
)

// Recovering from an interrupted build acts on files a pull request can
// commit: the temporary files and every manifest in the directory are
// anyone's to write. So none of them is believed on its word. A step that
// deletes a file other than a temporary one, or renames something over it,
// runs only when that file is absent or holds bytes whose SHA-256 a
// manifest records for it (a file whose bytes the manifest's author did
// not know is never touched), and a kept copy is renamed back only when a
// manifest records its SHA-256 for the name it goes back to: the bytes are
// ones promptc wrote there. A line without a hash proves nothing. And as
// hashes of files a repository holds are anyone's to compute, an existing
// file is deleted or renamed over only under a name build generates now.
// Names
// starting with config.TempPrefix are build's (config.CheckOutputName
// keeps every generated name out of them), so deleting one loses nothing
// of the user's. A leftover whose step cannot be proven is reported at its
// name, and then nothing at all is recovered: a part of a recovery could
// mix two sets.

// stepKind is what a step of a recovery does.
type stepKind int

const (
	// restore renames the kept copy Temp back to Target.
	restore stepKind = iota
	// unmake deletes Target, which the interrupted build created; Temp,
	// its marker, is deleted with the temporary files after.
	unmake
	// discard deletes Temp, a temporary file.
	discard
)

// step is one change a recovery makes.
type step struct {
	kind stepKind
	// temp is the leftover the step comes from.
	temp string
	// target is the generated file the step changes ("" for discard).
	target string
	// why says what the step does and what proves it, for build --check.
	why string
}

// recovery is how the leftovers of an interrupted build are resolved:
// every step, proven, in the order they run.
type recovery struct {
	steps []step
}

// recorded maps a file name to every SHA-256 ("sha256:hex") a manifest in
// the directory records for it.
type recorded map[string]map[string]bool

// manifests are the files that may record hashes during a recovery: the
// manifest in place, the previous one a write keeps until its commit, and
// the new one it stages before putting it in place. A write puts every
// file's new bytes in place only after staging the new manifest, and keeps
// the previous bytes only while one of these still lists them, so the
// bytes of every name a write touched are recorded here until the
// recovery is over; recover resolves the manifest last for that reason.
var manifests = []string{ManifestName, oldTemp + ManifestName, newTemp + ManifestName}

// records reads the hashes every manifest in the directory records. A
// manifest that is not a regular file records nothing (scan reports it).
func (o *outDir) records() (recorded, error) {
	rec := recorded{}
	for _, m := range manifests {
		b, ok, bad, err := o.readManifest(m)
		if err != nil {
			return nil, err
		}
		if bad != nil && m != ManifestName {
			// A kept or staged manifest too large to be build's: nothing
			// it records can be trusted, and it cannot be resolved. (scan
			// reports the current manifest.)
			return nil, &UnsafeError{Diagnostics: []diag.Diagnostic{*bad}}
		}
		if !ok {
			continue
		}
		for _, l := range strings.Split(string(b), "\n") {
			name, sum, _ := strings.Cut(strings.TrimSpace(l), " ")
			sum = strings.TrimSpace(sum)
			if config.CheckOutputName(name) != "" || !isSum(sum) {
				continue
			}
			if rec[name] == nil {
				rec[name] = map[string]bool{}
			}
			rec[name][sum] = true
		}
	}
	return rec, nil
}

// isSum reports whether s is a SHA-256 as a manifest records it.
func isSum(s string) bool {
	hexPart, ok := strings.CutPrefix(s, "sha256:")
	if !ok || len(hexPart) != 2*len(digest{}) {
		return false
	}
	_, err := hex.DecodeString(hexPart)
	return err == nil
}

// proof says whether name may be changed by a recovery: absent, or a
// regular file whose SHA-256 rec records for recordAs. It returns a
// finding (the entry is not a regular file) or a reason why not ("": it
// may).
func (o *outDir) proof(name, recordAs string, rec recorded) (exists bool, why string, bad *diag.Diagnostic, err error) {
	sum, _, ok, d, err := o.hash(name)
	switch {
	case err != nil:
		return false, "", nil, err
	case d != nil:
		return true, "", d, nil
	case !ok:
		return false, "", nil, nil
	case !rec[recordAs][sumText(sum)]:
		return true, "no manifest records its SHA-256 for " + recordAs, nil, nil
	}
	return true, "", nil, nil
}

// planRecovery returns the steps that resolve leftovers (sorted names of
// temporary files, all regular), or a finding for each leftover whose
// step cannot be proven. A step that deletes an existing file or renames
// over one needs, besides the hashes, a name in generates: the files this
// build writes, which an interrupted build of the same configuration
// touched (a kept copy of a file it removed goes back to a name that is
// free, which changes nothing of anyone's). With the commit marker every
// new file was in place: every leftover is discarded, the marker last
// (roll forward). Without it, kept copies are restored, files the
// interrupted build created are deleted, the manifest's own copy or
// marker last, and then the temporary files are discarded (roll back).
func (o *outDir) planRecovery(leftovers []string, generates map[string]bool) (*recovery, []diag.Diagnostic, error) {
	r := &recovery{}
	committed := false
	for _, n := range leftovers {
		committed = committed || n == commitTemp
	}
	if committed {
		for _, n := range leftovers {
			if n != commitTemp {
				r.steps = append(r.steps, step{discard, n, "", "build deletes it: " + discardWhy(n, true)})
			}
		}
		r.steps = append(r.steps, step{discard, commitTemp, "", "build deletes it last: an interrupted build had put every new file in place, so what it kept is deleted"})
		return r, nil, nil
	}
	rec, err := o.records()
	if err != nil {
		return nil, nil, err
	}
	var bad []diag.Diagnostic
	var restores, unmakes, last, discards []step
	refuse := func(n, format string, args ...any) {
		bad = append(bad, diag.Errorf(o.pos(n), source.RuleOutputUnsafe, "%s "+format, append([]any{o.show(n)}, args...)...))
	}
	for _, n := range leftovers {
		if orig, ok := strings.CutPrefix(n, oldTemp); ok {
			if orig == ManifestName {
				// The manifest is build's by its reserved name, and
				// what it lists is proven file by file; but put in
				// place it would make orphans of what it lists, so it
				// must record the bytes of each.
				if why, err := o.keptManifestWhy(n, leftovers, generates); err != nil {
					return nil, nil, err
				} else if why != "" {
					refuse(n, "looks like the manifest an interrupted build kept, but it lists %s; build never puts it back in place: delete %s and run promptc build", why, o.show(n))
					continue
				}
				last = append(last, step{restore, n, orig, "build renames it back to " + orig + ": the previous manifest, which an interrupted build kept"})
				continue
			}
			exists, why, d, err := o.proof(orig, orig, rec)
			if err != nil {
				return nil, nil, err
			}
			if d != nil {
				bad = append(bad, o.asTarget(*d, n))
				continue
			}
			if exists && why == "" && !generates[orig] {
				refuse(n, "looks like the copy of %s an interrupted build kept, but build does not generate %s, which exists; build never renames anything over a file it does not generate, whatever a manifest records: delete %s and run promptc build (%s stays as it is)", orig, o.show(orig), o.show(n), orig)
				continue
			}
			if why != "" {
				refuse(n, "looks like the copy of %s an interrupted build kept, but %s holds bytes promptc cannot have written (%s); build never renames anything over it: delete %s and run promptc build (%s stays as it is)", orig, o.show(orig), why, o.show(n), orig)
				continue
			}
			if _, why, _, err := o.proof(n, orig, rec); err != nil {
				return nil, nil, err
			} else if why != "" {
				refuse(n, "looks like the copy of %s an interrupted build kept, but promptc cannot have written it (%s); build never renames it to %s: delete it and run promptc build", orig, why, orig)
				continue
			}
			what := "renames it back over " + orig
			if !exists {
				what = "renames it back to " + orig
			}
			restores = append(restores, step{restore, n, orig, "build " + what + ": the copy an interrupted build kept, whose SHA-256 a manifest records (and so does " + orig + "'s, if it exists)"})
			continue
		}
		if orig, ok := strings.CutPrefix(n, noneTemp); ok {
			if orig == ManifestName {
				last = append(last, step{unmake, n, orig, "build deletes it and " + orig + ", the manifest an interrupted build made where there was none"})
				continue
			}
			exists, why, d, err := o.proof(orig, orig, rec)
			if err != nil {
				return nil, nil, err
			}
			switch {
			case d != nil:
				bad = append(bad, o.asTarget(*d, n))
			case exists && why == "" && !generates[orig]:
				refuse(n, "marks %s as a file an interrupted build created, but build does not generate %s; build never deletes a file it does not generate, whatever a manifest records: delete %s and run promptc build (%s stays as it is)", orig, o.show(orig), o.show(n), orig)
			case why != "":
				refuse(n, "marks %s as a file an interrupted build created, but %s holds bytes promptc cannot have written (%s); build never deletes it: delete %s and run promptc build (%s stays as it is)", orig, o.show(orig), why, o.show(n), orig)
			case exists:
				unmakes = append(unmakes, step{unmake, n, orig, "build deletes it and " + orig + ", which an interrupted build created (a manifest records " + orig + "'s SHA-256)"})
			default:
				discards = append(discards, step{discard, n, "", "build deletes it: it marks " + orig + ", which an interrupted build had not created yet"})
			}
			continue
		}
		discards = append(discards, step{discard, n, "", "build deletes it: " + discardWhy(n, false)})
	}
	if len(bad) > 0 {
		return nil, bad, nil
	}
	r.steps = append(append(append(append(r.steps, restores...), unmakes...), last...), discards...)
	// A marker goes once its file is deleted: after the unmakes.
	for _, s := range append(unmakes, last...) {
		if s.kind == unmake {
			r.steps = append(r.steps, step{discard, s.temp, "", ""})
		}
	}
	return r, nil, nil
}

// keptManifestWhy returns why the kept manifest n cannot be put back in
// place, or "": a name it lists that build does not generate, that exists
// and that no other leftover restores or deletes, must hold the bytes it
// records for it, since build would then delete it as an orphan.
func (o *outDir) keptManifestWhy(n string, leftovers []string, generates map[string]bool) (string, error) {
	b, ok, bad, err := o.readManifest(n)
	if bad != nil {
		return "", &UnsafeError{Diagnostics: []diag.Diagnostic{*bad}}
	}
	if err != nil || !ok {
		return "", err
	}
	for _, l := range strings.Split(string(b), "\n") {
		name, sum, _ := strings.Cut(strings.TrimSpace(l), " ")
		if strings.HasPrefix(name, "#") || config.CheckOutputName(name) != "" || generates[name] {
			continue
		}
		if _, exists := o.entries[name]; !exists {
			continue
		}
		if slices.Contains(leftovers, oldTemp+name) || slices.Contains(leftovers, noneTemp+name) {
			continue
		}
		got, _, ok, bad, err := o.hash(name)
		switch {
		case err != nil:
			return "", err
		case bad != nil || !ok:
			return o.show(name) + ", which is not a regular file", nil
		case strings.TrimSpace(sum) != sumText(got):
			return o.show(name) + " without the SHA-256 it holds, so that build would delete a file promptc cannot have written", nil
		}
	}
	return "", nil
}

// discardWhy says what the temporary file n is, for a recovery that deletes
// it (committed: the interrupted build had committed).
func discardWhy(n string, committed bool) string {
	switch {
	case strings.HasPrefix(n, newTemp):
		return "the new bytes an interrupted build staged for " + strings.TrimPrefix(n, newTemp)
	case committed && strings.HasPrefix(n, oldTemp):
		return "the previous " + strings.TrimPrefix(n, oldTemp) + ", which an interrupted build kept and had replaced"
	case committed && strings.HasPrefix(n, noneTemp):
		return "it marks " + strings.TrimPrefix(n, noneTemp) + ", which an interrupted build had created"
	case !strings.HasPrefix(n, config.TempPrefix):
		return "a temporary file an earlier promptc left for a file it generates"
	}
	return "a temporary file of build (names starting with " + config.TempPrefix + " are build's)"
}

// asTarget turns d, a finding at the entry a recovery step would change,
// into one saying which leftover asks for it.
func (o *outDir) asTarget(d diag.Diagnostic, leftover string) diag.Diagnostic {
	d.Message = strings.Replace(d.Message, "a generated file", "a file that "+leftover+" asks it to change", 1)
	return d
}

// recover runs the steps of r. Each step leaves the temporary files that
// say what is still to do, so a build killed while recovering is
// recovered by the next in turn; the directory then holds one complete
// set: the interrupted build's new one or the one before it.
func (o *outDir) recover(r *recovery) error {
	if r == nil {
		return nil
	}
	for _, s := range r.steps {
		var err error
		switch s.kind {
		case restore:
			err = o.do("restore "+s.target, func() error { return o.root.Rename(s.temp, s.target) })
			if err != nil {
				return fmt.Errorf("restoring %s: %v", o.show(s.target), plain(err))
			}
		case unmake:
			err = o.do("unmake "+s.target, func() error { return o.root.Remove(s.target) })
			if err != nil && !errors.Is(err, fs.ErrNotExist) {
				return fmt.Errorf("removing %s, which did not exist before: %v", o.show(s.target), plain(err))
			}
		case discard:
			err = o.do("delete "+s.temp, func() error { return o.root.Remove(s.temp) })
			if err != nil && !errors.Is(err, fs.ErrNotExist) {
				return fmt.Errorf("deleting %s: %v", o.show(s.temp), plain(err))
			}
		}
	}
	return nil
}

// whyOf returns the --check explanation of the step for leftover n.
func (r *recovery) whyOf(n string) string {
	if r == nil {
		return ""
	}
	for _, s := range r.steps {
		if s.temp == n && s.why != "" {
			return s.why
		}
	}
	return ""
}
