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
// bool, a string, an enum's own string type with a constant per value, a
// record's struct or a slice of a list's item struct), one struct per
// record shape with its fields in declared order, the when conditions of
// the parts that have one, Validate's checks of the inputs, and the
// template parts' sources (or, without template parts, a renderTemplate
// that renders nothing, so the package does not import text/template).
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
		g.pf("\t// %s: %s (%s)\n\t%s %s\n", name, oneLine(desc), inputLimits(in), name, inputType(in, ""))
		g.named(name, fmt.Sprintf("input %q", name), "inputs", name)
	}
	g.pf("}\n\n")
	for _, name := range names {
		in := inputs[name]
		if in.Type == config.InputEnum {
			g.pf("// %s is the type of Inputs.%s: one of its constants, or \"\" for none.\ntype %s string\n\n// The values of %s.\nconst (\n", name, name, name, name)
			for _, v := range in.Values {
				g.pf("\t%s%s %s = %q\n", name, ident(v), name, v)
				g.named(name+ident(v), fmt.Sprintf("value %q of input %s", v, name), "inputs", name, "values")
			}
			g.pf(")\n\n")
		}
		in.Name = name
		g.recordTypes(in, "", "Inputs."+name, []string{"inputs", name})
	}
	g.pf("// inputFields describes each input, in name order, for Request.Fields:\n// the input, then each field of its records and lists' items, to any\n// depth, in declared order.\nvar inputFields = [...][]Field{\n")
	for _, name := range names {
		in := inputs[name]
		g.pf("\t{\n")
		g.fieldEntry(name, in, in.Stable)
		g.nestedFields(in, name, in.Stable)
		g.pf("\t},\n")
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
		g.inputChecks(inputs[name], "in."+name, name, nil, "\t")
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

// recordTypes emits the struct of input or field in when it has fields
// (a record, or a list's items), then those of its fields, to any depth:
// its name is the enclosing type's (outer; "" for an input) and the
// field's, with Item for a list's items. what names the value in
// comments, at is where promptc.cue declares it.
func (g *gen) recordTypes(in config.Input, outer, what string, at []string) {
	if !in.HasFields() {
		return
	}
	typ := structName(in, outer)
	kind := "the type"
	if in.Type == config.InputList {
		kind = "an item"
	}
	g.pf("// %s is %s of %s.\n// Its fields are in the order promptc.cue declares them.\ntype %s struct {\n", typ, kind, what, typ)
	if outer == "" {
		g.named(typ, fmt.Sprintf("input %q", in.Name), at...)
	} else {
		g.named(typ, fmt.Sprintf("field %q of input %s", in.Name, at[1]), at...)
	}
	for _, f := range in.FieldNames() {
		fd := in.Fields[f]
		desc := fd.Description
		if desc == "" {
			desc = "a field"
		}
		g.pf("\t// %s: %s (%s)\n\t%s %s\n", f, oneLine(desc), inputLimits(fd), f, inputType(fd, typ))
	}
	g.pf("}\n\n")
	for _, f := range in.FieldNames() {
		sub := what + "." + f
		if in.Type == config.InputList {
			sub = what + "[]." + f
		}
		g.recordTypes(in.Fields[f], typ, sub, append(slices.Clip(at), "fields", f))
	}
}

// structName is the Go type of the records of in (a record, or a list's
// items), declared within the type outer ("" for an input).
func structName(in config.Input, outer string) string {
	return config.RecordName(in.Name, in.Type, outer)
}

// fieldEntry emits the Field of input or field in, named path.
func (g *gen) fieldEntry(path string, in config.Input, stable bool) {
	g.pf("\t\t{Name: %q, GoName: %q, Input: true", path, path)
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
	if stable {
		g.pf(", Stable: true")
	}
	g.pf("},\n")
}

// nestedFields emits the Fields of in's fields, to any depth, each named
// by its path from the input (Config.Options.Name, Files[].Path); stable
// is the input's.
func (g *gen) nestedFields(in config.Input, path string, stable bool) {
	for _, f := range in.FieldNames() {
		p := path + "." + f
		if in.Type == config.InputList {
			p = path + "[]." + f
		}
		g.fieldEntry(p, in.Fields[f], stable)
		g.nestedFields(in.Fields[f], p, stable)
	}
}

// inputChecks emits Validate's checks of the value of input or field in
// at Go expression expr, named path in messages (with a %d for each
// enclosing list's index, whose variables idx holds), indented by tab.
// A list's fields are checked field by field, item by item.
func (g *gen) inputChecks(in config.Input, expr, path string, idx []string, tab string) {
	args := ""
	if len(idx) > 0 {
		args = ", " + strings.Join(idx, ", ")
	}
	switch in.Type {
	case config.InputString:
		// Invalid UTF-8 would be sent as it is, and counted in
		// characters it does not have.
		g.pf("%sif !utf8.ValidString(%s) {\n%s\terrs = append(errs, fmt.Errorf(\"Request.Inputs.%s is not valid UTF-8\"%s))\n%s}", tab, expr, tab, path, args, tab)
		if in.LimitChars != nil {
			g.pf(" else if n := utf8.RuneCountInString(%s); n > %d {\n%s\terrs = append(errs, fmt.Errorf(\"Request.Inputs.%s has %%d characters, over its limit of %d\"%s, n))\n%s}", expr, *in.LimitChars, tab, path, *in.LimitChars, args, tab)
		}
		g.pf("\n")
	case config.InputEnum:
		var cases []string
		for _, v := range in.Values {
			cases = append(cases, strconv.Quote(v))
		}
		g.pf("%sswitch %s {\n%scase \"\", %s:\n%sdefault:\n%s\terrs = append(errs, fmt.Errorf(\"Request.Inputs.%s is %%q, not one of its values (%s)\"%s, %s))\n%s}\n",
			tab, expr, tab, strings.Join(cases, ", "), tab, tab, path, strings.Join(in.Values, ", "), args, expr, tab)
	case config.InputList:
		if in.LimitItems != nil {
			g.pf("%sif n := len(%s); n > %d {\n%s\terrs = append(errs, fmt.Errorf(\"Request.Inputs.%s has %%d items, over its limit of %d\"%s, n))\n%s}\n", tab, expr, *in.LimitItems, tab, path, *in.LimitItems, args, tab)
		}
		i, it := "i", "it"
		if d := len(idx); d > 0 {
			i, it = fmt.Sprintf("i%d", d), fmt.Sprintf("it%d", d)
		}
		for _, f := range in.FieldNames() {
			if fd := in.Fields[f]; hasChecks(fd) {
				g.pf("%sfor %s, %s := range %s {\n", tab, i, it, expr)
				g.inputChecks(fd, it+"."+f, path+"[%d]."+f, append(slices.Clip(idx), i), tab+"\t")
				g.pf("%s}\n", tab)
			}
		}
	case config.InputRecord:
		for _, f := range in.FieldNames() {
			g.inputChecks(in.Fields[f], expr+"."+f, path+"."+f, idx, tab)
		}
	}
}

// hasChecks reports whether Validate checks values of input or field in:
// strings and enums are, lists with a declared limit are, and records and
// lists whose fields are.
func hasChecks(in config.Input) bool {
	switch in.Type {
	case config.InputString, config.InputEnum:
		return true
	case config.InputList:
		if in.LimitItems != nil {
			return true
		}
	}
	for _, f := range in.Fields {
		if hasChecks(f) {
			return true
		}
	}
	return false
}

// needsUTF8 reports whether Validate's checks of the inputs count
// characters or check UTF-8: every string input and field does.
func needsUTF8(inputs map[string]config.Input) bool {
	for _, in := range inputs {
		if hasString(in) {
			return true
		}
	}
	return false
}

// hasString reports whether input or field in is a string or has one.
func hasString(in config.Input) bool {
	if in.Type == config.InputString {
		return true
	}
	for _, f := range in.Fields {
		if hasString(f) {
			return true
		}
	}
	return false
}

// inputType is the Go type of an input's field in Inputs (outer "") or of
// a field of the struct outer: a nested enum is a plain string, so that a
// harness's struct of strings converts to the generated one.
func inputType(in config.Input, outer string) string {
	switch in.Type {
	case config.InputBool:
		return "bool"
	case config.InputEnum:
		if outer == "" {
			return in.Name
		}
		return "string"
	case config.InputList:
		return "[]" + structName(in, outer)
	case config.InputRecord:
		return structName(in, outer)
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
	case config.InputRecord:
		s = "a record"
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
