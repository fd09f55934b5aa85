package lint

import (
	"fmt"
	"strings"
	"testing"

	"github.com/promptc/promptc/internal/testproject"
)

// TestRepeatsAcrossInputs: parts whose when conditions test two different
// inputs can be sent in one prompt whatever values they list, so a
// paragraph both send is repeated; two conditions on one input that no
// value meets together never are; two conditions on one bool input that
// list no value both hold when it is true.
func TestRepeatsAcrossInputs(t *testing.T) {
	cue := func(terse, calm string) string {
		return `version: "v1"
inputs: {
	Style: {type: "enum", values: ["terse", "full"]}
	Tone: {type: "enum", values: ["calm", "terse"]}
	HasOwn: type: "bool"
}
parts: {
	base: file: "base.md"
	a: {file: "a.md", when: ` + terse + `}
	b: {file: "b.md", when: ` + calm + `}
}
modes: focus: compose: [parts.base, parts.a, parts.b]
order: ["focus"]
defaultMode: "focus"
`
	}
	for _, tc := range []struct {
		name, a, b string
		want       int
	}{
		{"two enum inputs", `{input: "Style", is: ["terse"]}`, `{input: "Tone", is: ["calm"]}`, 1},
		{"two inputs, one value name", `{input: "Style", is: ["full"]}`, `{input: "Tone", is: ["terse"]}`, 1},
		{"one input, values apart", `{input: "Style", is: ["terse"]}`, `{input: "Style", is: ["full"]}`, 0},
		{"one bool input, true for both", `{input: "HasOwn"}`, `{input: "HasOwn"}`, 1},
		{"one bool input, true and listed true", `{input: "HasOwn"}`, `{input: "HasOwn", is: [true]}`, 1},
		{"one bool input, true and false", `{input: "HasOwn"}`, `{input: "HasOwn", is: [false]}`, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := testproject.FromFiles(t, map[string]string{
				"promptc.cue": cue(tc.a, tc.b),
				"base.md":     "Base.\n",
				"a.md":        longA + "\n",
				"b.md":        longA + "\n",
			})
			l := &linter{p: p}
			var got []string
			for _, d := range l.repeats() {
				got = append(got, fmt.Sprintf("%s %s", d.Pos, d.Message))
			}
			if len(got) != tc.want {
				t.Fatalf("got %d findings, want %d:\n%s", len(got), tc.want, strings.Join(got, "\n"))
			}
			if tc.want == 1 && !strings.HasPrefix(got[0], "b.md:1:1 this paragraph") {
				t.Errorf("finding %s, want it at b.md:1:1", got[0])
			}
		})
	}
}

// TestRepeatsBySettingsAndSections: two parts on two settings repeat a
// paragraph only when a combination of values some model id reaches sends
// both; a paragraph one part holds twice is that part's own matter, and
// only another part's copy is reported.
func TestRepeatsBySettingsAndSections(t *testing.T) {
	settings := `settings: {
	Reminder: {
		values: ["short", "long"]
		default: "short"
		rules: [{value: "long", name: ["(?i)^claude"]}]
		examples: {"claude-sonnet-4": "long", "gpt-5": "short"}
	}
	Examples: {
		values: ["none", "many"]
		default: "none"
		rules: [{value: "many", name: ["(?i)^gpt"]}]
		examples: {"gpt-5": "many", "claude-sonnet-4": "none"}
	}
}
`
	cue := func(parts, compose string) string {
		return `version: "v1"
` + settings + `parts: {
` + parts + `
}
modes: focus: compose: [` + compose + `]
order: ["focus"]
defaultMode: "focus"
`
	}
	for _, tc := range []struct {
		name, parts, compose string
		files                map[string]string
		want                 []string
	}{
		{
			name: "no id reaches both settings' values",
			parts: `	long: {file: "long.md", when: {setting: "Reminder", is: ["long"]}}
	many: {file: "many.md", when: {setting: "Examples", is: ["many"]}}`,
			compose: "parts.long, parts.many",
			files:   map[string]string{"long.md": longA + "\n", "many.md": longA + "\n"},
		},
		{
			name: "gpt-5 reaches both",
			parts: `	short: {file: "short.md", when: {setting: "Reminder", is: ["short"]}}
	many: {file: "many.md", when: {setting: "Examples", is: ["many"]}}`,
			compose: "parts.short, parts.many",
			files:   map[string]string{"short.md": longA + "\n", "many.md": longA + "\n"},
			want:    []string{"many.md:1:1"},
		},
		{
			name: "one part holds it twice, another once",
			parts: `	a: file: "a.md"
	b: file: "b.md"`,
			compose: "parts.a, parts.b",
			files:   map[string]string{"a.md": longA + "\n\n" + longA + "\n", "b.md": longA + "\n"},
			want:    []string{"b.md:1:1"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			files := map[string]string{"promptc.cue": cue(tc.parts, tc.compose)}
			for k, v := range tc.files {
				files[k] = v
			}
			l := &linter{p: testproject.FromFiles(t, files)}
			var got []string
			for _, d := range l.repeats() {
				got = append(got, d.Pos.String())
			}
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("findings at %q, want %q", got, tc.want)
			}
		})
	}
}
