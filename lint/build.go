package lint

import (
	"maps"
	"slices"
	"strings"

	"github.com/promptc/promptc/compiler"
	"github.com/promptc/promptc/compiler/source"
	"github.com/promptc/promptc/internal/diag"
)

// BuildSecrets returns the SECRET findings that stop promptc build: every
// credential-like string in a file that any of progs read, and in
// promptc.cue, as an error, except those an inline directive with a reason
// suppresses in the same file (<!-- promptc:ignore SECRET reason --> on the
// line before, or <!-- promptc:file-ignore SECRET reason -->). The lint
// section of promptc.cue (use, except, ignore, ignoreOnly) is not read: it
// chooses what lint reports, while a credential written into the output
// directory ships to every harness and every provider, so only a reviewed
// exception next to the text may let one through. The rule is the one lint
// runs (secrets, fileDirectives), so build and lint never disagree on what
// a credential is or on what a directive covers. The findings are sorted
// and the same for any jobs (see compiler.Parallel).
func BuildSecrets(progs []*compiler.Program, jobs int) []diag.Diagnostic {
	if len(progs) == 0 {
		return nil
	}
	files := map[string]*source.File{}
	for _, p := range progs {
		maps.Copy(files, p.Files)
	}
	paths := slices.Sorted(maps.Keys(files))
	found := make([][]diag.Diagnostic, len(paths)+1)
	compiler.Parallel(jobs, len(paths)+1, func(i int) {
		if i == len(paths) {
			l := progs[0].Loaded
			src := strings.ReplaceAll(string(l.Source), "\r\n", "\n")
			found[i] = secrets(nil, configPath(l), src)
			return
		}
		f := files[paths[i]]
		ds := secrets(nil, paths[i], f.Text)
		if len(ds) > 0 {
			dirs, _ := fileDirectives(f)
			ds = dirs.apply(ds)
		}
		found[i] = ds
	})
	var ds []diag.Diagnostic
	for _, f := range found {
		ds = append(ds, f...)
	}
	for i := range ds {
		// The registry's severity is an error too; build states it so
		// that the gate never depends on it.
		ds[i].Severity = diag.Error
	}
	return diag.Sort(ds)
}
