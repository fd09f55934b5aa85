package compiler

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/promptc/promptc/compiler/source"
	"github.com/promptc/promptc/internal/config"
	"github.com/promptc/promptc/internal/diag"
)

// loadTemplate reads and checks a template part.
func (b *builder) loadTemplate(fs *source.FS, name string, cp config.Part) {
	part := &Part{Name: name, Config: cp, Pos: diag.Position{Path: cp.Template, Line: 1, Col: 1}}
	b.Parts[name] = part
	f, err := fs.Read(cp.Template)
	if err != nil {
		d := source.ReadDiag(err, cp.Template)
		d.Related = append(d.Related, diag.Related{Pos: d.Pos, Message: "in the file"})
		d.Pos = b.Loaded.PosOfKeys("parts", name, "template")
		b.add(d)
		return
	}
	b.add(f.Diags...)
	t, ds := parseTemplate(cp.Template, f.Text, b.Config.Inputs)
	b.add(ds...)
	if t.exec != nil {
		t.Typical, _ = t.Render(typicalInputs(b.Config.Inputs, true))
	}
	part.Tmpl, part.Text = t, t.Max
}

// WhenSends reports whether part name's when condition lets selection s
// send it: always without one; else s.When decides, or the value in
// s.Settings (a condition on a setting) or s.Inputs, or, without that
// value, it is sent (the maximum).
func (p *Program) WhenSends(name string, s Selection) bool {
	w := p.Config.Parts[name].When
	switch {
	case w == nil:
		return true
	case len(w.Family) > 0:
		// The family decides, whatever else is chosen: the resolved one
		// or the one a request forces.
		return s.Family != nil && slices.Contains(w.Family, s.Family.Name)
	case s.When != nil:
		return s.When(name)
	case w.Setting != "":
		return s.Settings == nil || w.Holds(s.Settings[w.Setting])
	case s.Inputs != nil:
		return w.Holds(s.Inputs[w.Input])
	}
	return true
}

