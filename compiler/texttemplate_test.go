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
		"ContextFiles": {Name: "ContextFiles", Type: config.InputList, MaxItems: intp(3), Fields: map[string]config.Field{
			"Path": {Name: "Path", MaxChars: 10}, "Content": {Name: "Content", MaxChars: 20}}},
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
		{"undeclared input", "ab\n  {{.IsGit}}", "t.tmpl:2:5: .IsGit is not a declared input (declared: ContextFiles, Cwd, IsGitRepo, Style); declare inputs.IsGit in promptc.cue or fix the name (INPUT_UNDECLARED)"},
		{"undeclared record field", "{{range .ContextFiles}}{{.Name}}{{end}}", "t.tmpl:1:26: .ContextFiles[].Name is not a field of the records of input ContextFiles (fields: Content, Path); declare inputs.ContextFiles.fields.Name or fix the name (INPUT_UNDECLARED)"},
		{"root field inside range", "{{range .ContextFiles}}{{.Cwd}}{{end}}", "t.tmpl:1:26: .ContextFiles[].Cwd is not a field of the records of input ContextFiles (fields: Content, Path); declare inputs.ContextFiles.fields.Cwd or fix the name (INPUT_UNDECLARED)"},
		{"dollar reaches the inputs inside range", "{{range .ContextFiles}}{{$.Cwd}}{{$.Nope}}{{end}}", "t.tmpl:1:36: .Nope is not a declared input (declared: ContextFiles, Cwd, IsGitRepo, Style); declare inputs.Nope in promptc.cue or fix the name (INPUT_UNDECLARED)"},
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
