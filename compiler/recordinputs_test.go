package compiler

import (
	"maps"
	"reflect"
	"strings"
	"testing"

	"github.com/promptc/promptc/internal/config"
)

// recordInputs are testInputs with a record input: a harness's
// configuration with a nested record, a list of records with a record
// field, and a string.
func recordInputs() map[string]config.Input {
	str := func(name string, n int) config.Input {
		return config.Input{Name: name, Type: config.InputString, MaxChars: intp(n)}
	}
	// limited is a string planned at n characters and limited at n.
	limited := func(name string, n int) config.Input {
		in := str(name, n)
		in.LimitChars = intp(n)
		return in
	}
	cmd := config.Input{Name: "Cmd", Type: config.InputRecord, Order: []string{"Path"}, Fields: map[string]config.Input{"Path": limited("Path", 6)}}
	servers := config.Input{Name: "Servers", Type: config.InputList, MaxItems: intp(2), LimitItems: intp(2), Order: []string{"Name", "Cmd"},
		Fields: map[string]config.Input{"Name": str("Name", 5), "Cmd": cmd}}
	options := config.Input{Name: "Options", Type: config.InputRecord, Order: []string{"InitializeAs", "Verbose", "Level"}, Fields: map[string]config.Input{
		"InitializeAs": str("InitializeAs", 8),
		"Verbose":      {Name: "Verbose", Type: config.InputBool},
		"Level":        {Name: "Level", Type: config.InputEnum, Values: []string{"low", "highest"}},
	}}
	in := testInputs()
	in["Config"] = config.Input{Name: "Config", Type: config.InputRecord, Order: []string{"LSP", "Options", "Servers"}, Fields: map[string]config.Input{
		"LSP": limited("LSP", 4), "Options": options, "Servers": servers,
	}}
	return in
}

// TestRecordTemplateMax: nested fields count at their maxima, a list
// field at its maxItems, as top-level inputs do.
func TestRecordTemplateMax(t *testing.T) {
	for _, c := range []struct {
		name, src string
		want      int
	}{
		{"nested string", "{{.Config.LSP}}", 4},
		{"two levels", "{{.Config.Options.InitializeAs}}", 8},
		{"nested enum at its longest value", "{{.Config.Options.Level}}", 7},
		{"nested bool in if", "{{if .Config.Options.Verbose}}abc{{end}}", 3},
		{"string truthiness", "{{if .Config.Options.InitializeAs}}{{.Config.Options.InitializeAs}}{{else}}-{{end}}", 8},
		{"range over a list field", "{{range .Config.Servers}}[{{.Name}}]{{end}}", 2 * 7},
		{"record field of list items", "{{range .Config.Servers}}{{.Cmd.Path}};{{end}}", 2 * 7},
		{"with a record", "{{with .Config.Options}}{{.InitializeAs}}{{end}}", 8},
		{"variable of a record", "{{$o := .Config.Options}}{{$o.InitializeAs}}", 8},
		{"len of a nested list", "{{len .Config.Servers}}", 1},
		{"len of a nested string counts bytes", "{{len .Config.LSP}}", 2},
		{"printf of a nested field", `{{printf "%s!" .Config.LSP}}`, 5},
		{"compare a nested field", `{{if eq .Config.Options.Level "low"}}ab{{end}}`, 2},
		{"dollar inside a range", "{{range .Config.Servers}}{{$.Config.LSP}}{{end}}", 2 * 4},
		{"chain of a parenthesised record", "{{(.Config.Options).InitializeAs}}", 8},
	} {
		t.Run(c.name, func(t *testing.T) {
			tt, ds := parseTemplate("t.tmpl", c.src, recordInputs())
			if len(ds) > 0 {
				t.Fatalf("unexpected findings: %v", ds)
			}
			if tt.MaxChars != c.want {
				t.Errorf("max %d %q, want %d", tt.MaxChars, tt.Max, c.want)
			}
			if strings.Join(tt.Reads, ",") != "Config" {
				t.Errorf("reads %v, want Config", tt.Reads)
			}
		})
	}
}

