package compiler_test

import (
	"strings"
	"testing"

	"github.com/promptc/promptc/internal/testproject"
)

// budgetFindings returns the messages of the budget findings, sorted.
func budgetFindings(t *testing.T, files map[string]string) []string {
	t.Helper()
	p := testproject.FromFiles(t, files)
	var out []string
	for _, d := range p.Diagnostics() {
		if d.Rule == "BUDGET_OVER" || d.Rule == "BUDGET_NEAR" {
			out = append(out, d.Pos.String()+" "+d.Message)
		}
	}
	return out
}

func checkFindings(t *testing.T, got, want []string) {
	t.Helper()
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestModeBudgetCountsTheWireFormat checks a mode's size in characters:
// its non-empty sections plus a separator between each two and the final
// newline, at the ceiling (no finding) and one over; an empty section
// adds no separator.
func TestModeBudgetCountsTheWireFormat(t *testing.T) {
	files := func(budget, extra string) map[string]string {
		return map[string]string{
			"promptc.cue": `version: "v1"
parts: {
	a: file: "a.md"
	b: file: "b.md"
	e: file: "e.md"
}
modes: focus: {compose: [parts.a, parts.e, parts.b], ` + extra + `budget: {chars: ` + budget + `, warnAt: 1}}
order: ["focus"]
defaultMode: "focus"
`,
			"a.md": "aaaaaaaaaa\n", // 10
			"b.md": "bbbbb\n",      // 5
			"e.md": "<!-- promptc:ignore TEXT_TAB only a directive -->\n",
		}
	}
	// 10 + "\n\n" + 5 = 17.
	checkFindings(t, budgetFindings(t, files("17", "")), nil)
	checkFindings(t, budgetFindings(t, files("16", "")), []string{
		"promptc.cue:7:54 mode focus over budget for family neutral: 17 characters, ceiling 16, over by 1; the largest part is a (10)",
	})
	// A three-character separator and a final newline: 10 + 3 + 5 + 1.
	checkFindings(t, budgetFindings(t, files("18", `separator: "\n-\n", finalNewline: true, `)), []string{
		"promptc.cue:7:94 mode focus over budget for family neutral: 19 characters, ceiling 18, over by 1; the largest part is a (10)",
	})
}

// TestModeTokenBudgetCountsTheJoinedText checks that a token budget counts
// the mode's whole text, separators included, as one text: tokens do not
// add up like characters.
func TestModeTokenBudgetCountsTheJoinedText(t *testing.T) {
	got := budgetFindings(t, map[string]string{
		"promptc.cue": `version: "v1"
parts: {
	a: file: "a.md"
	b: file: "b.md"
}
modes: focus: {compose: [parts.a, parts.b], budget: {tokens: 2, warnAt: 1}}
order: ["focus"]
defaultMode: "focus"
`,
		"a.md": "aaaa\n", // 1 token alone
		"b.md": "bbbb\n", // 1 token alone
	})
	// "aaaa\n\nbbbb" is 10 characters: 3 tokens (chars/4).
	checkFindings(t, got, []string{
		"promptc.cue:6:45 mode focus over budget for family neutral: 3 tokens (chars/4), ceiling 2, over by 1; the largest part is a (1)",
	})
}

// TestModeBudgetUnitsKeptApart checks that a part measured for a token
// budget is not taken for its size in characters by a mode with a
// character budget, and the other way round.
func TestModeBudgetUnitsKeptApart(t *testing.T) {
	got := budgetFindings(t, map[string]string{
		"promptc.cue": `version: "v1"
parts: a: file: "a.md"
modes: {
	tok: {compose: [parts.a], budget: {tokens: 2, warnAt: 1}}
	chr: {compose: [parts.a], budget: {chars: 8, warnAt: 1}}
}
order: ["tok", "chr"]
defaultMode: "tok"
`,
		"a.md": "aaaaaaaaaaaa\n", // 12 characters, 3 tokens (chars/4)
	})
	checkFindings(t, got, []string{
		"promptc.cue:4:28 mode tok over budget for family neutral: 3 tokens (chars/4), ceiling 2, over by 1",
		"promptc.cue:5:28 mode chr over budget for family neutral: 12 characters, ceiling 8, over by 4",
	})
}

// sumProject has a sum budget over a fixed part and the family note; x's
// longest note is 12 characters, y's 6; core is 8.
func sumProject(compare, chars string) map[string]string {
	return map[string]string{
		"promptc.cue": `version: "v1"
parts: {
	core: file: "core.md"
	note: family: "note"
	line: family: "line"
}
families: rules: [{family: "x", name: ["^x"]}, {family: "y", name: ["^y"]}]
budgets: both: {sum: [parts.core, parts.note], compare: "` + compare + `", chars: ` + chars + `, warnAt: 1}
modes: focus: compose: [parts.core, parts.line, parts.note]
order: ["focus"]
defaultMode: "focus"
`,
		"core.md":                      "cccccccc\n",
		"prompts/families/x.prompt.md": "Line x.\n\n<!-- model \"Short\" /s/ -->\nshort\n\n<!-- model \"Long\" /l/ -->\nlong long ab\n",
		"prompts/families/y.prompt.md": "Line y.\n\n<!-- model \"Only\" /o/ -->\nyyyyyy\n",
	}
}

// TestSumBudgetCompare checks a sum budget with each comparison just
// below, at and above its ceiling, for each family's longest note.
func TestSumBudgetCompare(t *testing.T) {
	tests := []struct {
		compare, chars string
		want           []string
	}{
		// x: 8 + 12 = 20; y: 8 + 6 = 14.
		{"le", "21", nil},
		{"le", "20", nil},
		{"le", "19", []string{
			`promptc.cue:8:10 budget both over budget for family x, longest note "Long": 20 characters, ceiling 19, over by 1; the largest part is note (12)`}},
		{"lt", "21", nil},
		{"lt", "20", []string{
			`promptc.cue:8:10 budget both over budget for family x, longest note "Long": 20 characters, must be under 20, over by 1; the largest part is note (12)`}},
		{"lt", "14", []string{
			`promptc.cue:8:10 budget both over budget for family x, longest note "Long": 20 characters, must be under 14, over by 7; the largest part is note (12)`,
			`promptc.cue:8:10 budget both over budget for family y, longest note "Only": 14 characters, must be under 14, over by 1; the largest part is core (8)`}},
	}
	for _, tc := range tests {
		t.Run(tc.compare+" "+tc.chars, func(t *testing.T) {
			checkFindings(t, budgetFindings(t, sumProject(tc.compare, tc.chars)), tc.want)
		})
	}
}

// TestPartBudgets checks a part's budget for each kind of part: a fixed
// part once for every family, a family part per family, a note part per
// note (never "no note"), each at, and one over, its ceiling.
func TestPartBudgets(t *testing.T) {
	project := func(core, line, note string) map[string]string {
		files := sumProject("le", "100")
		files["promptc.cue"] = strings.Replace(files["promptc.cue"], `parts: {
	core: file: "core.md"
	note: family: "note"
	line: family: "line"
}`, `parts: {
	core: {file: "core.md", budget: {chars: `+core+`, warnAt: 1}}
	note: {family: "note", budget: {chars: `+note+`, warnAt: 1}}
	line: {family: "line", budget: {chars: `+line+`, warnAt: 1}}
}`, 1)
		return files
	}
	// core 8; lines "Line x." and "Line y." 7; notes short 5, long 12, only 6.
	checkFindings(t, budgetFindings(t, project("8", "7", "12")), nil)
	checkFindings(t, budgetFindings(t, project("7", "6", "11")), []string{
		`promptc.cue:3:26 part core over budget for every family: 8 characters, ceiling 7, over by 1`,
		`promptc.cue:4:25 part note over budget for family x, note "Long": 12 characters, ceiling 11, over by 1`,
		`promptc.cue:5:25 part line over budget for family x: 7 characters, ceiling 6, over by 1`,
		`promptc.cue:5:25 part line over budget for family y: 7 characters, ceiling 6, over by 1`,
	})
	// A family's first note (index 0) is named too.
	checkFindings(t, budgetFindings(t, project("8", "7", "5")), []string{
		`promptc.cue:4:25 part note over budget for family x, note "Long": 12 characters, ceiling 5, over by 7`,
		`promptc.cue:4:25 part note over budget for family y, note "Only": 6 characters, ceiling 5, over by 1`,
	})
}
