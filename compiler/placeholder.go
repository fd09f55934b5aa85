package compiler

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/promptc/promptc/compiler/family"
	"github.com/promptc/promptc/compiler/include"
	"github.com/promptc/promptc/compiler/markdown"
	"github.com/promptc/promptc/compiler/source"
	"github.com/promptc/promptc/internal/config"
	"github.com/promptc/promptc/internal/diag"
	"github.com/promptc/promptc/internal/lazyre"
)

// Rule IDs of the placeholder checks.
const (
	RulePlaceholderUndeclared = "PLACEHOLDER_UNDECLARED"
	RulePlaceholderValue      = "PLACEHOLDER_VALUE"
	RulePlaceholderUnused     = "PLACEHOLDER_UNUSED"
	RuleTemplateSyntax        = "TEMPLATE_SYNTAX"
)

// PlaceholderRE returns the expression that matches a placeholder,
// {{name}}: two braces, a name as promptc.cue writes names, two braces, no
// spaces. It is compiled on first use.
var PlaceholderRE = lazyre.New(`\{\{([A-Za-z][A-Za-z0-9_-]*)\}\}`)

// Template is a text split at its placeholders: Lits has one entry more
// than Holes, the text before the first placeholder, between two, and
// after the last.
type Template struct {
	Lits  []string
	Holes []string
}

// Fill returns the text with each placeholder replaced by value(name).
func (t *Template) Fill(value func(name string) string) string {
	if len(t.Holes) == 0 {
		return t.Lits[0]
	}
	var b strings.Builder
	for i, h := range t.Holes {
		b.WriteString(t.Lits[i])
		b.WriteString(value(h))
	}
	b.WriteString(t.Lits[len(t.Lits)-1])
	return b.String()
}

// Literal is the text without its placeholders.
func (t *Template) Literal() string { return strings.Join(t.Lits, "") }

// TemplateOf returns the template of a text with origins spans (as a part
// or a family section holds them): placeholders are recognised outside
// code only, so a template quoted in a code block stays text. Templates
// are parsed once per text; call it only once the program's files are
// loaded.
func (p *Program) TemplateOf(spans []include.Span) *Template {
	if len(spans) == 0 {
		return &Template{Lits: []string{""}}
	}
	key := spansKey{&spans[0], len(spans)}
	if t, ok := p.templates.Load(key); ok {
		return t.(*Template)
	}
	// Another goroutine may parse the same text meanwhile: keep one
	// template per text.
	t, _ := p.templates.LoadOrStore(key, p.parseTemplate(spans))
	return t.(*Template)
}

// spansKey identifies a text by its spans: the first span's address and
// their number (a shorter slice of the same spans is another text).
type spansKey struct {
	first *include.Span
	n     int
}

// TextOf returns include.Text(spans), joined once per text: the spans of a
// part or a family section, which stay as they are once loaded. Call it
// only once the program's files are loaded.
func (p *Program) TextOf(spans []include.Span) string {
	if len(spans) == 0 {
		return ""
	}
	key := spansKey{&spans[0], len(spans)}
	if t, ok := p.texts.Load(key); ok {
		return t.(string)
	}
	t, _ := p.texts.LoadOrStore(key, include.Text(spans))
	return t.(string)
}

// parseTemplate splits the text of spans at its placeholders, for
// TemplateOf.
func (p *Program) parseTemplate(spans []include.Span) *Template {
	text := p.TextOf(spans)
	if !strings.Contains(text, "{{") {
		return &Template{Lits: []string{text}}
	}
	t := &Template{}
	var lit strings.Builder
	first := true
	include.EachLine(spans, func(line, path string, num int) bool {
		if !first {
			lit.WriteByte('\n')
		}
		first = false
		if !strings.Contains(line, "{{") || p.isCode(path, num) {
			lit.WriteString(line)
			return true
		}
		prev := 0
		for _, m := range PlaceholderRE().FindAllStringSubmatchIndex(line, -1) {
			lit.WriteString(line[prev:m[0]])
			t.Lits = append(t.Lits, lit.String())
			lit.Reset()
			t.Holes = append(t.Holes, line[m[2]:m[3]])
			prev = m[1]
		}
		lit.WriteString(line[prev:])
		return true
	})
	// include.Text drops the final newline; EachLine never wrote it.
	t.Lits = append(t.Lits, lit.String())
	return t
}

