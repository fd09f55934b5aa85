package include

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// TestTrimBlankMatchesFilter: TrimBlank gives what trimming by Filter
// gives, for random spans that include the cases where Filter joins
// spans, drops empty ones or ends a line with a newline it adds.
func TestTrimBlankMatchesFilter(t *testing.T) {
	lines := []string{"", " ", "\t", "a", "b c", "  d  "}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		var spans []Span
		line := 1 + rng.IntN(3)
		for range rng.IntN(5) {
			var b strings.Builder
			n := rng.IntN(4)
			for j := range n {
				b.WriteString(lines[rng.IntN(len(lines))])
				if j < n-1 || rng.IntN(8) != 0 { // now and then no final newline
					b.WriteByte('\n')
				}
			}
			path := []string{"a.md", "b.md"}[rng.IntN(2)]
			spans = append(spans, Span{Text: b.String(), Path: path, Line: line})
			line += n + rng.IntN(2) // sometimes the next span follows on
		}
		got, want := TrimBlank(spans), trimBlankFilter(spans)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("TrimBlank(%+v) =\n%+v\nwant (by Filter)\n%+v", spans, got, want)
		}
	}
}

// TestTrimBlankSharesText: spans that keep their lines are cut, not
// copied: trimming an expanded part allocates only the result's slice.
func TestTrimBlankSharesText(t *testing.T) {
	spans := []Span{
		{Text: "\n  \n# Title\nbody\n", Path: "p.md", Line: 1},
		{Text: "included\n", Path: "inc.md", Line: 1},
		{Text: "more\n\n", Path: "p.md", Line: 6},
	}
	want := []Span{
		{Text: "# Title\nbody\n", Path: "p.md", Line: 3},
		{Text: "included\n", Path: "inc.md", Line: 1},
		{Text: "more\n", Path: "p.md", Line: 6},
	}
	if got := TrimBlank(spans); !reflect.DeepEqual(got, want) {
		t.Fatalf("TrimBlank = %+v, want %+v", got, want)
	}
	if n := testing.AllocsPerRun(100, func() { TrimBlank(spans) }); n != 1 {
		t.Errorf("TrimBlank made %v allocations, want 1 (the result; no text copied)", n)
	}
}
