package gogen

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/promptc/promptc/compiler"
	"github.com/promptc/promptc/internal/config"
)

// renderInputs emits the Inputs type (one field per declared input: a
// bool, a string, an enum's own string type with a constant per value, or
// a slice of a record struct), the when conditions of the parts that have
// one, Validate's checks of the inputs, and the template parts' sources
// (or, without template parts, a renderTemplate that renders nothing, so
// the package does not import text/template).
func (g *gen) renderInputs() {
	inputs := g.p.Config.Inputs
	names := slices.Sorted(maps.Keys(inputs))
	g.pf("// Inputs holds the run-time inputs promptc.cue declares: the data the\n// template parts render with and the when conditions test. Its zero\n// value is every input at its zero value: false, \"\", no item.\ntype Inputs struct {\n")
	for _, name := range names {
		in := inputs[name]
		desc := in.Description
		if desc == "" {
			desc = "a run-time input"
		}
		g.pf("\t// %s: %s (%s)\n\t%s %s\n", name, oneLine(desc), inputLimits(in), name, inputType(in))
		g.named(name, fmt.Sprintf("input %q", name), "inputs", name)
	}
	g.pf("}\n\n")
	for _, name := range names {
		in := inputs[name]
		switch in.Type {
		case config.InputEnum:
			g.pf("// %s is the type of Inputs.%s: one of its constants, or \"\" for none.\ntype %s string\n\n// The values of %s.\nconst (\n", name, name, name, name)
			for _, v := range in.Values {
				g.pf("\t%s%s %s = %q\n", name, ident(v), name, v)
				g.named(name+ident(v), fmt.Sprintf("value %q of input %s", v, name), "inputs", name, "values")
			}
			g.pf(")\n\n")
		case config.InputList:
			g.pf("// %sItem is a record of Inputs.%s.\ntype %sItem struct {\n", name, name, name)
			g.named(name+"Item", fmt.Sprintf("input %q", name), "inputs", name)
			for _, f := range in.FieldNames() {
				fd := in.Fields[f]
				desc := fd.Description
				if desc == "" {
					desc = "a field"
				}
				g.pf("\t// %s: %s (%s)\n\t%s string\n", f, oneLine(desc), charFigures(fd.MaxChars, fd.LimitChars), f)
			}
			g.pf("}\n\n")
		}
	}
	g.pf("// inputFields describes each input, in name order, for Request.Fields.\nvar inputFields = [...]Field{\n")
	for _, name := range names {
		in := inputs[name]
		g.pf("\t{Name: %q, GoName: %q, Input: true", name, name)
		if in.MaxChars != nil {
			g.pf(", MaxChars: %d, TypicalChars: %d", *in.MaxChars, compiler.TypicalChars(in))
		}
		if in.LimitChars != nil {
			g.pf(", LimitChars: %d", *in.LimitChars)
		}
		if in.MaxItems != nil {
			g.pf(", MaxItems: %d", *in.MaxItems)
		}
		if in.TypicalItems != nil && *in.TypicalItems > 0 {
			g.pf(", TypicalItems: %d", *in.TypicalItems)
		}
		if in.LimitItems != nil {
			g.pf(", LimitItems: %d", *in.LimitItems)
		}
		if in.Stable {
			g.pf(", Stable: true")
		}
		g.pf("},\n")
	}
	g.pf("}\n\n")
	g.pf("// when reports whether the when condition of part whens[i] holds: on an\n// input, for in; on a per-model setting, for r's value of it.\nfunc (in *Inputs) when(i int, r *resolution) bool {\n\tswitch i {\n")
	for i, part := range g.whens {
		w := g.p.Config.Parts[part].When
		expr := ""
		if len(w.Family) > 0 {
			expr = g.familyWhenExpr(w)
		} else if w.Setting != "" {
			expr = g.settingWhenExpr(w)
		} else {
			expr = whenExpr(w, inputs[w.Input])
		}
		g.pf("\tcase %d: // %s\n\t\treturn %s\n", i, part, expr)
	}
	g.pf("\t}\n\treturn false\n}\n\n")
	g.pf("// errors appends Validate's errors about the inputs to errs.\nfunc (in *Inputs) errors(errs []error) []error {\n")
	for _, name := range names {
		in := inputs[name]
		switch in.Type {
		case config.InputString:
			// Invalid UTF-8 would be sent as it is, and counted in
			// characters it does not have.
			g.pf("\tif !utf8.ValidString(in.%s) {\n\t\terrs = append(errs, fmt.Errorf(\"Request.Inputs.%s is not valid UTF-8\"))\n\t}", name, name)
			if in.LimitChars != nil {
				g.pf(" else if n := utf8.RuneCountInString(in.%s); n > %d {\n\t\terrs = append(errs, fmt.Errorf(\"Request.Inputs.%s has %%d characters, over its limit of %d\", n))\n\t}", name, *in.LimitChars, name, *in.LimitChars)
			}
			g.pf("\n")
		case config.InputEnum:
			var cases []string
			for _, v := range in.Values {
				cases = append(cases, strconv.Quote(v))
			}
			g.pf("\tswitch in.%s {\n\tcase \"\", %s:\n\tdefault:\n\t\terrs = append(errs, fmt.Errorf(\"Request.Inputs.%s is %%q, not one of its values (%s)\", in.%s))\n\t}\n", name, strings.Join(cases, ", "), name, strings.Join(in.Values, ", "), name)
		case config.InputList:
			if in.LimitItems != nil {
				g.pf("\tif n := len(in.%s); n > %d {\n\t\terrs = append(errs, fmt.Errorf(\"Request.Inputs.%s has %%d items, over its limit of %d\", n))\n\t}\n", name, *in.LimitItems, name, *in.LimitItems)
			}
			for _, f := range in.FieldNames() {
				g.pf("\tfor i, it := range in.%s {\n\t\tif !utf8.ValidString(it.%s) {\n\t\t\terrs = append(errs, fmt.Errorf(\"Request.Inputs.%s[%%d].%s is not valid UTF-8\", i))\n\t\t}", name, f, name, f)
				if lim := in.Fields[f].LimitChars; lim != nil {
					g.pf(" else if n := utf8.RuneCountInString(it.%s); n > %d {\n\t\t\terrs = append(errs, fmt.Errorf(\"Request.Inputs.%s[%%d].%s has %%d characters, over its limit of %d\", i, n))\n\t\t}", f, *lim, name, f, *lim)
				}
				g.pf("\n\t}\n")
			}
		}
	}
	g.pf("\treturn errs\n}\n\n")
	if len(g.tmplParts) == 0 {
		g.pf("// renderTemplate renders nothing: the project has no template part.\nfunc renderTemplate(int, *Inputs) (string, error) { return \"\", nil }\n\n")
		return
	}
	g.pf("// templateSources are the template parts' files, as text/template parses\n// them, by item index, and the most characters each renders for inputs\n// Validate accepts (-1: an input it reads has no declared limit, and\n// only 64 MiB bounds it).\nvar templateSources = [...]struct {\n\tname, source string\n\tmax          int\n}{\n")
	for _, part := range g.tmplParts {
		t := g.p.Parts[part].Tmpl
		g.pf("\t{%q, %s, %d},\n", t.Path, goString(t.Source), t.Bound)
	}
	g.pf("}\n\n")
}

