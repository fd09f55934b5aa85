package compiler

import (
	"strings"
	"unicode/utf8"

	"github.com/promptc/promptc/compiler/family"
	"github.com/promptc/promptc/compiler/include"
	"github.com/promptc/promptc/internal/diag"
)

// DefaultSeparator goes between two non-empty sections of a composed
// prompt when the mode sets no separator of its own.
const DefaultSeparator = "\n\n"

// NoNote selects no model note.
const NoNote = -1

// Section is one item of a composed mode: a part's text or a slot.
type Section struct {
	// Name is the part or slot name.
	Name string `json:"name"`
	// Slot is true for a slot, whose text the harness supplies.
	Slot bool `json:"slot,omitempty"`
	// Text is the part's text, or the slot's supplied text.
	Text string `json:"text"`
	// Spans gives the origin of every line of a part's text.
	Spans []include.Span `json:"-"`
	// Pos is where the text starts.
	Pos diag.Position `json:"source,omitzero"`
}

// Sections returns the items of mode m for family f with note (an index in
// f.Notes, or NoNote) in order. Slots are included with the text in slots
// (missing means empty); family parts take their text from f.
func (p *Program) Sections(m *Mode, f *family.Family, note int, slots map[string]string) []Section {
	out := make([]Section, 0, len(m.Config.Compose))
	for _, ref := range m.Config.Compose {
		if ref.Kind == "slot" {
			out = append(out, Section{Name: ref.Name, Slot: true, Text: slots[ref.Name]})
			continue
		}
		out = append(out, p.partSection(ref.Name, f, note))
	}
	return out
}

// partSection is the section a part contributes for family f and note.
func (p *Program) partSection(name string, f *family.Family, note int) Section {
	cp := p.Config.Parts[name]
	var fs family.Section
	switch cp.Family {
	case "":
		part := p.Parts[name]
		if part == nil {
			return Section{Name: name}
		}
		return Section{Name: name, Text: part.Text, Spans: part.Spans, Pos: part.Pos}
	case "line":
		fs = f.Line
	case "body":
		fs = f.Body
	case "note":
		if note < 0 || note >= len(f.Notes) {
			return Section{Name: name}
		}
		fs = f.Notes[note].Section
	}
	return Section{Name: name, Text: fs.Text(), Spans: fs.Spans, Pos: fs.Pos}
}

// Join composes sections into the prompt text in m's wire format:
// non-empty texts separated by the mode's separator, and, when the mode
// keeps a final newline, a newline after the last one.
func (m *Mode) Join(sections []Section) string {
	return join(sections, m.Config.Separator, m.Config.FinalNewline)
}

func join(sections []Section, sep string, final bool) string {
	var b strings.Builder
	n := 1
	for _, s := range sections {
		n += len(s.Text) + len(sep)
	}
	b.Grow(n)
	for _, s := range sections {
		if s.Text == "" {
			continue
		}
		if b.Len() > 0 {
			b.WriteString(sep)
		}
		b.WriteString(s.Text)
	}
	if final && b.Len() > 0 {
		b.WriteByte('\n')
	}
	return b.String()
}

// WireChars returns the characters m's wire format adds to nonEmpty
// non-empty sections: a separator between each two, and the final newline
// when kept. Budgets add it to the sections' own sizes.
func (m *Mode) WireChars(nonEmpty int) int {
	if nonEmpty == 0 {
		return 0
	}
	n := (nonEmpty - 1) * utf8.RuneCountInString(m.Config.Separator)
	if m.Config.FinalNewline {
		n++
	}
	return n
}

// Static composes the static text of m for f and note: every part, no slot.
func (p *Program) Static(m *Mode, f *family.Family, note int) string {
	return m.Join(p.Sections(m, f, note, nil))
}

// Prefix is the cacheable prefix of m for f and note: the static text
// before the first volatile slot (without the separator that follows it),
// or the whole static text when m has none. A volatile slot's text changes
// from call to call, so providers can cache only what precedes it; a
// stable slot (stable: true, the same for a whole session) does not end
// the prefix.
func (p *Program) Prefix(m *Mode, f *family.Family, note int) string {
	secs := p.Sections(m, f, note, nil)
	for i, s := range secs {
		if s.Slot && !p.Config.Slots[s.Name].Stable {
			return join(secs[:i], m.Config.Separator, false)
		}
	}
	return m.Join(secs)
}

// FamilyFor returns the family a model id resolves to and the note it
// selects. A rule naming a family without a file (reported as
// UNKNOWN_FAMILY) falls back to the fallback family, as the generated
// package does.
func (p *Program) FamilyFor(modelID string) (*family.Family, int) {
	f := p.Families[p.Resolver.Resolve(modelID).Family]
	if f == nil {
		f = p.Families[p.Config.Families.Fallback]
	}
	return f, f.NoteFor(modelID)
}

// NoteChoices lists every note index of f plus NoNote: the combinations a
// budget must hold for.
func NoteChoices(f *family.Family) []int {
	out := []int{NoNote}
	for i := range f.Notes {
		out = append(out, i)
	}
	return out
}

// Sends reports whether mode m sends the part or slot called name.
func (m *Mode) Sends(name string) bool {
	for _, r := range m.Config.Compose {
		if r.Name == name {
			return true
		}
	}
	return false
}

// UsesFamily reports whether m sends a family part (line, body or note):
// without one, its text is the same for every family.
func (p *Program) UsesFamily(m *Mode) bool {
	for _, r := range m.Config.Compose {
		if r.Kind == "part" && p.Config.Parts[r.Name].Family != "" {
			return true
		}
	}
	return false
}

// UsesNotes reports whether m sends a model-note part.
func (p *Program) UsesNotes(m *Mode) bool {
	for _, r := range m.Config.Compose {
		if r.Kind == "part" && p.Config.Parts[r.Name].Family == "note" {
			return true
		}
	}
	return false
}
