package compiler_test

import (
	"strings"
	"testing"
)

// notePlaceholderProject has one part, base, whose text holds
// {{modelName}}: "Model: {{modelName}}." is 8 characters around the value.
// The value is "gpt" (3) for family x without a note, "GPT-Large" (9) for
// its note Large, "y-model" (7) for family y, and "a model" (7) elsewhere.
// budget is spliced into promptc.cue.
func notePlaceholderProject(budget string) map[string]string {
	return map[string]string{
		"promptc.cue": `version: "v1"
parts: {
	base: file: "base.md"
	line: family: "line"
}
placeholders: modelName: {
	value: "a model"
	family: {x: "gpt", y: "y-model"}
	note: Large: "GPT-Large"
}
families: rules: [{family: "x", name: ["^x"]}, {family: "y", name: ["^y"]}]
` + budget + `
order: ["focus"]
defaultMode: "focus"
`,
		"base.md":                      "Model: {{modelName}}.\n",
		"prompts/families/x.prompt.md": "Line x.\n\n<!-- model \"Large\" /l/ -->\nlarge\n\n<!-- model \"Small\" /s/ -->\nsmall\n",
		"prompts/families/y.prompt.md": "Line y.\n",
	}
}

// TestModeBudgetNoteValuedPlaceholder: a mode that sends no note part
// still varies with the note when a placeholder's value does; the note
// whose value makes the text longest is measured and named, at the
// ceiling (nothing) and one under it.
func TestModeBudgetNoteValuedPlaceholder(t *testing.T) {
	// The longest text is family x with note Large: 8 + 9 = 17.
	checkFindings(t, budgetFindings(t, notePlaceholderProject(`modes: focus: {compose: [parts.base], budget: {chars: 17, warnAt: 1}}`)), nil)
	checkFindings(t, budgetFindings(t, notePlaceholderProject(`modes: focus: {compose: [parts.base], budget: {chars: 16, warnAt: 1}}`)), []string{
		`promptc.cue:12:39 mode focus over budget for family x, note "Large": 17 characters, ceiling 16, over by 1`,
	})
	// Family y's and the fallback's 15 characters are the next largest.
	got := budgetFindings(t, notePlaceholderProject(`modes: focus: {compose: [parts.base], budget: {chars: 14, warnAt: 1}}`))
	want := []string{
		`promptc.cue:12:39 mode focus over budget for family neutral: 15 characters, ceiling 14, over by 1`,
		`promptc.cue:12:39 mode focus over budget for family x, note "Large": 17 characters, ceiling 14, over by 3`,
		`promptc.cue:12:39 mode focus over budget for family y: 15 characters, ceiling 14, over by 1`,
	}
	checkFindings(t, got, want)
}

// TestPartBudgetNoteValuedPlaceholder: a fixed part with a placeholder is
// measured per family and note, like a family part.
func TestPartBudgetNoteValuedPlaceholder(t *testing.T) {
	files := notePlaceholderProject(`modes: focus: compose: [parts.base]`)
	files["promptc.cue"] = strings.Replace(files["promptc.cue"], `base: file: "base.md"`, `base: {file: "base.md", budget: {chars: 16, warnAt: 1}}`, 1)
	checkFindings(t, budgetFindings(t, files), []string{
		`promptc.cue:3:26 part base over budget for family x, note "Large": 17 characters, ceiling 16, over by 1`,
	})
}

// TestSumBudgetNoteValuedPlaceholder: a sum budget over a fixed part with
// a placeholder counts, for each family, the note whose value makes the
// sum largest, and names it; a family without notes counts its own value.
func TestSumBudgetNoteValuedPlaceholder(t *testing.T) {
	files := func(chars string) map[string]string {
		return notePlaceholderProject(`modes: focus: compose: [parts.base, parts.line]
budgets: both: {sum: [parts.base, parts.line], chars: ` + chars + `, warnAt: 1}`)
	}
	// x with Large: 17 + "Line x." 7 = 24; y: 15 + 7 = 22; neutral: 15.
	checkFindings(t, budgetFindings(t, files("24")), nil)
	checkFindings(t, budgetFindings(t, files("23")), []string{
		`promptc.cue:13:10 budget both over budget for family x, note "Large": 24 characters, ceiling 23, over by 1; the largest part is base (17)`,
	})
	checkFindings(t, budgetFindings(t, files("21")), []string{
		`promptc.cue:13:10 budget both over budget for family x, note "Large": 24 characters, ceiling 21, over by 3; the largest part is base (17)`,
		`promptc.cue:13:10 budget both over budget for family y: 22 characters, ceiling 21, over by 1; the largest part is base (15)`,
	})
}

// TestSumBudgetNotePartAndPlaceholder: with both a note part and a
// placeholder that follows the note, the sum is measured for one note at
// a time: the note part's text and the placeholder's value of the same
// note.
func TestSumBudgetNotePartAndPlaceholder(t *testing.T) {
	files := notePlaceholderProject(`modes: focus: compose: [parts.base, parts.note]
budgets: both: {sum: [parts.base, parts.note], chars: 21, warnAt: 1}`)
	files["promptc.cue"] = strings.Replace(files["promptc.cue"], `line: family: "line"`, `note: family: "note"`, 1)
	// x: Large 17 + "large" 5 = 22; Small "Model: gpt." 11 + 5 = 16; no
	// note 11 + 0. Never Large's text with another note's value.
	checkFindings(t, budgetFindings(t, files), []string{
		`promptc.cue:13:10 budget both over budget for family x, note "Large": 22 characters, ceiling 21, over by 1; the largest part is base (17)`,
	})
	files["promptc.cue"] = strings.Replace(files["promptc.cue"], `chars: 21`, `chars: 22`, 1)
	checkFindings(t, budgetFindings(t, files), nil)
}

