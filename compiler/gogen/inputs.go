package gogen

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

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
	}
	g.pf("}\n\n")
	for _, name := range names {
		in := inputs[name]
		switch in.Type {
		case config.InputEnum:
			g.pf("// %s is the type of Inputs.%s: one of its constants, or \"\" for none.\ntype %s string\n\n// The values of %s.\nconst (\n", name, name, name, name)
			for _, v := range in.Values {
				g.pf("\t%s%s %s = %q\n", name, ident(v), name, v)
			}
			g.pf(")\n\n")
		case config.InputList:
			g.pf("// %sItem is a record of Inputs.%s.\ntype %sItem struct {\n", name, name, name)
			for _, f := range in.FieldNames() {
				fd := in.Fields[f]
				desc := fd.Description
				if desc == "" {
					desc = "a field"
				}
				g.pf("\t// %s: %s (at most %d characters)\n\t%s string\n", f, oneLine(desc), fd.MaxChars, f)
			}
			g.pf("}\n\n")
		}
	}
	g.pf("// inputFields describes each input, in name order, for Request.Fields.\nvar inputFields = [...]Field{\n")
	for _, name := range names {
		in := inputs[name]
		g.pf("\t{Name: %q, GoName: %q, Input: true", name, name)
		if in.MaxChars != nil {
			g.pf(", MaxChars: %d", *in.MaxChars)
		}
		if in.MaxItems != nil {
			g.pf(", MaxItems: %d", *in.MaxItems)
		}
		if in.Stable {
			g.pf(", Stable: true")
		}
		g.pf("},\n")
	}
	g.pf("}\n\n")
	g.pf("// when reports whether the when condition of part whens[i] holds.\nfunc (in *Inputs) when(i int) bool {\n\tswitch i {\n")
	for i, part := range g.whens {
		w := g.p.Config.Parts[part].When
		g.pf("\tcase %d: // %s\n\t\treturn %s\n", i, part, whenExpr(w, inputs[w.Input]))
	}
	g.pf("\t}\n\treturn false\n}\n\n")
	g.pf("// errors appends Validate's errors about the inputs to errs.\nfunc (in *Inputs) errors(errs []error) []error {\n")
	for _, name := range names {
		in := inputs[name]
		switch in.Type {
		case config.InputString:
			if in.MaxChars != nil {
				g.pf("\tif n := utf8.RuneCountInString(in.%s); n > %d {\n\t\terrs = append(errs, fmt.Errorf(\"Request.Inputs.%s has %%d characters, over its limit of %d\", n))\n\t}\n", name, *in.MaxChars, name, *in.MaxChars)
			}
		case config.InputEnum:
			var cases []string
			for _, v := range in.Values {
				cases = append(cases, strconv.Quote(v))
			}
			g.pf("\tswitch in.%s {\n\tcase \"\", %s:\n\tdefault:\n\t\terrs = append(errs, fmt.Errorf(\"Request.Inputs.%s is %%q, not one of its values (%s)\", in.%s))\n\t}\n", name, strings.Join(cases, ", "), name, strings.Join(in.Values, ", "), name)
		case config.InputList:
			if in.MaxItems != nil {
				g.pf("\tif n := len(in.%s); n > %d {\n\t\terrs = append(errs, fmt.Errorf(\"Request.Inputs.%s has %%d items, over its limit of %d\", n))\n\t}\n", name, *in.MaxItems, name, *in.MaxItems)
			}
			for _, f := range in.FieldNames() {
				n := in.Fields[f].MaxChars
				g.pf("\tfor i, it := range in.%s {\n\t\tif n := utf8.RuneCountInString(it.%s); n > %d {\n\t\t\terrs = append(errs, fmt.Errorf(\"Request.Inputs.%s[%%d].%s has %%d characters, over its limit of %d\", i, n))\n\t\t}\n\t}\n", name, f, n, name, f, n)
			}
		}
	}
	g.pf("\treturn errs\n}\n\n")
	if len(g.tmplParts) == 0 {
		g.pf("// renderTemplate renders nothing: the project has no template part.\nfunc renderTemplate(int, *Inputs) (string, error) { return \"\", nil }\n\n")
		return
	}
	g.pf("// templateSources are the template parts' files, as text/template parses\n// them, by item index.\nvar templateSources = [...]struct{ name, source string }{\n")
	for _, part := range g.tmplParts {
		t := g.p.Parts[part].Tmpl
		g.pf("\t{%q, %s},\n", t.Path, goString(t.Source))
	}
	g.pf("}\n\n")
}

// needsUTF8 reports whether Validate's checks of the inputs count
// characters.
func needsUTF8(inputs map[string]config.Input) bool {
	for _, in := range inputs {
		if (in.Type == config.InputString && in.MaxChars != nil) || (in.Type == config.InputList && len(in.Fields) > 0) {
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
			s = fmt.Sprintf("at most %d characters", *in.MaxChars)
		}
	case config.InputBool:
		s = "a bool"
	case config.InputEnum:
		s = "one of " + strings.Join(in.Values, ", ")
	case config.InputList:
		s = "a list"
		if in.MaxItems != nil {
			s = fmt.Sprintf("at most %d items", *in.MaxItems)
		}
	}
	if in.Stable {
		s += "; stable for a session"
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
