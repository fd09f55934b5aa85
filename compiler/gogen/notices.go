package gogen

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/promptc/promptc/compiler"
	"github.com/promptc/promptc/compiler/costs"
)

// renderNotices emits the cost notices of every mode for every profile,
// family and note (no note first), computed at build time by
// compiler/costs, the code that promptc costs --model prints with: so the
// package links no tokenizer and its lines cannot differ from the CLI's.
func (g *gen) renderNotices() {
	p := g.p
	var warnings []string
	for _, m := range p.Modes {
		warnings = append(warnings, goString(m.Config.Warning))
	}
	g.pf("var modeWarnings = [len(modeNames)]string{%s}\n\n", strings.Join(warnings, ", "))
	// A mode's notice also depends on which conditional parts the model
	// gets, of those the mode sends and, for OverFocus, those the default
	// mode sends: one entry per subset of them, bit j for the j-th
	// (modeConds). Its indexes are in conditions, of at most 64 parts
	// (the bits of a resolution's parts; see internal/config's
	// maxConditional): a uint8 holds them whatever the project.
	g.pf("// modeConds lists, per profile and mode, the conditional parts its cost\n// notice depends on (those it and the default mode send), as indexes in\n// conditions: bit j of a notice's subset index.\nvar modeConds = [...][len(modeNames)][]uint8{\n")
	for pi, q := range g.progs {
		g.pf("\t// profile %s\n\t{", g.profileName(pi))
		for i, m := range q.Modes {
			if i > 0 {
				g.pf(", ")
			}
			var idx []string
			for _, name := range noticeConds(q, m) {
				idx = append(idx, fmt.Sprint(g.condIndex(name)-1))
			}
			if len(idx) == 0 {
				g.pf("nil")
			} else {
				g.pf("{%s}", strings.Join(idx, ", "))
			}
		}
		g.pf("},\n")
	}
	g.pf("}\n\n")
	// And on the values of the settings a when condition tests: the
	// model's own, never the family's worst case.
	// The element type of noticeSettings holds every index in
	// settingTables.
	settings := noticeSettings(p)
	combos := settingCombos(p, settings)
	var idx []string
	for _, i := range settings {
		idx = append(idx, fmt.Sprint(i))
	}
	g.pf("// noticeSettings lists the settings (indexes in settingTables) whose\n// values the notices depend on: a notice's entry is their values as one\n// number in mixed radix, then the subset of conditional parts.\nvar noticeSettings = [...]%s{%s}\n\n", uintType(len(p.Config.Settings)), strings.Join(idx, ", "))
	g.pf("// noticeTable holds each profile's notices by family, then by note\n// (index 0 is no note, i+1 the family's note i), then by mode, then by the\n// values of noticeSettings and the subset of the mode's conditional parts\n// the model gets.\nvar noticeTable = [...][len(families)][][len(modeNames)][]noticeData{\n")
	for pi, q := range g.progs {
		if g.namesOnly {
			// The notices are counted only for the package written.
			break
		}
		g.pf("\t// profile %s\n\t{\n", g.profileName(pi))
		for _, fn := range q.FamilyNames {
			f := q.Families[fn]
			g.pf("\t\t// %s\n\t\t{\n", fn)
			for _, note := range compiler.NoteChoices(f) {
				g.pf("\t\t\t{")
				// NoticesFor counts every mode; a selection's notices
				// depend only on which conditional parts it sends, so
				// they are counted once per set (once in all for a project
				// without conditional parts), not once per mode.
				counted := map[string][]costs.Notice{}
				for mi, m := range q.Modes {
					if mi > 0 {
						g.pf(", ")
					}
					conds := noticeConds(q, m)
					g.pf("{")
					for ci, combo := range combos {
						for sub := 0; sub < 1<<len(conds); sub++ {
							sel := compiler.Selection{Family: f, Note: note, Settings: combo, Conditional: func(name string) bool {
								j := slices.Index(conds, name)
								return j >= 0 && sub&(1<<j) != 0
							}}
							var sent []string
							for j, name := range conds {
								if sub&(1<<j) != 0 {
									sent = append(sent, name)
								}
							}
							slices.Sort(sent)
							key := fmt.Sprint(ci, "\x00", strings.Join(sent, "\x00"))
							if counted[key] == nil {
								counted[key] = costs.NoticesFor(q, sel)
							}
							n := counted[key][mi]
							if ci > 0 || sub > 0 {
								g.pf(", ")
							}
							typical := n.Tokens
							if n.TypicalTokens != nil {
								typical = *n.TypicalTokens
							}
							g.pf("{%d, %d, %d, %d, %d}", g.text(n.Text()), len(n.Line), n.Tokens, n.Over, typical)
						}
					}
					g.pf("}")
				}
				g.pf("},\n")
			}
			g.pf("\t\t},\n")
		}
		g.pf("\t},\n")
	}
	g.pf("}\n\n")
	switch perms := p.Config.Permissions != nil; {
	case p.Config.Profiles != nil && perms:
		g.pf("// CostNoticeProfile is CostNotice in profile pr under permission set\n// perm. It panics where ComposeProfile does.\nfunc CostNoticeProfile(pr Profile, perm Permission, mode Mode, choice Choice, modelID string) Notice {\n\tmustProfile(pr)\n\tmustPermission(perm)\n\treturn costNotice(combo(int(pr), perm), mode, choice, modelID)\n}\n\n")
	case p.Config.Profiles != nil:
		g.pf("// CostNoticeProfile is CostNotice in profile pr. It panics where\n// ComposeProfile does.\nfunc CostNoticeProfile(pr Profile, mode Mode, choice Choice, modelID string) Notice {\n\tmustProfile(pr)\n\treturn costNotice(int(pr), mode, choice, modelID)\n}\n\n")
	}
	if p.Config.Permissions != nil {
		g.pf("// CostNoticePermission is CostNotice under permission set perm. It\n// panics where ComposePermission does.\nfunc CostNoticePermission(perm Permission, mode Mode, choice Choice, modelID string) Notice {\n\tmustPermission(perm)\n\treturn costNotice(combo(0, perm), mode, choice, modelID)\n}\n\n")
	}
}

