package compiler

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/promptc/promptc/compiler/genruntime"
	"github.com/promptc/promptc/compiler/include"
	"github.com/promptc/promptc/compiler/source"
	"github.com/promptc/promptc/internal/config"
	"github.com/promptc/promptc/internal/diag"
)

// Rule IDs of pointer parts.
const (
	RulePointerSource    = "POINTER_SOURCE"
	RulePointerCoverage  = "POINTER_COVERAGE"
	RulePointerGoverning = "POINTER_GOVERNING"
	RuleGoverningDropped = "GOVERNING_DROPPED"
	RuleSlotRequired     = "SLOT_REQUIRED"
	RuleProfileDrops     = "PROFILE_DROPS_TEXT"
	RuleToolDescription  = "TOOL_DESCRIPTION"
	RuleCapabilityLine   = "CAPABILITY_LINE"
)

// Standing reports whether a part must be sent unchanged by every profile:
// a part marked governing (identity, authority, safety, untrusted-input
// handling, mode control: promptc.cue says which, promptc does not guess from
// the text), and the tool catalogue, which is already the compressed index of
// what the model can do.
func Standing(cp config.Part) bool { return cp.Governing || cp.Generated == "tools" }

// checkGoverning reports every way the program's profile, or a lattice
// substitution, would stop sending governing text: a profile that omits or
// replaces a standing part (with a pointer or anything else), and a
// substitution that replaces a governing part by one that is not governing.
// Each finding is at the entry of promptc.cue that drops the text.
func (b *builder) checkGoverning() []diag.Diagnostic {
	var ds []diag.Diagnostic
	c := b.Config
	what := func(cp config.Part) string {
		if cp.Governing {
			return "governing text, which every profile must send unchanged"
		}
		return "the tool catalogue, which every profile must send (fullTools chooses the tools it describes in full)"
	}
	if b.profile != "" {
		pr := c.Profiles.Values[b.profile]
		for i, o := range pr.Omit {
			if cp := c.Parts[o.Name]; o.Kind == "part" && Standing(cp) {
				ds = append(ds, diag.Errorf(b.Loaded.PosOfKeys("profiles", "values", b.profile, "omit", fmt.Sprint(i)), RuleGoverningDropped,
					"profile %s omits part %s: it is %s; remove it from profiles.values.%s.omit", b.profile, o.Name, what(cp), b.profile))
			}
		}
		for i, r := range pr.Replace {
			if cp := c.Parts[r.Replace.Name]; r.Replace.Kind == "part" && Standing(cp) {
				ds = append(ds, diag.Errorf(b.Loaded.PosOfKeys("profiles", "values", b.profile, "replace", fmt.Sprint(i)), RuleGoverningDropped,
					"profile %s replaces part %s with %s %s, but %s is %s; remove this entry from profiles.values.%s.replace", b.profile, r.Replace.Name, r.With.Kind, r.With.Name, r.Replace.Name, what(cp), b.profile))
			}
		}
	}
	for i, s := range c.Substitutions {
		from, to := c.Parts[s.Replace.Name], c.Parts[s.With.Name]
		if s.Replace.Kind == "part" && from.Governing && (s.With.Kind != "part" || !to.Governing) {
			ds = append(ds, diag.Errorf(b.Loaded.PosOfKeys("substitutions", fmt.Sprint(i), "with"), RuleGoverningDropped,
				"substitution replaces governing part %s with %s %s, which is not governing: higher modes would stop sending governing text; substitute a governing part that carries the same rules, or keep %s", s.Replace.Name, s.With.Kind, s.With.Name, s.Replace.Name))
		}
	}
	return ds
}

