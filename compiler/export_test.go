package compiler

import "regexp"

// DynamicPattern exposes a dynamic-text pattern to the external tests.
type DynamicPattern struct {
	What string
	May  func(string) bool
	Re   *regexp.Regexp
}

// DynamicPatternsForTest returns the dynamic-text patterns.
func DynamicPatternsForTest() []DynamicPattern {
	var out []DynamicPattern
	for _, dp := range dynamicPatterns {
		out = append(out, DynamicPattern{dp.what, dp.may, dp.re()})
		_ = dp.keep
	}
	return out
}