// TestRecordTemplateFindings: an undeclared chain is reported at its first
// undeclared field, with the CUE that declares it; type checks hold
// through nested fields.
func TestRecordTemplateFindings(t *testing.T) {
	const declared = "declared: Config, ContextFiles, Cwd, IsGitRepo, Style"
	for _, c := range []struct{ name, src, want string }{
		{"undeclared chain at its first field", "ab\n {{.Cfg.LSP}}", "t.tmpl:2:4: .Cfg is not a declared input (" + declared + `); declare it in promptc.cue, choosing its type and limits: inputs: Cfg: {type: "record", fields: LSP: {type: "string", maxChars: 200}}, or fix the name (INPUT_UNDECLARED)`},
		{"undeclared field at its place", "{{.Config.Nope}}", `t.tmpl:1:10: .Config.Nope is not a field of Config (fields: LSP, Options, Servers); declare it in promptc.cue, choosing its type and limits: inputs: Config: fields: Nope: {type: "string", maxChars: 200}, or fix the name (INPUT_UNDECLARED)`},
		{"undeclared nested chain", "x {{if .Config.Options.Deep.Er}}y{{end}}", `t.tmpl:1:23: .Config.Options.Deep is not a field of Config.Options (fields: InitializeAs, Verbose, Level); declare it in promptc.cue, choosing its type and limits: inputs: Config: fields: Options: fields: Deep: {type: "record", fields: Er: {type: "string", maxChars: 200}}, or fix the name (INPUT_UNDECLARED)`},
		{"undeclared field of list items", "{{range .Config.Servers}}{{.Cmd.Args}}{{end}}", `t.tmpl:1:32: .Config.Servers[].Cmd.Args is not a field of Config.Servers.Cmd (fields: Path); declare it in promptc.cue, choosing its type and limits: inputs: Config: fields: Servers: fields: Cmd: fields: Args: {type: "string", maxChars: 200}, or fix the name (INPUT_UNDECLARED)`},
		{"variable chain", "{{$c := .Config}}{{$c.Options.Nope}}", `t.tmpl:1:30: .Config.Options.Nope is not a field of Config.Options (fields: InitializeAs, Verbose, Level); declare it in promptc.cue, choosing its type and limits: inputs: Config: fields: Options: fields: Nope: {type: "string", maxChars: 200}, or fix the name (INPUT_UNDECLARED)`},
		{"ordered comparison of a nested string with a number", "\n  {{if lt .Config.LSP 1}}x{{end}}", "t.tmpl:2:8: lt compares .Config.LSP, a string, with 1, a number: text/template refuses operands of two types (incompatible types for comparison) at every call; compare values of one type (INPUT_TYPE)"},
		{"printing a record", "{{.Config.Options}}", "t.tmpl:1:3: {{.Config.Options}} prints .Config.Options, a record; print its fields, or range over a list (INPUT_TYPE)"},
		{"eq on a record", `{{if eq .Config "x"}}{{end}}`, `t.tmpl:1:6: eq compares .Config, a record: text/template compares only strings, numbers and bools and would fail at every call; compare a field, len of a list, or a value of one type (INPUT_TYPE)`},
		{"range over a record", "{{range .Config.Options}}x{{end}}", "t.tmpl:1:9: {{range .Config.Options}} ranges over .Config.Options, a record; range takes a list input (INPUT_TYPE)"},
		{"field of a nested string", "{{.Config.LSP.X}}", "t.tmpl:1:14: .Config.LSP is a string and has no field X (INPUT_TYPE)"},
		{"printf verb through a nested field", `{{printf "%d" .Config.Options.Verbose}}`, "t.tmpl:1:3: printf %d of .Config.Options.Verbose, a bool: fmt would print %!d(...) around it; use %v, or %d of a number (INPUT_TYPE)"},
		{"enum field compared with an unknown value", `{{if eq .Config.Options.Level "mid"}}{{end}}`, `t.tmpl:1:6: eq compares .Config.Options.Level with "mid", which is not one of its values (low, highest) (INPUT_TYPE)`},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, ds := parseTemplate("t.tmpl", c.src, recordInputs())
			if len(ds) != 1 || ds[0].String() != c.want {
				t.Errorf("got %v\nwant %s", ds, c.want)
			}
		})
	}
}