// checkRequiredSlots reports every mode that does not send a slot declared
// required, in this program's profile: at the profile's omit entry when
// the profile drops it, else at the mode's compose list.
func (b *builder) checkRequiredSlots() []diag.Diagnostic {
	var ds []diag.Diagnostic
	c := b.Config
	for _, slot := range slices.Sorted(maps.Keys(c.Slots)) {
		if !c.Slots[slot].Required {
			continue
		}
		for _, m := range b.Modes {
			if m.Sends(slot) {
				continue
			}
			if b.profile != "" {
				if i := slices.IndexFunc(c.Profiles.Values[b.profile].Omit, func(r config.Ref) bool { return r.Kind == "slot" && r.Name == slot }); i >= 0 {
					ds = append(ds, diag.Errorf(b.Loaded.PosOfKeys("profiles", "values", b.profile, "omit", fmt.Sprint(i)), RuleSlotRequired,
						"profile %s omits slot %s, which every mode must send (slots.%s.required); remove it from profiles.values.%s.omit", b.profile, slot, slot, b.profile))
					continue
				}
			}
			ds = append(ds, diag.Errorf(b.Loaded.PosOfKeys("modes", m.Name, "compose"), RuleSlotRequired,
				"mode %s does not send slot %s, which every mode must send (slots.%s.required); add slots.%s to modes.%s.compose", m.Name, slot, slot, slot, m.Name))
		}
	}
	return ds
}

// DroppedText is standing text a profile stops sending with no pointer
// part carrying it and without listing it as dropped on purpose.
type DroppedText struct {
	// Part is the part whose text is lost.
	Part string
	// With is the part sent in its place, "" when the profile omits Part.
	With string
	// Chars and Tokens measure the text lost: Part's size, less With's
	// when it is replaced. Both are positive for a replacement.
	Chars, Tokens int
	// Pos is the entry of promptc.cue that drops the text.
	Pos diag.Position
	// Declared is true when the profile lists Part under dropped: the
	// loss is intended, so PROFILE_DROPS_TEXT is silent, but the text is
	// still lost and costs still name it as not priced unless the
	// profile declares its rediscovery.
	Declared bool
}

// DroppedText lists the text the program's profile drops without a
// pointer, in the order of the profile's omit then replace entries. It is
// the one definition of naive deletion, behind both PROFILE_DROPS_TEXT and
// the comparison of costs --compare:
//
//   - an omitted part is dropped, at its full size;
//   - a part replaced with a pointer part is moved behind that pointer,
//     not dropped (whether the pointer covers it is checked separately:
//     its covers phrases must occur in the replaced text and in the
//     source, POINTER_COVERAGE);
//   - a part replaced with anything else is dropped by the difference in
//     size, when the replacement is smaller (a slot or a family part
//     counts as no static text);
//
// whether or not the profile lists the part under dropped (Declared says
// it does). Omitting a part while sending some pointer elsewhere does not
// count as moving it: nothing ties the pointer to that text. Standing
// parts are left to GOVERNING_DROPPED.
func (p *Program) DroppedText() []DroppedText {
	if p.profile == "" {
		return nil
	}
	c := p.Config
	pr := c.Profiles.Values[p.profile]
	size := func(r config.Ref) (chars, toks int) {
		if part := p.Parts[r.Name]; r.Kind == "part" && part != nil {
			return utf8.RuneCountInString(part.Text), p.Counter.Count(part.Text)
		}
		return 0, 0
	}
	skip := func(r config.Ref) bool {
		return r.Kind != "part" || Standing(c.Parts[r.Name])
	}
	var out []DroppedText
	for i, o := range pr.Omit {
		if skip(o) {
			continue
		}
		ch, tk := size(o)
		out = append(out, DroppedText{Part: o.Name, Chars: ch, Tokens: tk, Declared: slices.Contains(pr.Dropped, o),
			Pos: p.Loaded.PosOfKeys("profiles", "values", p.profile, "omit", fmt.Sprint(i))})
	}
	for i, r := range pr.Replace {
		if skip(r.Replace) || (r.With.Kind == "part" && c.Parts[r.With.Name].Pointer != nil) {
			continue
		}
		ch, tk := size(r.Replace)
		wch, wtk := size(r.With)
		if ch <= wch {
			continue
		}
		out = append(out, DroppedText{Part: r.Replace.Name, With: r.With.Name, Chars: ch - wch, Tokens: max(tk-wtk, 0), Declared: slices.Contains(pr.Dropped, r.Replace),
			Pos: p.Loaded.PosOfKeys("profiles", "values", p.profile, "replace", fmt.Sprint(i))})
	}
	return out
}

