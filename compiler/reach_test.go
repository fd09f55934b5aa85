package compiler_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/promptc/promptc/compiler"
	"github.com/promptc/promptc/internal/testproject"
)

// reachProject has two settings whose rules give four combinations: the
// defaults (llama-3 names them), claude's, gpt's and mistral's, which
// only families.examples names.
const reachProject = `version: "v1"
settings: {
	Reminder: {
		values: ["short", "long"]
		default: "short"
		rules: [{value: "long", name: ["(?i)^claude", "(?i)^mistral"]}]
		examples: {"claude-sonnet-4": "long"}
	}
	Examples: {
		values: ["none", "many"]
		default: "none"
		rules: [{value: "many", name: ["(?i)^gpt", "(?i)^mistral"]}]
		examples: {"gpt-5": "many", "llama-3": "none"}
	}
}
families: examples: {"mistral-large": "neutral"}
inputs: Style: {type: "enum", values: ["terse", "full"]}
parts: {
	base: file: "base.md"
	short: {file: "short.md", when: {setting: "Reminder", is: ["short"]}}
	long: {file: "long.md", when: {setting: "Reminder", is: ["long"]}}
	examples: {file: "examples.md", when: {setting: "Examples", is: ["many"]}}
	terse: {file: "terse.md", when: {input: "Style", is: ["terse"]}}
}
modes: {
	focus: compose: [parts.base, parts.short, parts.long, parts.examples, parts.terse]
	plain: compose: [parts.base, parts.terse]
}
order: ["focus", "plain"]
defaultMode: "focus"
`

func reachFiles(cue string) map[string]string {
	return map[string]string{
		"promptc.cue": cue,
		"base.md":     "Base.\n",
		"short.md":    "Short.\n",
		"long.md":     "Long.\n",
		"examples.md": "Examples.\n",
		"terse.md":    "Terse.\n",
	}
}

// combos writes combinations as "Examples=..,Reminder=..[ids]", one a line.
func combos(cs []compiler.SettingCombo, names []string) string {
	var b strings.Builder
	for _, c := range cs {
		var vals []string
		for _, n := range names {
			vals = append(vals, n+"="+c.Values[n])
		}
		if len(c.Values) != len(names) {
			vals = append(vals, fmt.Sprintf("(%d values)", len(c.Values)))
		}
		fmt.Fprintf(&b, "%s%v\n", strings.Join(vals, ","), c.IDs)
	}
	return b.String()
}

// TestSettingCombos: the defaults first, with the ids that get them; then
// every combination an example id reaches (of the settings' examples and
// of families.examples alike), once, ordered by its values in the order of
// the names, with its ids sorted.
func TestSettingCombos(t *testing.T) {
	p := testproject.FromFiles(t, reachFiles(reachProject))
	names := []string{"Examples", "Reminder"}
	got := combos(p.SettingCombos(names), names)
	want := `Examples=none,Reminder=short[llama-3]
Examples=many,Reminder=long[mistral-large]
Examples=many,Reminder=short[gpt-5]
Examples=none,Reminder=long[claude-sonnet-4]
`
	if got != want {
		t.Errorf("SettingCombos(Examples, Reminder):\n%s\nwant:\n%s", got, want)
	}
	// One setting: its values, the combinations of the other merged.
	got = combos(p.SettingCombos([]string{"Reminder"}), []string{"Reminder"})
	want = `Reminder=short[gpt-5 llama-3]
Reminder=long[claude-sonnet-4 mistral-large]
`
	if got != want {
		t.Errorf("SettingCombos(Reminder):\n%s\nwant:\n%s", got, want)
	}
	// No names: one combination, with no values and no ids.
	if cs := p.SettingCombos(nil); len(cs) != 1 || len(cs[0].Values) != 0 || len(cs[0].IDs) != 0 {
		t.Errorf("SettingCombos(nil) = %+v, want one empty combination", cs)
	}
}

// TestSettingCombosKeepsValuesApart: two combinations whose values run
// together alike ("a"+"bc", "ab"+"c") are two.
func TestSettingCombosKeepsValuesApart(t *testing.T) {
	p := testproject.FromFiles(t, map[string]string{
		"promptc.cue": `version: "v1"
settings: {
	X: {values: ["a", "ab"], default: "a", rules: [{value: "ab", name: ["^p"]}], examples: {"p-1": "ab"}}
	Y: {values: ["bc", "c"], default: "bc", rules: [{value: "c", name: ["^p"]}], examples: {"p-1": "c"}}
}
parts: {
	x: {file: "x.md", when: {setting: "X", is: ["ab"]}}
	y: {file: "y.md", when: {setting: "Y", is: ["c"]}}
}
modes: focus: compose: [parts.x, parts.y]
order: ["focus"]
defaultMode: "focus"
`,
		"x.md": "X.\n",
		"y.md": "Y.\n",
	})
	names := []string{"X", "Y"}
	got := combos(p.SettingCombos(names), names)
	want := "X=a,Y=bc[]\nX=ab,Y=c[p-1]\n"
	if got != want {
		t.Errorf("SettingCombos(X, Y):\n%s\nwant:\n%s", got, want)
	}
}

func TestSettingComboReached(t *testing.T) {
	for _, tc := range []struct {
		ids  []string
		want string
	}{
		{nil, "the defaults: an id no setting rule claims"},
		{[]string{"a"}, "reached by a"},
		{[]string{"a", "b", "c", "d"}, "reached by a, b, c, d"},
		{[]string{"a", "b", "c", "d", "e"}, "reached by a, b, c, d, ..."},
	} {
		if got := (compiler.SettingCombo{IDs: tc.ids}).Reached(); got != tc.want {
			t.Errorf("Reached(%q) = %q, want %q", tc.ids, got, tc.want)
		}
	}
}

// TestSettingsTested: the settings a mode's parts' when conditions test,
// sorted, each once; inputs are not settings.
func TestSettingsTested(t *testing.T) {
	p := testproject.FromFiles(t, reachFiles(reachProject))
	for mode, want := range map[string]string{"focus": "Examples,Reminder", "plain": ""} {
		m, err := p.Mode(mode)
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Join(p.SettingsTested(m), ","); got != want {
			t.Errorf("SettingsTested(%s) = %q, want %q", mode, got, want)
		}
	}
}
