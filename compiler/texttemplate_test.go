package compiler

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/promptc/promptc/internal/config"
)

func intp(n int) *int { return &n }

// testInputs are the inputs of the template tests: a harness's flags,
// working directory, output style and context files.
func testInputs() map[string]config.Input {
	return map[string]config.Input{
		"IsGitRepo": {Name: "IsGitRepo", Type: config.InputBool},
		"Cwd":       {Name: "Cwd", Type: config.InputString, MaxChars: intp(30)},
		"Style":     {Name: "Style", Type: config.InputEnum, Values: []string{"plain", "caveman"}},
		"ContextFiles": {Name: "ContextFiles", Type: config.InputList, MaxItems: intp(3), Fields: map[string]config.Input{
			"Path": {Name: "Path", Type: config.InputString, MaxChars: intp(10)}, "Content": {Name: "Content", Type: config.InputString, MaxChars: intp(20)}}},
	}
}

// TestTemplateMax: the maximum of a template is its text with every input
// at its maximum and each condition at its larger branch, computed node by
// node.
func TestTemplateMax(t *testing.T) {
	for _, c := range []struct {
		name, src string
		want      int
	}{
		{"text exact", "ab\ncd\n", 6},
		{"string at maxChars", "[{{.Cwd}}]", 32},
		{"bool prints at most 5", "{{.IsGitRepo}}", 5},
		{"enum at its longest value", "{{.Style}}", 7},
		{"if takes the larger branch (then)", "{{if .IsGitRepo}}abcd{{else}}abc{{end}}", 4},
		{"if takes the larger branch (else)", "{{if .IsGitRepo}}abc{{else}}abcd{{end}}", 4},
		{"if without else", "{{if .IsGitRepo}}abc{{end}}", 3},
		{"range at maxItems", "{{range .ContextFiles}}<{{.Path}}>{{end}}", 3 * 12},
		{"range else larger than the items", "{{range .ContextFiles}}.{{else}}" + strings.Repeat("e", 4) + "{{end}}", 4},
		{"range else smaller than the items", "{{range .ContextFiles}}.{{else}}ee{{end}}", 3},
		{"range with index", "{{range $i, $f := .ContextFiles}}{{$i}}{{$f.Path}}{{end}}", 3 * 11},
		{"with takes the body with dot changed", "{{with .Cwd}}<{{.}}>{{else}}none{{end}}", 32},
		{"len of a list: digits of maxItems", "{{len .ContextFiles}}", 1},
		{"len of a string counts bytes", "{{len .Cwd}}", 3},
		{"trim markers trim at parse time", "a  {{- if .IsGitRepo}} b {{end -}}  c", len("a b c")},
		{"variables", "{{$c := .Cwd}}{{$c}}", 30},
		{"or returns an argument", `{{or .Cwd "none"}}`, 30},
		{"printf", `{{printf "%s/%s" .Cwd .Style}}`, 1 + 30 + 7},
		{"eq prints a bool", `{{eq .Style "plain"}}`, 5},
		{"else if chain", `{{if .IsGitRepo}}a{{else if eq .Style "caveman"}}abcdef{{else}}ab{{end}}`, 6},
		{"nested range and if", "{{range .ContextFiles}}{{if .Path}}{{.Path}}{{else}}-{{end}}\n{{end}}", 3 * 11},
	} {
		t.Run(c.name, func(t *testing.T) {
			tt, ds := parseTemplate("t.tmpl", c.src, testInputs())
			if len(ds) > 0 {
				t.Fatalf("unexpected findings: %v", ds)
			}
			if tt.MaxChars != c.want || utf8.RuneCountInString(tt.Max) != c.want {
				t.Errorf("max %d (%q), want %d", tt.MaxChars, tt.Max, c.want)
			}
		})
	}
}

