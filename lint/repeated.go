package lint

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/promptc/promptc/compiler"
	"github.com/promptc/promptc/compiler/include"
	"github.com/promptc/promptc/internal/config"
	"github.com/promptc/promptc/internal/diag"
)

// sentParagraph is a paragraph of one composed prompt: where it is
// written, and which section of the composition sends it. via is, when
// two sections send the same lines of one file, the @include line by
// which this section reaches them (zero when none is found).
type sentParagraph struct {
	text string
	pos  diag.Position
	sec  int
	part string
	via  diag.Position
}

// place is where a copy is reported: the include line that sends it when
// there is one, else the paragraph.
func (s sentParagraph) place() diag.Position {
	if s.via.Path != "" {
		return s.via
	}
	return s.pos
}

// repeatKey is one PARAGRAPH_REPEATED finding: the places of the copy a
// prompt sends first and of the copy it sends again. The same pair of
// places found in several modes, families and notes is one finding.
type repeatKey struct {
	first, again diag.Position
}

// repeat gathers what one finding reports: the paragraphs' size, the
// parts that send each copy, and the modes (in order) with, for each, the
// families and notes whose prompts hold both copies.
type repeat struct {
	size       int
	para       diag.Position   // the first copy's paragraph
	paras      []diag.Position // every paragraph the finding covers
	firstVia   bool            // whether the places are include lines
	againVia   bool
	firstParts []string
	againParts []string
	modes      []string
	combos     map[string][]string // by mode; "" stands for every family
}

// includeAt is an @include line of a file: the file it names, resolved,
// and where the line's @ stands.
type includeAt struct {
	target string
	pos    diag.Position
}

// sources calls fn with the spans of every source of sections that a mode
// sending parts can take: each named part's own spans (a part with a
// family kind, every family's line, body or notes).
func (x *paragraphIndex) sources(parts []string, fn func(spans []include.Span)) {
	for _, name := range parts {
		switch x.p.Config.Parts[name].Family {
		case "":
			if part := x.p.Parts[name]; part != nil {
				fn(part.Spans)
			}
		case "line":
			for _, f := range x.p.Families {
				fn(f.Line.Spans)
			}
		case "body":
			for _, f := range x.p.Families {
				fn(f.Body.Spans)
			}
		case "note":
			for _, f := range x.p.Families {
				for _, n := range f.Notes {
					fn(n.Spans)
				}
			}
		}
	}
}

// narrowed returns m with only the parts whose sources hold a paragraph
// that another of m's sources holds too, in m's order; nil when there are
// none. The other parts cannot take part in a repeat, and composing them
// for every family and note is what made this check slow on large
// projects.
func (x *paragraphIndex) narrowed(m *compiler.Mode) *compiler.Mode {
	var parts []string
	for _, ref := range m.Config.Compose {
		if ref.Kind == "part" {
			parts = append(parts, ref.Name)
		}
	}
	texts, ok := x.repeatedIn(parts)
	if !ok {
		return nil
	}
	n := *m
	n.Config.Compose = nil
	for _, ref := range m.Config.Compose {
		holds := false
		if ref.Kind == "part" {
			x.sources([]string{ref.Name}, func(spans []include.Span) {
				for _, c := range x.candidatesIn(spans) {
					holds = holds || texts[c.id]
				}
			})
		}
		if holds {
			n.Config.Compose = append(n.Config.Compose, ref)
		}
	}
	return &n
}

// linesOf returns lines from..to (0-based, inclusive) of text.
func linesOf(text string, from, to int) string {
	start := 0
	for n := 0; n < from; n++ {
		start += strings.IndexByte(text[start:], '\n') + 1
	}
	end := start
	for n := from; n <= to; n++ {
		i := strings.IndexByte(text[end:], '\n')
		if i < 0 {
			return text[start:]
		}
		end += i + 1
	}
	return text[start:end]
}