// checkDropped reports the text DroppedText lists: naive deletion saves
// standing tokens by losing what the text said.
func (b *builder) checkDropped() []diag.Diagnostic {
	var ds []diag.Diagnostic
	for _, d := range b.DroppedText() {
		if d.Declared {
			continue // the profile says the loss is intended
		}
		if d.With == "" {
			ds = append(ds, diag.Warnf(d.Pos, RuleProfileDrops,
				"profile %s drops part %s (%s %s) with no pointer to its text: replace it with a pointer part (profiles.values.%s.replace), or list it in profiles.values.%s.dropped if the loss is intended",
				b.profile, d.Part, Thousands(d.Chars), plural(d.Chars, "character", "characters"), b.profile, b.profile))
			continue
		}
		ds = append(ds, diag.Warnf(d.Pos, RuleProfileDrops,
			"profile %s replaces part %s with %s, which is not a pointer and carries %s fewer %s: that text is dropped with no pointer to it; replace %s with a pointer part, or list it in profiles.values.%s.dropped if the loss is intended",
			b.profile, d.Part, d.With, Thousands(d.Chars), plural(d.Chars, "character", "characters"), d.Part, b.profile))
	}
	return ds
}

// checkReplacedCoverage checks that every pointer the program's profile
// sends in place of parts covers them: each of the pointer's covers phrases
// must occur (as ContainsPhrase matches) in the text of at least one part
// it replaces, so that the phrases describe the knowledge the pointer takes
// over rather than being assumed to; and each part it replaces must hold
// at least one of them, so that no replaced entry's knowledge goes
// unchecked (the source is checked against the same phrases by
// loadPointer, so a part's phrase is also in the source). One pointer may
// stand for several entries, so a phrase names a fact of one of them, not
// of all. A phrase found in no part is reported at the pointer's first
// replace entry, a part without a phrase at its own.
func (b *builder) checkReplacedCoverage() []diag.Diagnostic {
	if b.profile == "" {
		return nil
	}
	type group struct {
		entries []int    // the index of each replace entry, in order
		parts   []string // the replaced parts, in entry order
		texts   []string // their normalised text
	}
	groups := map[string]*group{}
	var order []string
	for i, r := range b.Config.Profiles.Values[b.profile].Replace {
		old := b.Parts[r.Replace.Name]
		if r.With.Kind != "part" || b.Config.Parts[r.With.Name].Pointer == nil || r.Replace.Kind != "part" || old == nil || Standing(old.Config) {
			continue // replacing standing text is GOVERNING_DROPPED whatever the pointer covers
		}
		g := groups[r.With.Name]
		if g == nil {
			g = &group{}
			groups[r.With.Name] = g
			order = append(order, r.With.Name)
		}
		g.entries = append(g.entries, i)
		g.parts = append(g.parts, r.Replace.Name)
		g.texts = append(g.texts, NormaliseWords(old.Text))
	}
	var ds []diag.Diagnostic
	for _, ptr := range order {
		g := groups[ptr]
		covers := b.Config.Parts[ptr].Pointer.Covers
		for _, phrase := range covers {
			if NormaliseWords(phrase) == "" || slices.ContainsFunc(g.texts, func(t string) bool { return ContainsPhrase(t, phrase) }) {
				continue // an empty phrase is reported at the pointer
			}
			pos := b.Loaded.PosOfKeys("profiles", "values", b.profile, "replace", fmt.Sprint(g.entries[0]))
			if len(g.parts) == 1 {
				ds = append(ds, diag.Errorf(pos, RulePointerCoverage,
					"profile %s replaces part %s with pointer %s, but %s does not contain its covers phrase %q as whole words: the pointer's covers must name knowledge of the text it replaces; fix the phrase, or replace the part with the pointer that covers it",
					b.profile, g.parts[0], ptr, g.parts[0], phrase))
				continue
			}
			ds = append(ds, diag.Errorf(pos, RulePointerCoverage,
				"profile %s replaces parts %s with pointer %s, but none of them contains its covers phrase %q as whole words: each covers phrase must name knowledge of one of the texts the pointer replaces; fix the phrase, or replace the part that holds it with this pointer",
				b.profile, strings.Join(g.parts, ", "), ptr, phrase))
		}
		if len(g.parts) < 2 || !slices.ContainsFunc(covers, func(p string) bool { return NormaliseWords(p) != "" }) {
			continue // one part: a phrase not in it is reported above; no phrase: reported at the pointer
		}
		for k, text := range g.texts {
			if slices.ContainsFunc(covers, func(p string) bool { return NormaliseWords(p) != "" && ContainsPhrase(text, p) }) {
				continue
			}
			pos := b.Loaded.PosOfKeys("profiles", "values", b.profile, "replace", fmt.Sprint(g.entries[k]))
			ds = append(ds, diag.Errorf(pos, RulePointerCoverage,
				"profile %s replaces part %s with pointer %s, but none of the pointer's covers phrases occurs in %s: nothing checks that %s still holds what %s says, and that knowledge would be lost; add a covers phrase naming a fact of %s that %s also states",
				b.profile, g.parts[k], ptr, g.parts[k], b.Config.Parts[ptr].Pointer.Source, g.parts[k], g.parts[k], b.Config.Parts[ptr].Pointer.Source))
		}
	}
	return ds
}