// noticeConds lists the conditional parts mode m's cost notice depends
// on: those m sends, then those the default mode sends that m does not.
// NoticeConds lists the conditional parts the cost notice of mode m of q
// depends on: those it and the default mode send. Every target indexes
// its notices by them.
func NoticeConds(q *compiler.Program, m *compiler.Mode) []string { return noticeConds(q, m) }

func noticeConds(q *compiler.Program, m *compiler.Mode) []string {
	conds := q.ConditionalIn(m)
	if base, err := q.Mode(q.Config.DefaultMode); err == nil {
		for _, name := range q.ConditionalIn(base) {
			if !slices.Contains(conds, name) {
				conds = append(conds, name)
			}
		}
	}
	return conds
}

// NoticeSettings lists, as indexes in the sorted setting names, the
// settings whose values the cost notices depend on; every target indexes
// its notices by them.
func NoticeSettings(p *compiler.Program) []int { return noticeSettings(p) }

// SettingCombos lists every combination of the values of settings (as
// NoticeSettings gives them) in the order every target indexes them.
func SettingCombos(p *compiler.Program, settings []int) []map[string]string {
	return settingCombos(p, settings)
}

// noticeSettings lists, as indexes in the sorted setting names (the order
// of settingTables), the settings some part's when condition tests or
// whose values choose a placeholder's value: the notices depend on their
// values.
func noticeSettings(p *compiler.Program) []int {
	names := slices.Sorted(maps.Keys(p.Config.Settings))
	var out []int
	for i, name := range names {
		tested := false
		for _, cp := range p.Config.Parts {
			tested = tested || cp.When != nil && cp.When.Setting == name
		}
		for _, ph := range p.Config.Placeholders {
			tested = tested || ph.Setting != nil && ph.Setting.Name == name
		}
		if tested {
			out = append(out, i)
		}
	}
	return out
}

// settingCombos lists every combination of the values of settings (as
// noticeSettings gives them), in the mixed-radix order the generated code
// indexes: the last setting varies fastest. Settings not listed are left
// out of each map: nothing the notices count tests them.
func settingCombos(p *compiler.Program, settings []int) []map[string]string {
	names := slices.Sorted(maps.Keys(p.Config.Settings))
	combos := []map[string]string{{}}
	for _, i := range settings {
		var next []map[string]string
		for _, c := range combos {
			for _, v := range p.Config.Settings[names[i]].Values {
				n := maps.Clone(c)
				n[names[i]] = v
				next = append(next, n)
			}
		}
		combos = next
	}
	return combos
}
