package compiler_test

import "testing"

// TestStaticModelIDOnlyWhenClaimed: a dashed word with a digit in static
// text is a model id only when a family rule claims it by name; other
// such words (foo-2, a version) are text.
func TestStaticModelIDOnlyWhenClaimed(t *testing.T) {
	got := findingsOf(t, map[string]string{
		"promptc.cue": `version: "v1"
parts: base: file: "base.md"
families: rules: [{family: "x", name: ["^gpt-"]}]
modes: focus: compose: [parts.base]
order: ["focus"]
defaultMode: "focus"
`,
		"base.md": "Use gpt-4.1 here, and foo-2 there.\n",
	}, "STATIC_DYNAMIC")
	checkFindings(t, got, []string{
		`base.md:1:5 a model id in static text (part base): "gpt-4.1" changes between calls and breaks provider caching; if it is an example (a sample path or date), put it in backticks or above its paragraph write <!-- promptc:ignore STATIC_DYNAMIC reason -->; if it is the value of each call, move it to a slot or a run-time input the harness fills at call time`,
	})
}
