package genruntime

// This file is part of the fixed code of every generated package: gogen
// copies its declarations, without the package clause and imports, after
// the package's data tables. See the package documentation.

import (
	"fmt"
	"strings"
)

// pieces appends the text an item contributes for resolution r to out,
// as pieces: a text's parts between placeholders and the placeholders'
// values, each only when not empty. A conditional part r does not get
// contributes nothing; custom is the custom mode's text.
func (it *item) pieces(out []string, r *resolution, slots *Slots, custom string) []string {
	if it.cond > 0 && r.parts&(1<<(it.cond-1)) == 0 {
		return out
	}
	f, n := r.family, r.note
	idx := it.idx
	switch it.kind {
	case itemCustom:
		if custom != "" {
			out = append(out, custom)
		}
		return out
	case itemSlot:
		if t := slots.get(it.idx); t != "" {
			out = append(out, t)
		}
		return out
	case itemLine:
		idx = families[f].line
	case itemBody:
		idx = families[f].body
	case itemNote:
		if n < 0 {
			return out
		}
		idx = families[f].notes[n].text
	}
	t := texts[idx]
	prev := 0
	for _, h := range holes[idx] {
		if h.at > prev {
			out = append(out, t[prev:h.at])
		}
		ph := &placeholders[h.ph]
		v := ""
		if ph.slot >= 0 {
			v = slots.value(ph.slot)
		} else {
			v = ph.values[f][n+1]
		}
		if v != "" {
			out = append(out, v)
		}
		prev = h.at
	}
	if prev < len(t) {
		out = append(out, t[prev:])
	}
	return out
}

// Compose returns the prompt that mode sends to the model modelID for the
// family choice (Auto resolves modelID; a forced family wins), with the
// slots' text in place: every non-empty section, in order, separated by
// the mode's Separator, with a final newline when the mode keeps one. Its
// only allocation is the result.
//
// A mode or choice that is not Valid panics, as an index out of range
// does: such values only come from converting an arbitrary number, while
// the constants, ParseMode, ParseChoice and UnmarshalText give valid ones.
// A silent empty prompt would send the model nothing at all.
func Compose(mode Mode, choice Choice, modelID string, slots Slots) string {
	return compose(0, mode, choice, modelID, &slots)
}

// mustMode panics unless m is a mode; see Compose.
func mustMode(m Mode) {
	if !m.Valid() {
		panic(fmt.Sprintf("prompts: %s is no mode (valid: %v)", m, Modes()))
	}
}

func compose(pr int, mode Mode, choice Choice, modelID string, slots *Slots) string {
	return composeWith(pr, mode, choice, modelID, slots, customFallback)
}

func composeWith(pr int, mode Mode, choice Choice, modelID string, slots *Slots, custom string) string {
	mustMode(mode)
	items := itemsOf(pr, mode)
	r := choose(choice, modelID)
	w := wireOf(mode)
	// The pieces of all sections, and where each non-empty section ends.
	var buf [maxPieces]string
	var endBuf [maxItems]int
	pieces, ends := buf[:0], endBuf[:0]
	size := 1
	for i := range items {
		start := len(pieces)
		pieces = items[i].pieces(pieces, &r, slots, custom)
		if len(pieces) > start {
			ends = append(ends, len(pieces))
			size += len(w.sep)
		}
	}
	for _, t := range pieces {
		size += len(t)
	}
	var b strings.Builder
	b.Grow(size)
	start := 0
	for i, end := range ends {
		if i > 0 {
			b.WriteString(w.sep)
		}
		for _, t := range pieces[start:end] {
			b.WriteString(t)
		}
		start = end
	}
	if w.final && len(ends) > 0 {
		b.WriteByte('\n')
	}
	return b.String()
}

// Section is one piece of a composed prompt.
type Section struct {
	// Name is the part or slot name in promptc.cue.
	Name string
	// Text is the section's text.
	Text string
	// Source is the file:line the text comes from, relative to the
	// project root ("" for slots).
	Source string
	// Slot is true for text supplied by the harness.
	Slot bool
}

// Sections returns the non-empty sections Compose joins, in order, each
// with its source; joined with mode.Separator() (and a final newline when
// mode.FinalNewline()), they are Compose's text. It panics where Compose
// does.
func Sections(mode Mode, choice Choice, modelID string, slots Slots) []Section {
	return sections(0, mode, choice, modelID, &slots)
}

func sections(pr int, mode Mode, choice Choice, modelID string, slots *Slots) []Section {
	return sectionsWith(pr, mode, choice, modelID, slots, customFallback, customSource())
}

func sectionsWith(pr int, mode Mode, choice Choice, modelID string, slots *Slots, custom, customSrc string) []Section {
	mustMode(mode)
	items := itemsOf(pr, mode)
	r := choose(choice, modelID)
	f, n := r.family, r.note
	var out []Section
	var buf [maxPieces]string
	for i := range items {
		it := &items[i]
		t := strings.Join(it.pieces(buf[:0], &r, slots, custom), "")
		if t == "" {
			continue
		}
		s := Section{Name: it.name, Text: t, Source: it.source, Slot: it.kind == itemSlot}
		switch it.kind {
		case itemLine:
			s.Source = families[f].lineSource
		case itemBody:
			s.Source = families[f].bodySource
		case itemNote:
			s.Source = families[f].notes[n].source
		case itemCustom:
			s.Source = customSrc
		}
		out = append(out, s)
	}
	return out
}
