package compiler

import (
	"reflect"
	"testing"

	"github.com/promptc/promptc/compiler/family"
	"github.com/promptc/promptc/compiler/include"
	"github.com/promptc/promptc/internal/config"
	"github.com/promptc/promptc/internal/diag"
)

// fixedCounter counts every text as n tokens (0 for ""), so that a test
// can tell a token budget from a character budget.
type fixedCounter struct{ n int }

func (c fixedCounter) Name() string { return "fixed" }
func (c fixedCounter) Count(text string) int {
	if text == "" {
		return 0
	}
	return c.n
}
func (c fixedCounter) Exact() bool { return false }

// TestJudge checks each comparison of judge just below, at and above its
// boundary: the ceiling (inclusive, or strict with under), the unit the
// ceiling is read from, and the warning level (none at warnAt 1).
func TestJudge(t *testing.T) {
	chars := func(n int, warn float64) config.Limit { return config.Limit{Chars: n, WarnAt: warn} }
	tests := []struct {
		name       string
		lim        config.Limit
		under      bool
		size       int
		over, near bool
	}{
		{"below the ceiling, below the warning", chars(100, 0.9), false, 89, false, false},
		{"at the warning", chars(100, 0.9), false, 90, false, true},
		{"above the warning", chars(100, 0.9), false, 91, false, true},
		{"just below the ceiling", chars(100, 0.9), false, 99, false, true},
		{"at the ceiling", chars(100, 0.9), false, 100, false, true},
		{"above the ceiling", chars(100, 0.9), false, 101, true, true},
		{"strict: just below", chars(100, 0.9), true, 99, false, true},
		{"strict: at the ceiling", chars(100, 0.9), true, 100, true, true},
		{"strict: above", chars(100, 0.9), true, 101, true, true},
		{"warnAt 1 never warns at the ceiling", chars(100, 1), false, 100, false, false},
		{"warnAt 1 never warns below", chars(100, 1), false, 99, false, false},
		{"warnAt 1 over", chars(100, 1), false, 101, true, false},
		{"warnAt just under 1", chars(100, 0.99), false, 99, false, true},
		{"warnAt just under 1, below", chars(100, 0.99), false, 98, false, false},
		{"empty text under a chars ceiling", chars(100, 0.9), false, 0, false, false},
		// warnAt times the ceiling is a little above the size that
		// reaches it in floating point (0.55*100 is 55.00000000000001).
		{"at a warning 0.55 of 100", chars(100, 0.55), false, 55, false, true},
		{"below a warning 0.55 of 100", chars(100, 0.55), false, 54, false, false},
		{"at a warning 0.07 of 100", chars(100, 0.07), false, 7, false, true},
		{"at a warning 0.28 of 25", chars(25, 0.28), false, 7, false, true},
		{"below a warning 0.28 of 25", chars(25, 0.28), false, 6, false, false},
		{"tokens: the ceiling is Tokens", config.Limit{Tokens: 10, WarnAt: 0.5}, false, 11, true, true},
		{"tokens: at the ceiling", config.Limit{Tokens: 10, WarnAt: 0.5}, false, 10, false, true},
		{"tokens: below the warning", config.Limit{Tokens: 10, WarnAt: 0.5}, false, 4, false, false},
		{"tokens: at the warning", config.Limit{Tokens: 10, WarnAt: 0.5}, false, 5, false, true},
		// With both set (the schema refuses it), tokens win: the chars
		// ceiling is not the one compared.
		{"tokens win over chars", config.Limit{Chars: 1000, Tokens: 10, WarnAt: 1}, false, 11, true, false},
		{"chars when tokens is 0", config.Limit{Chars: 10, Tokens: 0, WarnAt: 1}, false, 10, false, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			over, near := judge(tc.lim, tc.under, tc.size)
			if over != tc.over || near != tc.near {
				t.Errorf("judge(%+v, under=%v, %d) = over %v, near %v; want over %v, near %v",
					tc.lim, tc.under, tc.size, over, near, tc.over, tc.near)
			}
		})
	}
}

