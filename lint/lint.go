// Package lint runs every promptc check on a compiled project and decides
// which findings to report.
//
// The compiler already reports what it finds while composing (includes,
// family files, resolution examples, the mode lattice, budgets, the
// operator guide). Lint adds the checks that only matter to people editing
// the assets (text hygiene, invisible characters, credentials, orphaned
// files, duplicated paragraphs, unused parts, stale output), then applies
// the project's suppressions: lint.use and lint.except in promptc.cue, path
// globs in lint.ignore and lint.ignoreOnly, and the inline directives
//
//	<!-- promptc:ignore RULE_ID reason -->
//	<!-- promptc:file-ignore RULE_ID reason -->
//
// Every rule is described by the registry (Rules, Lookup), from which
// docs/rules.md is generated. Lint reads; it never writes.
package lint

import (
	"cmp"
	"errors"
	"maps"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/promptc/promptc/compiler"
	"github.com/promptc/promptc/compiler/source"
	"github.com/promptc/promptc/internal/config"
	"github.com/promptc/promptc/internal/diag"
)

// OutputCheck compares the directory of target t of p (the Go package's
// output directory, or another language's) with what a build would write
// there and returns one line per difference ("prompts_gen.go changed"),
// or none when the directory is fresh or was never built. Code generation
// lives outside lint, so the caller supplies it. An error with a method
// Findings() []diag.Diagnostic (a directory holding a link where a
// generated file belongs, OUTPUT_UNSAFE) is reported as those findings.
type OutputCheck func(p *compiler.Program, t config.NamedTarget) ([]string, error)

// Options adjust a lint run. The zero value lints the whole project and
// skips OUTPUT_STALE.
type Options struct {
	// Files, when non-empty, limits the report to findings positioned in
	// these files or below these directories (slash-separated, relative to
	// the project root). The whole project is still checked: includes and
	// budgets span files.
	Files []string
	// Output checks the output directory for OUTPUT_STALE; nil skips it.
	Output OutputCheck
	// Names checks the names of promptc.cue against the generated
	// package's identifiers (gogen.Clashes): a name build refuses, as a
	// *config.Error, makes Run return that error, the same positions and
	// messages as build's; nil skips it. build generates the package only
	// once its gate (Gate) passes, so while the compiler's errors or a
	// credential stop the gate, Run returns the findings instead, as
	// build reports them. Code generation lives outside lint, so the
	// caller supplies it.
	Names func(progs []*compiler.Program) error
	// Jobs limits how many goroutines the rules run on at once (files
	// are checked concurrently, and beside the project-wide rules); 0 or
	// less means GOMAXPROCS. The findings are the same whatever the
	// number.
	Jobs int
}

// Run lints the compiled project proj and returns the findings to report,
// sorted: the compiler's findings in every profile and permission set
// (proj.Diagnostics) and lint's own. The rules read the default program;
// the files every program read are checked and count as reached. A lint
// section of promptc.cue that names unknown rules or holds
// malformed globs is returned as a *config.Error, and so is a name
// opt.Names refuses in a project build's gate lets through; an error from
// opt.Output is returned as is.
func Run(proj *compiler.Project, opt Options) ([]diag.Diagnostic, error) {
	p := proj.Default()
	sel, err := newSelection(p.Loaded)
	if err != nil {
		return nil, err
	}
	compiled := proj.Diagnostics()
	l := &linter{p: p, compiled: compiled, sel: sel, files: filesRead(proj), output: opt.Output}
	// Every project-wide check is a task, and so is the text check of
	// each file; tasks run concurrently and their findings are joined in
	// task order.
	pl := planChecks(l)
	var namesErr error
	if opt.Names != nil {
		// Beside the rules (it renders the package): a clash is a
		// configuration error, as build reports it, which no finding or
		// suppression changes.
		pl.addTask(weightRender, func() ([]diag.Diagnostic, error) {
			namesErr = opt.Names(proj.Programs())
			return nil, nil
		})
	}
	tasks := append(l.fileTasks(pl.text), pl.tasks...)
	found := make([][]diag.Diagnostic, len(tasks))
	errs := make([]error, len(tasks))
	order := startOrder(len(tasks)-len(pl.tasks), pl.weights)
	compiler.Parallel(opt.Jobs, len(tasks), func(i int) {
		i = order[i]
		found[i], errs[i] = tasks[i]()
	})
	ds := slices.Clone(compiled)
	for _, f := range found {
		ds = append(ds, f...)
	}

	var dirs directives
	var dds []diag.Diagnostic
	for i := range l.dirs {
		dirs = append(dirs, l.dirs[i]...)
		dds = append(dds, l.dirDiags[i]...)
	}
	// The suppressions every command applies (see Gate), then the
	// findings about the directives themselves, which only the lint
	// section can quiet.
	ds = sel.filter(ds, dirs)
	// build generates the package, and so meets a clash, only when its
	// gate lets the project through: while the gate stops, the clash is
	// not what build reports, and the compiler's finding that stops it
	// (CUSTOM_NAME_TAKEN for a mode called custom, FILE_NAME_COLLISION
	// for two families of one Go name) names the same cause at its own
	// place.
	if namesErr != nil && !gateStops(ds, compiled) {
		return nil, namesErr
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	dds = append(dds, dirs.unused(sel)...)
	ds = append(ds, sel.filter(dds, nil)...)
	if len(opt.Files) > 0 {
		ds = slices.DeleteFunc(ds, func(d diag.Diagnostic) bool { return !inFiles(opt.Files, d.Pos.Path) })
	}
	return diag.Sort(ds), nil
}

// startOrder returns the order in which Run starts its tasks, files file
// tasks then the project-wide ones of weights: the heaviest first, and
// among tasks of one weight the last first. The findings are joined in
// task order whatever the order of the start.
func startOrder(files int, weights []weight) []int {
	order := make([]int, files+len(weights))
	for i := range order {
		order[i] = len(order) - 1 - i
	}
	weigh := func(i int) weight {
		if i < files {
			return weightFile
		}
		return weights[i-files]
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(weigh(b), weigh(a)) })
	return order
}

