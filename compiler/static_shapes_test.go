package compiler_test

import (
	"strings"
	"testing"
)

// TestStaticShapesAtTheirEdges: the edges of the shapes the static-text
// scan reports, each on a line of its own: a time of day up to 23:59 and
// not 24:00, ending at white space or punctuation and not inside a word;
// an example tag is <example> or <examples> with attributes after white
// space, not a longer word; a model id starts at a word boundary; a
// counter has a total (2/5, 2 of 5) or is of the session, conversation,
// chat, run or task.
func TestStaticShapesAtTheirEdges(t *testing.T) {
	for _, tc := range []struct {
		text string
		want string // the match reported, "" for none
	}{
		{"Meet at 23:59 sharp.", `a time of day in static text (part base): "23:59"`},
		{"Meet at 24:00 sharp.", ""},
		{"Meet at 20:00.", `a time of day in static text (part base): "20:00"`},
		{"Ratio 10:30x here.", ""},
		{"Meet (10:30) here.", `a time of day in static text (part base): "10:30"`},
		{"<example-list>\nReleased 2024-05-01.\n</example-list>", `a date in static text (part base): "2024-05-01"`},
		{"<example kind=\"x\">\nReleased 2024-05-01.\n</example>", ""},
		{"<EXAMPLES>\nReleased 2024-05-01.\n</EXAMPLES>", ""},
		{"Use gpt-4.1 now.", `a model id in static text (part base): "gpt-4.1"`},
		{"Use my_gpt-4.1 now.", ""},
		{"Use xgpt-4.1 now.", ""},
		{"This is call 3 of the session.", `a counter in static text (part base): "call 3 of the session"`},
		{"This is Turn 12 of this conversation.", `a counter in static text (part base): "Turn 12 of this conversation"`},
		{"Step 2/5 done.", `a counter in static text (part base): "Step 2/5"`},
		{"Call 3 of them now.", ""},
		{"This is call 3 of the sessions.", ""},
	} {
		got := findingsOf(t, map[string]string{
			"promptc.cue": `version: "v1"
parts: base: file: "base.md"
families: rules: [{family: "x", name: ["^gpt-"]}]
modes: focus: compose: [parts.base]
order: ["focus"]
defaultMode: "focus"
`,
			"base.md": tc.text + "\n",
		}, "STATIC_DYNAMIC")
		var msgs []string
		for _, g := range got {
			_, msg, _ := strings.Cut(g, " ")
			msg, _, _ = strings.Cut(msg, " changes between calls")
			msgs = append(msgs, msg)
		}
		if want := []string{tc.want}; tc.want == "" && len(msgs) != 0 || tc.want != "" && strings.Join(msgs, "\n") != strings.Join(want, "\n") {
			t.Errorf("%q: findings %q, want %q", tc.text, msgs, tc.want)
		}
	}
}
