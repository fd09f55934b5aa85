package costs

import (
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/promptc/promptc/compiler"
)

// Comparison is the cost of one profile against another, per mode summed
// over families, and in aggregate.
type Comparison struct {
	From, To string
	Modes    []ModeDelta
	// FromTotal and ToTotal sum every mode and family.
	FromTotal, ToTotal int
	// Saving is the fraction of tokens To saves over From (negative when
	// it costs more).
	Saving float64
	// Threshold is the least saving that supports a claim.
	Threshold float64
}

// ModeDelta is one mode's tokens in both profiles, summed over families.
type ModeDelta struct {
	Mode     string
	From, To int
}

// Supported reports whether the saving clears the threshold.
func (c Comparison) Supported() bool { return c.Saving >= c.Threshold }

// Compare sums the tokens of every mode over every family in from and to
// (the same project compiled in two profiles).
func Compare(from, to *compiler.Program, threshold float64) Comparison {
	c := Comparison{From: from.Profile, To: to.Profile, Threshold: threshold}
	sums := func(p *compiler.Program) map[string]int {
		out := map[string]int{}
		for _, r := range Table(p) {
			out[r.Mode] += r.Tokens
		}
		return out
	}
	a, b := sums(from), sums(to)
	for _, m := range from.Modes {
		c.Modes = append(c.Modes, ModeDelta{m.Name, a[m.Name], b[m.Name]})
		c.FromTotal += a[m.Name]
		c.ToTotal += b[m.Name]
	}
	if c.FromTotal > 0 {
		c.Saving = float64(c.FromTotal-c.ToTotal) / float64(c.FromTotal)
	}
	return c
}

// WriteComparison prints the comparison and its verdict on the savings
// claim.
func WriteComparison(w io.Writer, c Comparison) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "MODE\t%s\t%s\tCHANGE\t%%\n", c.From, c.To)
	row := func(name string, a, b int) {
		pct := 0.0
		if a > 0 {
			pct = float64(b-a) * 100 / float64(a)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%+.1f%%\n", name, compiler.Thousands(a), compiler.Thousands(b), signedThousands(b-a), pct)
	}
	for _, m := range c.Modes {
		row(m.Mode, m.From, m.To)
	}
	row("all modes", c.FromTotal, c.ToTotal)
	if err := tw.Flush(); err != nil {
		return err
	}
	if c.Supported() {
		_, err := fmt.Fprintf(w, "\n%s uses %.1f%% fewer tokens than %s, at least the %.0f%% threshold: the savings claim is supported.\n", c.To, c.Saving*100, c.From, c.Threshold*100)
		return err
	}
	_, err := fmt.Fprintf(w, "\n%s saves %.1f%% against %s, below the %.0f%% threshold: no savings claim is supported.\n", c.To, c.Saving*100, c.From, c.Threshold*100)
	return err
}

func signedThousands(n int) string {
	if n > 0 {
		return "+" + compiler.Thousands(n)
	}
	return compiler.Thousands(n)
}