// repeats reports every paragraph that one composed prompt sends twice:
// in two of its sections (a part, the family line, body or model note),
// whatever files they take it from. Every mode is composed for every
// family and note it can send (one composition when the mode sends no
// family part), with every part its when conditions allow, so that two
// parts never sent together (the values of one input they test never
// agree) are not compared. A paragraph one section holds twice is left
// to the include rules (INCLUDE_DIAMOND): the part itself says it twice.
func (l *linter) repeats() []diag.Diagnostic {
	p := l.p
	// Lint runs on every commit: the compositions are walked only for a
	// mode whose sections can hold one paragraph in two of them, which
	// most projects' modes cannot.
	idx := newParagraphIndex(p)
	if idx.ncandidates == 0 {
		return nil
	}
	cond := conditionalFamilies(p)
	always := func(string) bool { return true }
	found := map[repeatKey]*repeat{}
	var order []repeatKey
	for _, full := range p.Modes {
		m := idx.narrowed(full)
		if m == nil {
			continue
		}
		// The parts left decide what varies with the family: with no
		// family part and no part sent to some families only, every
		// family's prompt holds the same copies, composed once.
		usesFamily := p.UsesFamily(m) || p.UsesFamily(full) && slices.ContainsFunc(m.Config.Compose, func(r config.Ref) bool { return p.IsConditional(r.Name) })
		fams := p.FamilyNames
		if !usesFamily {
			// Every family composes the same text: compose it once.
			fams = []string{p.Config.Families.Fallback}
		}
		for _, fn := range fams {
			f := p.Families[fn]
			if f == nil {
				continue
			}
			notes := []int{compiler.NoNote}
			if p.UsesNotes(m) {
				notes = compiler.NoteChoices(f)
			}
			sends := always
			if usesFamily {
				sends = func(part string) bool { fs, ok := cond[part]; return !ok || fs[fn] }
			}
			for _, n := range notes {
				secs := p.Sections(m, compiler.Selection{Family: f, Note: n, Conditional: sends, When: always}, nil)
				// Consecutive pairs are mostly the paragraphs of one file
				// two sections send, one finding: the last pair's
				// finding is looked up first, and what the pair adds to
				// it is added once per composition and pair of parts.
				var last *repeat
				var lastKey repeatKey
				var lastFirst, lastAgain string
				l.repeatsIn(idx, secs, func(first, again sentParagraph) {
					k := repeatKey{first.place(), again.place()}
					r := last
					if r == nil || k != lastKey {
						r = found[k]
					}
					if r != nil && r == last && first.part == lastFirst && again.part == lastAgain {
						r.addPara(first)
						return
					}
					last, lastKey, lastFirst, lastAgain = r, k, first.part, again.part
					if r == nil {
						r = &repeat{size: utf8.RuneCountInString(first.text), para: first.pos, combos: map[string][]string{},
							firstVia: first.via.Path != "", againVia: again.via.Path != ""}
						found[k] = r
						order = append(order, k)
						last = r
					}
					r.addPara(first)
					r.firstParts = appendNew(r.firstParts, first.part)
					r.againParts = appendNew(r.againParts, again.part)
					if _, ok := r.combos[m.Name]; !ok {
						r.modes = append(r.modes, m.Name)
					}
					label := ""
					switch {
					case !usesFamily:
					case p.Config.Parts[first.part].Family == "note" || p.Config.Parts[again.part].Family == "note":
						label = fmt.Sprintf("%s note %q", fn, f.Notes[n].Label)
					default:
						label = fn
					}
					r.combos[m.Name] = appendNew(r.combos[m.Name], label)
				})
			}
		}
	}
	ds := make([]diag.Diagnostic, 0, len(order))
	for _, k := range order {
		ds = append(ds, l.repeatDiag(k, found[k]))
	}
	return ds
}

// addPara counts the paragraph of first, the copy sent first, in r:
// include lines send every paragraph of the file they name, and one
// finding counts them all.
func (r *repeat) addPara(first sentParagraph) {
	if slices.Contains(r.paras, first.pos) {
		return
	}
	if len(r.paras) > 0 {
		r.size += utf8.RuneCountInString(first.text)
	}
	r.paras = append(r.paras, first.pos)
}

