package compiler_test

import (
	"strings"
	"testing"

	"github.com/promptc/promptc/internal/testproject"
)

// findingsOfRule renders the findings of rule of the project of files, one per line, as build prints
// them.
func findingsOfRule(t *testing.T, files map[string]string, rule string) string {
	t.Helper()
	var b strings.Builder
	for _, d := range testproject.FromFiles(t, files).Diagnostics() {
		if d.Rule == rule {
			b.WriteString(d.String() + "\n")
		}
	}
	return b.String()
}

// carryProject is a project with a custom mode and two modes that send
// the parts of extra (CUE entries of parts) after base; custom is the
// rest of its custom: entry.
func carryProject(extra, compose, custom string) map[string]string {
	return map[string]string{
		"promptc.cue": `version: "v1"
inputs: Style: {type: "enum", values: ["plain", "terse"]}
settings: Reasoning: {values: ["low", "high"], default: "low", rules: [{value: "high", name: ["(?i)think"]}]}
parts: {
	base: file: "base.md"
	boundary: file: "boundary.md"
` + extra + `
}
modes: {
	a: compose: [parts.base` + compose + `]
	b: compose: [parts.base` + compose + `]
}
order: ["a", "b"]
defaultMode: "a"
custom: {file: ".app/custom.md", fallback: parts.boundary` + custom + `}
`,
		"base.md": "Base.\n", "boundary.md": "Boundary.\n", "terse.md": "Be terse.\n", "tone.md": "Warm tone.\n",
		"deep.md": "Think deeply.\n", "spare.md": "Spare.\n",
	}
}

// Without custom.carry, only a part every mode sends under a run-time
// input is reported: one chosen by a setting or sent always follows no
// user choice. The parts are named in one sentence.
func TestCustomCarryUndeclared(t *testing.T) {
	for _, tc := range []struct{ what, extra, compose, want string }{
		{"one part under an input",
			`terse: {file: "terse.md", when: {input: "Style", is: ["terse"]}}`, `, parts.terse`,
			"promptc.cue:15:1: every mode sends terse, chosen by a run-time input, but the custom mode does not: list the parts under custom.carry to send them after the user's text too, or write custom.carry: [] to keep the custom mode to the user's text (CUSTOM_CARRY_UNDECLARED)\n"},
		{"two parts under inputs",
			`terse: {file: "terse.md", when: {input: "Style", is: ["terse"]}}
	tone: {file: "tone.md", when: {input: "Style", is: ["plain"]}}`, `, parts.terse, parts.tone`,
			"promptc.cue:16:1: every mode sends terse and tone, chosen by a run-time input,"},
		{"three parts under inputs",
			`terse: {file: "terse.md", when: {input: "Style", is: ["terse"]}}
	tone: {file: "tone.md", when: {input: "Style", is: ["plain"]}}
	deep: {file: "deep.md", when: {input: "Style", is: ["plain"]}}`, `, parts.terse, parts.tone, parts.deep`,
			"promptc.cue:17:1: every mode sends deep, terse and tone, chosen by a run-time input,"},
		{"a part under a setting", `deep: {file: "deep.md", when: {setting: "Reasoning", is: ["high"]}}`, `, parts.deep`, ""},
		{"a part sent always", `spare: file: "spare.md"`, `, parts.spare`, ""},
	} {
		got := findingsOfRule(t, carryProject(tc.extra, tc.compose, ""), "CUSTOM_CARRY_UNDECLARED")
		if tc.want == "" && got != "" || tc.want != "" && !strings.HasPrefix(got, tc.want) || strings.Count(got, "\n") > 1 {
			t.Errorf("%s:\n%s\nwant\n%s", tc.what, got, tc.want)
		}
	}
}

// custom.carry: each entry is checked on its own; a part listed twice is
// an error at its second entry, a part some mode does not send is one
// naming those modes, a part no mode sends is none.
func TestCustomCarryEntries(t *testing.T) {
	files := carryProject(`terse: {file: "terse.md", when: {input: "Style", is: ["terse"]}}
	spare: file: "spare.md"`, `, parts.terse`, `, carry: [parts.terse, parts.terse, parts.spare]`)
	if got, want := findingsOfRule(t, files, "CUSTOM_CARRY"), "promptc.cue:16:81: custom.carry lists terse twice; list it once (CUSTOM_CARRY)\n"; got != want {
		t.Errorf("twice, and a part no mode sends:\n%s\nwant\n%s", got, want)
	}
	files["promptc.cue"] = strings.Replace(files["promptc.cue"], "b: compose: [parts.base, parts.terse]", "b: compose: [parts.base]", 1)
	files["promptc.cue"] = strings.Replace(files["promptc.cue"], "order: [\"a\", \"b\"]", "order: [\"b\", \"a\"]", 1)
	files["promptc.cue"] = strings.Replace(files["promptc.cue"], "carry: [parts.terse, parts.terse, parts.spare]", "carry: [parts.terse]", 1)
	if got, want := findingsOfRule(t, files, "CUSTOM_CARRY"), "promptc.cue:16:68: custom.carry lists terse, which mode b does not send: the custom mode carries only what every mode sends; add it to those modes or remove it here (CUSTOM_CARRY)\n"; got != want {
		t.Errorf("a part one mode does not send:\n%s\nwant\n%s", got, want)
	}
}
