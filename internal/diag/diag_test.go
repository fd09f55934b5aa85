package diag

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// findings returns n findings of rule in path on lines 1..n, each with
// severity sev except the last, which has last.
func findings(path, rule string, n int, sev, last Severity) []Diagnostic {
	var ds []Diagnostic
	for i := 1; i <= n; i++ {
		s := sev
		if i == n {
			s = last
		}
		ds = append(ds, Diagnostic{Pos: Position{Path: path, Line: i, Col: 1}, Rule: rule, Severity: s, Message: fmt.Sprintf("finding %d", i)})
	}
	return ds
}

func TestCap(t *testing.T) {
	var ds []Diagnostic
	ds = append(ds, findings("a.md", "TRAIL", 25, Warning, Error)...) // 5 over, the last an error
	ds = append(ds, findings("a.md", "SECRET", 3, Error, Error)...)   // under
	ds = append(ds, findings("b.md", "TRAIL", 21, Info, Warning)...)  // one over
	ds = append(ds, findings("c.md", "TRAIL", 20, Info, Info)...)     // exactly at the cap
	ds = Sort(ds)
	before := slices.Clone(ds)
	got := Cap(ds, 20)
	if !slices.EqualFunc(ds, before, func(a, b Diagnostic) bool { return Compare(a, b) == 0 }) {
		t.Fatal("Cap modified its input")
	}
	count := map[string]int{}
	var summaries []string
	for _, d := range got {
		count[d.Pos.Path+" "+d.Rule]++
		if strings.Contains(d.Message, "not shown") {
			summaries = append(summaries, d.Pos.String()+" "+d.Severity.String()+" "+d.Rule+" "+d.Message)
		}
	}
	want := map[string]int{"a.md TRAIL": 21, "a.md SECRET": 3, "b.md TRAIL": 21, "c.md TRAIL": 20}
	for k, n := range want {
		if count[k] != n {
			t.Errorf("%s: %d findings, want %d", k, count[k], n)
		}
	}
	wantSummaries := []string{
		"a.md:21:1 error TRAIL 5 more TRAIL findings in this file are not shown (only the first 20 of each rule in each file are); fix these, or suppress the rule for the file, and run again",
		"b.md:21:1 warning TRAIL 1 more TRAIL finding in this file is not shown (only the first 20 of each rule in each file are); fix these, or suppress the rule for the file, and run again",
	}
	if !slices.Equal(summaries, wantSummaries) {
		t.Errorf("summaries:\n%s\nwant:\n%s", strings.Join(summaries, "\n"), strings.Join(wantSummaries, "\n"))
	}
	// The first 20 kept are the first 20 in order.
	for _, d := range got {
		if d.Pos.Path == "a.md" && d.Rule == "TRAIL" && d.Pos.Line > 20 && !strings.Contains(d.Message, "not shown") {
			t.Errorf("kept %v past the cap", d)
		}
	}
	if !slices.IsSortedFunc(got, Compare) {
		t.Error("result is not sorted")
	}
	// Any order of the same findings gives the same output.
	r := rand.New(rand.NewPCG(1, 2))
	for range 5 {
		shuffled := slices.Clone(before)
		r.Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
		again := Cap(Sort(shuffled), 20)
		if !slices.EqualFunc(again, got, func(a, b Diagnostic) bool { return Compare(a, b) == 0 && a.Severity == b.Severity }) {
			t.Fatal("output depends on input order")
		}
	}
	if n := len(Cap(ds, 0)); n != len(ds) {
		t.Errorf("limit 0 kept %d of %d", n, len(ds))
	}
}
