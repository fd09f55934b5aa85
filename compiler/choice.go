package compiler

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/promptc/promptc/compiler/family"
	"github.com/promptc/promptc/internal/diag"
)

// autoFamily refuses a family file named auto.prompt.md: "auto" is the
// choice that follows the model, so such a family could never be chosen.
func autoFamily(path string) diag.Diagnostic {
	return diag.Errorf(diag.Position{Path: path, Line: 1, Col: 1}, family.RuleFileName,
		"a family cannot be called %q: that name is the family choice that follows the model; rename the file", Auto)
}

// Auto is the family choice that follows the model: the family is the one
// the model id resolves to. It is the default choice.
const Auto = "auto"

// Select returns what a prompt for modelID under the family choice is
// composed with: the family and note of Choose, and the conditional parts
// whose patterns match modelID and the per-model settings' values,
// whatever the family.
func (p *Program) Select(choice, modelID string) (Selection, error) {
	return p.SelectFor(choice, "", modelID)
}

// SelectFor is Select for a model of a provider given apart, as a
// generated package's Request{Provider, Model} selects: the id is
// provider + "/" + model, which notes and models patterns read, and the
// family and setting rules' provider patterns see the provider alone
// (family.Resolver.ResolveFor). An empty provider is Select.
func (p *Program) SelectFor(choice, provider, model string) (Selection, error) {
	id := model
	if provider != "" {
		id = provider + "/" + model
	}
	var f *family.Family
	note := NoNote
	if choice == "" || choice == Auto {
		f = p.Families[p.Resolver.ResolveFor(provider, model).Family]
		if f == nil {
			f = p.Families[p.Config.Families.Fallback]
		}
		note = f.NoteFor(id)
	} else {
		var err error
		if f, note, err = p.Choose(choice, id); err != nil {
			return Selection{}, err
		}
	}
	settings := make(map[string]string, len(p.Settings))
	for name, r := range p.Settings {
		settings[name] = r.ResolveFor(provider, model).Family
	}
	return Selection{Family: f, Note: note, Conditional: func(part string) bool { return p.Applies(part, id) }, Settings: settings}, nil
}

// Choose returns the family and model note a prompt is composed for.
// choice is Auto (or "", the same) or a family name: an explicit family
// always wins over the model, and Auto resolves modelID by the rules. The
// note is the chosen family's first note whose pattern matches modelID, so
// an explicit family keeps the note the model selects within it (none when
// no note of that family matches). An unknown family is an error that
// lists the valid choices.
func (p *Program) Choose(choice, modelID string) (*family.Family, int, error) {
	if choice == "" || choice == Auto {
		f, note := p.FamilyFor(modelID)
		return f, note, nil
	}
	f, ok := p.Families[choice]
	if !ok {
		return nil, NoNote, fmt.Errorf("unknown family %q (valid: %s, %s)", choice, Auto, strings.Join(p.FamilyNames, ", "))
	}
	return f, f.NoteFor(modelID), nil
}

// LongestNote returns the note of f that makes mode m's static text the
// most expensive: the largest composed text in the counted unit (tokens),
// ties broken by its length in characters, then by the earlier note. It
// returns NoNote when f has none, or m sends no note and no placeholder
// (whose value a note may give). Comparing composed
// texts rather than notes alone matters because rounding can rank two
// notes differently once they are part of the prompt.
func (p *Program) LongestNote(m *Mode, f *family.Family) int {
	if !p.UsesNotes(m) && !p.modeHoles(m, f) {
		// Neither a note nor a placeholder a note can give a value.
		return NoNote
	}
	// Every cost row asks for its own mode's and the default mode's
	// longest note, and each answer composes every note: remembering the
	// answer keeps the costs of M modes linear in M.
	k := modeFamily{m.Name, f.Name}
	p.lmu.Lock()
	best, ok := p.longest[k]
	p.lmu.Unlock()
	if ok {
		return best
	}
	best = p.longestNote(m, f)
	p.lmu.Lock()
	p.longest[k] = best
	p.lmu.Unlock()
	return best
}

// modeFamily names a mode composed for a family.
type modeFamily struct{ mode, family string }

func (p *Program) longestNote(m *Mode, f *family.Family) int {
	best, bestTokens, bestChars := NoNote, -1, -1
	for i := range f.Notes {
		text := p.Static(m, Selection{Family: f, Note: i, Conditional: EveryConditional})
		tokens, chars := p.Counter.Count(text), utf8.RuneCountInString(text)
		if tokens > bestTokens || tokens == bestTokens && chars > bestChars {
			best, bestTokens, bestChars = i, tokens, chars
		}
	}
	return best
}
