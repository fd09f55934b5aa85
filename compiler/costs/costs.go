// Package costs computes what every mode costs per call for every family,
// and renders the table as text, Markdown, JSON and CSV, and the cost
// notice lines a harness shows when a mode is chosen.
package costs

import (
	"fmt"

	"github.com/promptc/promptc/compiler"
	"github.com/promptc/promptc/compiler/family"
)

// Row is the static cost of one mode for one family. Tokens are counted
// with Counter; Exact says whether that is an exact tokenizer or the
// chars/4 estimate.
type Row struct {
	Mode   string `json:"mode"`
	Family string `json:"family"`
	// Tokens per call with the family's most expensive model note (when
	// the mode sends notes): the note whose composed text counts the most
	// tokens, ties broken by characters.
	Tokens int `json:"tokens"`
	// TokensNoNote per call when no note matches the model.
	TokensNoNote int `json:"tokensNoNote"`
	// OverFocus is Tokens minus the default mode's Tokens for the family
	// (each mode with its own most expensive note).
	OverFocus int `json:"overFocus"`
	// Chars is the static text's length in code points, with that note.
	Chars int `json:"chars"`
	// PrefixTokens is the cacheable prefix: static text before the first
	// slot.
	PrefixTokens int    `json:"prefixTokens"`
	Note         string `json:"note,omitempty"`
	Counter      string `json:"counter"`
	Exact        bool   `json:"exact"`
}

// Table computes a Row for every mode (lattice order) and family (sorted).
func Table(p *compiler.Program) []Row {
	base := baseMode(p)
	var rows []Row
	for _, m := range p.Modes {
		for _, fn := range p.FamilyNames {
			rows = append(rows, row(p, m, p.Families[fn], longest, base))
		}
	}
	return rows
}

// baseMode is the mode costs are compared against: the default mode.
func baseMode(p *compiler.Program) *compiler.Mode {
	m, err := p.Mode(p.Config.DefaultMode)
	if err != nil {
		return nil
	}
	return m
}

// longest stands for "the most expensive note of each mode" in row.
const longest = -2

// noteFor returns the note mode m is measured with: its most expensive
// note for longest, else the given note when m sends notes.
func noteFor(p *compiler.Program, m *compiler.Mode, f *family.Family, note int) int {
	switch {
	case note == longest:
		return p.LongestNote(m, f)
	case p.UsesNotes(m):
		return note
	}
	return compiler.NoNote
}

// row measures mode m for family f. note is a note index, NoNote, or
// longest. OverFocus compares with the base mode measured the same way:
// its own most expensive note for longest, the same note otherwise, so it
// is always Tokens minus the base mode's Tokens.
func row(p *compiler.Program, m *compiler.Mode, f *family.Family, note int, base *compiler.Mode) Row {
	baseNote := note
	note = noteFor(p, m, f, note)
	static := p.Static(m, f, note)
	r := Row{
		Mode: m.Name, Family: f.Name,
		Tokens:       p.Counter.Count(static),
		TokensNoNote: p.Counter.Count(p.Static(m, f, compiler.NoNote)),
		Chars:        len([]rune(static)),
		PrefixTokens: p.Counter.Count(p.Prefix(m, f, note)),
		Counter:      p.Counter.Name(),
		Exact:        p.Counter.Exact(),
	}
	if note >= 0 {
		r.Note = f.Notes[note].Label
	}
	if base != nil {
		r.OverFocus = r.Tokens - p.Counter.Count(p.Static(base, f, noteFor(p, base, f, baseNote)))
	}
	return r
}

// Notice is the cost notice of one mode for one model: Line reads
// "guide · +620 tokens per call (1,190 total)" for modes above the default
// mode and "focus · 570 tokens per call" otherwise; Warning is the mode's
// configured warning ("" when none).
type Notice struct {
	Mode    string `json:"mode"`
	Tokens  int    `json:"tokens"`
	Over    int    `json:"overFocus"`
	Line    string `json:"line"`
	Warning string `json:"warning,omitempty"`
}

// Notices returns the cost notice of every mode for modelID: its family
// and the note the model selects, as the harness would send them.
func Notices(p *compiler.Program, modelID string) []Notice {
	f, note := p.FamilyFor(modelID)
	base := baseMode(p)
	baseRank := -1
	if base != nil {
		baseRank = base.Rank
	}
	var out []Notice
	for _, m := range p.Modes {
		r := row(p, m, f, note, base)
		n := Notice{Mode: m.Name, Tokens: r.Tokens, Over: r.OverFocus, Warning: m.Config.Warning}
		if base != nil && m.Rank > baseRank {
			n.Line = fmt.Sprintf("%s · %s%s tokens per call (%s total)", m.Name, sign(r.OverFocus), compiler.Thousands(abs(r.OverFocus)), compiler.Thousands(r.Tokens))
		} else {
			n.Line = fmt.Sprintf("%s · %s tokens per call", m.Name, compiler.Thousands(r.Tokens))
		}
		out = append(out, n)
	}
	return out
}

func sign(n int) string {
	if n < 0 {
		return "-"
	}
	return "+"
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