// TestTemplateMaxBoundsRenders: no rendering of a template is longer than
// its maximum, whatever the inputs (each at or under its maximum).
func TestTemplateMaxBoundsRenders(t *testing.T) {
	src := "{{if .IsGitRepo}}git {{.Cwd}}{{else}}no git{{end}}\n{{range $i, $f := .ContextFiles}}{{$i}}:{{$f.Path}}={{$f.Content}};{{end}}{{len .ContextFiles}} {{.Style}} {{printf \"%s\" .Cwd}}"
	tt, ds := parseTemplate("t.tmpl", src, testInputs())
	if len(ds) > 0 {
		t.Fatal(ds)
	}
	file := map[string]string{"Path": strings.Repeat("p", 10), "Content": strings.Repeat("c", 20)}
	for _, git := range []bool{false, true} {
		for _, style := range []string{"plain", "caveman"} {
			for n := 0; n <= 3; n++ {
				files := make([]map[string]string, n)
				for i := range files {
					files[i] = file
				}
				out, err := tt.Render(map[string]any{"IsGitRepo": git, "Cwd": strings.Repeat("é", 30), "Style": style, "ContextFiles": files})
				if err != nil {
					t.Fatal(err)
				}
				if got := utf8.RuneCountInString(out); got > tt.MaxChars {
					t.Errorf("git %v, %s, %d files: %d characters, more than the maximum %d", git, style, n, got, tt.MaxChars)
				}
				// With every input at its maximum the rendering reaches
				// the bound: it is exact, not only an upper bound.
				if got := utf8.RuneCountInString(out); git && style == "caveman" && n == 3 && got != tt.MaxChars {
					t.Errorf("at the maximum: %d characters, bound %d", got, tt.MaxChars)
				}
			}
		}
	}
	want := []string{"{{if .IsGitRepo}} (line 1) true", "{{range $i, $f := .ContextFiles}} (line 2) at 3 items"}
	if strings.Join(tt.Choices, "|") != strings.Join(want, "|") {
		t.Errorf("choices %q, want %q", tt.Choices, want)
	}
}

