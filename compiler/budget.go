package compiler

// Budgets: every ceiling of promptc.cue checked for every combination it
// covers.

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"
	"unsafe"

	"github.com/promptc/promptc/compiler/family"
	"github.com/promptc/promptc/compiler/tokens"
	"github.com/promptc/promptc/internal/config"
	"github.com/promptc/promptc/internal/diag"
)

// Rule IDs of the budget checks.
const (
	RuleBudgetOver = "BUDGET_OVER"
	RuleBudgetNear = "BUDGET_NEAR"
)

// Measure returns the size of text in the unit of lim: code points for a
// chars budget, tokens (with the program's counter) for a tokens budget.
func (p *Program) Measure(lim config.Limit, text string) int {
	if lim.Tokens > 0 {
		return p.Counter.Count(text)
	}
	return len([]rune(text))
}

// unit names the unit of lim for messages.
func (p *Program) unit(lim config.Limit) string {
	if lim.Tokens > 0 {
		return "tokens (" + p.Counter.Name() + ")"
	}
	return "characters"
}

// contribution is a measured section, for blaming the largest one.
type contribution struct {
	name string
	size int
	pos  diag.Position
}

// verdict compares a measured size with a limit and returns the finding, if
// any: an error over the ceiling, a warning at or above the warning level.
// under makes the ceiling strict: the size must stay below it, so a size
// equal to the ceiling is already over, by one. combo names the family,
// note and conditions measured; like the blame, it is worded only for a
// finding, because a large project measures tens of thousands of
// combinations and nearly all of them pass. A combo with a newline names
// its first line in the sentence and the rest, one condition a line,
// after it: every condition is named, however many there are.
func (p *Program) verdict(pos func() diag.Position, what string, combo func() string, lim config.Limit, under bool, size int, parts []contribution) *diag.Diagnostic {
	over, near := judge(lim, under, size)
	if !over && !near {
		return nil
	}
	ceiling := lim.Chars
	if lim.Tokens > 0 {
		ceiling = lim.Tokens
	}
	// A combination too long for one sentence lists the rest one a line
	// (inputsCombo): the sentence keeps its shape, the list ends it.
	c, list, long := strings.Cut(combo(), "\n")
	if p.permission != "" {
		c = "permission set " + p.permission + ", " + c
	}
	if p.profile != "" {
		c = "profile " + p.profile + ", " + c
	}
	var largest *contribution
	for i := range parts {
		if largest == nil || parts[i].size > largest.size {
			largest = &parts[i]
		}
	}
	blame := ""
	var related []diag.Related
	if largest != nil && len(parts) > 1 {
		blame = fmt.Sprintf("; the largest part is %s (%s)", largest.name, Thousands(largest.size))
	}
	if largest != nil && largest.pos.Path != "" {
		if len(parts) > 1 {
			related = append(related, diag.Relate(largest.pos, "largest part %s, %s", largest.name, Thousands(largest.size)))
		} else {
			related = append(related, diag.Relate(largest.pos, "part %s", largest.name))
		}
	}
	var d diag.Diagnostic
	switch {
	case over && under:
		d = diag.Errorf(pos(), RuleBudgetOver, "%s over budget for %s: %s %s, must be under %s, over by %s%s",
			what, c, Thousands(size), p.unit(lim), Thousands(ceiling), Thousands(size-ceiling+1), blame)
	case over:
		d = diag.Errorf(pos(), RuleBudgetOver, "%s over budget for %s: %s %s, ceiling %s, over by %s%s",
			what, c, Thousands(size), p.unit(lim), Thousands(ceiling), Thousands(size-ceiling), blame)
	default:
		d = diag.Warnf(pos(), RuleBudgetNear, "%s near its budget for %s: %s %s, ceiling %s (%d%%)%s",
			what, c, Thousands(size), p.unit(lim), Thousands(ceiling), size*100/ceiling, blame)
	}
	if long {
		d.Message += ":\n" + list
	}
	d.Related = related
	return &d
}

// judge says whether size is over lim's ceiling (at it, too, when under
// makes the ceiling strict) and whether it is at or above the warning
// level.
func judge(lim config.Limit, under bool, size int) (over, near bool) {
	ceiling := lim.Chars
	if lim.Tokens > 0 {
		ceiling = lim.Tokens
	}
	over = size > ceiling
	if under {
		over = size >= ceiling
	}
	// The size's share of the ceiling against warnAt, not the size against
	// warnAt times the ceiling: 0.55*100 is 55.00000000000001 in floating
	// point, which a size of 55 would never reach, while 55/100 rounds to
	// the very double that warnAt: 0.55 is read as.
	return over, lim.WarnAt < 1 && float64(size)/float64(ceiling) >= lim.WarnAt
}