// TestRecordInputValues: records are checked field by field, to any depth,
// each problem named by its full path, a string against its limitChars and
// a list against its limitItems (the planning figures refuse nothing);
// fields left out take their zero values, so that templates render on
// them.
func TestRecordInputValues(t *testing.T) {
	p := &Program{Config: &config.Config{Inputs: recordInputs()}}
	got, err := p.InputValues(map[string]any{"Config": map[string]any{
		"Options": map[string]any{"Verbose": true},
		"Servers": []any{map[string]any{"Name": "gopls-server", "Cmd": map[string]any{"Path": "/bin"}}, map[string]any{}},
	}})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]any{
		"LSP":     "",
		"Options": map[string]any{"InitializeAs": "", "Verbose": true, "Level": ""},
		"Servers": []map[string]any{
			{"Name": "gopls-server", "Cmd": map[string]any{"Path": "/bin"}},
			{"Name": "", "Cmd": map[string]any{"Path": ""}},
		},
	}
	if !reflect.DeepEqual(got["Config"], want) {
		t.Errorf("Config = %#v\nwant %#v", got["Config"], want)
	}
	for _, c := range []struct {
		value any
		want  string
	}{
		{map[string]any{"LSP": "toolong"}, "input Config.LSP is 7 characters, more than its limitChars 4"},
		{map[string]any{"Options": map[string]any{"Level": "mid"}}, `input Config.Options.Level is "mid", not one of its values (low, highest)`},
		{map[string]any{"Options": map[string]any{"Verbose": "yes"}}, `input Config.Options.Verbose is a bool: give true or false, not "yes"`},
		{map[string]any{"Options": "x"}, `input Config.Options is "x", not an object of fields (InitializeAs, Verbose, Level)`},
		{map[string]any{"Nope": "x"}, "input Config has field Nope, which is not declared (fields: LSP, Options, Servers)"},
		{map[string]any{"Servers": []any{map[string]any{}, map[string]any{"Cmd": map[string]any{"Path": "/usr/bin"}}}}, "input Config.Servers[1].Cmd.Path is 8 characters, more than its limitChars 6"},
		{map[string]any{"Servers": []any{map[string]any{}, map[string]any{}, map[string]any{}}}, "input Config.Servers has 3 records, more than its limitItems 2"},
		{map[string]any{"Servers": []any{map[string]any{"Name": "\xff"}}}, "input Config.Servers[0].Name is not valid UTF-8 (at byte 0); give text"},
	} {
		_, err := p.InputValues(map[string]any{"Config": c.value})
		if err == nil || err.Error() != c.want {
			t.Errorf("%v: got %v, want %s", c.value, err, c.want)
		}
	}
}

// TestRecordTypicalInputs: a record's typical value is its fields' typical
// values, nested lists at their typicalItems.
func TestRecordTypicalInputs(t *testing.T) {
	in := recordInputs()
	cfg := in["Config"]
	servers := cfg.Fields["Servers"]
	servers.TypicalItems = intp(1)
	cfg.Fields = maps.Clone(cfg.Fields)
	cfg.Fields["Servers"] = servers
	got := typicalInputs(map[string]config.Input{"Config": cfg}, false)["Config"]
	want := map[string]any{
		"LSP":     "xx",
		"Options": map[string]any{"InitializeAs": "xxxx", "Verbose": false, "Level": "low"},
		"Servers": []map[string]any{{"Name": "xx", "Cmd": map[string]any{"Path": "xxx"}}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("typical %#v\nwant %#v", got, want)
	}
}