// TestTemplateFindings: every field is checked against the inputs, with
// the dot's type changing in range and with; functions promptc cannot
// bound, other templates and parse errors are reported at file:line:col.
func TestTemplateFindings(t *testing.T) {
	for _, c := range []struct{ name, src, want string }{
		{"undeclared input", "ab\n  {{.IsGit}}", "t.tmpl:2:5: .IsGit is not a declared input (declared: ContextFiles, Cwd, IsGitRepo, Style); declare it in promptc.cue, choosing its type and limits: inputs: IsGit: {type: \"string\", maxChars: 200}, or fix the name (INPUT_UNDECLARED)"},
		{"undeclared record field", "{{range .ContextFiles}}{{.Name}}{{end}}", "t.tmpl:1:26: .ContextFiles[].Name is not a field of the items of ContextFiles (fields: Content, Path); declare it in promptc.cue, choosing its type and limits: inputs: ContextFiles: fields: Name: {type: \"string\", maxChars: 200}, or fix the name (INPUT_UNDECLARED)"},
		{"root field inside range", "{{range .ContextFiles}}{{.Cwd}}{{end}}", "t.tmpl:1:26: .ContextFiles[].Cwd is not a field of the items of ContextFiles (fields: Content, Path); declare it in promptc.cue, choosing its type and limits: inputs: ContextFiles: fields: Cwd: {type: \"string\", maxChars: 200}, or fix the name (INPUT_UNDECLARED)"},
		{"dollar reaches the inputs inside range", "{{range .ContextFiles}}{{$.Cwd}}{{$.Nope}}{{end}}", "t.tmpl:1:36: .Nope is not a declared input (declared: ContextFiles, Cwd, IsGitRepo, Style); declare it in promptc.cue, choosing its type and limits: inputs: Nope: {type: \"string\", maxChars: 200}, or fix the name (INPUT_UNDECLARED)"},
		{"field of a string", "{{with .Cwd}}{{.Path}}{{end}}", "t.tmpl:1:16: .Cwd is a string and has no field Path (INPUT_TYPE)"},
		{"printing a list", "x{{.ContextFiles}}", "t.tmpl:1:4: {{.ContextFiles}} prints .ContextFiles, a list; print its fields, or range over a list (INPUT_TYPE)"},
		{"range over a string", "{{range .Cwd}}x{{end}}", "t.tmpl:1:9: {{range .Cwd}} ranges over .Cwd, a string; range takes a list input (INPUT_TYPE)"},
		{"function not allowed", "{{.Cwd | html}}", `t.tmpl:1:10: function "html" is not one promptc can bound; a template part may call and, eq, ge, gt, le, len, lt, ne, not, or, print, printf, println (TEMPLATE_FUNC)`},
		{"unknown function", "\n{{upper .Cwd}}", `t.tmpl:2:3: function "upper" is not one promptc can bound; a template part may call and, eq, ge, gt, le, len, lt, ne, not, or, print, printf, println (TEMPLATE_FUNC)`},
		{"enum compared with an unknown value", `{{if eq .Style "terse"}}x{{end}}`, `t.tmpl:1:6: eq compares .Style with "terse", which is not one of its values (plain, caveman) (INPUT_TYPE)`},
		{"printf width", `{{printf "%10s" .Cwd}}`, "t.tmpl:1:3: printf format verb %1: promptc bounds only %s, %d, %v, %t and %% without width or flags (TEMPLATE_FUNC)"},
		{"template call", `{{template "x"}}`, `t.tmpl:1:12: {{template "x"}} calls another template; a template part is one template: write the text here, or make it a part of its own (TEMPLATE_PARSE)`},
		{"parse error: unexpected end", "a\nb {{end}}", `t.tmpl:2:3: template t.tmpl does not parse: unexpected {{end}}; it is a Go text/template file (see the text/template documentation) (TEMPLATE_PARSE)`},
		{"parse error: unclosed", "a\n\n  {{if .Cwd}}x", `t.tmpl:3:3: template t.tmpl does not parse: unexpected EOF; it is a Go text/template file (see the text/template documentation) (TEMPLATE_PARSE)`},
		{"parse error: bad character", "{{.Cwd %}}", `t.tmpl:1:8: template t.tmpl does not parse: unexpected "%" in operand; it is a Go text/template file (see the text/template documentation) (TEMPLATE_PARSE)`},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, ds := parseTemplate("t.tmpl", c.src, testInputs())
			if len(ds) != 1 || ds[0].String() != c.want {
				t.Errorf("got %v\nwant %s", ds, c.want)
			}
		})
	}
}

// TestTemplateReads: Reads lists every input read, inside ranges and
// conditions too, and no other.
func TestTemplateReads(t *testing.T) {
	tt, ds := parseTemplate("t.tmpl", `{{if .IsGitRepo}}{{range .ContextFiles}}{{$.Cwd}}{{end}}{{end}}`, testInputs())
	if len(ds) > 0 {
		t.Fatal(ds)
	}
	if got := strings.Join(tt.Reads, ","); got != "ContextFiles,Cwd,IsGitRepo" {
		t.Errorf("reads %s", got)
	}
}