// checkBudgets evaluates every budget for every family and note it covers.
func (b *builder) checkBudgets() []diag.Diagnostic {
	ds := b.checkPartBudgets()
	ds = append(ds, b.checkSumBudgets()...)
	return append(ds, b.checkModeBudgets()...)
}

// findings collects what verdict returns (nil for nothing to report).
type findings []diag.Diagnostic

func (fs *findings) add(d *diag.Diagnostic) {
	if d != nil {
		*fs = append(*fs, *d)
	}
}

// checkPartBudgets checks the budget of every part that declares one: once
// for a fixed text, else for every family (and note, where the text
// depends on it) the part's text varies with.
func (b *builder) checkPartBudgets() []diag.Diagnostic {
	var ds findings
	c := b.Config
	for _, name := range slices.Sorted(maps.Keys(c.Parts)) {
		cp := c.Parts[name]
		lim, ok := b.partBudget(cp)
		if !ok {
			continue
		}
		pos := func() diag.Position { return b.Loaded.PosOfKeys("parts", name, "budget") }
		if cp.Budget == nil {
			// The guide's ceiling from guide.budget: report it there.
			pos = func() diag.Position { return b.Loaded.PosOfKeys("guide", "budget") }
		}
		what := "part " + name
		if cp.Family == "" {
			part := b.Parts[name]
			if part == nil {
				continue
			}
			if !b.hasHoles(name) {
				ds.add(b.verdict(pos, what, func() string { return "every family" + b.inputsCombo("", []string{name}) }, lim, false, b.Measure(lim, part.Text), []contribution{{name, 0, part.Pos}}))
				continue
			}
		}
		// The text depends on the family, and with placeholders on the
		// note: measure each, run-time placeholders at their longest.
		for _, fn := range b.FamilyNames {
			f := b.Families[fn]
			notes := []int{NoNote}
			if cp.Family == "note" {
				notes = NoteChoices(f)[1:]
			} else if holes := b.sectionHoles(name, f); holes {
				notes = NoteChoices(f)
			}
			for _, note := range notes {
				s := b.partSection(name, Selection{Family: f, Note: note, Conditional: EveryConditional, Runtime: b.RuntimeAtMax})
				combo := func() string {
					combo := "family " + fn
					if note >= 0 {
						combo += fmt.Sprintf(", note %q", f.Notes[note].Label)
					} else if len(notes) > 1 {
						combo += ", no note"
					}
					return combo + b.inputsCombo("", []string{name})
				}
				ds.add(b.verdict(pos, what, combo, lim, false, b.Measure(lim, s.Text), []contribution{{name, 0, s.Pos}}))
			}
		}
	}
	return ds
}

// checkSumBudgets checks every budget on a sum of parts, for every family,
// with the family's longest note where a note part is summed; where a
// summed part holds a placeholder, for the note that makes the sum
// largest (a placeholder's value may depend on the note).
func (b *builder) checkSumBudgets() []diag.Diagnostic {
	var ds findings
	c := b.Config
	for _, name := range slices.Sorted(maps.Keys(c.Budgets)) {
		bud := c.Budgets[name]
		pos := func() diag.Position { return b.Loaded.PosOfKeys("budgets", name) }
		for _, fn := range b.FamilyNames {
			f := b.Families[fn]
			// sum measures the parts for one note: a note part's text,
			// and the placeholders' values in the others, follow it.
			sum := func(note int, longest bool) (total int, parts []contribution) {
				for _, ref := range bud.Sum {
					n := note
					if longest && c.Parts[ref.Name].Family == "note" {
						n = b.longestNoteIn(bud.Limit, f)
					}
					s := b.partSection(ref.Name, Selection{Family: f, Note: n, Conditional: EveryConditional, Runtime: b.RuntimeAtMax})
					size := b.Measure(bud.Limit, s.Text)
					total += size
					parts = append(parts, contribution{ref.Name, size, s.Pos})
				}
				return total, parts
			}
			combo := "family " + fn
			holes := false
			for _, ref := range bud.Sum {
				holes = holes || c.Parts[ref.Name].Family != "note" && b.sectionHoles(ref.Name, f)
			}
			total, parts := sum(NoNote, !holes)
			if holes {
				// A placeholder's value may depend on the note: the note
				// that makes the sum largest counts (the first of equals).
				best := NoNote
				for _, note := range NoteChoices(f)[1:] {
					if t, ps := sum(note, false); t > total {
						best, total, parts = note, t, ps
					}
				}
				if best >= 0 {
					combo += fmt.Sprintf(", note %q", f.Notes[best].Label)
				}
			} else {
				for _, ref := range bud.Sum {
					if c.Parts[ref.Name].Family == "note" {
						if note := b.longestNoteIn(bud.Limit, f); note >= 0 {
							combo += fmt.Sprintf(", longest note %q", f.Notes[note].Label)
						}
					}
				}
			}
			var names []string
			for _, ref := range bud.Sum {
				names = append(names, ref.Name)
			}
			ds.add(b.verdict(pos, "budget "+name, func() string { return combo + b.inputsCombo("", names) }, bud.Limit, bud.Compare == "lt", total, parts))
		}
	}
	return ds
}

