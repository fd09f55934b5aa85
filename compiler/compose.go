package compiler

import (
	"maps"
	"slices"
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/promptc/promptc/compiler/family"
	"github.com/promptc/promptc/compiler/include"
	"github.com/promptc/promptc/internal/config"
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

// Selection is what a composition depends on besides the mode: the family,
// the model note (an index in Family.Notes, or NoNote), and the
// conditional parts that are sent.
type Selection struct {
	Family *family.Family
	Note   int
	// Conditional reports whether a conditional part (one with models
	// patterns) is sent; nil sends none. A part without patterns is
	// always sent.
	Conditional func(part string) bool
	// Runtime gives the value of a run-time placeholder; nil gives "".
	Runtime func(placeholder string) string
	// Inputs holds the run-time inputs' values (see InputValues), which
	// template parts render with and when conditions test. nil measures
	// the maximum: every template at its maximum text.
	Inputs map[string]any
	// Settings holds the per-model settings' values (see SettingsFor),
	// which when conditions on a setting test. nil sends every part with
	// such a condition (the maximum), unless When decides.
	Settings map[string]string
	// When reports whether a part with a when condition is sent, in place
	// of testing Inputs: budgets and costs choose the largest combination
	// with it (see MaxWhen). nil tests Inputs, or with nil Inputs sends
	// every such part.
	When func(part string) bool
}

// EveryConditional sends every conditional part: the largest text a family
// and note can get, which budgets and the costs table measure.
func EveryConditional(string) bool { return true }

// Sections returns the items of mode m for selection s in order. Slots are
// included with the text in slots (missing means empty); family parts
// take their text from s's family and note; a conditional part s does not
// send is an empty section.
//
// A mode whose text would pass MaxModeText has an empty section for each
// item: Compile reports it, and nothing composes hundreds of megabytes.
func (p *Program) Sections(m *Mode, s Selection, slots map[string]string) []Section {
	out := make([]Section, 0, len(m.Config.Compose))
	for _, ref := range m.Config.Compose {
		if p.oversized[m.Name] {
			out = append(out, Section{Name: ref.Name, Slot: ref.Kind == "slot"})
			continue
		}
		if ref.Kind == "slot" {
			out = append(out, Section{Name: ref.Name, Slot: true, Text: slots[ref.Name]})
			continue
		}
		out = append(out, p.partSection(ref.Name, s))
	}
	return out
}

// partSection is the section a part contributes for selection s, its
// placeholders filled.
func (p *Program) partSection(name string, s Selection) Section {
	cp := p.Config.Parts[name]
	if len(cp.Models) > 0 && (s.Conditional == nil || !s.Conditional(name)) {
		return Section{Name: name}
	}
	if !p.WhenSends(name, s) {
		return Section{Name: name}
	}
	if cp.Family == "" {
		part := p.Parts[name]
		if part == nil {
			return Section{Name: name}
		}
		if part.Tmpl != nil {
			text := part.Text
			if s.Inputs != nil {
				// CheckInputValues has rendered every template with
				// these values before any caller composes with them.
				text, _ = part.Tmpl.Render(s.Inputs)
			}
			return Section{Name: name, Text: text, Pos: part.Pos}
		}
		return Section{Name: name, Text: p.fill(part.Spans, s) + part.Tail, Spans: part.Spans, Pos: part.Pos}
	}
	fs, ok := sectionOf(cp.Family, s)
	if !ok {
		return Section{Name: name}
	}
	return Section{Name: name, Text: p.fill(fs.Spans, s) + fs.Tail, Spans: fs.Spans, Pos: fs.Pos}
}

// PartTemplate is part's text with its placeholders, as TemplateOf gives
// it for the part's spans, with the part's Tail after it: what the
// generated package keeps for a file part.
func (p *Program) PartTemplate(part *Part) *Template {
	return p.tailed(part.Spans, part.Tail)
}

// SectionTemplate is family section s's text with its placeholders, with
// its Tail after it: what every generated package keeps for a family's
// line, body or note.
func (p *Program) SectionTemplate(s family.Section) *Template {
	return p.tailed(s.Spans, s.Tail)
}

// tailed is the template of spans with tail after its last literal.
func (p *Program) tailed(spans []include.Span, tail string) *Template {
	t := p.TemplateOf(spans)
	if tail == "" {
		return t
	}
	lits := slices.Clone(t.Lits)
	lits[len(lits)-1] += tail
	return &Template{Lits: lits, Holes: t.Holes}
}

// Join composes sections into the prompt text in m's wire format:
// non-empty texts, each after the previous one with the after text the
// mode declares for the two, else the before it declares for that
// section, else its separator, and, after the last one,
// the mode's end (a newline under finalNewline).
func (m *Mode) Join(sections []Section) string {
	return join(sections, &m.Config, m.Config.Ending())
}

func join(sections []Section, m *config.Mode, end string) string {
	b := appendJoin(nil, sections, m, end)
	return unsafe.String(unsafe.SliceData(b), len(b))
}

// appendJoin appends the wire form of sections, as join makes it, to dst
// and returns the extended slice. A nil dst gets exactly the room needed.
func appendJoin(dst []byte, sections []Section, m *config.Mode, end string) []byte {
	n := len(end)
	for _, s := range sections {
		n += len(s.Text) + len(m.LongestBefore(s.Name))
	}
	start := len(dst)
	dst = slices.Grow(dst, n)
	prev := ""
	for _, s := range sections {
		if s.Text == "" {
			continue
		}
		if len(dst) > start {
			dst = append(dst, m.SeparatorBetween(prev, s.Name)...)
		}
		dst = append(dst, s.Text...)
		prev = s.Name
	}
	if len(dst) > start {
		dst = append(dst, end...)
	}
	return dst
}

// WireChars returns the characters m's wire format adds to the non-empty
// sections named, in order: the separator (or declared before or after
// text) ahead of each but the first, and the end after the last. Budgets add it to the
// sections' own sizes.
func (m *Mode) WireChars(nonEmpty []string) int {
	if len(nonEmpty) == 0 {
		return 0
	}
	n := utf8.RuneCountInString(m.Config.Ending())
	for i, name := range nonEmpty[1:] {
		n += utf8.RuneCountInString(m.Config.SeparatorBetween(nonEmpty[i], name))
	}
	return n
}

// Static composes the static text of m for selection s: every part, no
// slot.
func (p *Program) Static(m *Mode, s Selection) string {
	return m.Join(p.Sections(m, s, nil))
}

// Prefix is the cacheable prefix of m for selection s: the static text
// before the first volatile slot (without the separator that follows it)
// or the first part that reads a run-time input that is not stable, or
// the first run-time placeholder, whichever comes first, or the whole
// static text when m has neither. Volatile slot and run-time text changes
// from call to call, so providers can cache only what precedes it; a
// stable slot (stable: true, the same for a whole session) does not end
// the prefix.
func (p *Program) Prefix(m *Mode, s Selection) string {
	s.Runtime = func(string) string { return prefixMark }
	secs := p.Sections(m, s, nil)
	text := ""
	// A volatile slot ends the prefix, and so does a part that reads an
	// input that is not stable, sent or not on this call.
	slot := slices.IndexFunc(secs, func(sec Section) bool {
		if sec.Slot {
			return !p.Config.Slots[sec.Name].Stable
		}
		return p.ReadsVolatile(sec.Name)
	})
	if slot >= 0 {
		text = join(secs[:slot], &m.Config, "")
	} else {
		text = m.Join(secs)
	}
	if i := strings.Index(text, prefixMark); i >= 0 {
		return text[:i]
	}
	return text
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

// SettingsFor returns the value of every per-model setting for modelID,
// by setting name: the value of the first of its rules that selects the
// id, else its default. The model id decides, whatever the family choice.
func (p *Program) SettingsFor(modelID string) map[string]string {
	out := make(map[string]string, len(p.Settings))
	for name, r := range p.Settings {
		out[name] = r.Resolve(modelID).Family
	}
	return out
}

// Applies reports whether part is sent to modelID: a part without models
// patterns always is, a conditional part when one of its patterns matches
// the whole id.
func (p *Program) Applies(part, modelID string) bool {
	res, ok := p.conditions[part]
	if !ok {
		return true
	}
	for _, re := range res {
		if re.MatchString(modelID) {
			return true
		}
	}
	return false
}

// ConditionalParts lists, sorted, the conditional parts sent to modelID.
func (p *Program) ConditionalParts(modelID string) []string {
	var out []string
	for _, name := range slices.Sorted(maps.Keys(p.conditions)) {
		if p.Applies(name, modelID) {
			out = append(out, name)
		}
	}
	return out
}

// HasConditional reports whether the project has a conditional part.
func (p *Program) HasConditional() bool { return len(p.conditions) > 0 }

// IsConditional reports whether part is sent only to the models its
// patterns match.
func (p *Program) IsConditional(part string) bool { return len(p.Config.Parts[part].Models) > 0 }

// ConditionalIn lists the conditional parts mode m sends, in its order.
func (p *Program) ConditionalIn(m *Mode) []string {
	var out []string
	for _, r := range m.Config.Compose {
		if r.Kind == "part" && p.IsConditional(r.Name) {
			out = append(out, r.Name)
		}
	}
	return out
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

// UsesFamily reports whether m sends a family part (line, body or note)
// or a part conditioned on the family: without one, its text is the same
// for every family.
func (p *Program) UsesFamily(m *Mode) bool {
	for _, r := range m.Config.Compose {
		cp := p.Config.Parts[r.Name]
		if r.Kind == "part" && (cp.Family != "" || cp.When != nil && len(cp.When.Family) > 0) {
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