// TestTemplateSound: variables, reassignment, printf and nested ranges are
// bounded soundly: the bound is what the inputs at their maximum render.
func TestTemplateSound(t *testing.T) {
	full := map[string]any{"IsGitRepo": true, "Cwd": strings.Repeat("c", 30), "Style": "caveman", "ContextFiles": []map[string]string{
		{"Path": strings.Repeat("p", 10), "Content": strings.Repeat("q", 20)},
		{"Path": strings.Repeat("p", 10), "Content": strings.Repeat("q", 20)},
		{"Path": strings.Repeat("p", 10), "Content": strings.Repeat("q", 20)}}}
	for _, c := range []struct {
		name, src string
		want      int
	}{
		{"empty", "", 0},
		{"reassigned doubles", `{{$a := .Cwd}}{{$a = printf "%s%s" $a $a}}{{$a = printf "%s%s" $a $a}}{{$a}}`, 120},
		{"assigned in a branch widens after it", `{{$a := "x"}}{{if .IsGitRepo}}{{$a = .Cwd}}{{end}}{{$a}}`, 30},
		{"declared in if, seen in else", `{{if $c := .Cwd}}{{$c}}{{else}}{{$c}}-{{end}}`, 31},
		{"printf %% is one character", `{{printf "%%%s%%" .Cwd}}`, 32},
		{"printf %v of a number", `{{printf "%v-%d" (len .Cwd) (len .ContextFiles)}}`, 5},
		{"print puts spaces between numbers", `{{print 1 2 3}}`, 5},
		{"println", `{{println .Cwd .Style}}`, 39},
		{"nested range", `{{range .ContextFiles}}{{range $.ContextFiles}}{{.Path}}{{end}}{{end}}`, 90},
		{"flag in a loop", `{{$first := true}}{{range .ContextFiles}}{{if not $first}}, {{end}}{{.Path}}{{$first = false}}{{end}}`, 36},
		{"separator by index", `{{range $i, $f := .ContextFiles}}{{if $i}}, {{end}}{{$f.Path}}{{end}}`, 36},
		{"number constants print as text/template prints them", `{{0x1F}}{{'a'}}{{-7}}`, 6},
		{"and of two kinds prints the longer", `{{and .IsGitRepo .Cwd}}`, 30},
		{"with of a list", `{{with .ContextFiles}}{{range .}}{{.Path}}{{end}}{{end}}`, 30},
	} {
		t.Run(c.name, func(t *testing.T) {
			tt, ds := parseTemplate("t.tmpl", c.src, testInputs())
			if len(ds) > 0 {
				t.Fatalf("unexpected findings: %v", ds)
			}
			if tt.MaxChars != c.want || utf8.RuneCountInString(tt.Max) != c.want {
				t.Errorf("max %d (%q), want %d", tt.MaxChars, tt.Max, c.want)
			}
			out, err := tt.Render(full)
			if err != nil {
				t.Fatal(err)
			}
			if n := utf8.RuneCountInString(out); n > tt.MaxChars {
				t.Errorf("renders %d characters (%q), over the bound %d", n, out, tt.MaxChars)
			}
		})
	}
}

