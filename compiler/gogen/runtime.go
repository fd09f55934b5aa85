package gogen

// runtimeSource is the fixed part of the generated package: resolution and
// composition over the data tables emitted before it. It is kept as source
// text so the generated package needs nothing but the standard library.
const runtimeSource = `
// compiled holds the regular expressions, compiled on first use so that a
// program importing the package pays nothing until it resolves a model.
var compiled struct {
	once     sync.Once
	name     [len(rules)][]*regexp.Regexp
	provider [len(rules)][]*regexp.Regexp
	id       [len(rules)][]*regexp.Regexp
	all      [len(rules)][]*regexp.Regexp
	notes    [len(families)][]*regexp.Regexp
	parts    [len(conditions)][]*regexp.Regexp
}

func compile() {
	compiled.once.Do(func() {
		for i, r := range rules {
			for _, p := range r.name {
				compiled.name[i] = append(compiled.name[i], regexp.MustCompile(p))
			}
			for _, p := range r.provider {
				compiled.provider[i] = append(compiled.provider[i], regexp.MustCompile(p))
			}
			for _, p := range r.id {
				compiled.id[i] = append(compiled.id[i], regexp.MustCompile(p))
			}
			for _, p := range r.all {
				compiled.all[i] = append(compiled.all[i], regexp.MustCompile(p))
			}
		}
		for i, f := range families {
			for _, n := range f.notes {
				compiled.notes[i] = append(compiled.notes[i], regexp.MustCompile(n.pattern))
			}
		}
		for i, c := range conditions {
			for _, p := range c {
				compiled.parts[i] = append(compiled.parts[i], regexp.MustCompile(p))
			}
		}
	})
}

// Resolve maps a model id to its family and the label of the model note it
// selects ("" when none matches). Rules are tried in order, in two phases:
// first against the model name (the part after the last "/" or ":") with
// their name patterns and against the whole id with their id patterns and
// all lists; when none matches, against the provider segments before the
// name, nearest first, with their name and provider patterns. A model no
// rule claims gets FallbackFamily.
func Resolve(modelID string) (Family, string) {
	r := resolve(modelID)
	if r.note < 0 {
		return r.family, ""
	}
	return r.family, families[r.family].notes[r.note].label
}

// resolution is what a model id selects: its family, its note (-1 for
// none) and, as bit i, whether conditional part i (of conditions) is sent.
type resolution struct {
	family Family
	note   int
	parts  uint64
}

// last remembers the most recent resolution: a harness composes for the
// same model on call after call, and matching the patterns is the most
// expensive step of Compose. Keeping it under a mutex rather than behind
// a pointer keeps resolution free of allocations.
var last struct {
	sync.Mutex
	id  string
	res resolution
	ok  bool
}

func resolve(id string) resolution {
	last.Lock()
	if last.ok && last.id == id {
		r := last.res
		last.Unlock()
		return r
	}
	last.Unlock()
	compile()
	r := resolution{family: resolveFamily(id), note: -1}
	for i, re := range compiled.notes[r.family] {
		if re.MatchString(id) {
			r.note = i
			break
		}
	}
	for i := range compiled.parts {
		if anyMatch(compiled.parts[i], id) {
			r.parts |= 1 << i
		}
	}
	last.Lock()
	last.id, last.res, last.ok = id, r, true
	last.Unlock()
	return r
}

func resolveFamily(id string) Family {
	name := id
	cut := strings.LastIndexAny(id, "/:")
	if cut >= 0 {
		name = id[cut+1:]
	}
	for i := range rules {
		if anyMatch(compiled.name[i], name) || anyMatch(compiled.id[i], id) {
			return rules[i].family
		}
		if all := compiled.all[i]; len(all) > 0 {
			ok := true
			for _, re := range all {
				ok = ok && re.MatchString(id)
			}
			if ok {
				return rules[i].family
			}
		}
	}
	for i := range rules {
		for end := cut; end > 0; {
			start := strings.LastIndexAny(id[:end], "/:") + 1
			if seg := id[start:end]; seg != "" && (anyMatch(compiled.name[i], seg) || anyMatch(compiled.provider[i], seg)) {
				return rules[i].family
			}
			end = start - 1
		}
	}
	return FallbackFamily
}

func anyMatch(res []*regexp.Regexp, s string) bool {
	for _, re := range res {
		if re.MatchString(s) {
			return true
		}
	}
	return false
}

// Choice is the family a prompt is composed for: Auto follows the model
// id of each call; Force(f) always uses family f, whatever the model. The
// zero value is Auto.
type Choice uint16

// Auto follows the model: the family is the one Resolve gives for the
// model id of each call, so changing models changes the guidance.
const Auto Choice = 0

// Force returns the choice of family f: it wins over the model. The model
// id still selects f's own model note, when one of f's notes matches it.
func Force(f Family) Choice { return Choice(f) + 1 }

// Family returns the forced family, and false for Auto.
func (c Choice) Family() (Family, bool) {
	if c == Auto {
		return 0, false
	}
	return Family(c - 1), true
}

// Valid reports whether c is Auto or forces one of the package's families.
func (c Choice) Valid() bool {
	f, ok := c.Family()
	return !ok || f.Valid()
}

// String returns "auto" or the forced family's name.
func (c Choice) String() string {
	if f, ok := c.Family(); ok {
		return f.String()
	}
	return "auto"
}

// choose returns what choice c gives for the model id: the family, its
// note (-1 for none) and the conditional parts the id gets, whatever the
// family. A choice of no family panics: see Compose.
func choose(c Choice, id string) resolution {
	r := resolve(id)
	f, ok := c.Family()
	if !ok {
		return r
	}
	if !f.Valid() {
		panic(fmt.Sprintf("prompts: choice of %s, which is no family", f))
	}
	r.family, r.note = f, -1
	for i, re := range compiled.notes[f] {
		if re.MatchString(id) {
			r.note = i
			break
		}
	}
	return r
}

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
`
