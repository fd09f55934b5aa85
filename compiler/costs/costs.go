// Package costs computes what every mode costs per call for every family,
// and renders the table as text, Markdown, JSON and CSV, and the cost
// notice lines a harness shows when a mode is chosen.
package costs

import (
	"encoding/json"
	"fmt"

	"github.com/promptc/promptc/compiler"
	"github.com/promptc/promptc/compiler/family"
	"github.com/promptc/promptc/compiler/tokens"
)

// Row is the static cost of one mode for one family. Tokens are counted
// with Counter; Exact says whether that is an exact tokenizer or the
// chars/4 estimate.
type Row struct {
	Mode string `json:"mode"`
	// Family is the family, or AnyFamily for a mode that sends no family
	// part: one row stands for every family.
	Family string `json:"family"`
	// Tokens per call with the family's most expensive model note (when
	// the mode sends notes): the note whose composed text counts the most
	// tokens, ties broken by characters; and with every conditional part
	// the mode sends: the most a call in the mode costs for the family.
	Tokens int `json:"tokens"`
	// TokensNoNote per call when no note and no conditional part matches
	// the model and each when condition takes the value that sends the
	// least text: the least a call costs (template parts still count at
	// their maximum).
	TokensNoNote int `json:"tokensNoNote"`
	// OverFocus is Tokens minus the default mode's Tokens for the family
	// (each mode with its own most expensive note). It is nil on an
	// AnyFamily row when that difference is not the same for every
	// family, and when there is no default mode.
	OverFocus *int `json:"overFocus,omitempty"`
	// Base names the default mode OverFocus is measured against; the
	// human-facing tables head that column with it ("over agent"), while
	// the machine formats keep the stable field name overFocus.
	Base string `json:"-"`
	// Chars is the static text's length in code points, with that note.
	Chars int `json:"chars"`
	// TypicalTokens is the tokens per call, with the same note and
	// conditional parts as Tokens, when the run-time inputs take their
	// typical values (TypicalInputs): set only when the mode reads inputs
	// and it differs from Tokens, which counts them at their maximum.
	TypicalTokens *int `json:"typicalTokens,omitempty"`
	// PrefixTokens is the cacheable prefix: static text before the first
	// volatile slot or run-time text, with the selection Tokens counts.
	PrefixTokens int `json:"prefixTokens"`
	// TypicalPrefixTokens is the cacheable prefix with the selection
	// TypicalTokens counts: set only when it differs from PrefixTokens.
	TypicalPrefixTokens *int   `json:"typicalPrefixTokens,omitempty"`
	Note                string `json:"note,omitempty"`
	// Conditional lists the conditional parts counted in Tokens.
	Conditional []string `json:"conditional,omitempty"`
	Counter     string   `json:"counter"`
	Exact       bool     `json:"exact"`
}

// AnyFamily is the Family of a row that stands for every family: its mode
// sends no family part, so its text is the same for all of them.
const AnyFamily = "*"

// Table computes a Row for every mode (lattice order) and family (sorted),
// with a single AnyFamily row for a mode that sends no family part and
// whose text is the same for every family.
func Table(p *compiler.Program) []Row {
	var rows []Row
	for _, mr := range perMode(p) {
		if !p.UsesFamily(mr.mode) && sameText(mr.rows) {
			r := mr.rows[0]
			r.Family = AnyFamily
			for _, o := range mr.rows[1:] {
				if r.OverFocus != nil && (o.OverFocus == nil || *o.OverFocus != *r.OverFocus) {
					r.OverFocus = nil
				}
			}
			rows = append(rows, r)
			continue
		}
		rows = append(rows, mr.rows...)
	}
	return rows
}

// sameText reports whether rows, one mode's for every family, count the
// same: a mode that sends no family part can still differ between
// families through a placeholder's per-family or per-note value.
func sameText(rows []Row) bool {
	for _, r := range rows[1:] {
		if r.Tokens != rows[0].Tokens || r.Chars != rows[0].Chars || r.TokensNoNote != rows[0].TokensNoNote ||
			r.PrefixTokens != rows[0].PrefixTokens || !sameInt(r.TypicalTokens, rows[0].TypicalTokens) ||
			!sameInt(r.TypicalPrefixTokens, rows[0].TypicalPrefixTokens) {
			return false
		}
	}
	return true
}

func sameInt(a, b *int) bool { return a == nil && b == nil || a != nil && b != nil && *a == *b }

// PerFamily computes a Row for every mode (lattice order) and every family
// (sorted), also for modes that send no family part: the data a harness
// looks a (mode, family) cost up in.
func PerFamily(p *compiler.Program) []Row {
	var rows []Row
	for _, mr := range perMode(p) {
		rows = append(rows, mr.rows...)
	}
	return rows
}

type modeRows struct {
	mode *compiler.Mode
	rows []Row
}

