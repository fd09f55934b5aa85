package lint

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/promptc/promptc/compiler"
	"github.com/promptc/promptc/compiler/source"
	"github.com/promptc/promptc/internal/diag"
)

// Gate returns the findings that stop promptc build: ds, the compiler's
// findings for progs (Project.Diagnostics), and every credential-like
// string (SECRET) in a file any of progs read and in promptc.cue, after
// the project's suppressions (Suppress). A lint section lint refuses is
// returned as its *config.Error. The findings are sorted and the same for
// any jobs (see compiler.Parallel).
func Gate(progs []*compiler.Program, ds []diag.Diagnostic, jobs int) ([]diag.Diagnostic, error) {
	if len(progs) == 0 {
		return nil, nil
	}
	return Suppress(progs, append(slices.Clone(ds), secretsIn(progs, filesOf(progs), jobs)...))
}

// Suppress returns ds, findings of the project whose programs are progs,
// without those the project suppresses, sorted: the suppressions lint
// applies, by the same code (selection.filter), which build (Gate), show,
// costs and resolve apply to what stops them. They are the lint section
// of promptc.cue (use, except, ignore, ignoreOnly) and the directives
// <!-- promptc:ignore RULE reason --> and <!-- promptc:file-ignore RULE
// reason --> in the finding's file, each within the limits suppressionOf
// sets for every command alike. So a project that lint passes is not
// refused by build, and one that build writes is shown and costed. A lint
// section lint refuses is returned as its *config.Error.
func Suppress(progs []*compiler.Program, ds []diag.Diagnostic) ([]diag.Diagnostic, error) {
	if len(progs) == 0 {
		return diag.Sort(slices.Clone(ds)), nil
	}
	sel, err := newSelection(progs[0].Loaded)
	if err != nil {
		return nil, err
	}
	files := filesOf(progs)
	// Directives are read only in the files that hold a finding: the
	// others' cannot drop anything.
	var dirs directives
	for _, p := range slices.Sorted(maps.Keys(pathsOf(ds))) {
		if f := files[p]; f != nil {
			d, _ := fileDirectives(f)
			dirs = append(dirs, d...)
		}
	}
	return diag.Sort(sel.filter(slices.Clone(ds), dirs)), nil
}

// Refusal is what a command prints after the errors Gate returned when it
// refuses to go on because of them: how many, what the command did not
// do (outcome), and where suppressing an acceptable one is explained.
func Refusal(errors int, outcome string) string {
	return fmt.Sprintf("%d error(s) listed above; %s: fix them, or suppress one that is acceptable (docs/rules.md, \"Choosing and suppressing rules\")", errors, outcome)
}

// secretsIn returns the SECRET findings in files, in the configuration
// of progs and in the typical rendering of their templates, before any
// suppression, with error severity whatever the registry says, so that
// the gate never depends on it.
func secretsIn(progs []*compiler.Program, files map[string]*source.File, jobs int) []diag.Diagnostic {
	p := progs[0]
	paths := slices.Sorted(maps.Keys(files))
	found := make([][]diag.Diagnostic, len(paths)+1)
	compiler.Parallel(jobs, len(paths)+1, func(i int) {
		if i == len(paths) {
			l := p.Loaded
			found[i] = secrets(nil, configPath(l), strings.ReplaceAll(string(l.Source), "\r\n", "\n"))
			return
		}
		found[i] = secrets(nil, paths[i], files[paths[i]].Text)
	})
	var ds []diag.Diagnostic
	for _, f := range found {
		ds = append(ds, f...)
	}
	// A credential a template's constants assemble (printf of its
	// pieces) is in its typical rendering, as lint finds it.
	for _, t := range templatesOf(progs) {
		ds = append(ds, renderedFindings(textRules{secrets: true}, t.Path, t.Source, t.Typical)...)
	}
	for i := range ds {
		ds[i].Severity = diag.Error
	}
	return ds
}

// pathsOf returns the set of files ds are positioned in.
func pathsOf(ds []diag.Diagnostic) map[string]bool {
	m := map[string]bool{}
	for _, d := range ds {
		m[d.Pos.Path] = true
	}
	return m
}

// templatesOf lists the template parts of progs that render, each file
// once, in path order.
func templatesOf(progs []*compiler.Program) []*compiler.TextTemplate {
	byPath := map[string]*compiler.TextTemplate{}
	for _, p := range progs {
		for _, part := range p.Parts {
			if part.Tmpl != nil && part.Tmpl.Typical != "" {
				byPath[part.Tmpl.Path] = part.Tmpl
			}
		}
	}
	var out []*compiler.TextTemplate
	for _, path := range slices.Sorted(maps.Keys(byPath)) {
		out = append(out, byPath[path])
	}
	return out
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
// build and lint never show different sets, together with the errors of
// build's gate (Gate: the compiler's errors and every credential, after
// the same suppressions). A finding both hold is listed once, as the gate
// states it. The findings are sorted and the same for any jobs.
func Build(proj *compiler.Project, jobs int) ([]diag.Diagnostic, error) {
	linted, err := Run(proj, Options{Jobs: jobs})
	if err != nil {
		return nil, err
	}
	gate, err := Gate(proj.Programs(), proj.Diagnostics(), jobs)
	if err != nil {
		return nil, err
	}
	// The gate's errors only: what the compiler merely notes is lint's
	// to show or not.
	gate = slices.DeleteFunc(gate, func(d diag.Diagnostic) bool { return d.Severity != diag.Error })
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