// TestMeasureAndUnit checks that a chars budget counts code points (not
// bytes) and a tokens budget asks the program's counter.
func TestMeasureAndUnit(t *testing.T) {
	p := &Program{Counter: fixedCounter{7}}
	tests := []struct {
		lim  config.Limit
		text string
		size int
		unit string
	}{
		{config.Limit{Chars: 10}, "héllo", 5, "characters"},
		{config.Limit{Chars: 10}, "", 0, "characters"},
		{config.Limit{Chars: 10}, "a", 1, "characters"},
		{config.Limit{Tokens: 10}, "héllo", 7, "tokens (fixed)"},
		{config.Limit{Tokens: 1}, "a", 7, "tokens (fixed)"},
	}
	for _, tc := range tests {
		if got := p.Measure(tc.lim, tc.text); got != tc.size {
			t.Errorf("Measure(%+v, %q) = %d, want %d", tc.lim, tc.text, got, tc.size)
		}
		if got := p.unit(tc.lim); got != tc.unit {
			t.Errorf("unit(%+v) = %q, want %q", tc.lim, got, tc.unit)
		}
	}
}

// TestVerdict checks the wording of each finding: how far over (by one
// more under a strict ceiling), the percentage of a warning, the largest
// part blamed only among several (ties to the first), the related
// position only where the part has a file, and the profile and
// permission set named first.
func TestVerdict(t *testing.T) {
	pos := diag.Position{Path: "promptc.cue", Line: 3, Col: 2}
	at := func() diag.Position { return pos }
	combo := func() string { return "family claude" }
	a := diag.Position{Path: "a.md", Line: 1, Col: 1}
	b := diag.Position{Path: "b.md", Line: 1, Col: 1}
	lim := config.Limit{Chars: 100, WarnAt: 0.9}
	tests := []struct {
		name                string
		profile, permission string
		lim                 config.Limit
		under               bool
		size                int
		parts               []contribution
		want                *diag.Diagnostic
	}{
		{name: "below the warning: nothing", lim: lim, size: 89},
		{
			name: "at the warning", lim: lim, size: 90, parts: []contribution{{"core", 0, a}},
			want: &diag.Diagnostic{Pos: pos, Rule: RuleBudgetNear, Severity: diag.Warning,
				Message: "mode focus near its budget for family claude: 90 characters, ceiling 100 (90%)",
				Related: []diag.Related{{Pos: a, Message: "part core"}}},
		},
		{
			name: "percentage rounds down", lim: lim, size: 99,
			want: &diag.Diagnostic{Pos: pos, Rule: RuleBudgetNear, Severity: diag.Warning,
				Message: "mode focus near its budget for family claude: 99 characters, ceiling 100 (99%)"},
		},
		{
			name: "over by one", lim: lim, size: 101,
			want: &diag.Diagnostic{Pos: pos, Rule: RuleBudgetOver, Severity: diag.Error,
				Message: "mode focus over budget for family claude: 101 characters, ceiling 100, over by 1"},
		},
		{
			name: "strict ceiling reached", lim: lim, under: true, size: 100,
			want: &diag.Diagnostic{Pos: pos, Rule: RuleBudgetOver, Severity: diag.Error,
				Message: "mode focus over budget for family claude: 100 characters, must be under 100, over by 1"},
		},
		{
			name: "strict ceiling passed", lim: lim, under: true, size: 1234,
			want: &diag.Diagnostic{Pos: pos, Rule: RuleBudgetOver, Severity: diag.Error,
				Message: "mode focus over budget for family claude: 1,234 characters, must be under 100, over by 1,135"},
		},
		{
			name: "tokens", lim: config.Limit{Tokens: 50, WarnAt: 1}, size: 60,
			want: &diag.Diagnostic{Pos: pos, Rule: RuleBudgetOver, Severity: diag.Error,
				Message: "mode focus over budget for family claude: 60 tokens (fixed), ceiling 50, over by 10"},
		},
		{
			name: "largest of several is blamed", lim: lim, size: 150,
			parts: []contribution{{"a", 40, a}, {"b", 110, b}},
			want: &diag.Diagnostic{Pos: pos, Rule: RuleBudgetOver, Severity: diag.Error,
				Message: "mode focus over budget for family claude: 150 characters, ceiling 100, over by 50; the largest part is b (110)",
				Related: []diag.Related{{Pos: b, Message: "largest part b, 110"}}},
		},
		{
			name: "a tie blames the first", lim: lim, size: 150,
			parts: []contribution{{"a", 75, a}, {"b", 75, b}},
			want: &diag.Diagnostic{Pos: pos, Rule: RuleBudgetOver, Severity: diag.Error,
				Message: "mode focus over budget for family claude: 150 characters, ceiling 100, over by 50; the largest part is a (75)",
				Related: []diag.Related{{Pos: a, Message: "largest part a, 75"}}},
		},
		{
			name: "a largest part without a file has no related position", lim: lim, size: 150,
			parts: []contribution{{"a", 40, a}, {"gen", 110, diag.Position{}}},
			want: &diag.Diagnostic{Pos: pos, Rule: RuleBudgetOver, Severity: diag.Error,
				Message: "mode focus over budget for family claude: 150 characters, ceiling 100, over by 50; the largest part is gen (110)"},
		},
		{
			name: "profile and permission set", profile: "compact", permission: "readOnly", lim: lim, size: 101,
			want: &diag.Diagnostic{Pos: pos, Rule: RuleBudgetOver, Severity: diag.Error,
				Message: "mode focus over budget for profile compact, permission set readOnly, family claude: 101 characters, ceiling 100, over by 1"},
		},
		{
			name: "permission set alone", permission: "readOnly", lim: lim, size: 101,
			want: &diag.Diagnostic{Pos: pos, Rule: RuleBudgetOver, Severity: diag.Error,
				Message: "mode focus over budget for permission set readOnly, family claude: 101 characters, ceiling 100, over by 1"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := &Program{Counter: fixedCounter{1}, profile: tc.profile, permission: tc.permission}
			got := p.verdict(at, "mode focus", combo, tc.lim, tc.under, tc.size, tc.parts)
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("verdict:\n got %+v\nwant %+v", got, tc.want)
			}
		})
	}
}