// pickProfile returns the profile to compile: the requested one, or the
// default; "" when the project declares no profiles.
func pickProfile(c *config.Config, want string) (string, error) {
	if c.Profiles == nil {
		if want != "" {
			return "", fmt.Errorf("profile %q: promptc.cue declares no profiles", want)
		}
		return "", nil
	}
	if want == "" {
		return c.Profiles.Default, nil
	}
	if _, ok := c.Profiles.Values[want]; !ok {
		return "", fmt.Errorf("unknown profile %q (valid: %s)", want, strings.Join(ProfileNames(c), ", "))
	}
	return want, nil
}

// pickPermission returns the permission set to compile: the requested one,
// or the default; "" when the project declares no permission sets.
func pickPermission(c *config.Config, want string) (string, error) {
	if c.Permissions == nil {
		if want != "" {
			return "", fmt.Errorf("permission set %q: promptc.cue declares no permissions", want)
		}
		return "", nil
	}
	if want == "" {
		return c.Permissions.Default, nil
	}
	if _, ok := c.Permissions.Values[want]; !ok {
		return "", fmt.Errorf("unknown permission set %q (valid: %s)", want, strings.Join(PermissionNames(c), ", "))
	}
	return want, nil
}

// PermissionNames lists the declared permission sets, the default first;
// nil when the project declares none.
func PermissionNames(c *config.Config) []string {
	if c.Permissions == nil {
		return nil
	}
	return config.PermissionSets(c)
}

// ProfileNames lists the declared profiles, the default first.
func ProfileNames(c *config.Config) []string {
	if c.Profiles == nil {
		return nil
	}
	out := []string{c.Profiles.Default}
	for _, n := range slices.Sorted(maps.Keys(c.Profiles.Values)) {
		if n != c.Profiles.Default {
			out = append(out, n)
		}
	}
	return out
}

// profileCompose applies the program's profile to a mode's compose list:
// omitted parts go, replaced parts are swapped, and a pointer part that
// replaces several parts is sent once, where the first of them was.
func (b *builder) profileCompose(refs []config.Ref) []config.Ref {
	if b.profile == "" {
		return refs
	}
	return composeIn(b.Config, b.Config.Profiles.Values[b.profile], refs)
}

