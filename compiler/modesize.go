package compiler

import (
	"math"
	"strconv"

	"github.com/promptc/promptc/compiler/include"
	"github.com/promptc/promptc/internal/diag"
)

// MaxModeText is the size, in bytes, of the longest text one mode may
// compose: the size of the largest file promptc reads (MaxText), which no
// model's context comes near. Without it, eight parts of 60 MB each, every
// one under the file limit, made a 480 MB mode that build composed again
// for every family, note and check, for minutes and gigabytes.
const MaxModeText = MaxText

// checkModeSizes reports every mode whose text could be longer than
// MaxModeText, each part at its longest (every family and note,
// placeholders at their longest values, templates at their maximum, every
// conditional part sent), without composing it: each part's size is
// computed once from its template, never by building its text. Such a
// mode is marked oversized, and composes as empty from then on, so that
// no later check, rule or command builds its text; the error stops build.
func (b *builder) checkModeSizes() []diag.Diagnostic {
	var ds []diag.Diagnostic
	sizes := map[string]int64{}
	for _, m := range b.Modes {
		var total int64
		largest, largestSize := "", int64(-1)
		for i, ref := range m.Config.Compose {
			if i > 0 {
				total = addSat(total, int64(len(m.Config.LongestBefore(ref.Name))))
			}
			if ref.Kind == "slot" {
				continue // the harness's text, bounded by the generated API
			}
			size, ok := sizes[ref.Name]
			if !ok {
				size = b.longestSection(ref.Name)
				sizes[ref.Name] = size
			}
			if size > largestSize {
				largest, largestSize = ref.Name, size
			}
			total = addSat(total, size)
		}
		total = addSat(total, int64(len(m.Config.Ending())))
		if total <= MaxModeText {
			continue
		}
		if b.oversized == nil {
			b.oversized = map[string]bool{}
		}
		b.oversized[m.Name] = true
		ds = append(ds, diag.Errorf(b.Loaded.PosOfKeys("modes", m.Name), RuleBudgetOver,
			"mode %s: its text would be up to %s bytes with every part at its longest, more than the %d MiB (%d bytes) promptc composes for one mode, of which no model takes a fraction; its largest part is %s (up to %d bytes): send fewer or shorter parts in this mode",
			m.Name, sizeText(total), MaxModeText>>20, int64(MaxModeText), largest, largestSize))
	}
	return ds
}

// sizeText is n as a message gives a saturated size.
func sizeText(n int64) string {
	if n == math.MaxInt64 {
		return "more than " + strconv.FormatInt(n, 10)
	}
	return strconv.FormatInt(n, 10)
}

// longestSection is the size, in bytes, of the longest text part name
// can contribute to a mode, for any family and note.
func (b *builder) longestSection(name string) int64 {
	cp := b.Config.Parts[name]
	if cp.Family == "" {
		part := b.Parts[name]
		switch {
		case part == nil:
			return 0
		case part.Tmpl != nil:
			return int64(len(part.Text)) // the template at its maximum
		}
		return addSat(b.filledSize(part.Spans), int64(len(part.Tail)))
	}
	var n int64
	for _, fn := range b.FamilyNames {
		f := b.Families[fn]
		for _, note := range NoteChoices(f) {
			if s, ok := sectionOf(cp.Family, Selection{Family: f, Note: note}); ok {
				n = max(n, addSat(b.filledSize(s.Spans), int64(len(s.Tail))))
			}
			if cp.Family != "note" {
				break // a line or body does not vary with the note
			}
		}
	}
	return n
}

// filledSize is the size, in bytes, of the longest text fill can make of
// spans: every placeholder at its longest value, or the literal text where
// that would pass MaxText (fill sends the literal then, and
// checkPlaceholders reports it).
func (b *builder) filledSize(spans []include.Span) int64 {
	t := b.TemplateOf(spans)
	if n := b.expandedSize(t); n <= MaxText {
		return n
	}
	var n int64
	for _, l := range t.Lits {
		n += int64(len(l))
	}
	return n
}
