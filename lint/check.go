package lint

import (
	"github.com/promptc/promptc/internal/diag"
)

// A check is how lint finds the findings of the rules whose Rule.check it
// is. Rules that one pass finds share one check value (checks are compared
// with ==), so that Run plans each check once, when any of its rules is
// enabled. Every implementation is a comparable value type: the registry
// names a check by value, never by a function, because a check reports
// through newDiag, which reads the registry, and a variable's initializer
// may not depend on itself.
type check interface {
	// plan adds the check's work for the project l to p.
	plan(l *linter, p *plan)
}

// plan is the work of one lint run, besides the compiler's findings: the
// project-wide tasks with their weights, and the character-level rules
// the task of every file runs (fileTasks).
type plan struct {
	tasks   []func() ([]diag.Diagnostic, error)
	weights []weight
	text    textRules
}

// weight ranks a task by how long it runs on a large project, so that
// Run starts the longest first: the last task to start should be a short
// one, or the run waits for it on one core while the others idle.
type weight int

// The weights, lightest first, as measured at 10,000 assets. A file's
// task weighs least; most project-wide checks read the configuration or
// a few files.
const (
	weightFile weight = iota
	weightLight
	// weightRender is a task that renders the generated package or
	// compares the output directory with it (OUTPUT_STALE, the names).
	weightRender
	// weightWalk is ORPHAN_FILE: it walks the project's directories.
	weightWalk
	// weightCompose is PARAGRAPH_REPEATED: it hashes every paragraph
	// and composes the modes.
	weightCompose
)

// add appends a project-wide task of weight w that cannot fail.
func (p *plan) add(w weight, f func() []diag.Diagnostic) {
	p.addTask(w, func() ([]diag.Diagnostic, error) { return f(), nil })
}

// addTask appends a project-wide task of weight w.
func (p *plan) addTask(w weight, f func() ([]diag.Diagnostic, error)) {
	p.tasks = append(p.tasks, f)
	p.weights = append(p.weights, w)
}

// planChecks plans the check of every enabled rule, once per check, in
// registry order.
func planChecks(l *linter) *plan {
	p := &plan{}
	planned := map[check]bool{}
	for _, r := range registry {
		if r.check == nil || planned[r.check] || !l.sel.enabled(r.ID) {
			continue
		}
		planned[r.check] = true
		r.check.plan(l, p)
	}
	return p
}

// runs reports whether a rule that c finds is enabled.
func (s *selection) runs(c check) bool {
	for _, r := range registry {
		if r.check == c && s.enabled(r.ID) {
			return true
		}
	}
	return false
}

// textCheck is a character-level rule: its share of the one scan of every
// file's text (textRules), which finds all of them in one pass.
type textCheck int

// The character-level checks. The three invisible-character rules share
// one, as the scan tells them apart.
const (
	textTrailing textCheck = iota + 1
	textTabs
	textInvisible
	textSecrets
)

func (c textCheck) plan(l *linter, p *plan) {
	switch c {
	case textTrailing:
		p.text.trailing = true
	case textTabs:
		// Tabs are legitimate indentation unless the project forbids them.
		p.text.tabs = l.p.Config.Lint.ForbidTabs
	case textInvisible:
		p.text.invisible = true
	case textSecrets:
		p.text.secrets = true
	}
}

// directiveCheck finds the IGNORE_* rules: the malformed and reasonless
// directives found while every file's directives are read, and the unused
// ones found when they are applied. Every run reads directives, whether or
// not these rules are enabled, to apply them; so there is nothing to plan.
type directiveCheck struct{}

func (directiveCheck) plan(*linter, *plan) {}

// orphanCheck runs (*linter).orphans.
type orphanCheck struct{}

func (orphanCheck) plan(l *linter, p *plan) { p.add(weightWalk, l.orphans) }

// duplicateCheck runs (*linter).duplicates.
type duplicateCheck struct{}

func (duplicateCheck) plan(l *linter, p *plan) { p.add(weightLight, l.duplicates) }

// repeatCheck runs (*linter).repeats.
type repeatCheck struct{}

func (repeatCheck) plan(l *linter, p *plan) { p.add(weightCompose, l.repeats) }

// partUnusedCheck runs (*linter).unusedParts.
type partUnusedCheck struct{}

func (partUnusedCheck) plan(l *linter, p *plan) { p.add(weightLight, l.unusedParts) }

// includeSpaceCheck runs (*linter).spacedIncludes.
type includeSpaceCheck struct{}

func (includeSpaceCheck) plan(l *linter, p *plan) { p.add(weightLight, l.spacedIncludes) }

// partEmptyCheck runs (*linter).emptyParts.
type partEmptyCheck struct{}

func (partEmptyCheck) plan(l *linter, p *plan) { p.add(weightLight, l.emptyParts) }

// outputCheck compares the output directory with what a build would write
// (Options.Output), finding OUTPUT_STALE and OUTPUT_UNSAFE.
type outputCheck struct{}

func (outputCheck) plan(l *linter, p *plan) {
	// With compile errors build writes nothing, so staleness is moot until
	// they are fixed (and rendering a broken project may fail).
	if l.output == nil || diag.Count(l.compiled, diag.Error) > 0 {
		return
	}
	p.addTask(weightRender, func() ([]diag.Diagnostic, error) { return l.stale(l.output) })
}