// composeIn applies profile pr of the project c to a mode's compose list
// (see profileCompose).
func composeIn(c *config.Config, pr config.Profile, refs []config.Ref) []config.Ref {
	out := make([]config.Ref, 0, len(refs))
	for _, r := range refs {
		if slices.ContainsFunc(pr.Omit, func(o config.Ref) bool { return o.Name == r.Name }) {
			continue
		}
		replaced := false
		for _, s := range pr.Replace {
			if s.Replace.Name == r.Name {
				r, replaced = s.With, true
				break
			}
		}
		// A pointer that stands for several entries is sent once, at the
		// place of the first: a second copy would say nothing new and
		// would be paid for on every call.
		if replaced && r.Kind == "part" && c.Parts[r.Name].Pointer != nil && slices.Contains(out, r) {
			continue
		}
		out = append(out, r)
	}
	return out
}

// renderPointer fills the pointer template.
func renderPointer(tmpl string, ptr *config.Pointer) string {
	return strings.NewReplacer("{{trigger}}", ptr.Trigger, "{{source}}", ptr.Source).Replace(tmpl)
}

// loadPointer renders a trigger-and-pointer part and checks that its
// source exists inside the root and still covers every declared phrase.
func (b *builder) loadPointer(fs *source.FS, name string, cp config.Part) {
	ptr := cp.Pointer
	pos := b.Loaded.PosOfKeys("parts", name, "pointer")
	text := renderPointer(b.Config.PointerTmpl, ptr)
	b.Parts[name] = &Part{Name: name, Config: cp, Text: text, Pos: pos,
		Spans: []include.Span{{Text: text + "\n", Path: pos.Path, Line: pos.Line}}}
	if cp.Governing {
		b.add(diag.Errorf(b.Loaded.PosOfKeys("parts", name, "governing"), RulePointerGoverning,
			"part %s is governing (identity, authority or safety) and cannot be a pointer: governing text must stay standing; inline it", name))
	}
	f, err := fs.Read(ptr.Source)
	if err != nil {
		d := source.ReadDiag(err, ptr.Source)
		d.Related = append(d.Related, diag.Related{Pos: d.Pos, Message: "the pointer source"})
		d.Pos = b.Loaded.PosOfKeys("parts", name, "pointer", "source")
		d.Rule = RulePointerSource
		d.Message = fmt.Sprintf("pointer %s: %s", name, d.Message)
		b.add(d)
		return
	}
	b.Pointers[name] = f
	if n := utf8.RuneCountInString(f.Text); n > b.Config.PointerMax {
		b.add(diag.Errorf(b.Loaded.PosOfKeys("parts", name, "pointer", "source"), RulePointerSource,
			"pointer %s: its source %s has %s characters, over pointerSourceMaxChars (%s): a read keeps the whole source in context for the rest of the session; point at a smaller section or raise the limit",
			name, ptr.Source, Thousands(n), Thousands(b.Config.PointerMax)))
	}
	if len(ptr.Covers) == 0 {
		b.add(diag.Errorf(pos, RulePointerCoverage,
			"pointer %s declares no covers, so nothing checks that %s still holds the knowledge it replaces; list the phrases it must contain in pointer.covers", name, ptr.Source))
		return
	}
	src := NormaliseWords(f.Text)
	for i, phrase := range ptr.Covers {
		at := b.Loaded.PosOfKeys("parts", name, "pointer", "covers", fmt.Sprint(i))
		if NormaliseWords(phrase) == "" {
			b.add(diag.Errorf(at, RulePointerCoverage, "pointer %s: an empty covers phrase checks nothing; write a phrase of the source", name))
			continue
		}
		if !ContainsPhrase(src, phrase) {
			b.add(diag.Errorf(at, RulePointerCoverage,
				"pointer %s: its source %s does not contain %q as whole words (letter case and line breaks aside), so the pointer would lose that knowledge; restore the phrase in the source or keep the text standing", name, ptr.Source, phrase))
		}
	}
}

// NormaliseWords lowers the letter case of s and turns every run of white
// space (line breaks included) into one space, trimmed: the form in which
// covers phrases are matched, so that a phrase hard-wrapped across lines
// still matches.
func NormaliseWords(s string) string {
	return strings.Join(strings.Fields(strings.ToLower(s)), " ")
}

