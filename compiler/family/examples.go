package family

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"

	"github.com/promptc/promptc/internal/config"
	"github.com/promptc/promptc/internal/diag"
)

// Rule IDs for the resolution checks.
const (
	RuleExampleMismatch  = "EXAMPLE_MISMATCH"
	RuleExampleNote      = "EXAMPLE_NOTE_MISMATCH"
	RuleUnknownFamily    = "UNKNOWN_FAMILY"
	RuleUnexercised      = "RULE_UNEXERCISED"
	RuleOverlap          = "RULE_OVERLAP"
	RuleNoteShadowed     = "NOTE_SHADOWED"
	RuleNoteUnexercised  = "NOTE_UNEXERCISED"
	RuleFamilyUnselected = "FAMILY_UNSELECTED"
)

// CheckExamples verifies families.examples against the rules and the notes
// of fams (by name): every example must resolve to its expected family (and
// note label, when given); every rule pattern should decide at least one
// example; overlapping rules are explained; a note whose examples all match
// an earlier note is shadowed. Rules naming a family that has neither a
// file nor is the fallback are reported too. unread names the families
// whose file exists but could not be read: that failure is reported where
// the file is, so the rules and examples naming them are not reported as
// naming an unknown family, and their examples are not checked.
func CheckExamples(l *config.Loaded, r *Resolver, fams map[string]*Family, unread map[string]bool) []diag.Diagnostic {
	c := l.Config.Families
	var ds []diag.Diagnostic
	for i, rule := range c.Rules {
		if _, ok := fams[rule.Family]; !ok && !unread[rule.Family] {
			ds = append(ds, diag.Errorf(l.PosOfKeys("families", "rules", fmt.Sprint(i), "family"), RuleUnknownFamily,
				"rule %d names family %q, which has no family file (known: %s); add %s%s or fix the name",
				i, rule.Family, strings.Join(slices.Sorted(maps.Keys(fams)), ", "), rule.Family, Suffix))
		}
	}
	// A pattern is exercised when it decides an example, whichever phase
	// it decides in: a name pattern may decide through a provider segment.
	type decided struct {
		rule  int
		field string
		index int
	}
	used := map[decided]bool{}
	ids := slices.Sorted(maps.Keys(c.Examples))
	byFamily := map[string][]string{}
	for _, id := range ids {
		want := c.Examples[id]
		// Positions cost a CUE compile of promptc.cue: only look one up
		// for a finding.
		pos := func() diag.Position { return l.PosOfKeys("families", "examples", id) }
		res := r.Resolve(id)
		if res.By != ByFallback {
			used[decided{res.Rule, res.Field, res.Index}] = true
		}
		if unread[want.Family] {
			continue
		}
		if _, ok := fams[want.Family]; !ok {
			ds = append(ds, diag.Errorf(pos(), RuleUnknownFamily, "example %q expects family %q, which has no family file (known: %s); add %s%s or fix the name",
				id, want.Family, strings.Join(slices.Sorted(maps.Keys(fams)), ", "), want.Family, Suffix))
			continue
		}
		if res.Family != want.Family {
			ds = append(ds, diag.Errorf(pos(), RuleExampleMismatch,
				"example %q resolves to %s (%s), expected %s", id, res.Family, res.Why(), want.Family))
			continue
		}
		byFamily[res.Family] = append(byFamily[res.Family], id)
		if ms := r.Matches(id); len(ms) > 1 {
			var others []string
			seen := map[string]bool{}
			for _, m := range ms[1:] {
				if m.Family != ms[0].Family && !seen[m.Family] {
					seen[m.Family] = true
					others = append(others, fmt.Sprintf("%s (%s)", m.Family, m.deciding()))
				}
			}
			if len(others) > 0 {
				ds = append(ds, diag.Infof(pos(), RuleOverlap,
					"example %q is matched by %s (%s) and also by %s; %s wins because its rule comes first",
					id, ms[0].Family, ms[0].deciding(), strings.Join(others, ", "), ms[0].Family))
			}
		}
		fam := fams[res.Family]
		if (want.Note != "" || want.NoNote) && fam != nil {
			got := "no note"
			i := fam.NoteFor(id)
			if i >= 0 {
				got = fmt.Sprintf("note %q", fam.Notes[i].Label)
			}
			switch {
			case want.NoNote && i < 0, !want.NoNote && i >= 0 && fam.Notes[i].Label == want.Note:
				continue
			case fam.BrokenNotes > 0:
				// The broken marker is reported in the family file; the
				// mismatch it causes would be listed first (promptc.cue
				// sorts before prompts/) and send the reader to the
				// examples table instead of the cause.
				continue
			case want.NoNote:
				ds = append(ds, diag.Errorf(pos(), RuleExampleNote,
					"example %q selects %s (%s) in %s, expected no note", id, got, fam.Notes[i].Literal, fam.Path))
			default:
				ds = append(ds, diag.Errorf(pos(), RuleExampleNote,
					"example %q selects %s in %s, expected note %q", id, got, fam.Path, want.Note))
			}
		}
	}
	for i, rule := range c.Rules {
		lists := []struct {
			field string
			pats  []string
		}{{FieldName, rule.Name}, {FieldProvider, rule.Provider}, {FieldID, rule.ID}}
		for _, list := range lists {
			for j, p := range list.pats {
				if !used[decided{i, list.field, j}] {
					ds = append(ds, diag.Warnf(l.PosOfKeys("families", "rules", fmt.Sprint(i), list.field, fmt.Sprint(j)), RuleUnexercised,
						"%s pattern %q of rule %d (%s) decides no example; add an example model id to families.examples", list.field, p, i, rule.Family))
				}
			}
		}
		if len(rule.All) > 0 && !used[decided{i, FieldAll, 0}] {
			ds = append(ds, diag.Warnf(l.PosOfKeys("families", "rules", fmt.Sprint(i), FieldAll), RuleUnexercised,
				"all patterns of rule %d (%s) decide no example; add an example model id that every one of them matches to families.examples", i, rule.Family))
		}
	}
	ds = append(ds, deadText(l, fams, byFamily)...)
	for _, name := range slices.Sorted(maps.Keys(fams)) {
		fam := fams[name]
		for j := 1; j < len(fam.Notes); j++ {
			n := fam.Notes[j]
			if n.Pattern == nil {
				continue
			}
			// The notes above that take the examples reaching this one,
			// each named once in file order: the examples may be taken by
			// several.
			var reaching []string
			var takers []int
			chosen := false
			for _, id := range byFamily[name] {
				if !n.Pattern.RE.MatchString(id) {
					continue
				}
				reaching = append(reaching, id)
				k := fam.NoteFor(id)
				if k == j {
					chosen = true
					break
				}
				if !slices.Contains(takers, k) {
					takers = append(takers, k)
				}
			}
			if len(reaching) > 0 && !chosen {
				slices.Sort(takers)
				labels := make([]string, len(takers))
				for i, k := range takers {
					labels[i] = fmt.Sprintf("%q", fam.Notes[k].Label)
				}
				what := "note " + labels[0] + " above it matches them first"
				if len(labels) > 1 {
					what = "notes " + strings.Join(labels[:len(labels)-1], ", ") + " and " + labels[len(labels)-1] + " above it match them first"
				}
				ds = append(ds, diag.Warnf(n.Pos, RuleNoteShadowed,
					"model note %q can never be chosen for the examples that reach it (%s): %s; reorder the notes or narrow the earlier pattern",
					n.Label, strings.Join(reaching, ", "), what))
			}
		}
	}
	return ds
}