// repeatDiag is the finding of r, at k.again.
func (l *linter) repeatDiag(k repeatKey, r *repeat) diag.Diagnostic {
	firstParts, againParts := strings.Join(r.firstParts, " or "), strings.Join(r.againParts, " or ")
	first := fmt.Sprintf("at %s:%d", k.first.Path, k.first.Line)
	if r.firstVia {
		first = fmt.Sprintf("through its @include at %s:%d", k.first.Path, k.first.Line)
	}
	const cost = "the model reads it twice and every call pays for the copy"
	var msg string
	switch {
	case r.againVia:
		what := fmt.Sprintf("a paragraph (%d characters, %s:%d)", r.size, r.para.Path, r.para.Line)
		if len(r.paras) > 1 {
			what = fmt.Sprintf("%d paragraphs (%d characters, the first at %s:%d)", len(r.paras), r.size, r.para.Path, r.para.Line)
		}
		msg = fmt.Sprintf("this @include sends %s that part %s already sends in the same prompt, %s (%s): %s; include the file from one of the parts only",
			what, firstParts, first, l.where(r), cost)
	case k.first == k.again:
		// Both sections send the same lines of a file, and no include
		// line was found: the parts take the file itself.
		msg = fmt.Sprintf("this paragraph (%d characters) is sent twice in one prompt, by part %s and again by part %s, which both send these lines (%s): %s; send them from one of the parts only",
			r.size, firstParts, againParts, l.where(r), cost)
	default:
		msg = fmt.Sprintf("this paragraph (%d characters) is sent twice in one prompt: part %s sends it first, %s, and part %s again here (%s); %s: keep it in the part that every prompt needing it sends, and remove the other copy",
			r.size, firstParts, first, againParts, l.where(r), cost)
	}
	d := newDiag(k.again, RuleParagraphRepeated, msg)
	d.Related = []diag.Related{{Pos: k.first, Message: "sent first here, by part " + firstParts}}
	if r.againVia && r.para != k.first {
		d.Related = append(d.Related, diag.Related{Pos: r.para, Message: "the paragraph"})
	}
	return d
}

// includeLines returns the @include lines by which the sections of
// spans a and b reach the file target, which both send. When both reach it
// through one line of a file they both send (a shared file that includes
// another), that file is the one included twice, and its include lines are
// returned instead. A position is zero when no include line is found.
// The answer is searched once per pair of sources and target: every
// family, note and mode repeating the paragraph asks again. Sources are
// told apart by their first span, as in sent.
func (x *paragraphIndex) includeLines(a, b []include.Span, target string) (diag.Position, diag.Position) {
	k := viaKey{firstSpan(a), firstSpan(b), target}
	if v, ok := x.vias[k]; ok {
		return v[0], v[1]
	}
	va, vb := x.searchIncludeLines(a, b, target)
	if x.vias == nil {
		x.vias = map[viaKey][2]diag.Position{}
	}
	x.vias[k] = [2]diag.Position{va, vb}
	return va, vb
}

// viaKey is what includeLines answers for: two sources and a file.
type viaKey struct {
	a, b   *include.Span
	target string
}

// firstSpan returns the first of spans, nil for none.
func firstSpan(spans []include.Span) *include.Span {
	if len(spans) == 0 {
		return nil
	}
	return &spans[0]
}

// searchIncludeLines is includeLines without its memo.
func (x *paragraphIndex) searchIncludeLines(a, b []include.Span, target string) (diag.Position, diag.Position) {
	seen := map[string]bool{}
	for !seen[target] {
		seen[target] = true
		va, vb := x.includeLine(a, target), x.includeLine(b, target)
		if va.Path == "" || va != vb {
			return va, vb
		}
		target = va.Path
	}
	return diag.Position{}, diag.Position{}
}

