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
func (p *Program) loadTemplate(fs *source.FS, name string, cp config.Part) {
	part := &Part{Name: name, Config: cp, Pos: diag.Position{Path: cp.Template, Line: 1, Col: 1}}
	p.Parts[name] = part
	f, err := fs.Read(cp.Template)
	if err != nil {
		d := source.ReadDiag(err, cp.Template)
		d.Related = append(d.Related, diag.Related{Pos: d.Pos, Message: "in the file"})
		d.Pos = p.Loaded.PosOfKeys("parts", name, "template")
		p.add(d)
		return
	}
	p.add(f.Diags...)
	t, ds := parseTemplate(cp.Template, f.Text, p.Config.Inputs)
	p.add(ds...)
	part.Tmpl, part.Text = t, t.Max
}

// WhenSends reports whether part name's when condition lets selection s
// send it: always without one; else s.When decides, or the value in
// s.Inputs, or, with neither, it is sent (the maximum).
func (p *Program) WhenSends(name string, s Selection) bool {
	w := p.Config.Parts[name].When
	switch {
	case w == nil:
		return true
	case s.When != nil:
		return s.When(name)
	case s.Inputs != nil:
		return w.Holds(s.Inputs[w.Input])
	}
	return true
}

// Reads lists, sorted, the inputs part name reads: its when condition's
// and, for a template part, every input the template reads.
func (p *Program) Reads(name string) []string {
	var out []string
	if w := p.Config.Parts[name].When; w != nil {
		out = append(out, w.Input)
	}
	if part := p.Parts[name]; part != nil && part.Tmpl != nil {
		out = append(out, part.Tmpl.Reads...)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// checkInputsUsed reports every declared input that no part a mode sends
// reads, at its declaration.
func (p *Program) checkInputsUsed() []diag.Diagnostic {
	used := map[string]bool{}
	for _, m := range p.Modes {
		for _, r := range m.Config.Compose {
			if r.Kind == "part" {
				for _, in := range p.Reads(r.Name) {
					used[in] = true
				}
			}
		}
	}
	var ds []diag.Diagnostic
	for _, name := range slices.Sorted(maps.Keys(p.Config.Inputs)) {
		if !used[name] {
			ds = append(ds, diag.Warnf(p.Loaded.PosOfKeys("inputs", name), RuleInputUnused,
				"input %s is declared but no part a mode sends reads it (no template field .%s, no when condition); remove it or use it", name, name))
		}
	}
	return ds
}

// InputValues checks values against the declared inputs and returns them
// as template parts render them: strings, bools, and lists as
// []map[string]string. An input left out takes its zero value (as a Go
// struct field would): "", false, an enum's "" (which no when condition
// lists) or an empty list. A value of the wrong type, an unknown input or
// field, an enum value not declared, and a value over its maximum are
// errors naming the input.
func (p *Program) InputValues(values map[string]any) (map[string]any, error) {
	decl := p.Config.Inputs
	for _, name := range slices.Sorted(maps.Keys(values)) {
		if _, ok := decl[name]; !ok {
			return nil, fmt.Errorf("input %s is not declared (%s)", name, inputNames(decl))
		}
	}
	out := make(map[string]any, len(decl))
	for _, name := range slices.Sorted(maps.Keys(decl)) {
		in := decl[name]
		v, given := values[name]
		switch in.Type {
		case config.InputBool:
			b, ok := v.(bool)
			if given && !ok {
				return nil, fmt.Errorf("input %s is a bool: give true or false, not %s", name, show(v))
			}
			out[name] = b
		case config.InputString, config.InputEnum:
			s, ok := v.(string)
			if given && !ok {
				return nil, fmt.Errorf("input %s is a %s: give a string, not %s", name, in.Type, show(v))
			}
			if in.Type == config.InputEnum && given && !slices.Contains(in.Values, s) {
				return nil, fmt.Errorf("input %s is %q, not one of its values (%s)", name, s, strings.Join(in.Values, ", "))
			}
			if in.MaxChars != nil && utf8.RuneCountInString(s) > *in.MaxChars {
				return nil, fmt.Errorf("input %s is %d characters, more than its maxChars %d", name, utf8.RuneCountInString(s), *in.MaxChars)
			}
			out[name] = s
		case config.InputList:
			recs, err := listValue(in, v, given)
			if err != nil {
				return nil, err
			}
			out[name] = recs
		}
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

// listValue checks a list input's value: records ([]any of map[string]any
// as JSON decodes them) with declared string fields within their
// maxChars, at most maxItems of them.
func listValue(in config.Input, v any, given bool) ([]map[string]string, error) {
	recs := []map[string]string{}
	if !given {
		return recs, nil
	}
	items, ok := v.([]any)
	if !ok {
		return nil, fmt.Errorf("input %s is a list: give an array of records, not %s", in.Name, show(v))
	}
	if len(items) > *in.MaxItems {
		return nil, fmt.Errorf("input %s has %d records, more than its maxItems %d", in.Name, len(items), *in.MaxItems)
	}
	for i, it := range items {
		obj, ok := it.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("input %s record %d is %s, not an object of fields (%s)", in.Name, i+1, show(it), strings.Join(in.FieldNames(), ", "))
		}
		rec := make(map[string]string, len(in.Fields))
		for _, fn := range slices.Sorted(maps.Keys(obj)) {
			f, ok := in.Fields[fn]
			if !ok {
				return nil, fmt.Errorf("input %s record %d has field %s, which is not declared (fields: %s)", in.Name, i+1, fn, strings.Join(in.FieldNames(), ", "))
			}
			s, ok := obj[fn].(string)
			if !ok {
				return nil, fmt.Errorf("input %s record %d field %s is a string, not %s", in.Name, i+1, fn, show(obj[fn]))
			}
			if n := utf8.RuneCountInString(s); n > f.MaxChars {
				return nil, fmt.Errorf("input %s record %d field %s is %d characters, more than its maxChars %d", in.Name, i+1, fn, n, f.MaxChars)
			}
			rec[fn] = s
		}
		for _, fn := range in.FieldNames() {
			if _, ok := rec[fn]; !ok {
				rec[fn] = ""
			}
		}
		recs = append(recs, rec)
	}
	return recs, nil
}

// show writes a JSON value for a message.
func show(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}
