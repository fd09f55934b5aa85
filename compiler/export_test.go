package compiler

import "regexp"

// DynamicPattern exposes a dynamic-text pattern to the external tests.
type DynamicPattern struct {
	What string
	// Cheap is the test that rules a text out before Re runs.
	Cheap func(string) bool
	Re    *regexp.Regexp
	// Need holds bytes of which a reported match contains one ("" for
	// any match).
	Need string
}

// DynamicPatternsForTest returns the dynamic-text patterns.
func DynamicPatternsForTest() []DynamicPattern {
	var out []DynamicPattern
	for _, dp := range dynamicPatterns {
		out = append(out, DynamicPattern{dp.what, dp.cheap, dp.re(), dp.need})
		_ = dp.keep
	}
	return out
}

// ToolMention exposes toolMention to the external tests.
var ToolMention = toolMention