// TestTemplateRefused: what no bound can be proven for, and every action
// text/template would fail on at every call, is a finding at its place.
func TestTemplateRefused(t *testing.T) {
	doubled := `{{$a := .Cwd}}` + strings.Repeat(`{{$a = printf "%s%s" $a $a}}`, 22)
	for _, c := range []struct{ name, src, want string }{
		{"doubling past 64 MiB", doubled + "\n{{$a}}", "t.tmpl:1:610: {{printf \"%s%s\" $a $a}} can make a text of 125,829,120 bytes with the inputs at their maximum, more than the 64 MiB a template part may render; lower the maxChars and maxItems of the inputs it reads to what the harness sends, and build no variable from itself (printf \"%s%s\" $a $a doubles it) (TEMPLATE_TOO_LARGE)"},
		{"doubling 60 times does not overflow", `{{$a := .Cwd}}` + strings.Repeat(`{{$a = printf "%s%s" $a $a}}`, 60), "t.tmpl:1:610: {{printf \"%s%s\" $a $a}} can make a text of 125,829,120 bytes with the inputs at their maximum, more than the 64 MiB a template part may render; lower the maxChars and maxItems of the inputs it reads to what the harness sends, and build no variable from itself (printf \"%s%s\" $a $a doubles it) (TEMPLATE_TOO_LARGE)"},
		{"doubling never printed", doubled, "t.tmpl:1:610: {{printf \"%s%s\" $a $a}} can make a text of 125,829,120 bytes with the inputs at their maximum, more than the 64 MiB a template part may render; lower the maxChars and maxItems of the inputs it reads to what the harness sends, and build no variable from itself (printf \"%s%s\" $a $a doubles it) (TEMPLATE_TOO_LARGE)"},
		{"growing in a loop", `{{$a := ""}}{{range .ContextFiles}}` + "\n" + `  {{$a = printf "%s%s" $a .Path}}{{end}}{{$a}}`, "t.tmpl:2:5: $a is assigned inside a {{range}} printf \"%s%s\" $a .Path (a string of at most 10 characters), which can be longer than or of another type than what it holds before the loop (a string of at most 0 characters): at every item it could grow again, and promptc cannot bound that; inside a loop assign it only values like the one it is declared with, or print a separator with {{range $i, $e := ...}}{{if $i}}, {{end}}...{{end}} (TEMPLATE_TOO_LARGE)"},
		{"changing type in a loop", `{{$a := true}}{{range .ContextFiles}}{{$a = .Path}}{{end}}`, "t.tmpl:1:40: $a is assigned inside a {{range}} .ContextFiles[].Path (a string of at most 10 characters), which can be longer than or of another type than what it holds before the loop (a bool of at most 0 characters): at every item it could grow again, and promptc cannot bound that; inside a loop assign it only values like the one it is declared with, or print a separator with {{range $i, $e := ...}}{{if $i}}, {{end}}...{{end}} (TEMPLATE_TOO_LARGE)"},
		{"nested ranges past the work limit", strings.Repeat("{{range $.ContextFiles}}", 15) + "x" + strings.Repeat("{{end}}", 15), "t.tmpl:1:345: with its lists at maxItems a rendering would execute more than 4,194,304 actions, here in nested {{range}}s; lower the maxItems of the lists it ranges over, or do not nest them (TEMPLATE_TOO_LARGE)"},
		{"lt of two types", `{{if lt 1 "a"}}x{{end}}`, `t.tmpl:1:6: lt compares 1, a number, with "a", a string: text/template refuses operands of two types (incompatible types for comparison) at every call; compare values of one type (INPUT_TYPE)`},
		{"lt of a string input with a number", "a\n{{if lt .Cwd 1}}x{{end}}", `t.tmpl:2:6: lt compares .Cwd, a string, with 1, a number: text/template refuses operands of two types (incompatible types for comparison) at every call; compare values of one type (INPUT_TYPE)`},
		{"eq on lists", `{{if eq .ContextFiles .ContextFiles}}x{{end}}`, `t.tmpl:1:6: eq compares .ContextFiles, a list: text/template compares only strings, numbers and bools and would fail at every call; compare a field, len of a list, or a value of one type (INPUT_TYPE)`},
		{"lt on bools", `{{if lt .IsGitRepo true}}x{{end}}`, `t.tmpl:1:6: lt compares .IsGitRepo, a bool: text/template compares only strings and numbers and would fail at every call; compare a field, len of a list, or a value of one type (INPUT_TYPE)`},
		{"and without arguments", `{{if and}}x{{end}}`, `t.tmpl:1:6: and takes at least 1 argument, got 0: text/template would fail at every call (TEMPLATE_FUNC)`},
		{"eq with one argument", `{{if eq .Cwd}}x{{end}}`, `t.tmpl:1:6: eq takes at least 2 arguments, got 1: text/template would fail at every call (TEMPLATE_FUNC)`},
		{"ne with three", `{{if ne .Cwd "a" "b"}}x{{end}}`, `t.tmpl:1:6: ne takes 2 arguments, got 3: text/template would fail at every call (TEMPLATE_FUNC)`},
		{"not of two", `{{if not .Cwd .Cwd}}x{{end}}`, `t.tmpl:1:6: not takes 1 argument, got 2: text/template would fail at every call (TEMPLATE_FUNC)`},
		{"len of a bool", `{{len .IsGitRepo}}`, `t.tmpl:1:3: len of .IsGitRepo, a bool; len takes a list or a string (INPUT_TYPE)`},
		{"mixed and compared", `{{if eq (or .IsGitRepo .Cwd) "x"}}x{{end}}`, `t.tmpl:1:6: eq compares or .IsGitRepo .Cwd, a value of more than one type: text/template would fail at the calls where its type is not the other operand's (incompatible types for comparison); compare values of one type, or test it with if (INPUT_TYPE)`},
		{"printf %d of a string", `{{printf "%d" .Cwd}}`, `t.tmpl:1:3: printf %d of .Cwd, a string: fmt would print %!d(...) around it; use %v, or %d of a number (INPUT_TYPE)`},
		{"printf missing operand", `{{printf "%s %s" .Cwd}}`, `t.tmpl:1:3: printf format "%s %s" has more verbs than the 1 operands given: fmt would print %!s(MISSING) (TEMPLATE_FUNC)`},
		{"printf extra operand", `{{printf "%s" .Cwd .Cwd}}`, `t.tmpl:1:3: printf format "%s" has 1 verbs for 2 operands: fmt would print %!(EXTRA ...) (TEMPLATE_FUNC)`},
		{"float constant", `{{if lt (len .Cwd) 1e3}}x{{end}}`, `t.tmpl:1:20: number 1e3 is not an integer text/template holds in an int; a template part takes integer constants only (to compare with len or an index) (INPUT_TYPE)`},
		{"nil", `{{if eq .Cwd nil}}x{{end}}`, `t.tmpl:1:14: nil is not a value a template part can use; compare with "", 0 or false, or test the value itself with if (INPUT_TYPE)`},
		{"block", "a\n{{block \"x\" .}}body{{end}}", `t.tmpl:2:1: {{block "x"}} declares a second template and calls it; a template part is one template: write its text here, without block (TEMPLATE_PARSE)`},
		{"printing a mixed list", `{{or .ContextFiles .Cwd}}`, `t.tmpl:1:3: {{or .ContextFiles .Cwd}} prints or .ContextFiles .Cwd, a value of more than one type; print its fields, or range over a list (INPUT_TYPE)`},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, ds := parseTemplate("t.tmpl", c.src, testInputs())
			if len(ds) != 1 || ds[0].String() != c.want {
				t.Errorf("got %v\nwant %s", ds, c.want)
			}
		})
	}
}