// ContainsPhrase reports whether text, already normalised by
// NormaliseWords, contains phrase as whole words: after normalising phrase,
// an occurrence counts only when it neither starts nor ends inside a word
// (a letter or digit on both sides of its edge). So "e" is not found in
// "the", while "health endpoint" is found in "Health\n  endpoint".
func ContainsPhrase(text, phrase string) bool {
	phrase = NormaliseWords(phrase)
	if phrase == "" {
		return false
	}
	first, _ := utf8.DecodeRuneInString(phrase)
	last, _ := utf8.DecodeLastRuneInString(phrase)
	for off := 0; ; {
		i := strings.Index(text[off:], phrase)
		if i < 0 {
			return false
		}
		start, end := off+i, off+i+len(phrase)
		before, _ := utf8.DecodeLastRuneInString(text[:start])
		after, _ := utf8.DecodeRuneInString(text[end:])
		if !(isWord(first) && start > 0 && isWord(before)) && !(isWord(last) && end < len(text) && isWord(after)) {
			return true
		}
		_, size := utf8.DecodeRuneInString(text[start:])
		off = start + size
	}
}

func isWord(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r)
}

// loadTools renders the tool catalogue for the program's profile and
// permission set: of the tools the set permits, full descriptions for the
// profile's fullTools (every tool when the project has no profiles), the
// rest by exact name grouped by capability. Every tool's description is
// read and checked, permitted or not: another set may permit it.
func (b *builder) loadTools(fs *source.FS, name string, cp config.Part) {
	part := &Part{Name: name, Config: cp}
	b.Parts[name] = part
	cat := b.Config.Tools
	if cat == nil {
		return
	}
	full := b.fullTools()
	var spans []include.Span
	groups := map[string][]string{}
	for _, t := range slices.Sorted(maps.Keys(cat.Catalogue)) {
		tool := cat.Catalogue[t]
		f, err := fs.Read(tool.File)
		if err != nil {
			d := source.ReadDiag(err, tool.File)
			d.Related = append(d.Related, diag.Related{Pos: d.Pos, Message: "the tool description"})
			d.Pos = b.Loaded.PosOfKeys("tools", "catalogue", t, "file")
			b.add(d)
			continue
		}
		desc := include.TrimBlank(include.Raw(f, 1, 0))
		if strings.TrimSpace(include.Text(desc)) == "" {
			b.add(diag.Errorf(b.Loaded.PosOfKeys("tools", "catalogue", t, "file"), RuleToolDescription,
				"tool %s: its description %s is empty, so the model would be told nothing about how to call it; write the description and its arguments", t, tool.File))
			continue
		}
		if b.Config.Permits(b.permission, t) {
			b.checkMentions(t, desc)
		}
		desc = namedDescription(t, desc)
		b.ToolTexts[t] = include.Text(desc)
		if !b.Config.Permits(b.permission, t) {
			continue
		}
		if !full[t] {
			groups[tool.Group] = append(groups[tool.Group], t)
			continue
		}
		if len(spans) > 0 {
			spans = append(spans, include.Span{Text: "\n", Path: tool.File, Line: 1})
		}
		spans = append(spans, desc...)
	}
	if len(groups) > 0 {
		pos := b.Loaded.PosOfKeys("tools", "catalogue")
		if len(spans) > 0 {
			spans = append(spans, include.Span{Text: "\n", Path: pos.Path, Line: pos.Line})
		}
		spans = append(spans, include.Span{Text: b.ToolListingHeader(), Path: pos.Path, Line: pos.Line})
		for _, g := range slices.Sorted(maps.Keys(groups)) {
			spans = append(spans, include.Span{Text: "- " + g + ": " + strings.Join(groups[g], ", ") + "\n", Path: pos.Path, Line: pos.Line})
		}
	}
	part.Spans = spans
	part.Text = b.TextOf(spans)
	if len(spans) > 0 {
		part.Pos = diag.Position{Path: spans[0].Path, Line: spans[0].Line, Col: 1}
	}
}

