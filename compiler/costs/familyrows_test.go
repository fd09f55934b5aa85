package costs_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/promptc/promptc/compiler/costs"
	"github.com/promptc/promptc/internal/testproject"
)

// TestTableFamilyRowsByPlaceholder: a mode that sends no family part is
// one row for every family only when every family's text counts the same;
// a placeholder's per-family value makes it a row per family, even when
// the texts differ in characters only.
func TestTableFamilyRowsByPlaceholder(t *testing.T) {
	p := testproject.FromFiles(t, map[string]string{
		"promptc.cue": `version: "v1"
parts: {
	a: file: "a.md"
	line: family: "line"
}
placeholders: who: {value: "abcd", family: x: "abc"}
families: rules: [{family: "x", name: ["^x"]}]
modes: {
	plain: compose: [parts.a]
	fam: compose: [parts.a, parts.line]
}
order: ["plain"]
defaultMode: "plain"
`,
		"a.md":                         "Hi {{who}}.\n",
		"prompts/families/x.prompt.md": "Line of x.\n",
	})
	var got []string
	for _, r := range costs.Table(p) {
		// No run-time input: the typical figures are the maximum's, and
		// are not given apart.
		if r.TypicalTokens != nil || r.TypicalPrefixTokens != nil {
			t.Errorf("%s/%s: typical figures %v %v given, want none without run-time inputs", r.Mode, r.Family, r.TypicalTokens, r.TypicalPrefixTokens)
		}
		if r.Mode == "plain" {
			got = append(got, fmt.Sprintf("%s %d %d", r.Family, r.Tokens, r.Chars))
		}
	}
	// "Hi abcd." and "Hi abc.": 8 and 7 characters, 2 tokens each.
	if want := []string{"neutral 2 8", "x 2 7"}; !slices.Equal(got, want) {
		t.Errorf("plain's rows %q, want %q", got, want)
	}
}