// includeLine returns the @include line, in the files spans come from,
// that includes target: how a section reaches a file that another section
// sends too. A file that gives the section no line of its own (nothing but
// the include line) is not searched.
func (x *paragraphIndex) includeLine(spans []include.Span, target string) diag.Position {
	seen := map[string]bool{target: true}
	for _, sp := range spans {
		if seen[sp.Path] {
			continue
		}
		seen[sp.Path] = true
		for _, in := range x.includesOf(sp.Path) {
			if in.target == target {
				return in.pos
			}
		}
	}
	return diag.Position{}
}

// includesOf returns the include lines of the file at path, in line
// order, read on the first call for the file.
func (x *paragraphIndex) includesOf(path string) []includeAt {
	if ins, ok := x.includes[path]; ok {
		return ins
	}
	var ins []includeAt
	if f := x.p.Files[path]; f != nil {
		eachAtLine(f, func(i int, text string) {
			if t, ok := include.IsInclude(text); ok {
				col := utf8.RuneCountInString(text[:strings.IndexByte(text, '@')]) + 1
				ins = append(ins, includeAt{include.ResolveIn(x.p.Loaded.Root, path, t), diag.Position{Path: path, Line: int(f.Lines[i].Num), Col: col}})
			}
		})
	}
	if x.includes == nil {
		x.includes = map[string][]includeAt{}
	}
	x.includes[path] = ins
	return ins
}

// repeatsIn calls fn, for every paragraph secs send a second time, with
// the copy sent first and the later copy, in the order the paragraphs are
// first sent. The first copy is the earliest one in another section that
// a prompt can send together with the later one. Every mode is composed
// for every family and note, and each composition is compared here.
func (l *linter) repeatsIn(idx *paragraphIndex, secs []compiler.Section, fn func(first, again sentParagraph)) {
	g := &idx.groups
	g.reset()
	// A section without a when condition is sent with every other
	// (sentTogether), which most are: only pairs of conditional ones are
	// asked.
	idx.conditional = idx.conditional[:0]
	for _, sec := range secs {
		idx.conditional = append(idx.conditional, l.p.Config.Parts[sec.Name].When != nil)
	}
	for i, sec := range secs {
		if sec.Slot || sec.Text == "" {
			continue
		}
		cs := idx.candidatesIn(sec.Spans)
		for k := range cs {
			c := &cs[k]
			j := g.find(c.id, c.text)
			g.list[j].occ = append(g.list[j].occ, occurrence{c, i})
		}
	}
	// Consecutive groups are mostly consecutive paragraphs of one file
	// that the same sections send: the include lines of the last few
	// pairs of sections and file are kept at hand (includeLines
	// remembers every answer, in a map slower to ask).
	type viaAnswer struct {
		first, again int
		path         string
		vias         [2]diag.Position
	}
	var recent [8]viaAnswer
	for i := range recent {
		recent[i].first = -1
	}
	next := 0
	for _, grp := range g.list[:g.n] {
		occ := grp.occ
		for j := 1; j < len(occ); j++ {
			for i := range j {
				a, b := occ[i].sec, occ[j].sec
				if a == b || idx.conditional[a] && idx.conditional[b] && !sentTogether(l.p, secs[a].Name, secs[b].Name) {
					continue
				}
				first := sentParagraph{text: occ[i].c.text, pos: occ[i].c.pos, sec: a, part: secs[a].Name}
				again := sentParagraph{text: occ[j].c.text, pos: occ[j].c.pos, sec: b, part: secs[b].Name}
				if first.pos == again.pos {
					// One file's lines, sent by two sections: what
					// to change is an include line.
					k := slices.IndexFunc(recent[:], func(v viaAnswer) bool {
						return v.first == a && v.again == b && v.path == first.pos.Path
					})
					if k < 0 {
						k, next = next, (next+1)%len(recent)
						va, vb := idx.includeLines(secs[a].Spans, secs[b].Spans, first.pos.Path)
						recent[k] = viaAnswer{a, b, first.pos.Path, [2]diag.Position{va, vb}}
					}
					first.via, again.via = recent[k].vias[0], recent[k].vias[1]
				}
				fn(first, again)
				break
			}
		}
	}
}