// fullTools returns the tools the program's profile describes in full:
// its fullTools, or every tool when the project has no profiles.
func (p *Program) fullTools() map[string]bool {
	full := map[string]bool{}
	if p.profile == "" {
		for t := range p.Config.Tools.Catalogue {
			full[t] = true
		}
	} else {
		for _, t := range p.Config.Profiles.Values[p.profile].FullTools {
			full[t] = true
		}
	}
	return full
}

// ToolListing returns what the tools part of p lists, each sorted by
// name: the tools described in full and those listed by name under
// ToolListingHeader, both among the tools p's permission set permits and
// whose description could be read. A generated package lists them again
// at run time, leaving out the tools a session's allowed callback
// refuses.
func (p *Program) ToolListing() (full, named []string) {
	cat := p.Config.Tools
	if cat == nil {
		return nil, nil
	}
	inFull := p.fullTools()
	for _, t := range slices.Sorted(maps.Keys(cat.Catalogue)) {
		if _, ok := p.ToolTexts[t]; !ok || !p.Config.Permits(p.permission, t) {
			continue
		}
		if inFull[t] {
			full = append(full, t)
		} else {
			named = append(named, t)
		}
	}
	return full, named
}

// CapabilityTools returns, in the order of tools.capability.tools (a name
// ending in "*" expanded to the catalogue tools it begins, in name order;
// each tool once), the tools p's capability line names when the session
// has them: those p's tools part lists, with whether it describes them in
// full (listed) rather than by name (deferred). Nil without a capability
// line.
func (p *Program) CapabilityTools() (names []string, listed []bool) {
	cat := p.Config.Tools
	if cat == nil || cat.Capability == nil {
		return nil, nil
	}
	full, named := p.ToolListing()
	for _, t := range capabilityMatches(cat) {
		switch {
		case slices.Contains(names, t):
		case slices.Contains(full, t):
			names, listed = append(names, t), append(listed, true)
		case slices.Contains(named, t):
			names, listed = append(names, t), append(listed, false)
		}
	}
	return names, listed
}

// capabilityMatches expands the capability line's entries into catalogue
// tools, in order, repeats included.
func capabilityMatches(cat *config.Tools) []string {
	var out []string
	for _, e := range cat.Capability.Tools {
		out = append(out, capabilityMatch(cat, e)...)
	}
	return out
}

// capabilityMatch is the catalogue tools one entry names: itself, or with
// a final "*" every tool it begins, in name order.
func capabilityMatch(cat *config.Tools, e string) []string {
	if prefix, ok := strings.CutSuffix(e, "*"); ok {
		var out []string
		for _, t := range slices.Sorted(maps.Keys(cat.Catalogue)) {
			if strings.HasPrefix(t, prefix) {
				out = append(out, t)
			}
		}
		return out
	}
	if _, ok := cat.Catalogue[e]; ok {
		return []string{e}
	}
	return nil
}

// CapabilityWords returns what opens the listed and the deferred tools of
// the capability line, {{discovery}} replaced by the discovery tool.
func (p *Program) CapabilityWords() (listed, deferred string) {
	c := p.Config.Tools.Capability
	return c.Listed, strings.ReplaceAll(c.Deferred, "{{discovery}}", p.Config.Tools.Discovery)
}

// checkCapability checks the capability line: every entry names a
// catalogue tool, and the longest line the program can send (every tool
// it names present) fits maxChars.
func (b *builder) checkCapability() []diag.Diagnostic {
	cat := b.Config.Tools
	if cat == nil || cat.Capability == nil {
		return nil
	}
	var ds []diag.Diagnostic
	for i, e := range cat.Capability.Tools {
		if len(capabilityMatch(cat, e)) == 0 {
			ds = append(ds, diag.Errorf(b.Loaded.PosOfKeys("tools", "capability", "tools", strconv.Itoa(i)), RuleCapabilityLine,
				"tools.capability names %s, which is no catalogue tool: the line would never name it; correct the name or add the tool to tools.catalogue", e))
		}
	}
	if max := cat.Capability.MaxChars; max > 0 {
		names, listed := b.CapabilityTools()
		lw, dw := b.CapabilityWords()
		line := genruntime.CapabilityLine(lw, dw, names, listed, nil)
		if n := utf8.RuneCountInString(line); n > max {
			where := "the default profile"
			if b.profile != "" {
				where = "profile " + b.profile
			}
			if b.permission != "" {
				where += " under permission set " + b.permission
			}
			ds = append(ds, diag.Errorf(b.Loaded.PosOfKeys("tools", "capability", "maxChars"), RuleCapabilityLine,
				"the capability line of %s has %d characters with every tool it names present, over tools.capability.maxChars (%d): %q; name fewer tools or shorten listed and deferred", where, n, max, line))
		}
	}
	return ds
}