// isCode reports whether line num of the project file path is code.
func (p *Program) isCode(path string, num int) bool {
	f := p.Files[path]
	return f != nil && num >= 1 && num <= len(f.Lines) && f.Lines[num-1].Kind == markdown.Code
}

// fill returns the text of spans for selection c: each placeholder replaced
// by its value. A text that could expand beyond MaxText is not expanded:
// its literal text stands in for it, and checkPlaceholders reports it.
func (p *Program) fill(spans []include.Span, c Selection) string {
	t := p.TemplateOf(spans)
	if len(t.Holes) == 0 {
		return t.Lits[0]
	}
	if p.expandedSize(t) > MaxText {
		return t.Literal()
	}
	return t.Fill(func(name string) string { return p.Value(name, c) })
}

// MaxText is the size, in bytes, of the longest text promptc expands a
// template into: the size of the largest file it reads. No model is sent
// a fraction of it; a placeholder with a 1 MB value used 2,000 times would
// otherwise take 2 GB to build before any budget could refuse it.
const MaxText = source.MaxFileSize

// expandedSize is the size, in bytes, of t with every placeholder at its
// longest value for any family, note or run-time input (maxChars bytes),
// computed without building it; it saturates at math.MaxInt64.
func (p *Program) expandedSize(t *Template) int64 {
	var n int64
	for _, l := range t.Lits {
		n = addSat(n, int64(len(l)))
	}
	for _, h := range t.Holes {
		n = addSat(n, p.longestValue(h))
	}
	return n
}

// addSat returns a+b for non-negative a and b, or math.MaxInt64 when the
// sum does not fit.
func addSat(a, b int64) int64 {
	if a > math.MaxInt64-b {
		return math.MaxInt64
	}
	return a + b
}

// longestValue is the length, in bytes, of the longest value placeholder
// name can take (0 for one not declared, which the checks report).
func (p *Program) longestValue(name string) int64 {
	ph, ok := p.Config.Placeholders[name]
	if !ok {
		return 0
	}
	if ph.Runtime != nil {
		return int64(ph.Runtime.MaxChars) // RuntimeAtMax: one byte a character
	}
	var n int
	if ph.Value != nil {
		n = len(*ph.Value)
	}
	for _, v := range ph.Family {
		n = max(n, len(v))
	}
	for _, v := range ph.Note {
		n = max(n, len(v))
	}
	if ph.Setting != nil {
		for _, v := range ph.Setting.Values {
			n = max(n, len(v))
		}
	}
	return int64(n)
}

// Value returns the value of placeholder name for selection c: a run-time
// placeholder's from c.Runtime (nil gives ""); a setting's by c's value
// of the setting (see settingValue); otherwise the selected note's value,
// else the family's, else the plain value ("" when none applies, which
// the checks report).
func (p *Program) Value(name string, c Selection) string {
	ph, ok := p.Config.Placeholders[name]
	if !ok {
		return ""
	}
	if ph.Runtime != nil {
		if c.Runtime == nil {
			return ""
		}
		return c.Runtime(name)
	}
	if ph.Setting != nil {
		return settingValue(&ph, p.Config.Settings[ph.Setting.Name].Values, c.Settings)
	}
	v, _ := lookup(name, ph.Note, ph.Family, ph.Value, c)
	return v
}

// settingValue is the text placeholder ph, whose setting takes values,
// gets for the setting values in settings. Without a value of its
// setting there (nil settings measure the maximum) it is the longest text
// any value gets, ties going to the earlier value.
func settingValue(ph *config.Placeholder, values []string, settings map[string]string) string {
	if v, ok := settings[ph.Setting.Name]; ok {
		t, _ := ph.SettingValue(v)
		return t
	}
	longest := ""
	for _, v := range values {
		if t, _ := ph.SettingValue(v); len(t) > len(longest) {
			longest = t
		}
	}
	return longest
}

