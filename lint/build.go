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
	// A credential a template's constants assemble (printf of its
	// pieces) is in its typical rendering, as lint finds it.
	for _, t := range templatesOf(progs) {
		found := renderedFindings(textRules{secrets: true}, t.Path, t.Source, t.Typical)
		if f := files[t.Path]; f != nil {
			found = inPlace(f, found)
		}
		ds = append(ds, found...)
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