// sentTogether reports whether parts a and b can be sent in one prompt as
// their when conditions go: each part tests one input or setting, so two
// parts testing different inputs can, two testing different settings can
// when a combination of values model ids reach (compiler.SettingCombos)
// meets both, and two testing the same one can when some value meets
// both conditions (never, for two output styles of one enum input).
func sentTogether(p *compiler.Program, a, b string) bool {
	wa, wb := p.Config.Parts[a].When, p.Config.Parts[b].When
	if wa != nil && wb != nil && wa.Setting != "" && wb.Setting != "" && wa.Setting != wb.Setting {
		// Two settings: together only in a combination of their values
		// some model id reaches, as budgets count them.
		for _, c := range p.SettingCombos([]string{wa.Setting, wb.Setting}) {
			if wa.Holds(c.Values[wa.Setting]) && wb.Holds(c.Values[wb.Setting]) {
				return true
			}
		}
		return false
	}
	if wa == nil || wb == nil || wa.Input != wb.Input || wa.Setting != wb.Setting {
		return true
	}
	// A value both conditions hold is listed by both, or is true for a
	// condition that lists none.
	for _, v := range append([]any{true}, wa.Is...) {
		if wa.Holds(v) && wb.Holds(v) {
			return true
		}
	}
	return false
}

// conditionalFamilies maps every conditional part (one with models
// patterns) that some example id of families.examples is sent to, to the
// families of those ids: the families it is known to be composed with. A
// conditional part no example reaches (CONDITION_UNEXERCISED) is missing,
// and counts as sent with every family, as budgets count it.
func conditionalFamilies(p *compiler.Program) map[string]map[string]bool {
	if !p.HasConditional() {
		return nil
	}
	out := map[string]map[string]bool{}
	for id := range p.Config.Families.Examples {
		f, _ := p.FamilyFor(id)
		for _, part := range p.ConditionalParts(id) {
			if out[part] == nil {
				out[part] = map[string]bool{}
			}
			out[part][f.Name] = true
		}
	}
	return out
}

// where names the prompts that hold both copies, compactly: the modes
// that hold them for the same families grouped ("modes guide, full"),
// each group with its families and notes unless it is every family
// ("mode focus for families claude, gemini note \"Pro\"").
func (l *linter) where(r *repeat) string {
	type group struct {
		modes []string
		fams  string
	}
	var groups []group
	for _, m := range r.modes {
		fams := l.familyList(r.combos[m])
		i := slices.IndexFunc(groups, func(g group) bool { return g.fams == fams })
		if i < 0 {
			groups = append(groups, group{fams: fams})
			i = len(groups) - 1
		}
		groups[i].modes = append(groups[i].modes, m)
	}
	out := make([]string, len(groups))
	for i, g := range groups {
		s := "mode " + g.modes[0]
		if len(g.modes) > 1 {
			s = "modes " + strings.Join(g.modes, ", ")
		}
		if g.fams != "" {
			s += " for " + g.fams
		}
		out[i] = s
	}
	return "in " + strings.Join(out, "; ")
}

// familyList names the families and notes of labels, or "" when they are
// every family (or the mode sends none, so every family gets the same
// text).
func (l *linter) familyList(labels []string) string {
	if slices.Contains(labels, "") {
		return ""
	}
	if !slices.ContainsFunc(l.p.FamilyNames, func(f string) bool { return !slices.Contains(labels, f) }) {
		return ""
	}
	if len(labels) == 1 {
		return "family " + labels[0]
	}
	return "families " + strings.Join(labels, ", ")
}

// appendNew appends s to list unless list holds it.
func appendNew(list []string, s string) []string {
	if slices.Contains(list, s) {
		return list
	}
	return append(list, s)
}