// SettingHoles lists, sorted, the settings whose values choose the value
// of a placeholder in the text part name can send, for any family and
// note: that text depends on the model's values of them.
func (p *Program) SettingHoles(name string) []string {
	var out []string
	add := func(spans []include.Span) {
		for _, h := range p.TemplateOf(spans).Holes {
			if ph, ok := p.Config.Placeholders[h]; ok && ph.Setting != nil {
				out = append(out, ph.Setting.Name)
			}
		}
	}
	switch p.Config.Parts[name].Family {
	case "":
		if part := p.Parts[name]; part != nil {
			add(part.Spans)
		}
	default:
		for _, fn := range p.FamilyNames {
			f := p.Families[fn]
			for _, note := range NoteChoices(f) {
				if s, ok := sectionOf(p.Config.Parts[name].Family, Selection{Family: f, Note: note}); ok {
					add(s.Spans)
				}
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

func lookup(name string, notes, fams map[string]string, value *string, c Selection) (string, bool) {
	if f := c.Family; f != nil {
		if c.Note >= 0 && c.Note < len(f.Notes) {
			if v, ok := notes[f.Notes[c.Note].Label]; ok {
				return v, true
			}
		}
		if v, ok := fams[f.Name]; ok {
			return v, true
		}
	}
	if value != nil {
		return *value, true
	}
	return "", false
}

// hasHoles reports whether part name's own text (not a family part's)
// holds placeholders, so that its text depends on the choice.
func (p *Program) hasHoles(name string) bool {
	part := p.Parts[name]
	return part != nil && len(p.TemplateOf(part.Spans).Holes) > 0
}

// sectionHoles reports whether part name's text for family f holds
// placeholders: its own text, or for a family line or body, f's.
func (p *Program) sectionHoles(name string, f *family.Family) bool {
	switch p.Config.Parts[name].Family {
	case "":
		return p.hasHoles(name)
	case "line":
		return len(p.TemplateOf(f.Line.Spans).Holes) > 0
	case "body":
		return len(p.TemplateOf(f.Body.Spans).Holes) > 0
	}
	return false
}

// modeHoles reports whether a part of mode m holds placeholders for
// family f, so that m's text may depend on the note.
func (p *Program) modeHoles(m *Mode, f *family.Family) bool {
	for _, r := range m.Config.Compose {
		if r.Kind == "part" && p.sectionHoles(r.Name, f) {
			return true
		}
	}
	return false
}

// RuntimeAtMax stands for a run-time placeholder at its longest: maxChars
// characters. Budgets and costs measure with it.
func (p *Program) RuntimeAtMax(name string) string {
	if ph, ok := p.Config.Placeholders[name]; ok && ph.Runtime != nil {
		return strings.Repeat("x", ph.Runtime.MaxChars)
	}
	return ""
}

// RuntimePlaceholders lists the run-time placeholders, sorted.
func (p *Program) RuntimePlaceholders() []string {
	var out []string
	for _, n := range slices.Sorted(maps.Keys(p.Config.Placeholders)) {
		if p.Config.Placeholders[n].Runtime != nil {
			out = append(out, n)
		}
	}
	return out
}

// prefixMark stands for a run-time placeholder while the cacheable prefix
// is cut: the prefix ends where the first one is.
const prefixMark = "\x00"

// anyNote marks, for eachText, a text sent whatever note is selected.
const anyNote = NoNote - 1

// eachText calls fn for every text promptc sends, with its owner for
// messages ("" for the generated guide), the family it is sent to (""
// for every family) and the note choice that sends it (anyNote for every
// choice; a note's own text is sent only when that note is selected).
func (p *Program) eachText(fn func(owner, fam string, note int, spans []include.Span)) {
	for _, name := range slices.Sorted(maps.Keys(p.Parts)) {
		if p.Parts[name].Config.Generated == "guide" {
			// The guide reports its unknown placeholders itself
			// (GUIDE_PLACEHOLDER) and keeps only declared ones.
			fn("", "", anyNote, p.Parts[name].Spans)
			continue
		}
		fn("part "+name, "", anyNote, p.Parts[name].Spans)
	}
	for _, fn2 := range p.FamilyNames {
		f := p.Families[fn2]
		fn("family "+fn2+" line", fn2, anyNote, f.Line.Spans)
		fn("family "+fn2+" body", fn2, anyNote, f.Body.Spans)
		for i, n := range f.Notes {
			fn(fmt.Sprintf("family %s note %q", fn2, n.Label), fn2, i, n.Spans)
		}
	}
}

// sentTo is a family ("" for every family) and a note choice (anyNote for
// every choice) whose text holds a placeholder.
type sentTo struct {
	fam  string
	note int
}

// checkPlaceholders reports placeholders used but not declared (at their
// place), declared placeholders that lack a value for a family or note
// that sends them, declared ones that no text uses, and placeholders in
// the custom mode's fallback, which is sent without a model.
func (b *builder) checkPlaceholders() []diag.Diagnostic {
	var ds []diag.Diagnostic
	decl := b.Config.Placeholders
	reported := map[diag.Position]bool{}
	used := map[string]bool{}
	// meets: placeholder -> the families and note choices whose text
	// holds it.
	meets := map[string]map[sentTo]bool{}
	b.eachText(func(owner, fam string, note int, spans []include.Span) {
		// Most texts hold no placeholder: one search of each span skips
		// them without splitting them into lines.
		if !slices.ContainsFunc(spans, func(s include.Span) bool { return strings.Contains(s.Text, "{{") }) {
			return
		}
		if t := b.TemplateOf(spans); b.expandedSize(t) > MaxText {
			ds = append(ds, b.tooLarge(owner, spans, t))
		}
		include.EachLine(spans, func(line, path string, num int) bool {
			if !strings.Contains(line, "{{") || b.isCode(path, num) {
				return true
			}
			for _, m := range PlaceholderRE().FindAllStringSubmatchIndex(line, -1) {
				name := line[m[2]:m[3]]
				if _, ok := decl[name]; ok {
					used[name] = true
					if meets[name] == nil {
						meets[name] = map[sentTo]bool{}
					}
					meets[name][sentTo{fam, note}] = true
					continue
				}
				pos := diag.Position{Path: path, Line: num, Col: utf8.RuneCountInString(line[:m[0]]) + 1}
				if owner == "" || reported[pos] {
					continue // a shared file, reached by several texts
				}
				reported[pos] = true
				d := diag.Errorf(pos, RulePlaceholderUndeclared,
					"placeholder {{%s}} is not declared (%s); declare placeholders.%s in promptc.cue, or write the braces differently if it is meant as text", name, declared(decl), name)
				d.End = diag.Position{Path: path, Line: num, Col: utf8.RuneCountInString(line[:m[1]]) + 1}
				ds = append(ds, d)
			}
			return true
		})
	})
	for _, name := range slices.Sorted(maps.Keys(decl)) {
		ph := decl[name]
		if !used[name] {
			ds = append(ds, diag.Warnf(b.Loaded.PosOfKeys("placeholders", name), RulePlaceholderUnused,
				"placeholder %s is declared but no text uses {{%s}}; remove it or use it", name, name))
			continue
		}
		if ph.Runtime != nil || ph.Setting != nil {
			continue // the configuration's checks hold a setting's values
		}
		m := meets[name]
		for _, fn := range b.FamilyNames {
			f := b.Families[fn]
			for _, note := range NoteChoices(f) {
				if !m[sentTo{"", anyNote}] && !m[sentTo{fn, anyNote}] && !m[sentTo{fn, note}] {
					continue // this choice does not send it
				}
				if _, ok := lookup(name, ph.Note, ph.Family, ph.Value, Selection{Family: f, Note: note}); ok {
					continue
				}
				combo, add := "no note", fmt.Sprintf("family: %q: ..., a note value, or a value for the rest", fn)
				if note >= 0 {
					label := f.Notes[note].Label
					combo, add = fmt.Sprintf("note %q", label), fmt.Sprintf("note: %q: ..., family: %q: ..., or a value for the rest", label, fn)
				}
				ds = append(ds, diag.Errorf(b.Loaded.PosOfKeys("placeholders", name), RulePlaceholderValue,
					"placeholder %s has no value for family %s, %s; add %s", name, fn, combo, add))
				break
			}
		}
	}
	if cu := b.Config.Custom; cu != nil {
		if part := b.Parts[cu.Fallback.Name]; part != nil && len(part.Spans) > 0 && len(b.TemplateOf(part.Spans).Holes) > 0 {
			ds = append(ds, diag.Errorf(b.Loaded.PosOfKeys("custom", "fallback"), RulePlaceholderValue,
				"part %s, the custom mode's fallback, holds placeholders, but it is sent without a model family or run-time values; keep placeholders out of it", cu.Fallback.Name))
		}
	}
	return ds
}

// tooLarge reports text t (of spans, owned by owner) that would expand
// beyond MaxText, at the first use of the placeholder that weighs most
// (its uses times its longest value).
func (p *Program) tooLarge(owner string, spans []include.Span, t *Template) diag.Diagnostic {
	uses := map[string]int64{}
	for _, h := range t.Holes {
		uses[h]++
	}
	heaviest, weight := "", int64(-1)
	for _, h := range slices.Sorted(maps.Keys(uses)) {
		if w := mulSat(uses[h], p.longestValue(h)); w > weight {
			heaviest, weight = h, w
		}
	}
	pos := diag.Position{Path: spans[0].Path, Line: spans[0].Line, Col: 1}
	mark := "{{" + heaviest + "}}"
	include.EachLine(spans, func(line, path string, num int) bool {
		if i := strings.Index(line, mark); i >= 0 && !p.isCode(path, num) {
			pos = diag.Position{Path: path, Line: num, Col: utf8.RuneCountInString(line[:i]) + 1}
			return false
		}
		return true
	})
	if owner == "" {
		owner = "the operator guide"
	}
	size := sizeText(p.expandedSize(t))
	return diag.Errorf(pos, RulePlaceholderValue,
		"%s: {{%s}} is used %d times with a value of up to %d bytes, so the text would be %s bytes, more than the %d MiB promptc composes; use it fewer times or shorten its value",
		owner, heaviest, uses[heaviest], p.longestValue(heaviest), size, MaxText>>20)
}

// mulSat returns a*b for non-negative a and b, or math.MaxInt64 when the
// product does not fit.
func mulSat(a, b int64) int64 {
	if a != 0 && b > math.MaxInt64/a {
		return math.MaxInt64
	}
	return a * b
}

func declared(decl map[string]config.Placeholder) string {
	if len(decl) == 0 {
		return "promptc.cue declares no placeholders"
	}
	return "declared: " + strings.Join(slices.Sorted(maps.Keys(decl)), ", ")
}

// otherTemplates find template syntaxes that are not placeholders and
// would be sent as written: {name}, ${name}, {{ .Name }}, {{ x }}, <% x %>.
var otherTemplates = lazyre.New(`\$\{[^{}\n]*\}|\{\{[^{}\n]*\}\}|<%[^%\n]*%>|(?:^|[^{$])(\{[A-Za-z_][A-Za-z0-9_.]*\})(?:[^}]|$)`)

// templateSyntax returns, for one line, the byte ranges of text that looks
// like another template syntax: not a placeholder.
func templateSyntax(line string) [][2]int {
	if !strings.ContainsAny(line, "{%") {
		return nil
	}
	var out [][2]int
	for _, m := range otherTemplates().FindAllStringSubmatchIndex(line, -1) {
		s, e := m[0], m[1]
		if m[2] >= 0 {
			s, e = m[2], m[3]
		}
		if PlaceholderRE().MatchString(line[s:e]) && PlaceholderRE().FindString(line[s:e]) == line[s:e] {
			continue
		}
		out = append(out, [2]int{s, e})
	}
	return out
}

// sectionOf is the family section a family part stands for, for selection c.
func sectionOf(kind string, c Selection) (family.Section, bool) {
	f := c.Family
	switch kind {
	case "line":
		return f.Line, true
	case "body":
		return f.Body, true
	case "note":
		if c.Note >= 0 && c.Note < len(f.Notes) {
			return f.Notes[c.Note].Section, true
		}
	}
	return family.Section{}, false
}