// deadText reports family text that no model id is shown to reach: in a
// project with rules, a family file that no rule names and that is not the
// fallback (only an explicit family choice sends it); in a project with
// examples, a model note whose pattern matches none of the examples
// resolved to its family (byFamily), so nothing shows that it is selected
// for the models it was written for. A note that
// examples reach but an earlier note takes is NOTE_SHADOWED instead.
func deadText(l *config.Loaded, fams map[string]*Family, byFamily map[string][]string) []diag.Diagnostic {
	c := l.Config.Families
	named := map[string]bool{c.Fallback: true}
	for _, r := range c.Rules {
		named[r.Family] = true
	}
	// Names rules give that have no file: one may be this file's name
	// misspelled (UNKNOWN_FAMILY reports the rule).
	var orphanNames []string
	for n := range named {
		if _, ok := fams[n]; !ok && n != c.Fallback {
			orphanNames = append(orphanNames, n)
		}
	}
	slices.Sort(orphanNames)
	var ds []diag.Diagnostic
	for _, name := range slices.Sorted(maps.Keys(fams)) {
		fam := fams[name]
		if fam.Path == "" {
			continue // the fallback without a file
		}
		// A project without rules selects every family explicitly.
		if len(c.Rules) > 0 && !named[name] {
			fix := fmt.Sprintf("add a rule such as {family: %q, name: [\"^%s\"]} with an example in families.examples, or delete %s if nothing chooses it",
				name, regexp.QuoteMeta(name), fam.Path)
			if s := diag.Closest(name, orphanNames, 2); s != "" {
				fix = fmt.Sprintf("a rule names family %q, which has no file: if that is this family misspelled, correct the rule", s)
			}
			ds = append(ds, diag.Warnf(fam.HeaderPos, RuleFamilyUnselected,
				"family %q is named by no rule in families.rules and is not the fallback: no model id selects it, only an explicit family choice sends it; %s",
				name, fix))
		}
		for _, n := range fam.Notes {
			// Without an examples table nothing is exercised, and
			// RULE_UNEXERCISED already asks for one.
			if len(c.Examples) == 0 || n.Pattern == nil || slices.ContainsFunc(byFamily[name], n.Pattern.RE.MatchString) {
				continue
			}
			ds = append(ds, diag.Warnf(n.Pos, RuleNoteUnexercised,
				"model note %q (%s) matches no example of family %s in families.examples: nothing shows it is sent to the models it was written for; add one, for example \"<model id>\": {family: %q, note: %q}",
				n.Label, n.Literal, name, name, n.Label))
		}
	}
	return ds
}

