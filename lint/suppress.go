package lint

import (
	"fmt"
	"slices"

	"github.com/promptc/promptc/compiler/source"
	"github.com/promptc/promptc/internal/diag"
)

// suppressLevel says what may suppress a rule's findings. It is the same
// for every command: lint, the language server and the commands behind
// Gate apply it through selection.filter.
type suppressLevel int

const (
	// suppressAny: the lint section of promptc.cue and the directives.
	suppressAny suppressLevel = iota
	// suppressConfigOnly: the lint section only. The SUPPRESSION rules
	// check the directives, so a directive cannot quiet them.
	suppressConfigOnly
	// suppressInPlace: a directive with a reason in the finding's file
	// only. A credential ships to every provider, so only an exception
	// reviewed next to the text may let one through; the lint section,
	// which chooses rules for a whole project, cannot.
	suppressInPlace
	// suppressNever: nothing. The finding means the composed text is
	// wrong or missing (a file not read, an include not resolved, a
	// template that does not parse), so nothing correct can be built,
	// shown or costed while it stands.
	suppressNever
)

// suppressionOf returns the suppression level of rule: suppressNever for
// the errors the compiler reports in the MINIMAL category and for an
// include or link that leaves the project (the text it names is not
// read), suppressInPlace for SECRET, suppressConfigOnly for the
// SUPPRESSION category, suppressAny for the rest and for rules the
// registry does not know.
func suppressionOf(rule string) suppressLevel {
	r, ok := Lookup(rule)
	switch {
	case !ok:
		return suppressAny
	case r.ID == RuleSecret:
		return suppressInPlace
	case r.Compiler != "" && r.Severity == diag.Error && (r.Category == Minimal || r.ID == source.RuleEscape):
		return suppressNever
	case r.Category == Suppression:
		return suppressConfigOnly
	}
	return suppressAny
}

// Suppressible describes, for the rules documentation, what may suppress
// the findings of rule: "" when both the lint section and a directive may.
func Suppressible(rule string) string {
	switch suppressionOf(rule) {
	case suppressNever:
		return "cannot be suppressed: the composed text is wrong or missing while it stands, so every command refuses it; fix it."
	case suppressInPlace:
		return "can be suppressed only by a promptc:ignore or promptc:file-ignore directive with a reason in the file, never by the lint section of promptc.cue."
	case suppressConfigOnly:
		return "can be turned off by the lint section of promptc.cue, never by a directive."
	}
	return ""
}

// refusal explains why the lint section cannot name rule (a level of
// suppressInPlace or more).
func (lv suppressLevel) refusal(rule string) string {
	if lv == suppressNever {
		return fmt.Sprintf("%s cannot be suppressed: its findings mean the composed text is wrong or missing, and every command refuses them; fix them instead", rule)
	}
	return fmt.Sprintf("%s cannot be suppressed in promptc.cue: a credential ships to every provider; remove it, or for a reviewed example write <!-- promptc:ignore %s reason --> above it in its file", rule, rule)
}

// filter applies the project's suppressions to ds, the findings of every
// command: it drops those of rules the lint section turns off, then those
// a directive of dirs covers (marking it used), then those in files the
// lint section ignores; suppressionOf limits each step.
func (s *selection) filter(ds []diag.Diagnostic, dirs directives) []diag.Diagnostic {
	ds = slices.DeleteFunc(ds, func(d diag.Diagnostic) bool { return !s.enabled(d.Rule) })
	ds = dirs.apply(ds)
	return slices.DeleteFunc(ds, s.ignored)
}