// TestSumBudgetPlaceholderTies: when two notes (or no note and a note)
// make the same largest sum, the first of them is named: no note before
// the notes, the notes in their order.
func TestSumBudgetPlaceholderTies(t *testing.T) {
	for _, tc := range []struct {
		name, values, want string
	}{
		{"two notes", `note: {Large: "GPT-Large", Small: "GPT-Small"}`,
			`promptc.cue:13:10 budget both over budget for family x, note "Large": 24 characters, ceiling 23, over by 1; the largest part is base (17)`},
		{"no note and a note", `family: {x: "GPT-Large", y: "y-model"}`,
			`promptc.cue:13:10 budget both over budget for family x: 24 characters, ceiling 23, over by 1; the largest part is base (17)`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			files := notePlaceholderProject(`modes: focus: compose: [parts.base, parts.line]
budgets: both: {sum: [parts.base, parts.line], chars: 23, warnAt: 1}`)
			cue := files["promptc.cue"]
			if tc.name == "two notes" {
				cue = strings.Replace(cue, `note: Large: "GPT-Large"`, tc.values, 1)
			} else {
				cue = strings.Replace(cue, `family: {x: "gpt", y: "y-model"}`, tc.values, 1)
			}
			files["promptc.cue"] = cue
			checkFindings(t, budgetFindings(t, files), []string{tc.want})
		})
	}
}

// TestSumBudgetNeverMixesNotes: with a placeholder in a summed part, the
// sum with no note counts the note part as empty, not at its longest
// note: the long value without a note never meets the long note's text.
func TestSumBudgetNeverMixesNotes(t *testing.T) {
	files := map[string]string{
		"promptc.cue": `version: "v1"
parts: {
	base: file: "base.md"
	note: family: "note"
}
placeholders: modelName: {
	value: "a model"
	family: x: "XXXXXXXXXX"
	note: Large: "L"
}
families: rules: [{family: "x", name: ["^x"]}]
modes: focus: compose: [parts.base, parts.note]
budgets: both: {sum: [parts.base, parts.note], chars: 19, warnAt: 1}
order: ["focus"]
defaultMode: "focus"
`,
		"base.md":                      "Model: {{modelName}}.\n",
		"prompts/families/x.prompt.md": "Line x.\n\n<!-- model \"Large\" /l/ -->\nlarge\n\n<!-- model \"Small\" /s/ -->\ns\n",
	}
	// No note 18 + 0; Large 9 + 5; Small 18 + 1 = 19, at the ceiling.
	checkFindings(t, budgetFindings(t, files), nil)
	files["promptc.cue"] = strings.Replace(files["promptc.cue"], "chars: 19", "chars: 18", 1)
	checkFindings(t, budgetFindings(t, files), []string{
		`promptc.cue:13:10 budget both over budget for family x, note "Small": 19 characters, ceiling 18, over by 1; the largest part is base (18)`,
	})
}

// TestSumBudgetWithoutANotePart: a sum of parts that are not note parts
// names no note, even for a family with notes.
func TestSumBudgetWithoutANotePart(t *testing.T) {
	files := sumProject("le", "14")
	files["promptc.cue"] = strings.Replace(files["promptc.cue"], "sum: [parts.core, parts.note]", "sum: [parts.core, parts.line]", 1)
	// core 8 + "Line x." or "Line y." 7 = 15.
	checkFindings(t, budgetFindings(t, files), []string{
		`promptc.cue:8:10 budget both over budget for family x: 15 characters, ceiling 14, over by 1; the largest part is core (8)`,
		`promptc.cue:8:10 budget both over budget for family y: 15 characters, ceiling 14, over by 1; the largest part is core (8)`,
	})
}

// settingPlaceholderProject has one part, base, "Lazy: {{lazy}}." (7
// characters around the value), {{lazy}} valued by setting Lazy: "YES"
// for yes, which example id y1 reaches, "" for no (the default) and
// "MAXIMUM" for max, which no example id reaches. budget is spliced into
// promptc.cue.
func settingPlaceholderProject(budget string) map[string]string {
	return map[string]string{
		"promptc.cue": `version: "v1"
parts: base: file: "base.md"
settings: Lazy: {
	values: ["no", "yes", "max"]
	default: "no"
	rules: [{value: "yes", name: ["^y"]}, {value: "max", name: ["^z"]}]
	examples: {"y1": "yes"}
}
placeholders: lazy: {
	setting: {name: "Lazy", values: {yes: "YES", max: "MAXIMUM"}}
	value: ""
}
` + budget + `
order: ["focus"]
defaultMode: "focus"
`,
		"base.md": "Lazy: {{lazy}}.\n",
	}
}

// TestModeBudgetSettingValuedPlaceholder: a mode budget counts a
// placeholder valued per setting at the values model ids reach: yes (10
// characters) passes a ceiling of 10, though max, which no id reaches,
// would make 14; a ceiling of 9 is over for yes, named with the id that
// reaches it.
func TestModeBudgetSettingValuedPlaceholder(t *testing.T) {
	checkFindings(t, budgetFindings(t, settingPlaceholderProject(`modes: focus: {compose: [parts.base], budget: {chars: 10, warnAt: 1}}`)), nil)
	checkFindings(t, budgetFindings(t, settingPlaceholderProject(`modes: focus: {compose: [parts.base], budget: {chars: 9, warnAt: 1}}`)), []string{
		`promptc.cue:13:39 mode focus over budget for family neutral, when setting Lazy "yes" (reached by y1): 10 characters, ceiling 9, over by 1`,
	})
}