// note returns a model note whose text is text.
func note(label, text string) family.Note {
	return family.Note{Label: label, Section: family.Section{Spans: []include.Span{{Text: text}}}}
}

// TestLongestNoteIn checks that the longest note is measured in the
// budget's unit, ties broken by characters and then by the earlier note.
func TestLongestNoteIn(t *testing.T) {
	chars := config.Limit{Chars: 100}
	tokens := config.Limit{Tokens: 100}
	tests := []struct {
		name  string
		lim   config.Limit
		notes []family.Note
		want  int
	}{
		{"no notes", chars, nil, NoNote},
		{"one empty note", chars, []family.Note{note("a", "")}, 0},
		{"the longer later", chars, []family.Note{note("a", "xx"), note("b", "xxx")}, 1},
		{"the longer first", chars, []family.Note{note("a", "xxx"), note("b", "xx")}, 0},
		{"a tie keeps the first", chars, []family.Note{note("a", "xx"), note("b", "yy")}, 0},
		{"tokens tie, more characters later", tokens, []family.Note{note("a", "xx"), note("b", "xxx")}, 1},
		{"tokens tie, more characters first", tokens, []family.Note{note("a", "xxx"), note("b", "xx")}, 0},
		{"tokens and characters tie", tokens, []family.Note{note("a", "xx"), note("b", "yy")}, 0},
		{"tokens: empty loses to any text", tokens, []family.Note{note("a", ""), note("b", "x")}, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := &Program{Counter: fixedCounter{3}}
			if got := p.longestNoteIn(tc.lim, &family.Family{Notes: tc.notes}); got != tc.want {
				t.Errorf("longestNoteIn = %d, want %d", got, tc.want)
			}
		})
	}
}

// TestPartBudget checks where a part's ceiling comes from: its own budget,
// the guide's for the generated guide, and none otherwise.
func TestPartBudget(t *testing.T) {
	own := &config.Limit{Chars: 10, WarnAt: 1}
	guide := &config.Limit{Chars: 20, WarnAt: 1}
	tests := []struct {
		name  string
		part  config.Part
		guide *config.Guide
		want  config.Limit
		ok    bool
	}{
		{"own budget", config.Part{Budget: own}, nil, *own, true},
		{"own budget wins over the guide's", config.Part{Generated: "guide", Budget: own}, &config.Guide{Budget: guide}, *own, true},
		{"guide part takes guide.budget", config.Part{Generated: "guide"}, &config.Guide{Budget: guide}, *guide, true},
		{"guide part without guide.budget", config.Part{Generated: "guide"}, &config.Guide{}, config.Limit{}, false},
		{"guide part without a guide", config.Part{Generated: "guide"}, nil, config.Limit{}, false},
		{"another generated part ignores guide.budget", config.Part{Generated: "tools"}, &config.Guide{Budget: guide}, config.Limit{}, false},
		{"a file part without a budget", config.Part{File: "a.md"}, &config.Guide{Budget: guide}, config.Limit{}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := &Program{Config: &config.Config{Guide: tc.guide}}
			got, ok := p.partBudget(tc.part)
			if got != tc.want || ok != tc.ok {
				t.Errorf("partBudget = %+v, %v; want %+v, %v", got, ok, tc.want, tc.ok)
			}
		})
	}
}
