package costs

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/promptc/promptc/compiler"
)

// Comparison is the standing-prompt size of one profile against another,
// per mode summed over families, and in aggregate. It is an estimate of
// static text only: slots, retrieved text, per-call overhead and output are
// not in it, so it can never support a savings claim (promptc claim judges
// measured runs).
type Comparison struct {
	From, To string
	Modes    []ModeDelta
	// FromTotal and ToTotal sum every mode and family.
	FromTotal, ToTotal int
	// Change is (ToTotal - FromTotal) / FromTotal: negative when To's
	// standing prompt is smaller.
	Change float64
	// Session is the session model the totals are for; nil when they are
	// one call's standing prompt.
	Session *Session
	// Reads says whether some mode of either profile sends a pointer: the
	// only way a read rate enters the session totals.
	Reads bool
	// Dropped lists the text of parts From sends that To drops with no
	// pointer (compiler.Program.DroppedText): detail deleted rather than
	// moved behind a pointer.
	Dropped []DroppedPart
	// Rediscovery is To's declared cost per session of finding again the
	// text it drops, in the session totals; 0 without a session model or
	// a declared cost.
	Rediscovery int
}

// ModeDelta is one mode's tokens in both profiles, summed over families.
type ModeDelta struct {
	Mode     string
	From, To int
}

// DroppedPart is text one profile sends and the other drops with no
// pointer: the part omitted, or replaced by With, which is not a pointer
// and is smaller by Tokens.
type DroppedPart struct {
	Part   string
	With   string
	Tokens int
}

// Compare sums the tokens of every mode over every family in from and to
// (the same project compiled in two profiles): the standing prompt of one
// call.
func Compare(from, to *compiler.Program) Comparison {
	return compare(from, to, nil)
}

// CompareSessions is Compare for sessions like s: each mode and family
// counts the expected Σ(S + R + H) of a session (Session.Total) instead of
// one call's standing prompt, so that a profile's pointers are charged
// their reads. Text a profile drops with no pointer is still not priced
// (Dropped names it).
func CompareSessions(from, to *compiler.Program, s Session) Comparison {
	return compare(from, to, &s)
}

func compare(from, to *compiler.Program, s *Session) Comparison {
	c := Comparison{From: from.Profile(), To: to.Profile(), Session: s}
	sums := func(p *compiler.Program) map[string]int {
		total := map[string]float64{}
		for _, r := range PerFamily(p) {
			if s == nil {
				total[r.Mode] += float64(r.Tokens)
				continue
			}
			m, _ := p.Mode(r.Mode)
			rd := reads(p, m, *s)
			c.Reads = c.Reads || len(rd) > 0
			t, _ := s.Total(r.Tokens, rd)
			total[r.Mode] += t + float64(Rediscovery(p, m))
		}
		out := map[string]int{}
		for k, v := range total {
			out[k] = round(v)
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
		c.Change = float64(c.ToTotal-c.FromTotal) / float64(c.FromTotal)
	}
	c.Dropped = dropped(from, to)
	if s != nil && to.Profile() != "" {
		c.Rediscovery = to.Config.Profiles.Values[to.Profile()].Rediscovery
	}
	return c
}

// sentParts returns the parts some mode of p sends.
func sentParts(p *compiler.Program) map[string]bool {
	out := map[string]bool{}
	for _, m := range p.Modes {
		for _, r := range m.Config.Compose {
			if r.Kind == "part" {
				out[r.Name] = true
			}
		}
	}
	return out
}

// dropped lists the text to drops with no pointer (Program.DroppedText,
// the definition PROFILE_DROPS_TEXT reports) of the parts from sends.
func dropped(from, to *compiler.Program) []DroppedPart {
	inFrom := sentParts(from)
	var out []DroppedPart
	for _, d := range to.DroppedText() {
		if inFrom[d.Part] {
			out = append(out, DroppedPart{d.Part, d.With, d.Tokens})
		}
	}
	return out
}

// WriteComparison prints the comparison, labelled as what it is: the size of
// the standing prompt, not a measured saving.
func WriteComparison(w io.Writer, c Comparison) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	first := "MODE"
	if c.Session != nil {
		first = "MODE (SESSION OF " + strings.ToUpper(calls(c.Session.Calls)) + ")"
	}
	fmt.Fprintf(tw, "%s\t%s\t%s\tCHANGE\t%%\n", first, c.From, c.To)
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
	var b strings.Builder
	if s := c.Session; s != nil {
		rates := "no pointer sent"
		if c.Reads {
			rates = s.describeRates()
		}
		fmt.Fprintf(&b, "\nEstimate from the session model only: a session of %s under %s is expected to send %s input tokens than under %s (Σ(S+R+H) with H = %s per call and %s, summed over every mode and family).\n",
			calls(s.Calls), c.To, relativeTokens(c.Change), c.From, compiler.Thousands(s.Overhead), rates)
	} else {
		fmt.Fprintf(&b, "\nEstimate of standing-prompt size only: %s's static text is %s %s's (tokens per call, summed over every mode and family).\n",
			c.To, relative(c.Change), c.From)
	}
	if len(c.Dropped) > 0 {
		var names []string
		for _, d := range c.Dropped {
			if d.With != "" {
				names = append(names, fmt.Sprintf("%s (%s tokens fewer, replaced by %s)", d.Part, compiler.Thousands(d.Tokens), d.With))
				continue
			}
			names = append(names, fmt.Sprintf("%s (%s tokens)", d.Part, compiler.Thousands(d.Tokens)))
		}
		fmt.Fprintf(&b, "%s drops with no pointer to its text: %s. Deleted detail can raise total input when the model has to search for what the prompt no longer tells it how to find",
			c.To, strings.Join(names, ", "))
		switch {
		case c.Session != nil && c.Rediscovery > 0:
			fmt.Fprintf(&b, "; the session totals above price that search at %s tokens per session (its rediscovery in promptc.cue)", compiler.Thousands(c.Rediscovery))
		case c.Session != nil:
			b.WriteString("; the session totals above do not price that search (declare the profile's rediscovery to price it)")
		}
		b.WriteString(".\n")
	}
	b.WriteString("Savings claim: not evaluated. It needs measured runs (outcomes and token usage of matched tasks); see promptc claim.\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// relative says a fractional change in words: "12.5% smaller than",
// "3.0% larger than", "the same size as".
func relative(change float64) string {
	switch {
	case change < 0:
		return fmt.Sprintf("%.1f%% smaller than", -change*100)
	case change > 0:
		return fmt.Sprintf("%.1f%% larger than", change*100)
	}
	return "the same size as"
}

// relativeTokens says a fractional change of a token total in words:
// "12.5% fewer", "3.0% more", "as many".
func relativeTokens(change float64) string {
	switch {
	case change < 0:
		return fmt.Sprintf("%.1f%% fewer", -change*100)
	case change > 0:
		return fmt.Sprintf("%.1f%% more", change*100)
	}
	return "as many"
}

func signedThousands(n int) string {
	if n > 0 {
		return "+" + compiler.Thousands(n)
	}
	return compiler.Thousands(n)
}