// TestTemplateLiteral: the literal text keeps each text node at its
// place, trim markers applied, every other rune a space and every newline
// kept, so that positions in it are the file's.
func TestTemplateLiteral(t *testing.T) {
	src := "Dir: {{.Cwd}} é\n{{- if .IsGitRepo}} git {{- end}}\n{{/* note */}}Done 2025-06-01."
	tt, ds := parseTemplate("t.tmpl", src, testInputs())
	if len(ds) > 0 {
		t.Fatal(ds)
	}
	want := "Dir:" + strings.Repeat(" ", 10) + "é\n" + strings.Repeat(" ", 20) + "git" + strings.Repeat(" ", 10) + "\n" + strings.Repeat(" ", 14) + "Done 2025-06-01."
	if tt.Literal != want {
		t.Errorf("literal\n%q\nwant\n%q", tt.Literal, want)
	}
	if utf8.RuneCountInString(tt.Literal) != utf8.RuneCountInString(src) {
		t.Errorf("literal has %d runes, source %d", utf8.RuneCountInString(tt.Literal), utf8.RuneCountInString(src))
	}
}

// TestInputValuesUTF8: a string input or a record field that is not valid
// UTF-8 is refused, naming it and the byte.
func TestInputValuesUTF8(t *testing.T) {
	p := &Program{Config: &config.Config{Inputs: testInputs()}}
	if _, err := p.InputValues(map[string]any{"Cwd": "ab\xffc"}); err == nil || err.Error() != "input Cwd is not valid UTF-8 (at byte 2); give text" {
		t.Errorf("string: %v", err)
	}
	files := []any{map[string]any{"Path": "a", "Content": "\xc3"}}
	if _, err := p.InputValues(map[string]any{"ContextFiles": files}); err == nil || err.Error() != "input ContextFiles[0].Content is not valid UTF-8 (at byte 0); give text" {
		t.Errorf("field: %v", err)
	}
	if _, err := p.InputValues(map[string]any{"Cwd": "日本"}); err != nil {
		t.Errorf("valid: %v", err)
	}
}

