package markdown

import (
	"strings"
	"testing"
	"time"
)

// TestLinearTime guards against inputs that make the scanner's work grow
// faster than the input: deep nesting followed by many blank or indented
// lines, long runs of reference definitions, long whitespace runs.
func TestLinearTime(t *testing.T) {
	if testing.Short() {
		t.Skip("timing test")
	}
	defer func(v bool) { checkBlankStop = v }(checkBlankStop)
	checkBlankStop = false // the check itself walks the stack
	cases := map[string]func(n int) string{
		"nested items then blank lines": func(n int) string {
			return strings.Repeat("1. ", n) + "x\n" + strings.Repeat("\n", n)
		},
		"nested items then indented lines": func(n int) string {
			return strings.Repeat("- ", n) + "x\n" + strings.Repeat(strings.Repeat(" ", 2*n)+"y\n", 10)
		},
		"nested quotes then lines": func(n int) string {
			return strings.Repeat(">", n) + " x\n" + strings.Repeat(">\n", n)
		},
		"reference definitions": func(n int) string {
			return strings.Repeat("[b]: /v 't'\n", n) + "===\n"
		},
		"items of reference definitions": func(n int) string {
			return strings.Repeat("- [a]: /u\n\n", n)
		},
		"list markers that might be a thematic break": func(n int) string {
			return strings.Repeat("- ", n) + "x\n"
		},
		"bracket paragraph": func(n int) string {
			return strings.Repeat("[x\n", n) + "---\n"
		},
	}
	for name, gen := range cases {
		small, big := gen(2000), gen(20000)
		ts := timeScan(small)
		tb := timeScan(big)
		// Ten times the input may take ten times as long; allow slack for
		// a busy machine, not for quadratic growth (a hundred times).
		if tb > 40*ts && tb > 20*time.Millisecond {
			t.Errorf("%s: %d bytes took %v, %d bytes took %v", name, len(small), ts, len(big), tb)
		}
	}
}

func timeScan(src string) time.Duration {
	b := []byte(src)
	best := time.Duration(1 << 62)
	for range 3 {
		start := time.Now()
		Scan(b)
		best = min(best, time.Since(start))
	}
	return best
}