func perMode(p *compiler.Program) []modeRows {
	base := baseMode(p)
	var out []modeRows
	for _, m := range p.Modes {
		mr := modeRows{mode: m}
		for _, fn := range p.FamilyNames {
			mr.rows = append(mr.rows, row(p, m, compiler.Selection{Family: p.Families[fn], Conditional: compiler.EveryConditional, Runtime: p.RuntimeAtMax}, true, base))
		}
		out = append(out, mr)
	}
	return out
}

// baseMode is the mode costs are compared against: the default mode.
func baseMode(p *compiler.Program) *compiler.Mode {
	m, err := p.Mode(p.Config.DefaultMode)
	if err != nil {
		return nil
	}
	return m
}

// Widest is the selection the costs table measures for family f in mode
// m: the most expensive note (see compiler.LongestNote), every conditional
// part, each run-time placeholder at its longest, and the largest choice
// of the parts that when conditions send (compiler.MaxWhen).
func Widest(p *compiler.Program, m *compiler.Mode, f *family.Family) compiler.Selection {
	s := compiler.Selection{Family: f, Note: p.LongestNote(m, f), Conditional: compiler.EveryConditional, Runtime: p.RuntimeAtMax}
	return maxWhen(p, m, s)
}

// maxWhen returns s with its When from MaxWhen. Without s.Settings (a
// family's worst case), the settings m tests take, of the combinations
// model ids reach (compiler.SettingCombos), the one whose text is the
// largest, ties going to the first; never values no id gets together.
func maxWhen(p *compiler.Program, m *compiler.Mode, s compiler.Selection) compiler.Selection {
	if s.Settings != nil {
		s.When, _ = p.MaxWhen(m, s)
		return s
	}
	return pickCombo(p, m, s, p.MaxWhen, func(a, b int) bool { return a > b })
}

// pickCombo returns base with the settings of the combination model ids
// reach (compiler.SettingCombos of what m tests) whose text, with its
// when conditions chosen by when, is first by better: in tokens, then in
// characters, ties going to the earlier combination.
func pickCombo(p *compiler.Program, m *compiler.Mode, base compiler.Selection,
	when func(*compiler.Mode, compiler.Selection) (func(string) bool, string), better func(a, b int) bool) compiler.Selection {
	var best compiler.Selection
	bestTokens, bestChars := -1, -1
	for _, c := range p.SettingCombos(p.SettingsTested(m)) {
		cs := base
		cs.Settings = c.Values
		cs.When, _ = when(m, cs)
		text := p.Static(m, cs)
		tokens, chars := p.Counter.Count(text), tokens.Chars(text)
		if bestTokens < 0 || better(tokens, bestTokens) || tokens == bestTokens && better(chars, bestChars) {
			best, bestTokens, bestChars = cs, tokens, chars
		}
	}
	return best
}

// row measures mode m for selection s: with longest, s's note is replaced
// by each mode's most expensive note (the table's rows), else s's note is
// kept, sent where m sends notes and giving per-note placeholder values
// where it does not, as the composed text has them (a model's notices).
// The when conditions are MaxWhen's choice, a setting s.Settings gives
// kept. TokensNoNote is s's family with no note and no conditional part.
// OverFocus compares with the base mode measured the same way, so it is
// always Tokens minus the base mode's Tokens.
func row(p *compiler.Program, m *compiler.Mode, s compiler.Selection, longest bool, base *compiler.Mode) Row {
	f := s.Family
	measured := func(m *compiler.Mode) compiler.Selection {
		ms := s
		if longest {
			ms.Note = p.LongestNote(m, f)
		}
		return maxWhen(p, m, ms)
	}
	ms := measured(m)
	static := p.Static(m, ms)
	r := Row{
		Mode: m.Name, Family: f.Name,
		Tokens:       p.Counter.Count(static),
		TokensNoNote: p.Counter.Count(p.Static(m, least(p, m, s))),
		Chars:        tokens.Chars(static),
		PrefixTokens: p.Counter.Count(p.Prefix(m, ms)),
		Counter:      p.Counter.Name(),
		Exact:        p.Counter.Exact(),
	}
	if p.ReadsInputs(m) {
		ts := Typical(p, ms)
		if typical := p.Counter.Count(p.Static(m, ts)); typical != r.Tokens {
			r.TypicalTokens = &typical
		}
		if prefix := p.Counter.Count(p.Prefix(m, ts)); prefix != r.PrefixTokens {
			r.TypicalPrefixTokens = &prefix
		}
	}
	if ms.Note >= 0 && p.UsesNotes(m) {
		r.Note = f.Notes[ms.Note].Label
	}
	for _, name := range p.ConditionalIn(m) {
		if s.Conditional != nil && s.Conditional(name) {
			r.Conditional = append(r.Conditional, name)
		}
	}
	if base != nil {
		over := r.Tokens - p.Counter.Count(p.Static(base, measured(base)))
		r.OverFocus, r.Base = &over, base.Name
	}
	return r
}