// gateStops reports whether build's gate (Gate) refuses a project whose
// findings, after the suppressions, are kept: it does when they hold an
// error of the compiler, one of compiled, or a credential (SECRET, an
// error in the gate whatever its severity here).
func gateStops(kept, compiled []diag.Diagnostic) bool {
	type key struct {
		pos        diag.Position
		rule, text string
	}
	errs := map[key]bool{}
	for _, d := range compiled {
		if d.Severity == diag.Error {
			errs[key{d.Pos, d.Rule, d.Message}] = true
		}
	}
	return slices.ContainsFunc(kept, func(d diag.Diagnostic) bool {
		return d.Rule == RuleSecret || errs[key{d.Pos, d.Rule, d.Message}]
	})
}

// filesRead returns every project file the programs of proj read, in any
// profile and permission set: the files lint checks.
func filesRead(proj *compiler.Project) map[string]*source.File {
	p, others := proj.Default(), proj.Others()
	if len(others) == 0 {
		return p.Files
	}
	files := maps.Clone(p.Files)
	for _, q := range others {
		maps.Copy(files, q.Files)
	}
	return files
}

// inFiles reports whether p is one of files or below one of them.
func inFiles(files []string, p string) bool {
	for _, f := range files {
		f = path.Clean(filepath.ToSlash(f))
		if f == "." || p == f || strings.HasPrefix(p, f+"/") {
			return true
		}
	}
	return false
}

// linter holds what the checks share.
type linter struct {
	// p is the default program, which the rules read.
	p *compiler.Program
	// compiled holds the compiler's findings in every profile and
	// permission set, sorted.
	compiled []diag.Diagnostic
	sel      *selection
	// files holds every project file read, in any profile.
	files map[string]*source.File
	// output checks the output directory (Options.Output); nil skips it.
	output OutputCheck
	// dirs and dirDiags are the directives of each file and the findings
	// about malformed ones, by the file's index in path order (fileTasks).
	dirs     []directives
	dirDiags [][]diag.Diagnostic
	// at holds atLines' answer, found once by whichever check asks first.
	at atCache
}

// atCache holds the include lines of the files (atLines), found once.
type atCache struct {
	once  sync.Once
	lines []atLine
}

// configPath is the project-relative name of the configuration file.
func configPath(l *config.Loaded) string {
	if rel, err := filepath.Rel(l.Root, l.File); err == nil {
		return filepath.ToSlash(rel)
	}
	return config.FileName
}

// newDiag builds a finding of a registered rule with the rule's severity.
func newDiag(pos diag.Position, rule, msg string) diag.Diagnostic {
	r, _ := Lookup(rule)
	return diag.Diagnostic{Pos: pos, Rule: rule, Severity: r.Severity, Message: msg}
}
