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
// values, each only when not empty, or a template part rendered with the
// inputs. A conditional part r does not get, and a part whose when
// condition the inputs (or r's settings) do not meet, contribute nothing; custom is the
// custom mode's text, and tools, when not nil, the tool listing in place
// of the tools part's built one (a Request's Allowed). hole is the number of bytes the item's pieces hold
// before its first run-time placeholder, -1 when it has none: where its
// text stops being the same from call to call. err is a template's
// failure to render.
func (it *item) pieces(out []string, r *resolution, slots *Slots, inputs *Inputs, custom string, tools *string) (_ []string, hole int, err error) {
	hole = -1
	if it.cond > 0 && r.parts&(1<<(it.cond-1)) == 0 {
		return out, hole, nil
	}
	if it.when > 0 && !inputs.when(it.when-1, r) {
		return out, hole, nil
	}
	if it.tools && tools != nil {
		if *tools != "" {
			out = append(out, *tools)
		}
		return out, hole, nil
	}
	f, n := r.family, r.note
	switch it.kind {
	case itemCustom:
		if custom != "" {
			out = append(out, custom)
		}
		return out, hole, nil
	case itemSlot:
		if t := slots.get(it.idx); t != "" {
			out = append(out, t)
		}
		return out, hole, nil
	case itemTemplate:
		t, err := renderTemplate(it.idx, inputs)
		if t != "" {
			out = append(out, t)
		}
		return out, hole, err
	}
	idx, ok := it.textIndex(r)
	if !ok {
		return out, hole, nil
	}
	t := texts[idx]
	prev, written := 0, 0
	for _, h := range holes[idx] {
		if h.at > prev {
			out = append(out, t[prev:h.at])
			written += h.at - prev
		}
		ph := &placeholders[h.ph]
		v := ""
		if ph.slot >= 0 {
			v = slots.value(ph.slot)
			if hole < 0 {
				hole = written
			}
		} else if ph.setting > 0 {
			v = ph.bySetting[r.settings[ph.setting-1]]
		} else {
			v = ph.values[f][n+1]
		}
		if v != "" {
			out = append(out, v)
			written += len(v)
		}
		prev = h.at
	}
	if prev < len(t) {
		out = append(out, t[prev:])
	}
	return out, hole, nil
}

// textIndex returns the index in texts of what a text, line, body or note
// item sends for resolution r: the family's section for the family kinds.
// It is false for a note item when r selects no note.
func (it *item) textIndex(r *resolution) (int, bool) {
	switch it.kind {
	case itemLine:
		return families[r.family].line, true
	case itemBody:
		return families[r.family].body, true
	case itemNote:
		if r.note < 0 {
			return 0, false
		}
		return families[r.family].notes[r.note].text, true
	}
	return it.idx, true
}

// stable reports whether the item's text stays the same for a whole
// session: a part that reads no input that is not stable (a run-time
// placeholder in it is reported by pieces), and a slot declared stable.
func (it *item) stable() bool {
	if it.kind == itemSlot {
		return slotStable[it.idx]
	}
	return !it.volatile
}

// Compose returns the prompt that mode sends to the model modelID for the
// family choice (Auto resolves modelID; a forced family wins), with the
// slots' text in place: every non-empty section, in order, separated by
// the mode's Separator (or the before promptc.cue declares for a
// section), and the mode's End after the last. Its only allocation is the
// result.
//
// A mode or choice that is not Valid panics, as an index out of range
// does: such values only come from converting an arbitrary number, while
// the constants, ParseMode, ParseChoice and UnmarshalText give valid ones.
// A silent empty prompt would send the model nothing at all.
//
// Deprecated: build a Request and call its Compose, which also says where
// the cacheable prefix ends and reports bad values as errors.
func Compose(mode Mode, choice Choice, modelID string, slots Slots) string {
	return compose(0, mode, choice, modelID, &slots)
}

// mustMode panics unless m is a mode; see Compose.
func mustMode(m Mode) {
	if !m.Valid() {
		panic(fmt.Sprintf("prompts: %s is no mode (valid: %v)", m, Modes()))
	}
}

// compose is what the positional functions compose: the zero Inputs, so
// every template renders its zero-value branch.
func compose(pr int, mode Mode, choice Choice, modelID string, slots *Slots) string {
	mustMode(mode)
	c := composition{pr: pr, mode: mode, r: choose(choice, "", modelID), custom: customFallback}
	var inputs Inputs
	p, _ := c.prompt(slots, &inputs) // the zero Inputs always render
	return p.Text
}

// composition is one prompt to compose: the program (profile and
// permission set) pr, the mode, what the model selects, and the custom
// mode's text and source. The run-time text is passed beside it: kept in
// the struct, escape analysis would move the caller's Slots to the heap.
type composition struct {
	pr                int
	mode              Mode
	r                 resolution
	custom, customSrc string
	// tools is the tool listing built at run time for a Request's
	// Allowed; nil sends the listing built for the permission set.
	tools *string
}

