package textdiff

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestUnifiedExact(t *testing.T) {
	a := "one\ntwo\nthree\nfour\nfive\nsix\nseven\neight\nnine\nten\n"
	b := "one\ntwo\nthree\nfour\nFIVE\nsix\nseven\neight\nnine\nten\neleven\n"
	want := `--- a/x
+++ b/x
@@ -2,9 +2,10 @@
 two
 three
 four
-five
+FIVE
 six
 seven
 eight
 nine
 ten
+eleven
`
	if got := string(Unified("a/x", []byte(a), "b/x", []byte(b))); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if Unified("a", []byte(a), "b", []byte(a)) != nil {
		t.Error("equal texts give a diff")
	}
}

func TestUnifiedSeparateHunksAndEdges(t *testing.T) {
	var a, b []string
	for i := range 30 {
		a = append(a, string(rune('a'+i%26))+"\n")
	}
	b = append([]string(nil), a...)
	b[0] = "first\n"
	b[29] = "last"
	got := string(Unified("a", []byte(strings.Join(a, "")), "b", []byte(strings.Join(b, ""))))
	want := `--- a
+++ b
@@ -1,4 +1,4 @@
-a
+first
 b
 c
 d
@@ -27,4 +27,4 @@
 a
 b
 c
-d
+last
\ No newline at end of file
`
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	// From nothing, and to nothing.
	if got := string(Unified("a", nil, "b", []byte("x\ny\n"))); got != "--- a\n+++ b\n@@ -0,0 +1,2 @@\n+x\n+y\n" {
		t.Errorf("from empty: %q", got)
	}
	if got := string(Unified("a", []byte("x\n"), "b", nil)); got != "--- a\n+++ b\n@@ -1 +0,0 @@\n-x\n" {
		t.Errorf("to empty: %q", got)
	}
}

// TestDiffIsMinimalAndApplies checks on random texts over a small alphabet
// (many repeated lines, where heuristic diffs go wrong) that the edit
// script turns a into b and changes exactly as many lines as the shortest
// script does (len(a)+len(b)-2*LCS).
func TestDiffIsMinimalAndApplies(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	gen := func() []string {
		n := r.IntN(40)
		out := make([]string, n)
		for i := range out {
			out[i] = string(rune('a'+r.IntN(4))) + "\n"
		}
		return out
	}
	for range 500 {
		a, b := gen(), gen()
		ops, ok := lines(strings.Join(a, ""), strings.Join(b, ""))
		if !ok {
			t.Fatal("a few lines could not be numbered")
		}
		var gotA, gotB []string
		changed := 0
		for _, o := range ops {
			if o.kind != '+' {
				gotA = append(gotA, o.line)
			}
			if o.kind != '-' {
				gotB = append(gotB, o.line)
			}
			if o.kind != ' ' {
				changed++
			}
		}
		if strings.Join(gotA, "") != strings.Join(a, "") || strings.Join(gotB, "") != strings.Join(b, "") {
			t.Fatalf("the script does not rebuild both sides:\na=%q\nb=%q", a, b)
		}
		if want := len(a) + len(b) - 2*lcs(a, b); changed != want {
			t.Fatalf("%d lines changed, the minimum is %d:\na=%q\nb=%q", changed, want, a, b)
		}
	}
}

func lcs(a, b []string) int {
	dp := make([][]int, len(a)+1)
	for i := range dp {
		dp[i] = make([]int, len(b)+1)
	}
	for i := len(a) - 1; i >= 0; i-- {
		for j := len(b) - 1; j >= 0; j-- {
			if a[i] == b[j] {
				dp[i][j] = dp[i+1][j+1] + 1
			} else {
				dp[i][j] = max(dp[i+1][j], dp[i][j+1])
			}
		}
	}
	return dp[0][0]
}

// TestHunksMergeAcrossTwiceTheContext: changes separated by up to
// 2*Context unchanged lines share a hunk, as in diff(1); one more line
// splits them.
func TestHunksMergeAcrossTwiceTheContext(t *testing.T) {
	for _, tc := range []struct{ gap, hunks int }{{2 * Context, 1}, {2*Context + 1, 2}} {
		a := "x\n" + strings.Repeat("same\n", tc.gap) + "y\n"
		b := "X\n" + strings.Repeat("same\n", tc.gap) + "Y\n"
		got := strings.Count(string(Unified("a", []byte(a), "b", []byte(b))), "\n@@ ")
		if got != tc.hunks {
			t.Errorf("gap %d: %d hunks, want %d", tc.gap, got, tc.hunks)
		}
	}
}

// TestManyDistinctLines: texts with more distinct lines than there are
// code points below the surrogates (a generated file of a large project)
// give the one-line hunk of their one change, with the right line numbers
// and text on both sides of the surrogate range.
func TestManyDistinctLines(t *testing.T) {
	var a strings.Builder
	const n = 120_000
	for i := range n {
		fmt.Fprintf(&a, "line %d\n", i)
	}
	for _, changed := range []int{100, 0xD800 + 5, 0xE000 + 5, n - 1} {
		old := fmt.Sprintf("line %d\n", changed)
		b := strings.Replace(a.String(), old, "edited\n", 1)
		got := string(Unified("a", []byte(a.String()), "b", []byte(b)))
		var want strings.Builder
		fmt.Fprintf(&want, "--- a\n+++ b\n@@ -%d,%d +%d,%d @@\n", changed-2, min(7, n-changed+3), changed-2, min(7, n-changed+3))
		for i := changed - 3; i <= min(changed+3, n-1); i++ {
			if i == changed {
				fmt.Fprintf(&want, "-line %d\n+edited\n", i)
				continue
			}
			fmt.Fprintf(&want, " line %d\n", i)
		}
		if got != want.String() {
			t.Errorf("change at line %d:\n%s\nwant:\n%s", changed+1, got, want.String())
		}
	}
}

// TestCodePointsSkipSurrogates: every line number maps to a valid rune
// and back, around the surrogate range and at the limit.
func TestCodePointsSkipSurrogates(t *testing.T) {
	for _, i := range []int{0, 0xD7FF, 0xD800, 0xD801, 0xDFFF, maxLines - 1} {
		r := codePoint(i)
		if !utf8.ValidRune(r) || index(r) != i {
			t.Errorf("line %d: rune %U, back %d", i, r, index(r))
		}
	}
	if utf8.ValidRune(codePoint(maxLines)) {
		t.Errorf("maxLines = %d leaves code points unused", maxLines)
	}
}