// Typical is the maximum's selection ms (its When from MaxWhen) with the
// run-time inputs at their typical values (TypicalInputs): a part
// conditioned on an input is sent when the typical value holds, a part
// conditioned on a setting when it is in the maximum too, so the typical
// text is the maximum's with smaller inputs, never the parts of every
// setting value at once.
func Typical(p *compiler.Program, ms compiler.Selection) compiler.Selection {
	typical := p.TypicalInputs()
	maxWhen := ms.When
	ts := ms
	ts.Inputs = typical
	ts.When = func(part string) bool {
		w := p.Config.Parts[part].When
		switch {
		case w == nil:
			return true
		case w.Setting != "":
			return maxWhen == nil || maxWhen(part)
		}
		return w.Holds(typical[w.Input])
	}
	return ts
}

// least is the selection of the least a call in mode m costs for s's
// family: no note, no conditional part, and for every when condition the
// value whose parts are the shortest (MinWhen; a setting s gives keeps
// its value): a part on a condition is sent to some call, and its text
// counts even when it is only white space.
func least(p *compiler.Program, m *compiler.Mode, s compiler.Selection) compiler.Selection {
	ls := compiler.Selection{Family: s.Family, Note: compiler.NoNote, Runtime: s.Runtime, Settings: s.Settings}
	if s.Settings != nil {
		ls.When, _ = p.MinWhen(m, ls)
		return ls
	}
	// A family's least: of the setting combinations ids reach, the one
	// whose text is the smallest.
	return pickCombo(p, m, ls, p.MinWhen, func(a, b int) bool { return a < b })
}

// Notice is the cost notice of one mode for one model: Line reads
// "guide · +620 tokens per call (1,190 total)" for modes above the default
// mode and "focus · 570 tokens per call" otherwise; Warning is the mode's
// configured warning ("" when none).
type Notice struct {
	Mode   string `json:"mode"`
	Tokens int    `json:"tokens"`
	// TypicalTokens is Tokens with the run-time inputs at their typical
	// values: set only when it differs from Tokens, which counts them at
	// their maximum.
	TypicalTokens *int   `json:"typicalTokens,omitempty"`
	Over          int    `json:"overFocus"`
	Line          string `json:"line"`
	Warning       string `json:"warning,omitempty"`
}

// Text returns the notice as promptc costs --model prints it and the
// generated package's CostNotice returns it: the line, then the warning
// indented two spaces on a line of its own when the mode has one, each
// line ending in a newline.
func (n Notice) Text() string {
	if n.Warning == "" {
		return n.Line + "\n"
	}
	return n.Line + "\n  " + n.Warning + "\n"
}

// NoticesFor returns the cost notice of every mode, in mode order, for
// selection s, run-time placeholders counted at their longest.
func NoticesFor(p *compiler.Program, s compiler.Selection) []Notice {
	s.Runtime = p.RuntimeAtMax // run-time placeholders at their longest
	base := baseMode(p)
	baseRank := -1
	if base != nil {
		baseRank = base.Rank
	}
	var out []Notice
	for _, m := range p.Modes {
		r := row(p, m, s, false, base)
		n := Notice{Mode: m.Name, Tokens: r.Tokens, TypicalTokens: r.TypicalTokens, Warning: m.Config.Warning}
		if r.OverFocus != nil {
			n.Over = *r.OverFocus
		}
		if base != nil && m.Rank > baseRank {
			n.Line = fmt.Sprintf("%s · %s%s tokens per call (%s total)", m.Name, sign(n.Over), compiler.Thousands(abs(n.Over)), compiler.Thousands(r.Tokens))
		} else {
			n.Line = fmt.Sprintf("%s · %s tokens per call", m.Name, compiler.Thousands(r.Tokens))
		}
		out = append(out, n)
	}
	return out
}

// NoticeReport is the JSON form of promptc costs --model: the model, the
// family choice and what it gave, how tokens were counted, and the
// notices in mode order (see cue/notices.schema.json).
type NoticeReport struct {
	Model   string   `json:"model"`
	Choice  string   `json:"choice"`
	Family  string   `json:"family"`
	Note    string   `json:"note,omitempty"`
	Counter string   `json:"counter"`
	Exact   bool     `json:"exact"`
	Notices []Notice `json:"notices"`
}

// Report returns the notices of every mode for modelID under choice with
// what they were computed for.
func Report(p *compiler.Program, choice, modelID string) (NoticeReport, error) {
	s, err := p.Select(choice, modelID)
	if err != nil {
		return NoticeReport{}, err
	}
	f, note := s.Family, s.Note
	if choice == "" {
		choice = compiler.Auto
	}
	r := NoticeReport{Model: modelID, Choice: choice, Family: f.Name, Counter: p.Counter.Name(), Exact: p.Counter.Exact(),
		Notices: NoticesFor(p, s)}
	if note >= 0 {
		r.Note = f.Notes[note].Label
	}
	return r, nil
}

// JSON renders the report indented and newline-terminated.
func (r NoticeReport) JSON() ([]byte, error) {
	b, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
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
