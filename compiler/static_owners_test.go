package compiler_test

import (
	"fmt"
	"strings"
	"testing"
)

// staticProject has n parts that all send shared.md, whose text holds a
// date; the mode sends them all.
func staticProject(n int) map[string]string {
	var parts, refs []string
	for i := 1; i <= n; i++ {
		parts = append(parts, fmt.Sprintf("\tp%d: file: \"shared.md\"", i))
		refs = append(refs, fmt.Sprintf("parts.p%d", i))
	}
	return map[string]string{
		"promptc.cue": "version: \"v1\"\nparts: {\n" + strings.Join(parts, "\n") + "\n}\nmodes: focus: compose: [" + strings.Join(refs, ", ") + "]\norder: [\"focus\"]\ndefaultMode: \"focus\"\n",
		"shared.md":   "Released on 2024-05-01.\n",
	}
}

// TestStaticFindingNamesItsSenders: text sent by several parts is reported
// once, naming up to three of them and counting the rest.
func TestStaticFindingNamesItsSenders(t *testing.T) {
	const tail = `: "2024-05-01" changes between calls and breaks provider caching; if it is an example (a sample path or date), put it in backticks or above its paragraph write <!-- promptc:ignore STATIC_DYNAMIC reason -->; if it is the value of each call, move it to a slot or a run-time input the harness fills at call time`
	for _, tc := range []struct {
		n    int
		sent string
	}{
		{1, "part p1"},
		{3, "part p1, part p2, part p3"},
		{4, "part p1, part p2, part p3 and 1 more"},
		{5, "part p1, part p2, part p3 and 2 more"},
	} {
		got := findingsOf(t, staticProject(tc.n), "STATIC_DYNAMIC")
		checkFindings(t, got, []string{"shared.md:1:13 a date in static text (" + tc.sent + ")" + tail})
	}
}