// needsUTF8 reports whether Validate's checks of the inputs count
// characters or check UTF-8: every string input and list field does.
func needsUTF8(inputs map[string]config.Input) bool {
	for _, in := range inputs {
		if in.Type == config.InputString || (in.Type == config.InputList && len(in.Fields) > 0) {
			return true
		}
	}
	return false
}

// inputType is the Go type of an input's field in Inputs.
func inputType(in config.Input) string {
	switch in.Type {
	case config.InputBool:
		return "bool"
	case config.InputEnum:
		return in.Name
	case config.InputList:
		return "[]" + in.Name + "Item"
	}
	return "string"
}

// inputLimits describes an input's limits for its field's comment.
func inputLimits(in config.Input) string {
	var s string
	switch in.Type {
	case config.InputString:
		s = "a string"
		if in.MaxChars != nil {
			s = charFigures(*in.MaxChars, in.LimitChars)
		}
	case config.InputBool:
		s = "a bool"
	case config.InputEnum:
		s = "one of " + strings.Join(in.Values, ", ")
	case config.InputList:
		s = "a list"
		if in.MaxItems != nil {
			s = fmt.Sprintf("planned at %d items", *in.MaxItems)
			if in.LimitItems != nil {
				s += fmt.Sprintf(", at most %d", *in.LimitItems)
			}
		}
	}
	if in.Stable {
		s += "; stable for a session"
	}
	return s
}

