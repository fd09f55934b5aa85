package markdown

import (
	"fmt"
	"strings"
	"testing"
)

// hardInputs are documents that make a naive CommonMark scanner's work grow
// faster than the input: deep nesting followed by many blank or indented
// lines, long runs of reference definitions, long whitespace runs. Each
// function returns a document whose size is linear in n.
var hardInputs = []struct {
	name string
	gen  func(n int) string
}{
	{"nested items then blank lines", func(n int) string {
		return strings.Repeat("1. ", n) + "x\n" + strings.Repeat("\n", n)
	}},
	{"nested items then indented lines", func(n int) string {
		return strings.Repeat("- ", n) + "x\n" + strings.Repeat(strings.Repeat(" ", 2*n)+"y\n", 10)
	}},
	{"nested quotes then lines", func(n int) string {
		return strings.Repeat(">", n) + " x\n" + strings.Repeat(">\n", n)
	}},
	{"reference definitions", func(n int) string {
		return strings.Repeat("[b]: /v 't'\n", n) + "===\n"
	}},
	{"items of reference definitions", func(n int) string {
		return strings.Repeat("- [a]: /u\n\n", n)
	}},
	{"list markers that might be a thematic break", func(n int) string {
		return strings.Repeat("- ", n) + "x\n"
	}},
	{"bracket paragraph", func(n int) string {
		return strings.Repeat("[x\n", n) + "---\n"
	}},
	{"indented code with blank lines", func(n int) string {
		return strings.Repeat("    code\n\n", n)
	}},
	{"nested items of setext candidates", func(n int) string {
		return strings.Repeat("- ", n) + "x\n" + strings.Repeat("-\n", n)
	}},
	{"fence closing candidates", func(n int) string {
		return "````\n" + strings.Repeat("``` x\n", n) + "````\n"
	}},
}

// steps scans src and returns the scanner's operation count.
func steps(src string) int {
	var s scanner
	s.run(nil, []byte(src))
	return s.steps
}

// TestLinearWork asserts that the scanner's operation count is an exact
// affine function of n on every hard input: the work added by going from n
// to 2n equals the work added by going from 2n to 3n. Quadratic growth
// (walking the whole stack on every blank line, rescanning a line once per
// nesting level) breaks the equality at once; unlike a clock, the count
// does not depend on how busy the machine is.
func TestLinearWork(t *testing.T) {
	const n = 500
	for _, c := range hardInputs {
		s1, s2, s3 := steps(c.gen(n)), steps(c.gen(2*n)), steps(c.gen(3*n))
		if s2-s1 != s3-s2 {
			t.Errorf("%s: %d, %d, %d steps for n = %d, %d, %d: not linear", c.name, s1, s2, s3, n, 2*n, 3*n)
		}
		// The slope itself is bounded by the input: a few steps per byte.
		if bytes := len(c.gen(2*n)) - len(c.gen(n)); s2-s1 > 8*bytes {
			t.Errorf("%s: %d steps for %d more bytes", c.name, s2-s1, bytes)
		}
	}
}

// BenchmarkScanHard times Scan on the hard inputs at two sizes; the time
// per byte should not grow with the size.
func BenchmarkScanHard(b *testing.B) {
	for _, c := range hardInputs {
		for _, n := range []int{2000, 20000} {
			src := []byte(c.gen(n))
			b.Run(fmt.Sprintf("%s/n=%d", c.name, n), func(b *testing.B) {
				b.ReportAllocs()
				b.SetBytes(int64(len(src)))
				for b.Loop() {
					Scan(src)
				}
			})
		}
	}
}
