package compiler

import (
	"maps"
	"slices"
	"strings"
)

// SettingCombo is one combination of per-model setting values that a
// model id reaches, with the ids that reach it.
type SettingCombo struct {
	// Values gives each setting's value, by name.
	Values map[string]string
	// IDs lists, sorted, the example ids that reach it; none for the
	// defaults when no example id has them (an id no setting rule
	// claims).
	IDs []string
}

// Reached names who reaches c, for findings: "reached by claude-sonnet-4,
// gpt-5" or "the defaults: an id no setting rule claims".
func (c SettingCombo) Reached() string {
	if len(c.IDs) == 0 {
		return "the defaults: an id no setting rule claims"
	}
	const most = 4
	ids := c.IDs[:min(len(c.IDs), most)]
	s := "reached by " + strings.Join(ids, ", ")
	if len(c.IDs) > most {
		s += ", ..."
	}
	return s
}

// SettingCombos returns the combinations of the values of the settings
// names (sorted, each once) that model ids can reach: those of the ids
// the project's examples name (families.examples and every setting's
// examples), whatever family they resolve to or are forced to, since a
// forced family keeps the id's settings; and the defaults, which an id
// no setting rule claims gets. Budgets hold for these, not for pairs of
// values no id gets together. Combinations come in a fixed order: the
// defaults first, then by their values. With no names it returns one
// combination with no values.
func (p *Program) SettingCombos(names []string) []SettingCombo {
	if len(names) == 0 {
		return []SettingCombo{{}}
	}
	key := func(v map[string]string) string {
		var b strings.Builder
		for _, n := range names {
			b.WriteString(v[n])
			b.WriteByte(0)
		}
		return b.String()
	}
	byKey := map[string]*SettingCombo{}
	var keys []string
	add := func(v map[string]string, id string) {
		k := key(v)
		c := byKey[k]
		if c == nil {
			vals := make(map[string]string, len(names))
			for _, n := range names {
				vals[n] = v[n]
			}
			c = &SettingCombo{Values: vals}
			byKey[k] = c
			keys = append(keys, k)
		}
		if id != "" && !slices.Contains(c.IDs, id) {
			c.IDs = append(c.IDs, id)
		}
	}
	defaults := map[string]string{}
	for _, n := range names {
		defaults[n] = p.Config.Settings[n].Default
	}
	add(defaults, "")
	ids := map[string]bool{}
	for id := range p.Config.Families.Examples {
		ids[id] = true
	}
	for _, st := range p.Config.Settings {
		for id := range st.Examples {
			ids[id] = true
		}
	}
	for _, id := range slices.Sorted(maps.Keys(ids)) {
		add(p.SettingsFor(id), id)
	}
	out := make([]SettingCombo, 0, len(keys))
	out = append(out, *byKey[keys[0]])
	rest := keys[1:]
	slices.Sort(rest)
	for _, k := range rest {
		out = append(out, *byKey[k])
	}
	return out
}

// SettingsTested lists, sorted, the settings the when conditions of mode
// m's parts test and those whose values choose a placeholder's value in
// their text (SettingHoles): those whose values m's text depends on.
func (p *Program) SettingsTested(m *Mode) []string {
	var out []string
	for _, r := range m.Config.Compose {
		if r.Kind != "part" {
			continue
		}
		if w := p.Config.Parts[r.Name].When; w != nil && w.Setting != "" {
			out = append(out, w.Setting)
		}
		out = append(out, p.SettingHoles(r.Name)...)
	}
	slices.Sort(out)
	return slices.Compact(out)
}
