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
	files := filesOf(progs)
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
		found[i] = inPlace(f, secrets(nil, paths[i], f.Text))
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

// BuildSuppress drops from ds, the compiler's findings that stop promptc
// build, those of a rule lint lets an inline directive suppress in place
// (inPlaceRules: STATIC_DYNAMIC) that a directive with a reason in the
// finding's file covers (<!-- promptc:ignore RULE reason --> above its
// block, or <!-- promptc:file-ignore RULE reason -->). It is the code lint
// runs on the same findings (fileDirectives and apply), so a directive
// that quiets lint lets build through, and one that does not (no reason,
// another rule, another block) stops both. The lint section of
// promptc.cue is not read, as for SECRET (see BuildSecrets). Other
// findings are returned as they are.
func BuildSuppress(progs []*compiler.Program, ds []diag.Diagnostic) []diag.Diagnostic {
	byPath := map[string][]diag.Diagnostic{}
	var out []diag.Diagnostic
	for _, d := range ds {
		if slices.Contains(inPlaceRules, d.Rule) {
			byPath[d.Pos.Path] = append(byPath[d.Pos.Path], d)
		} else {
			out = append(out, d)
		}
	}
	if len(byPath) == 0 {
		return ds
	}
	files := filesOf(progs)
	for _, path := range slices.Sorted(maps.Keys(byPath)) {
		if f := files[path]; f != nil {
			out = append(out, inPlace(f, byPath[path])...)
		} else {
			out = append(out, byPath[path]...)
		}
	}
	return diag.Sort(out)
}

// inPlaceRules are the rules whose compiler findings stop build unless a
// directive next to the text suppresses them (BuildSuppress); SECRET,
// which build runs itself, is BuildSecrets'.
var inPlaceRules = []string{compiler.RuleStaticDynamic}

// inPlace drops the findings ds in file f that one of f's directives with
// a reason covers, as lint does.
func inPlace(f *source.File, ds []diag.Diagnostic) []diag.Diagnostic {
	if len(ds) == 0 {
		return ds
	}
	dirs, _ := fileDirectives(f)
	return dirs.apply(ds)
}

// filesOf merges the files every program read, by path.
func filesOf(progs []*compiler.Program) map[string]*source.File {
	files := map[string]*source.File{}
	for _, p := range progs {
		maps.Copy(files, p.Files)
	}
	return files
}

// Build returns the findings promptc build prints for proj: every finding
// lint reports for the same tree (Run, without OUTPUT_STALE: build writes
// the output directory or, with --check, reports it its own way), so that
// build and lint never show different sets, together with what build's
// gate adds whatever the lint section of promptc.cue says: the compiler's
// errors, which stop a build (BuildSuppress), and every credential
// (BuildSecrets). A finding both hold is listed once, as the gate states
// it. The findings are sorted and the same for any jobs.
func Build(proj *compiler.Project, jobs int) ([]diag.Diagnostic, error) {
	progs := proj.Programs()
	linted, err := Run(proj, Options{Jobs: jobs})
	if err != nil {
		return nil, err
	}
	// The gate's errors only: what the compiler merely notes is lint's
	// to show or not (lint.ignoreOnly may quiet it).
	gate := slices.DeleteFunc(BuildSuppress(progs, proj.Diagnostics()), func(d diag.Diagnostic) bool { return d.Severity != diag.Error })
	gate = append(gate, BuildSecrets(progs, jobs)...)
	type key struct {
		pos        diag.Position
		rule, text string
	}
	seen := map[key]bool{}
	for _, d := range gate {
		seen[key{d.Pos, d.Rule, d.Message}] = true
	}
	for _, d := range linted {
		if !seen[key{d.Pos, d.Rule, d.Message}] {
			gate = append(gate, d)
		}
	}
	return diag.Sort(gate), nil
}