// NewSettingResolver returns the resolver of a per-model setting: its
// rules are resolved as family rules are (the same genruntime selection),
// each giving its value as the family, and the default as the fallback.
func NewSettingResolver(s config.Setting) *Resolver { return NewResolver(s.FamilyRules()) }

// SettingWhy describes the decision of a setting's resolver (see
// NewSettingResolver) in words: Why, with the setting's default where Why
// names the fallback family.
func (r Resolution) SettingWhy() string {
	if r.By == ByFallback {
		return "no rule matched the name, the id or a provider segment; the default"
	}
	return r.Why()
}

// CheckSettingExamples verifies the examples of setting name, as
// CheckExamples verifies families.examples: each model id must resolve,
// through r (NewSettingResolver), to the value it lists. A value that is
// not one of the setting's is the configuration check's, and is not
// reported again here.
func CheckSettingExamples(l *config.Loaded, name string, r *Resolver) []diag.Diagnostic {
	st := l.Config.Settings[name]
	var ds []diag.Diagnostic
	for _, id := range slices.Sorted(maps.Keys(st.Examples)) {
		want := st.Examples[id]
		if !slices.Contains(st.Values, want) {
			continue
		}
		if res := r.Resolve(id); res.Family != want {
			ds = append(ds, diag.Errorf(l.PosOfKeys("settings", name, "examples", id), RuleExampleMismatch,
				"example %q of setting %s resolves to %s (%s), expected %s; fix the rules of settings.%s or the example", id, name, res.Family, res.SettingWhy(), want, name))
		}
	}
	return ds
}