// checkModeBudgets checks the budget of every mode that declares one, for
// every family and note the mode's text varies with, in the mode's wire
// format.
func (b *builder) checkModeBudgets() []diag.Diagnostic {
	c := b.Config
	type sizeKey struct {
		name   string
		tokens bool
		family string
		note   int
		// mode and combo (1 + the index in the mode's setting
		// combinations) are set for a part whose placeholders take a
		// setting's values: each mode has its own combinations.
		mode  string
		combo int
	}
	// measured is a section as a budget sees it.
	type measured struct {
		size  int
		empty bool
		pos   diag.Position
	}
	// Modes are checked concurrently. A section is measured once and
	// shared between modes; mu guards the sizes. Whether a part's text
	// depends on the family and note is decided once per part: most
	// sections of a mode do not, so for every family and note after the
	// first their sizes are looked up without composing their text again.
	var mu sync.Mutex
	sizes := map[sizeKey]measured{}
	varies, bySetting := map[string]bool{}, map[string]bool{}
	for _, m := range b.Modes {
		for _, ref := range m.Config.Compose {
			if ref.Kind != "slot" {
				varies[ref.Name] = c.Parts[ref.Name].Family != "" || b.hasHoles(ref.Name)
				bySetting[ref.Name] = len(b.SettingHoles(ref.Name)) > 0
			}
		}
	}
	// Each mode is checked for each family on its own: a mode sending
	// most of the parts would otherwise be left running alone at the end.
	// A mode with a token budget counts its whole text for every family
	// and note, much slower than adding sizes: those start first, for the
	// same reason.
	type job struct{ mode, family int }
	var jobs []job
	// The setting values the mode's parts test count only in the
	// combinations model ids reach (SettingCombos).
	combos := make([][]SettingCombo, len(b.Modes))
	for _, first := range []bool{true, false} {
		for i, m := range b.Modes {
			if tokens := m.Config.Budget != nil && m.Config.Budget.Tokens > 0; tokens != first {
				continue
			}
			if m.Config.Budget == nil || b.oversized[m.Name] {
				continue // an oversized mode is reported by checkModeSizes
			}
			combos[i] = b.SettingCombos(b.SettingsTested(m))
			for fi := range b.FamilyNames {
				jobs = append(jobs, job{i, fi})
			}
		}
	}
	// found holds the findings by mode, then family, joined in that
	// order whatever order the jobs ran in.
	found := make([][]findings, len(b.Modes))
	for i := range found {
		found[i] = make([]findings, len(b.FamilyNames))
	}
	Parallel(b.jobs, len(jobs), func(k int) {
		i, fi := jobs[k].mode, jobs[k].family
		m := b.Modes[i]
		ds := &found[i][fi]
		lim := *m.Config.Budget
		pos := func() diag.Position { return b.Loaded.PosOfKeys("modes", m.Name, "budget") }
		// One buffer serves every note: verdict keeps no contribution. So
		// does one buffer for the text a token budget counts: Count keeps
		// none.
		parts := make([]contribution, 0, len(m.Config.Compose))
		var text []byte
		var nonEmpty []string
		combos := combos[i]
		fn := b.FamilyNames[fi]
		f := b.Families[fn]
		notes := []int{NoNote}
		if b.UsesNotes(m) || b.modeHoles(m, f) {
			notes = NoteChoices(f)
		}
		for _, note := range notes {
			for ci, sc := range combos {
				// Every conditional part the mode sends counts: promptc
				// cannot tell which patterns can match one id together.
				// Run-time placeholders count at their longest.
				sel := Selection{Family: f, Note: note, Conditional: EveryConditional, Runtime: b.RuntimeAtMax, Settings: sc.Values}
				// Parts on run-time inputs count for the inputs' values
				// that make the text largest; templates count at their
				// maximum.
				when, whenDesc := b.MaxWhen(m, sel)
				sel.When = when
				// Tokens do not add up, so the joined text is counted; the
				// sections are counted one by one only to blame the
				// largest in a finding.
				// section measures one part of the mode in lim's unit,
				// or in code points for chars.
				section := func(name string, chars bool) measured {
					k := sizeKey{name: name, tokens: !chars && lim.Tokens > 0, note: NoNote}
					if varies[name] {
						k.family, k.note = fn, note
					}
					if bySetting[name] {
						k.mode, k.combo = m.Name, ci+1
					}
					mu.Lock()
					sec, ok := sizes[k]
					mu.Unlock()
					if !ok {
						s := b.partSection(name, sel)
						l := lim
						if chars {
							l = config.Limit{Chars: 1}
						}
						sec = measured{b.Measure(l, s.Text), s.Text == "", s.Pos}
						mu.Lock()
						sizes[k] = sec
						mu.Unlock()
					}
					return sec
				}
				// sum adds up the sizes of the sections sel sends, in code
				// points for chars, and lists the non-empty ones.
				sum := func(chars bool) int {
					n := 0
					nonEmpty = nonEmpty[:0]
					parts = parts[:0]
					for _, ref := range m.Config.Compose {
						if ref.Kind == "slot" {
							continue
						}
						if !b.WhenSends(ref.Name, sel) {
							parts = append(parts, contribution{ref.Name, 0, diag.Position{}})
							continue
						}
						sec := section(ref.Name, chars)
						parts = append(parts, contribution{ref.Name, sec.size, sec.pos})
						if !sec.empty {
							n += sec.size
							nonEmpty = append(nonEmpty, ref.Name)
						}
					}
					return n
				}
				total := -1
				if lim.Tokens > 0 {
					// A count that depends on code points alone comes
					// from the sections' sizes, which add up, without
					// joining the text.
					var byChars bool
					if _, byChars = tokens.ByChars(b.Counter, 0); byChars {
						n := sum(true)
						total, _ = tokens.ByChars(b.Counter, n+m.WireChars(nonEmpty))
					} else {
						text = appendJoin(text[:0], b.Sections(m, sel, nil), &m.Config, m.Config.Ending())
						total = b.Measure(lim, unsafe.String(unsafe.SliceData(text), len(text)))
					}
					if over, near := judge(lim, false, total); !over && !near {
						continue
					}
				}
				chars := sum(false)
				// Characters add up: the mode's wire format adds its
				// separators and final newline.
				if total < 0 {
					total = chars + m.WireChars(nonEmpty)
				}
				combo := func() string {
					combo := "family " + fn
					if note >= 0 {
						combo += fmt.Sprintf(", note %q", f.Notes[note].Label)
					} else if b.UsesNotes(m) || len(notes) > 1 {
						combo += ", no note"
					}
					if cond := b.ConditionalIn(m); len(cond) > 0 {
						combo += ", with conditional parts " + strings.Join(cond, ", ")
					}
					var names []string
					for _, r := range m.Config.Compose {
						if r.Kind == "part" && b.WhenSends(r.Name, sel) {
							names = append(names, r.Name)
						}
					}
					if len(sc.Values) > 0 {
						// A setting only placeholders read is named
						// here: no when condition chose it.
						for _, st := range slices.Sorted(maps.Keys(sc.Values)) {
							if w := fmt.Sprintf("%s%s %q", settingKey, st, sc.Values[st]); !strings.Contains(whenDesc, w) {
								whenDesc = strings.TrimPrefix(whenDesc+", "+w, ", ")
							}
						}
						whenDesc += " (" + sc.Reached() + ")"
					}
					return combo + b.inputsCombo(whenDesc, names)
				}
				ds.add(b.verdict(pos, "mode "+m.Name, combo, lim, false, total, parts))
			}
		}
	})
	var ds []diag.Diagnostic
	for _, byFamily := range found {
		for _, f := range byFamily {
			ds = append(ds, f...)
		}
	}
	return ds
}

// partBudget returns the ceiling of a part: its own budget, or for the
// generated guide guide.budget. A part has a budget only where
// promptc.cue declares one.
func (p *Program) partBudget(cp config.Part) (config.Limit, bool) {
	if cp.Budget != nil {
		return *cp.Budget, true
	}
	if cp.Generated == "guide" {
		if g := p.Config.Guide; g != nil && g.Budget != nil {
			return *g.Budget, true
		}
	}
	return config.Limit{}, false
}

// longestNoteIn returns f's largest note measured in lim's unit, ties
// broken by characters, then by the earlier note.
func (p *Program) longestNoteIn(lim config.Limit, f *family.Family) int {
	best, bestSize, bestChars := NoNote, -1, -1
	for i, n := range f.Notes {
		text := n.Text()
		s, c := p.Measure(lim, text), len([]rune(text))
		if s > bestSize || s == bestSize && c > bestChars {
			best, bestSize, bestChars = i, s, c
		}
	}
	return best
}
