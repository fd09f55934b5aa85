package compiler

// The lattice check: each mode in order sends what the one before it does.

import (
	"strings"

	"github.com/promptc/promptc/internal/diag"
)

// Rule IDs of the mode lattice check.
const (
	RuleLattice          = "MODE_LATTICE"
	RuleSubstitutionBoth = "MODE_SUBSTITUTION_BOTH"
)

// checkLattice verifies that each mode in the declared order sends every
// part and slot of the mode before it, except a part replaced by a declared
// substitution whose replacement the higher mode sends; and that no mode
// sends both sides of a substitution.
func (b *builder) checkLattice() []diag.Diagnostic {
	var ds []diag.Diagnostic
	var ordered []*Mode
	for _, m := range b.Modes {
		if m.Rank >= 0 {
			ordered = append(ordered, m)
		}
	}
	for i := 1; i < len(ordered); i++ {
		lower, higher := ordered[i-1], ordered[i]
		for _, ref := range lower.Config.Compose {
			if higher.Sends(ref.Name) || b.substituted(ref.Name, higher) {
				continue
			}
			ds = append(ds, diag.Errorf(b.Loaded.PosOfKeys("modes", higher.Name, "compose"), RuleLattice,
				"mode %s does not send %s %q, which the lower mode %s sends; modes are ordered (%s), so add %ss.%s to modes.%s.compose or declare a substitution",
				higher.Name, ref.Kind, ref.Name, lower.Name, strings.Join(b.Config.Order, " < "), ref.Kind, ref.Name, higher.Name))
		}
	}
	for _, m := range b.Modes {
		for _, s := range b.Config.Substitutions {
			if m.Sends(s.Replace.Name) && m.Sends(s.With.Name) {
				ds = append(ds, diag.Errorf(b.Loaded.PosOfKeys("modes", m.Name, "compose"), RuleSubstitutionBoth,
					"mode %s sends both %q and %q, but %q replaces %q: send one of them", m.Name, s.Replace.Name, s.With.Name, s.With.Name, s.Replace.Name))
			}
		}
	}
	return ds
}

// substituted reports whether part name may be missing from m because m
// sends its declared replacement.
func (p *Program) substituted(name string, m *Mode) bool {
	for _, s := range p.Config.Substitutions {
		if s.Replace.Name == name && m.Sends(s.With.Name) {
			return true
		}
	}
	return false
}
