package compiler

import (
	"fmt"
	"strings"

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