// charFigures describes a string's planning figure and limit for a
// field's comment: "planned at 1800 characters" (nothing refuses a
// longer one), with ", at most 20000" when a limit is declared.
func charFigures(planned int, limit *int) string {
	s := fmt.Sprintf("planned at %d characters", planned)
	if limit != nil {
		s += fmt.Sprintf(", at most %d", *limit)
	}
	return s
}

// whenExpr is the Go expression of a when condition on Inputs in.
func whenExpr(w *config.When, in config.Input) string {
	if len(w.Is) == 0 {
		return "in." + w.Input
	}
	var terms []string
	for _, v := range w.Is {
		switch v := v.(type) {
		case bool:
			if v {
				terms = append(terms, "in."+w.Input)
			} else {
				terms = append(terms, "!in."+w.Input)
			}
		case string:
			terms = append(terms, fmt.Sprintf("in.%s == %q", w.Input, v))
		}
	}
	return strings.Join(terms, " || ")
}

// renderSettings emits the per-model settings: the Settings type (one
// string field per setting, sorted), the settingTables the fixed code's
// settingFor selects from (values, default, rules in order, each value
// as its index) and settingsOf, which turns a resolution's indexes into
// Settings.
func (g *gen) renderSettings() {
	settings := g.p.Config.Settings
	names := slices.Sorted(maps.Keys(settings))
	g.pf("// Settings holds the per-model settings promptc.cue declares, each as\n// the model id selects it: the value of the first of its rules that\n// selects the id, else its default.\ntype Settings struct {\n")
	for _, name := range names {
		st := settings[name]
		desc := st.Description
		if desc == "" {
			desc = "a per-model setting"
		}
		g.pf("\t// %s: %s (one of %s; default %s)\n\t%s string\n", name, oneLine(desc), strings.Join(st.Values, ", "), st.Default, name)
		g.named(name, fmt.Sprintf("setting %q", name), "settings", name)
	}
	g.pf("}\n\n")
	g.pf("// settingTables holds the settings in the order of Settings' fields.\nvar settingTables = [...]settingData{\n")
	for _, name := range names {
		st := settings[name]
		g.pf("\t{values: %s, def: %d, rules: []settingRule{\n", quoteList(st.Values), slices.Index(st.Values, st.Default))
		for _, r := range st.Rules {
			g.pf("\t\t{value: %d", slices.Index(st.Values, r.Value))
			g.patternFields(r.Name, r.Provider, r.ID, r.All)
			g.pf("},\n")
		}
		g.pf("\t}},\n")
	}
	g.pf("}\n\n")
	g.pf("// settingsOf returns the values r's settings select.\nfunc settingsOf(r *resolution) Settings {\n")
	if len(names) == 0 {
		g.pf("\treturn Settings{}\n}\n\n")
		return
	}
	g.pf("\treturn Settings{\n")
	for i, name := range names {
		g.pf("\t\t%s: settingTables[%d].values[r.settings[%d]],\n", name, i, i)
	}
	g.pf("\t}\n}\n\n")
}

// familyWhenExpr is the Go expression of a when condition on the family:
// r's family (resolved or forced) is one of those listed. A name with no
// family is the compiler's error, and the build writes nothing.
func (g *gen) familyWhenExpr(w *config.When) string {
	var terms []string
	for _, f := range w.Family {
		if slices.Contains(g.p.FamilyNames, f) {
			terms = append(terms, "r.family == Family"+ident(f))
		}
	}
	if len(terms) == 0 {
		return "false"
	}
	return strings.Join(terms, " || ")
}

// settingWhenExpr is the Go expression of a when condition on a per-model
// setting: r's index of its value is one of is's.
func (g *gen) settingWhenExpr(w *config.When) string {
	names := slices.Sorted(maps.Keys(g.p.Config.Settings))
	i := slices.Index(names, w.Setting)
	values := g.p.Config.Settings[w.Setting].Values
	var terms []string
	for _, v := range w.Is {
		if s, ok := v.(string); ok {
			terms = append(terms, fmt.Sprintf("r.settings[%d] == %d", i, slices.Index(values, s)))
		}
	}
	if len(terms) == 0 {
		return "false"
	}
	return strings.Join(terms, " || ")
}
