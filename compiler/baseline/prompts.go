package baseline

import (
	"maps"
	"slices"

	"github.com/promptc/promptc/compiler"
	"github.com/promptc/promptc/compiler/costs"
	"github.com/promptc/promptc/internal/config"
	"github.com/promptc/promptc/internal/textdiff"
)

// PromptChange is one composed prompt that differs between the base and
// now: the text a model receives in one mode, for one family (Model empty)
// or for one example model id whose model note or selection changed.
type PromptChange struct {
	Mode string `json:"mode"`
	// Family is the family, or costs.AnyFamily for a mode that sends no
	// family part (its text is the same for every family).
	Family string `json:"family"`
	// Model is the example model id for a per-model change; empty for the
	// family's own prompt (no model note).
	Model string `json:"model,omitempty"`
	// Note is the model note Model gets now, if any.
	Note string `json:"note,omitempty"`
	// BaseTokens and Tokens count the whole composed text then and now.
	BaseTokens int `json:"baseTokens"`
	Tokens     int `json:"tokens"`
	// Diff is the unified diff of the composed text, base to now.
	Diff string `json:"diff"`
}

// Delta returns Tokens - BaseTokens.
func (c PromptChange) Delta() int { return c.Tokens - c.BaseTokens }

// Prompts lists every composed prompt that differs between old and cur:
// for each mode (in cur's order, then modes only old has) and family (by
// name), the family's prompt without a model note; then, for each example
// model id of cur's configuration, its prompt when it differs in a way the
// family's prompt does not show (a changed note, or a different family or
// note than before). A mode that sends no family part on either side has
// the same text for every family: it is one change with Family
// costs.AnyFamily, as in the costs table. Slots are left empty: they are
// the harness's. A nil old (the project does not exist at the base) makes
// every prompt new.
func Prompts(old, cur *compiler.Program, ref string) []PromptChange {
	if old == nil {
		old = &compiler.Program{Config: &config.Config{}, Counter: cur.Counter}
	}
	var out []PromptChange
	for _, mode := range modeNames(old, cur) {
		// shown holds the families whose own prompt changed, and the
		// family and note pairs already shown for a model.
		shown := map[string]bool{}
		var any *[2]string // the texts of a mode that sends no family part
		if !usesFamily(old, mode) && !usesFamily(cur, mode) {
			a := composed(old, mode, old.Config.Families.Fallback, "")
			b := composed(cur, mode, cur.Config.Families.Fallback, "")
			if a.text != b.text {
				any = &[2]string{a.text, b.text}
				out = append(out, change(old, cur, ref, mode, costs.AnyFamily, "", "", a.text, b.text))
			}
		} else {
			for _, fam := range union(old.Families, cur.Families) {
				a, b := composed(old, mode, fam, ""), composed(cur, mode, fam, "")
				if a.text == b.text {
					continue
				}
				shown[fam] = true
				out = append(out, change(old, cur, ref, mode, fam, "", "", a.text, b.text))
			}
		}
		for _, id := range slices.Sorted(maps.Keys(cur.Config.Families.Examples)) {
			a, b := composed(old, mode, "", id), composed(cur, mode, "", id)
			if a.text == b.text {
				continue
			}
			if any != nil && *any == [2]string{a.text, b.text} {
				continue // the change for every family shows it
			}
			moved := a.family != b.family || a.note != b.note
			if !moved && shown[b.family] && !noteChanged(old, cur, b.family, b.note) {
				continue // the family's own prompt shows this change
			}
			key := b.family + "\x00" + b.note
			if !moved && shown[key] {
				continue // a model with the same family and note shows it
			}
			shown[key] = true
			out = append(out, change(old, cur, ref, mode, b.family, id, b.note, a.text, b.text))
		}
	}
	return out
}

// usesFamily reports whether p has mode and it sends a family part.
func usesFamily(p *compiler.Program, mode string) bool {
	m, err := p.Mode(mode)
	return err == nil && p.UsesFamily(m)
}

func change(old, cur *compiler.Program, ref, mode, fam, model, note, a, b string) PromptChange {
	name := mode + "/" + fam
	if model != "" {
		name = mode + "/" + model
	}
	return PromptChange{
		Mode: mode, Family: fam, Model: model, Note: note,
		BaseTokens: count(old, a), Tokens: count(cur, b),
		Diff: string(textdiff.Unified("a/"+name+" ("+ref+")", []byte(withNewline(a)), "b/"+name, []byte(withNewline(b)))),
	}
}

// count counts the tokens of s with p's counter; an empty text (a mode or
// family p does not have) counts 0.
func count(p *compiler.Program, s string) int {
	if s == "" {
		return 0
	}
	return p.Counter.Count(s)
}

// withNewline ends a non-empty text with a newline, so that a diff does not
// mark every last line as having none: the composed text is compared line
// by line, whatever its wire format.
func withNewline(s string) string {
	if s == "" || s[len(s)-1] == '\n' {
		return s
	}
	return s + "\n"
}

// noteChanged reports whether the note labelled label of family fam has a
// different text in old and cur (or exists in only one).
func noteChanged(old, cur *compiler.Program, fam, label string) bool {
	if label == "" {
		return false
	}
	text := func(p *compiler.Program) (string, bool) {
		f := p.Families[fam]
		if f == nil {
			return "", false
		}
		for _, n := range f.Notes {
			if n.Label == label {
				return n.Text(), true
			}
		}
		return "", false
	}
	a, okA := text(old)
	b, okB := text(cur)
	return okA != okB || a != b
}

// prompt is one composed text with the family and note it was composed for.
type prompt struct {
	text, family, note string
}

// composed returns the text mode sends in p, for family fam without a
// model note or conditional part, or (fam empty) for the family, note and
// conditional parts model resolves to, with every run-time input at its
// zero value. A mode or family p does not have composes to nothing.
func composed(p *compiler.Program, mode, fam, model string) prompt {
	m, err := p.Mode(mode)
	if err != nil {
		return prompt{}
	}
	c := compiler.Selection{Family: p.Families[fam], Note: compiler.NoNote}
	if fam == "" {
		c, _ = p.Select(compiler.Auto, model) // Auto is always a valid choice
	}
	if c.Family == nil {
		return prompt{}
	}
	if !p.UsesNotes(m) {
		c.Note = compiler.NoNote
	}
	// The run-time inputs at their zero values, as promptc show composes
	// without --input and a harness that sets none sends: every when part
	// sent at once is no prompt any call gets.
	if inputs, err := p.InputValues(nil); err == nil {
		c.Inputs = inputs
	}
	out := prompt{family: c.Family.Name, text: m.Join(p.Sections(m, c, nil))}
	if c.Note >= 0 {
		out.note = c.Family.Notes[c.Note].Label
	}
	return out
}

// modeNames returns cur's modes in order, then the modes only old has.
func modeNames(old, cur *compiler.Program) []string {
	var out []string
	for _, m := range cur.Modes {
		out = append(out, m.Name)
	}
	for _, m := range old.Modes {
		if !slices.Contains(out, m.Name) {
			out = append(out, m.Name)
		}
	}
	return out
}