// prompt joins the composition's non-empty sections with the mode's
// separator (or the before a section declares), and the mode's end after
// the last, and says where
// the cacheable prefix ends: before the separator of the first slot that
// is not stable, or at the first run-time placeholder's value, whichever
// comes first (even when that slot or value is empty: the next call may
// fill it), or before the first part that reads an input that is not
// stable; the whole text when none comes. Without template parts its
// only allocation is the text.
func (c *composition) prompt(slots *Slots, inputs *Inputs) (Prompt, error) {
	items := itemsOf(c.pr, c.mode)
	w := wireOf(c.mode)
	// The pieces of all sections, and where each non-empty section ends.
	var buf [maxPieces]string
	var endBuf, sepBuf [maxItems]int
	// seps holds the item of each non-empty section, for its separator.
	pieces, ends, seps := buf[:0], endBuf[:0], sepBuf[:0]
	size := 0
	out := Prompt{CacheEnd: -1}
	for i := range items {
		start := len(pieces)
		var hole int
		var err error
		pieces, hole, err = items[i].pieces(pieces, &c.r, slots, inputs, c.custom, c.tools)
		if err != nil {
			return Prompt{}, fmt.Errorf("part %s: %w", items[i].name, err)
		}
		n := 0
		for _, t := range pieces[start:] {
			n += len(t)
		}
		sep := 0
		if n > 0 && len(ends) > 0 {
			sep = len(items[i].sepBefore(w, items[seps[len(seps)-1]].name))
		}
		if out.CacheEnd < 0 {
			switch {
			case !items[i].stable():
				out.CacheEnd, out.CacheSections = size, len(ends)
			case hole >= 0 && n > 0:
				out.CacheEnd, out.CacheSections = size+sep+hole, len(ends)
			case hole >= 0:
				out.CacheEnd, out.CacheSections = size, len(ends)
			}
		}
		if n > 0 {
			ends = append(ends, len(pieces))
			seps = append(seps, i)
			size += sep + n
		}
	}
	if len(ends) > 0 {
		size += len(w.end)
	}
	if out.CacheEnd < 0 {
		out.CacheEnd, out.CacheSections = size, len(ends)
	}
	var b strings.Builder
	b.Grow(size)
	start := 0
	for i, end := range ends {
		if i > 0 {
			b.WriteString(items[seps[i]].sepBefore(w, items[seps[i-1]].name))
		}
		for _, t := range pieces[start:end] {
			b.WriteString(t)
		}
		start = end
	}
	if len(ends) > 0 {
		b.WriteString(w.end)
	}
	out.Text = b.String()
	return out, nil
}

// Prompt is a composed prompt and where its cacheable prefix ends.
type Prompt struct {
	// Text is the prompt as sent.
	Text string
	// CacheEnd is the length in bytes of the cacheable prefix of Text:
	// Text[:CacheEnd] is the same on every call of the session as long
	// as the request's mode, family, model, profile, permission set and
	// stable slots stay the same, so a provider's cache breakpoint goes
	// there. With every stable slot empty, its tokens are the prefix
	// column of COSTS.md for the same mode, family and note.
	CacheEnd int
	// CacheSections is the number of sections wholly inside the prefix:
	// Sections()[:CacheSections] are the stable blocks.
	CacheSections int
	// CustomFallback is set when the request asked for the custom mode and
	// its file could not be used: Text carries the small boundary, and
	// the request's Custom.Reason says why.
	CustomFallback bool
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
	// Stable is true when the text stays the same for the whole session:
	// a part without run-time placeholders, or a slot declared stable.
	Stable bool
	// Before is what Compose puts ahead of the section: "" for the first,
	// otherwise the after text promptc.cue declares for the section
	// before it and this one, else the before it declares for this
	// section, else the mode's Separator. The Befores and Texts in order, then the mode's
	// End, are Compose's text.
	Before string
}

// Sections returns the non-empty sections Compose joins, in order, each
// with its source; each Text after its Before, then mode.End(), are
// Compose's text. It panics where Compose
// does.
//
// Deprecated: build a Request and call its Sections.
func Sections(mode Mode, choice Choice, modelID string, slots Slots) []Section {
	return sections(0, mode, choice, modelID, &slots)
}

func sections(pr int, mode Mode, choice Choice, modelID string, slots *Slots) []Section {
	mustMode(mode)
	c := composition{pr: pr, mode: mode, r: choose(choice, "", modelID), custom: customFallback, customSrc: customSource()}
	var inputs Inputs
	secs, _ := c.sections(slots, &inputs) // the zero Inputs always render
	return secs
}

// sections returns the composition's non-empty sections, in order.
func (c *composition) sections(slots *Slots, inputs *Inputs) ([]Section, error) {
	items := itemsOf(c.pr, c.mode)
	w := wireOf(c.mode)
	f, n := c.r.family, c.r.note
	var out []Section
	var buf [maxPieces]string
	for i := range items {
		it := &items[i]
		ps, hole, err := it.pieces(buf[:0], &c.r, slots, inputs, c.custom, c.tools)
		if err != nil {
			return nil, fmt.Errorf("part %s: %w", it.name, err)
		}
		t := strings.Join(ps, "")
		if t == "" {
			continue
		}
		s := Section{Name: it.name, Text: t, Source: it.source, Slot: it.kind == itemSlot, Stable: it.stable() && hole < 0}
		if len(out) > 0 {
			s.Before = it.sepBefore(w, out[len(out)-1].Name)
		}
		switch it.kind {
		case itemLine:
			s.Source = families[f].lineSource
		case itemBody:
			s.Source = families[f].bodySource
		case itemNote:
			s.Source = families[f].notes[n].source
		case itemCustom:
			s.Source = c.customSrc
		}
		out = append(out, s)
	}
	return out, nil
}