// ToolListingHeader is the line that opens the tools the tools part lists
// by name.
func (p *Program) ToolListingHeader() string {
	ask := "ask for a tool's description before its first use"
	if d := p.Config.Tools.Discovery; d != "" {
		ask = "call " + d + " with their names for their descriptions before first use"
	}
	return "More tools, by capability (" + ask + "):\n"
}

// checkMentions reports every catalogue tool that the program's
// permission set does not permit and that the description desc of tool t,
// which the set does permit, names: the filtered listing leaves a
// forbidden tool out, but a permitted tool's description is sent as
// written, in the standing listing and in every discovery answer, so a
// name in it would tell the session of a tool it may not use. Each finding
// is at the first mention in the description file.
func (b *builder) checkMentions(t string, desc []include.Span) {
	if b.permission == "" {
		return
	}
	for _, u := range slices.Sorted(maps.Keys(b.Config.Tools.Catalogue)) {
		if u == t || b.Config.Permits(b.permission, u) {
			continue
		}
		if pos, ok := toolMention(desc, u); ok {
			b.add(diag.Errorf(pos, RuleToolDescription,
				"tool %s: its description names %s, which permission set %s does not permit: a session under %s would be told of a tool it may not use, in the standing listing and in discovery answers; remove the mention from %s, or permit %s in permissions.values.%s",
				t, u, b.permission, b.permission, pos.Path, u, b.permission))
		}
	}
}

// toolMention returns the position of the first place in spans where name
// stands as a whole tool name: not inside a longer name, so neither a
// letter, digit, "_" nor "-" touches it on either side ("git_log" is not
// named by "git_log_all").
func toolMention(spans []include.Span, name string) (diag.Position, bool) {
	nameChar := func(r rune) bool { return isWord(r) || r == '_' || r == '-' }
	for _, sp := range spans {
		for off := 0; ; {
			i := strings.Index(sp.Text[off:], name)
			if i < 0 {
				break
			}
			start, end := off+i, off+i+len(name)
			before, _ := utf8.DecodeLastRuneInString(sp.Text[:start])
			after, _ := utf8.DecodeRuneInString(sp.Text[end:])
			if !(start > 0 && nameChar(before)) && !(end < len(sp.Text) && nameChar(after)) {
				head := sp.Text[:start]
				line := sp.Line + strings.Count(head, "\n")
				col := utf8.RuneCountInString(head[strings.LastIndexByte(head, '\n')+1:]) + 1
				return diag.Position{Path: sp.Path, Line: line, Col: col}, true
			}
			off = end
		}
	}
	return diag.Position{}, false
}

// namedDescription makes a tool's description carry the tool's name, so
// that a full description in the standing listing or a discovery answer
// always says which tool it describes: when its first line does not start
// with the name (after Markdown heading marks, emphasis or backticks) as a
// whole word, "name: " is written before that line. "git_log: shows the
// history" and "# git_log" are kept as they are; "Shows the history"
// becomes "git_log: Shows the history".
func namedDescription(name string, desc []include.Span) []include.Span {
	first := strings.TrimLeft(desc[0].Text, "#*` \t")
	if rest, ok := strings.CutPrefix(first, name); ok {
		if r, _ := utf8.DecodeRuneInString(rest); rest == "" || !(isWord(r) || r == '_' || r == '-') {
			return desc
		}
	}
	out := slices.Clone(desc)
	out[0].Text = name + ": " + out[0].Text
	return out
}