// TestTemplateBound: a template's render bound is its maximum with every
// input it reads at its declared limit; none (-1) when a string or list it
// reads has no limit; its maximum when it reads only bools and enums or
// every limit equals its planning figure. The planning maximum stays what
// budgets count.
func TestTemplateBound(t *testing.T) {
	limited := func() map[string]config.Input {
		in := testInputs()
		cwd := in["Cwd"]
		cwd.LimitChars = intp(50)
		in["Cwd"] = cwd
		files := in["ContextFiles"]
		files.LimitItems = intp(4)
		files.Fields = map[string]config.Input{
			"Path":    {Name: "Path", Type: config.InputString, MaxChars: intp(10), LimitChars: intp(10)},
			"Content": {Name: "Content", Type: config.InputString, MaxChars: intp(20), LimitChars: intp(25)},
		}
		in["ContextFiles"] = files
		return in
	}
	for _, c := range []struct {
		name, src string
		inputs    map[string]config.Input
		max, want int
	}{
		{"no limit", `in {{.Cwd}}`, testInputs(), 33, -1},
		{"string at its limit", `in {{.Cwd}}`, limited(), 33, 53},
		{"list and fields at their limits", `{{range .ContextFiles}}{{.Path}}:{{.Content}};{{end}}`, limited(), 3 * 32, 4 * 37},
		{"a field without a limit", `{{range .ContextFiles}}{{.Content}}{{end}}`, func() map[string]config.Input {
			in := limited()
			files := in["ContextFiles"]
			files.Fields = map[string]config.Input{"Path": {Name: "Path", Type: config.InputString, MaxChars: intp(10), LimitChars: intp(10)}, "Content": {Name: "Content", Type: config.InputString, MaxChars: intp(20)}}
			in["ContextFiles"] = files
			return in
		}(), 60, -1},
		// A record read counts at its limits only when every string and
		// list in it, at any depth, declares one.
		{"a nested field without a limit", `{{.Config.LSP}}`, recordInputs(), 4, -1},
		{"every nested field limited at twice its plan", `{{.Config.LSP}}{{range .Config.Servers}}{{.Cmd.Path}}{{end}}`, func() map[string]config.Input {
			in := recordInputs()
			in["Config"] = doubleLimits(in["Config"])
			return in
		}(), 4 + 2*6, 8 + 4*12},
		{"bools and enums only", `{{if .IsGitRepo}}git {{end}}{{.Style}}`, testInputs(), 11, 11},
		{"an unread input without a limit", `{{.Style}}`, testInputs(), 7, 7},
	} {
		t.Run(c.name, func(t *testing.T) {
			tt, ds := parseTemplate("t.tmpl", c.src, c.inputs)
			if len(ds) > 0 {
				t.Fatalf("findings: %v", ds)
			}
			if tt.MaxChars != c.max || tt.Bound != c.want {
				t.Errorf("max %d, bound %d; want %d and %d", tt.MaxChars, tt.Bound, c.max, c.want)
			}
		})
	}
}

// doubleLimits is in with a limit at twice its planning figure on every
// string and list, its own and its fields', to any depth.
func doubleLimits(in config.Input) config.Input {
	if in.MaxChars != nil {
		in.LimitChars = intp(2 * *in.MaxChars)
	}
	if in.MaxItems != nil {
		in.LimitItems = intp(2 * *in.MaxItems)
	}
	fields := map[string]config.Input{}
	for fn, f := range in.Fields {
		fields[fn] = doubleLimits(f)
	}
	in.Fields = fields
	return in
}

// TestInputValuesNull: null is a value not given, at the top and as a
// list's item, as encoding/json leaves a Go field: its zero value, no
// error.
func TestInputValuesNull(t *testing.T) {
	p := &Program{Config: &config.Config{Inputs: testInputs()}}
	got, err := p.InputValues(map[string]any{"IsGitRepo": nil, "Cwd": nil, "Style": nil, "ContextFiles": []any{nil}})
	if err != nil {
		t.Fatalf("null values: %v", err)
	}
	if got["IsGitRepo"] != false || got["Cwd"] != "" || got["Style"] != "" {
		t.Errorf("null values = %v, want the zero values", got)
	}
	files, ok := got["ContextFiles"].([]map[string]any)
	if !ok || len(files) != 1 || files[0]["Path"] != "" || files[0]["Content"] != "" {
		t.Errorf("a null item = %#v, want one item at its zero values", got["ContextFiles"])
	}
}
