package compiler

import (
	"strings"
	"testing"

	"github.com/promptc/promptc/internal/config"
)

// TestTemplateMaxTextBoundary: a template part may make a text of exactly
// MaxText bytes with its inputs at their maximum; one byte more is refused
// where it is made.
func TestTemplateMaxTextBoundary(t *testing.T) {
	for _, tc := range []struct {
		chars int
		want  string
	}{
		{MaxText, ""},
		{MaxText + 1, "t.tmpl:1:3: {{.Big}} can make a text of 67,108,865 bytes with the inputs at their maximum, more than the 64 MiB a template part may render; lower the maxChars and maxItems of the inputs it reads to what the harness sends, and build no variable from itself (printf \"%s%s\" $a $a doubles it) (TEMPLATE_TOO_LARGE)"},
	} {
		in := map[string]config.Input{"Big": {Name: "Big", Type: config.InputString, MaxChars: intp(tc.chars)}}
		tt, ds := parseTemplate("t.tmpl", "{{.Big}}", in)
		var got []string
		for _, d := range ds {
			got = append(got, d.String())
		}
		if strings.Join(got, "\n") != tc.want {
			t.Errorf("maxChars %d: findings %q, want %q", tc.chars, got, tc.want)
		}
		if tc.want == "" && tt.MaxChars != MaxText {
			t.Errorf("maxChars %d: maximum %d, want %d", tc.chars, tt.MaxChars, MaxText)
		}
	}
}

// TestTemplateRangeIndexDigits: the index of a range over at most n items
// is at most n-1, printed with its digits: ten items print one digit each.
func TestTemplateRangeIndexDigits(t *testing.T) {
	for _, tc := range []struct {
		items, want int
	}{
		{1, 1},   // 0
		{10, 10}, // 0..9
		{11, 22}, // 10 prints two digits: the bound takes two for each
	} {
		in := map[string]config.Input{"L": {Name: "L", Type: config.InputList, MaxItems: intp(tc.items), Fields: map[string]config.Input{"P": {Name: "P", Type: config.InputString, MaxChars: intp(1)}}}}
		tt, ds := parseTemplate("t.tmpl", "{{range $i, $e := .L}}{{$i}}{{end}}", in)
		if len(ds) > 0 {
			t.Fatal(ds)
		}
		if tt.MaxChars != tc.want {
			t.Errorf("%d items: maximum %d, want %d", tc.items, tt.MaxChars, tc.want)
		}
	}
}

// TestTemplateChoicesOnTies: when both branches of a condition, or a
// range's items and its else, are as long, the maximum takes the branch
// that holds (true, the items).
func TestTemplateChoicesOnTies(t *testing.T) {
	src := "{{if .IsGitRepo}}ab{{else}}cd{{end}}\n{{range .ContextFiles}}{{else}}{{end}}"
	tt, ds := parseTemplate("t.tmpl", src, testInputs())
	if len(ds) > 0 {
		t.Fatal(ds)
	}
	want := []string{"{{if .IsGitRepo}} (line 1) true", "{{range .ContextFiles}} (line 2) at 3 items"}
	if strings.Join(tt.Choices, "|") != strings.Join(want, "|") {
		t.Errorf("choices %q, want %q", tt.Choices, want)
	}
}

// TestTemplateComparisonsAccepted: what text/template compares without
// failing is accepted: eq and ne of bools, an enum with another string
// input (whose value promptc cannot know), an enum with one of its values.
func TestTemplateComparisonsAccepted(t *testing.T) {
	for _, src := range []string{
		`{{if eq .IsGitRepo true}}x{{end}}`,
		`{{if ne .IsGitRepo true}}x{{end}}`,
		`{{if ne .IsGitRepo false}}x{{end}}`,
		`{{if eq .Style .Cwd}}x{{end}}`,
		`{{if ne .Cwd .Style}}x{{end}}`,
		`{{if eq .Style "caveman"}}x{{end}}`,
		`{{if ne "plain" .Style}}x{{end}}`,
		`{{if eq .Style "plain" "caveman"}}x{{end}}`,
	} {
		if _, ds := parseTemplate("t.tmpl", src, testInputs()); len(ds) > 0 {
			t.Errorf("%s: unexpected findings %v", src, ds)
		}
	}
}

// TestTemplateFindingAtALineStart: a finding at the first character of a
// line (an action may span lines) is on that line, column 1.
func TestTemplateFindingAtALineStart(t *testing.T) {
	_, ds := parseTemplate("t.tmpl", "ab\n{{printf \"%s\"\n.Nope}}", testInputs())
	if len(ds) != 1 || ds[0].Pos.Line != 3 || ds[0].Pos.Col != 1 || ds[0].Rule != RuleInputUndeclared {
		t.Errorf("findings %v, want .Nope undeclared at t.tmpl:3:1", ds)
	}
}

// TestTemplateIntegerConstants: integer constants in every form
// text/template reads as an int are accepted and printed as it prints
// them; floats are refused.
func TestTemplateIntegerConstants(t *testing.T) {
	for src, want := range map[string]int{
		"{{0x1E}}": 2, "{{0X1E}}": 2, "{{0x1e}}": 2, "{{-0X1F}}": 3, "{{'a'}}": 2, "{{1_000}}": 4, "{{0o17}}": 2,
	} {
		tt, ds := parseTemplate("t.tmpl", src, testInputs())
		if len(ds) > 0 || tt.MaxChars != want {
			t.Errorf("%s: findings %v, maximum %d; want none and %d", src, ds, tt.MaxChars, want)
		}
	}
	for _, src := range []string{"{{1e3}}", "{{1.0}}", "{{0x1p4}}"} {
		if _, ds := parseTemplate("t.tmpl", src, testInputs()); len(ds) != 1 || ds[0].Rule != RuleInputType {
			t.Errorf("%s: findings %v, want the number refused", src, ds)
		}
	}
}
