package compiler_test

import "testing"

// TestModeBudgetNamesTheInputs: a mode budget over only for the largest
// inputs names them: the when input's value that sends the larger part and
// each template choice at its larger branch. intro 6, coder "Dir: " + 12
// + " (git)" 23, long 10, a separator of 2 each: 43.
func TestModeBudgetNamesTheInputs(t *testing.T) {
	files := func(chars string) map[string]string {
		return map[string]string{
			"promptc.cue": `version: "v1"
inputs: {
	IsGitRepo: {type: "bool", stable: true}
	Dir: {type: "string", maxChars: 12, stable: true}
	Style: {type: "enum", values: ["short", "long"]}
}
parts: {
	intro: file: "intro.md"
	coder: template: "coder.tmpl"
	short: {file: "short.md", when: {input: "Style", is: ["short"]}}
	long: {file: "long.md", when: {input: "Style", is: ["long"]}}
}
modes: focus: {compose: [parts.intro, parts.coder, parts.short, parts.long], budget: {chars: ` + chars + `, warnAt: 1}}
order: ["focus"]
defaultMode: "focus"
`,
			"intro.md":   "Intro.\n",
			"coder.tmpl": "Dir: {{.Dir}}{{if .IsGitRepo}} (git){{end}}",
			"short.md":   "Short.\n",
			"long.md":    "Long text.\n",
		}
	}
	checkFindings(t, budgetFindings(t, files("43")), nil)
	got := budgetFindings(t, files("42"))
	want := `promptc.cue:13:78 mode focus over budget for family neutral, when Style "long"; inputs at their maximum: in coder.tmpl {{if .IsGitRepo}} (line 1) true: 43 characters, ceiling 42, over by 1; the largest part is coder (23)`
	checkFindings(t, got, []string{want})
}

// TestModeBudgetNamesConditionalParts: a mode that sends conditional
// parts is measured with all of them, and a finding names them.
func TestModeBudgetNamesConditionalParts(t *testing.T) {
	files := func(chars string) map[string]string {
		return map[string]string{
			"promptc.cue": `version: "v1"
parts: {
	base: file: "base.md"
	patch: {file: "patch.md", models: ["^gpt-"]}
	think: {file: "think.md", models: ["^o[0-9]"]}
}
modes: focus: {compose: [parts.base, parts.patch, parts.think], budget: {chars: ` + chars + `, warnAt: 1}}
order: ["focus"]
defaultMode: "focus"
`,
			"base.md":  "Base.\n",
			"patch.md": "Patch.\n",
			"think.md": "Think.\n",
		}
	}
	// 5 + 2 + 6 + 2 + 6 = 21.
	checkFindings(t, budgetFindings(t, files("21")), nil)
	checkFindings(t, budgetFindings(t, files("20")), []string{
		`promptc.cue:7:65 mode focus over budget for family neutral, with conditional parts patch, think: 21 characters, ceiling 20, over by 1; the largest part is patch (6)`,
	})
}