// Reads lists, sorted, the inputs part name reads: its when condition's
// and, for a template part, every input the template reads.
func (p *Program) Reads(name string) []string {
	var out []string
	if w := p.Config.Parts[name].When; w != nil && w.Input != "" {
		// A setting is no input: the model id decides it, once per
		// session.
		out = append(out, w.Input)
	}
	if part := p.Parts[name]; part != nil && part.Tmpl != nil {
		out = append(out, part.Tmpl.Reads...)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// checkInputsUsed reports every declared input that no part a mode sends
// reads, in any profile, at its declaration. Every profile's program
// reports the same: an input that only the part one profile sends in
// place of another reads is used, though the other profiles never read it.
func (b *builder) checkInputsUsed() []diag.Diagnostic {
	profiles := []config.Profile{{}}
	if pr := b.Config.Profiles; pr != nil && len(pr.Values) > 0 {
		profiles = slices.Collect(maps.Values(pr.Values))
	}
	used := map[string]bool{}
	for _, pf := range profiles {
		for _, m := range b.Config.Modes {
			for _, r := range composeIn(b.Config, pf, m.Compose) {
				if r.Kind != "part" {
					continue
				}
				if part := b.Parts[r.Name]; part != nil && part.Tmpl != nil && part.Tmpl.unparsed {
					// What it reads is unknown: report its parse error only.
					return nil
				}
				for _, in := range b.Reads(r.Name) {
					used[in] = true
				}
			}
		}
	}
	var ds []diag.Diagnostic
	for _, name := range slices.Sorted(maps.Keys(b.Config.Inputs)) {
		if !used[name] {
			ds = append(ds, diag.Warnf(b.Loaded.PosOfKeys("inputs", name), RuleInputUnused,
				"input %s is declared but no part a mode sends reads it (no template field .%s, no when condition); remove it or use it", name, name))
		}
	}
	return ds
}

// InputValues checks values against the declared inputs and returns them
// as template parts render them: strings, bools, records as
// map[string]any and lists as []map[string]any, every declared field
// present. An input or field left out takes its zero value (as a Go
// struct field would): "", false, an enum's "" (which no when condition
// lists), an empty list or a record of zero values. A value of the wrong
// type, an unknown input or field, an enum value not declared, and a
// value over its declared limit (limitChars, limitItems) are errors
// naming the input by its full path (Config.Servers[0].Name); the
// planning figures (maxChars, maxItems) refuse nothing.
func (p *Program) InputValues(values map[string]any) (map[string]any, error) {
	decl := p.Config.Inputs
	for _, name := range slices.Sorted(maps.Keys(values)) {
		if _, ok := decl[name]; !ok {
			return nil, fmt.Errorf("input %s is not declared (%s)", name, inputNames(decl))
		}
	}
	out := make(map[string]any, len(decl))
	for _, name := range slices.Sorted(maps.Keys(decl)) {
		v, given := values[name]
		val, err := inputValue(decl[name], name, v, given)
		if err != nil {
			return nil, err
		}
		out[name] = val
	}
	for _, name := range slices.Sorted(maps.Keys(p.Parts)) {
		if t := p.Parts[name].Tmpl; t != nil {
			if _, err := t.Render(out); err != nil {
				return nil, fmt.Errorf("part %s: %v", name, err)
			}
		}
	}
	return out, nil
}

// inputValue checks v (as JSON decodes it; given false when left out) as
// the value of input or field in at path, and returns it as templates
// read it.
func inputValue(in config.Input, path string, v any, given bool) (any, error) {
	switch in.Type {
	case config.InputBool:
		b, ok := v.(bool)
		if given && !ok {
			return nil, fmt.Errorf("input %s is a bool: give true or false, not %s", path, show(v))
		}
		return b, nil
	case config.InputList:
		return listValue(in, path, v, given)
	case config.InputRecord:
		return recordValue(in, path, v, given)
	}
	s, ok := v.(string)
	if given && !ok {
		return nil, fmt.Errorf("input %s is a %s: give a string, not %s", path, in.Type, show(v))
	}
	// "" is an enum's zero value, which the generated packages accept
	// (no value), at any depth.
	if in.Type == config.InputEnum && given && s != "" && !slices.Contains(in.Values, s) {
		return nil, fmt.Errorf("input %s is %q, not one of its values (%s)", path, s, strings.Join(in.Values, ", "))
	}
	if !utf8.ValidString(s) {
		return nil, fmt.Errorf("input %s is not valid UTF-8 (at byte %d); give text", path, invalidUTF8At(s))
	}
	if in.LimitChars != nil && utf8.RuneCountInString(s) > *in.LimitChars {
		return nil, fmt.Errorf("input %s is %d characters, more than its limitChars %d", path, utf8.RuneCountInString(s), *in.LimitChars)
	}
	return s, nil
}

// listValue checks a list's value: records ([]any of map[string]any as
// JSON decodes them), at most limitItems of them when declared, each
// checked as recordValue checks a record.
func listValue(in config.Input, path string, v any, given bool) ([]map[string]any, error) {
	recs := []map[string]any{}
	if !given {
		return recs, nil
	}
	items, ok := v.([]any)
	if !ok {
		return nil, fmt.Errorf("input %s is a list: give an array of records, not %s", path, show(v))
	}
	if in.LimitItems != nil && len(items) > *in.LimitItems {
		return nil, fmt.Errorf("input %s has %d records, more than its limitItems %d", path, len(items), *in.LimitItems)
	}
	for i, it := range items {
		rec, err := recordValue(in, fmt.Sprintf("%s[%d]", path, i), it, true)
		if err != nil {
			return nil, err
		}
		recs = append(recs, rec)
	}
	return recs, nil
}

// recordValue checks a record's value (a map[string]any as JSON decodes
// it) against the fields of in (a record, or a list whose item it is):
// every field declared, each field's value checked, the fields left out
// at their zero values.
func recordValue(in config.Input, path string, v any, given bool) (map[string]any, error) {
	obj := map[string]any{}
	if given {
		var ok bool
		if obj, ok = v.(map[string]any); !ok {
			return nil, fmt.Errorf("input %s is %s, not an object of fields (%s)", path, show(v), strings.Join(in.FieldNames(), ", "))
		}
	}
	for _, fn := range slices.Sorted(maps.Keys(obj)) {
		if _, ok := in.Fields[fn]; !ok {
			return nil, fmt.Errorf("input %s has field %s, which is not declared (fields: %s)", path, fn, strings.Join(in.FieldNames(), ", "))
		}
	}
	rec := make(map[string]any, len(in.Fields))
	for _, fn := range in.FieldNames() {
		fv, given := obj[fn]
		val, err := inputValue(in.Fields[fn], path+"."+fn, fv, given)
		if err != nil {
			return nil, err
		}
		rec[fn] = val
	}
	return rec, nil
}

// invalidUTF8At is the offset of the first byte of s that is not valid
// UTF-8.
func invalidUTF8At(s string) int {
	for i, r := range s {
		if r == utf8.RuneError {
			if _, n := utf8.DecodeRuneInString(s[i:]); n <= 1 {
				return i
			}
		}
	}
	return len(s)
}

// show writes a JSON value for a message.
func show(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

// TypicalInputs are the values the costs table renders the typical call
// with: each input's typical value; without one, a string of typicalChars
// (default half of maxChars) x's, an enum's first value, false, and a
// list of typicalItems (default none) records built the same way.
func (p *Program) TypicalInputs() map[string]any {
	return typicalInputs(p.Config.Inputs, false)
}

// typicalInputs are TypicalInputs of inputs; with neutral, every string
// and field is x's of its typical length, its typical value set aside.
func typicalInputs(inputs map[string]config.Input, neutral bool) map[string]any {
	out := map[string]any{}
	for name, in := range inputs {
		out[name] = typicalValue(in, neutral)
	}
	return out
}

// typicalValue is the typical value of input or field in, as
// typicalInputs builds it.
func typicalValue(in config.Input, neutral bool) any {
	switch in.Type {
	case config.InputBool:
		b, _ := in.Typical.(bool)
		return b
	case config.InputEnum:
		s, ok := in.Typical.(string)
		if !ok && len(in.Values) > 0 {
			s = in.Values[0]
		}
		return s
	case config.InputString:
		s, given := in.Typical.(string)
		if neutral && given {
			return strings.Repeat("x", utf8.RuneCountInString(s))
		}
		maxChars := 0
		if in.MaxChars != nil {
			maxChars = *in.MaxChars
		}
		return typicalString(given, s, maxChars, in.TypicalChars)
	case config.InputList:
		n := 0
		if in.TypicalItems != nil {
			n = *in.TypicalItems
		}
		recs := make([]map[string]any, n)
		for i := range recs {
			recs[i] = typicalRecord(in, neutral)
		}
		return recs
	}
	return typicalRecord(in, neutral)
}

// typicalRecord is a record of in's fields at their typical values.
func typicalRecord(in config.Input, neutral bool) map[string]any {
	rec := make(map[string]any, len(in.Fields))
	for fn, f := range in.Fields {
		rec[fn] = typicalValue(f, neutral)
	}
	return rec
}

func typicalString(given bool, s string, maxChars int, chars *int) string {
	if given {
		return s
	}
	return strings.Repeat("x", typicalLen(maxChars, chars))
}

// typicalLen is the typical length of a string without a typical value:
// typicalChars, else half of maxChars.
func typicalLen(maxChars int, chars *int) int {
	if chars != nil {
		return *chars
	}
	return maxChars / 2
}

// TypicalChars is the length in characters of a string input's typical
// value, as TypicalInputs renders it; 0 for an input of another type.
func TypicalChars(in config.Input) int {
	if in.Type != config.InputString || in.MaxChars == nil {
		return 0
	}
	if s, ok := in.Typical.(string); ok {
		return utf8.RuneCountInString(s)
	}
	return typicalLen(*in.MaxChars, in.TypicalChars)
}

// ReadsVolatile reports whether part name reads an input that is not
// stable: its text can change from call to call, so the cacheable prefix
// ends before it.
func (p *Program) ReadsVolatile(name string) bool {
	for _, in := range p.Reads(name) {
		if !p.Config.Inputs[in].Stable {
			return true
		}
	}
	return false
}

// ReadsInputs reports whether mode m sends a part that reads a run-time
// input: its text then varies with the inputs, between the typical and
// the maximum.
func (p *Program) ReadsInputs(m *Mode) bool {
	for _, r := range m.Config.Compose {
		if r.Kind == "part" && len(p.Reads(r.Name)) > 0 {
			return true
		}
	}
	return false
}

// MaxWhen chooses, for mode m and selection s, the value of every input
// that when conditions of m's parts test so that m's text is the
// largest: for each input, the value whose parts add up to the most
// characters (each part tests one input, so the choices are
// independent), ties going to the first (true, then false; an enum's
// values in order); a setting s.Settings gives keeps that value. It
// returns the choice as a Selection.When and in words for findings (""
// when m has no when condition).
func (p *Program) MaxWhen(m *Mode, s Selection) (func(string) bool, string) {
	return p.pickWhen(m, s, true)
}

// MinWhen is MaxWhen choosing the value whose parts add up to the fewest
// characters: the least text a call can get, each condition deciding
// for one value (a part on a setting or an input is never left out of
// every call, as sending none of them would).
func (p *Program) MinWhen(m *Mode, s Selection) (func(string) bool, string) {
	return p.pickWhen(m, s, false)
}

// pickWhen is MaxWhen (largest) or MinWhen.
func (p *Program) pickWhen(m *Mode, s Selection, largest bool) (func(string) bool, string) {
	byInput := map[string][]string{}
	for _, r := range m.Config.Compose {
		if w := p.Config.Parts[r.Name].When; r.Kind == "part" && w != nil && len(w.Family) == 0 {
			byInput[whenKey(w)] = append(byInput[whenKey(w)], r.Name)
		}
	}
	if len(byInput) == 0 {
		return nil, ""
	}
	all := s
	all.When = func(string) bool { return true }
	chosen := map[string]any{}
	var words []string
	for _, name := range slices.Sorted(maps.Keys(byInput)) {
		var cands []any
		if setting, ok := strings.CutPrefix(name, settingKey); ok {
			// A setting-conditioned part counts at the setting's largest
			// value, as a part on an enum input does: which models get
			// which value is the rules', and a new model may get any. A
			// selection for one model has its value: that one only.
			if v, ok := s.Settings[setting]; ok {
				cands = []any{v}
			} else {
				for _, v := range p.Config.Settings[setting].Values {
					cands = append(cands, v)
				}
			}
		} else if in := p.Config.Inputs[name]; in.Type == config.InputBool {
			cands = []any{true, false}
		} else {
			for _, v := range in.Values {
				cands = append(cands, v)
			}
		}
		best, bestSize := any(nil), -1
		for _, v := range cands {
			size := 0
			for _, part := range byInput[name] {
				if p.Config.Parts[part].When.Holds(v) {
					size += utf8.RuneCountInString(p.partSection(part, all).Text)
				}
			}
			if bestSize < 0 || largest && size > bestSize || !largest && size < bestSize {
				best, bestSize = v, size
			}
		}
		chosen[name] = best
		if b, ok := best.(bool); ok {
			words = append(words, fmt.Sprintf("%s %v", name, b))
		} else {
			words = append(words, fmt.Sprintf("%s %q", name, best))
		}
	}
	return func(part string) bool {
		w := p.Config.Parts[part].When
		return w == nil || w.Holds(chosen[whenKey(w)])
	}, strings.Join(words, ", ")
}

// settingKey prefixes a setting's name where MaxWhen keys conditions by
// what they test, so that a setting and an input of the same name stay
// apart; it is also how a finding names the setting ("setting Prefix
// \"long\"").
const settingKey = "setting "

// whenKey is what condition w tests, as MaxWhen keys it: the input's
// name, or settingKey and the setting's.
func whenKey(w *config.When) string {
	if w.Setting != "" {
		return settingKey + w.Setting
	}
	return w.Input
}

// inlineChoices is the most template choices a budget finding names
// inside its sentence; past it, each has a line of its own after the
// sentence, so that a finding names every condition and stays readable.
const inlineChoices = 6

// inputsCombo is what a budget finding adds to its combination for the
// parts names: the when choice and every choice the maximum of the
// template parts among names takes (every condition's branch, every list
// at its maximum). Up to inlineChoices choices are named in the sentence,
// grouped by template; more are counted there and named one a line after
// a newline, which verdict moves to the end of the finding.
func (p *Program) inputsCombo(when string, names []string) string {
	var out, grouped, lines []string
	if when != "" {
		out = append(out, "when "+when)
	}
	for _, name := range names {
		part := p.Parts[name]
		if part == nil || part.Tmpl == nil || len(part.Tmpl.Choices) == 0 {
			continue
		}
		grouped = append(grouped, "in "+part.Tmpl.Path+" "+strings.Join(part.Tmpl.Choices, ", "))
		for _, c := range part.Tmpl.Choices {
			lines = append(lines, "in "+part.Tmpl.Path+" "+c)
		}
	}
	tail := ""
	switch {
	case len(lines) > inlineChoices:
		out = append(out, fmt.Sprintf("inputs at their maximum as listed below (%d conditions)", len(lines)))
		tail = "\n" + strings.Join(lines, "\n")
	case len(lines) > 0:
		out = append(out, "inputs at their maximum: "+strings.Join(grouped, "; "))
	}
	if len(out) == 0 {
		return ""
	}
	return ", " + strings.Join(out, "; ") + tail
}

// RuntimeParts lists, sorted, the parts that read run-time inputs: the
// template parts and the parts with a when condition.
func (p *Program) RuntimeParts() []string {
	var out []string
	for _, name := range slices.Sorted(maps.Keys(p.Config.Parts)) {
		if cp := p.Config.Parts[name]; cp.Template != "" || cp.When != nil {
			out = append(out, name)
		}
	}
	return out
}
