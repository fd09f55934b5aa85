package costs

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/promptc/promptc/compiler"
)

// Session is the total-input model of a session: what a provider is paid
// for is Σ(S + R + H) over the calls, where S is the standing prompt, R the
// retrieved context present at that call, and H the per-call overhead.
//
// A session has Calls model calls, each sending S plus Overhead tokens.
// A pointer's source is read in a fraction of sessions (its rate), at most
// once per session, and the model is assumed to read it on the first call:
// the worst case, in which the retrieved text stays in context for the whole
// session. Each read costs one extra call, which sends S, H and everything
// retrieved so far; reads happen in the order the mode sends the pointers.
// Reads of different pointers are independent, so the expected total is
//
//	N(S + H) + Σ_p r_p · (S + H + T_p · (N + Σ_{q after p} r_q))
//
// with N calls, T_p the tokens of p's source and r_p its rate.
type Session struct {
	// Calls is N, at least 1.
	Calls int
	// Overhead is H: tokens every call sends besides the static prompt
	// (tool schemas, message framing, slot text).
	Overhead int
	// Rates maps a pointer part to the fraction of sessions that read its
	// source; a pointer missing from it reads at DefaultRate.
	Rates map[string]float64
	// DefaultRate is the rate of pointers Rates does not name.
	DefaultRate float64
}

// OneCall is the session costs report without --calls: one call, no
// overhead, every pointer read (the worst case).
var OneCall = Session{Calls: 1, DefaultRate: 1}

// Rate returns the read rate of pointer part name.
func (s Session) Rate(name string) float64 {
	if r, ok := s.Rates[name]; ok {
		return r
	}
	return s.DefaultRate
}

// Retrieval is one pointer a mode sends, as the session model sees it.
type Retrieval struct {
	Part string
	// SourceTokens is T: what a read adds to the context.
	SourceTokens int
	// Rate is r: the fraction of sessions that read the source.
	Rate float64
}

// Total returns the expected Σ(S + R + H) of a session with standing
// prompt standing and the pointers reads, in the order they are sent, and
// the part of it due to retrieval (extra calls and retrieved text).
func (s Session) Total(standing int, reads []Retrieval) (total, retrieval float64) {
	n, sh := float64(s.Calls), float64(standing+s.Overhead)
	for i, r := range reads {
		later := 0.0
		for _, q := range reads[i+1:] {
			later += q.Rate
		}
		retrieval += r.Rate * (sh + float64(r.SourceTokens)*(n+later))
	}
	return n*sh + retrieval, retrieval
}

// BreakEven is the read rate above which sending standing text of
// inlinedTokens (X: the text a pointer replaces, or its source) is cheaper
// than the pointer, in a session of s.Calls calls with standing prompt
// standing (pointer included), a source of sourceTokens (T) and no other
// reads:
//
//	inline:  N(S - P + X + H)
//	pointer: N(S + H) + r(S + H + N·T)
//	r* = N(X - P) / (S + H + N·T)
//
// It is 0 when the inlined text is no larger than the pointer: the pointer
// never pays, and 1 when the pointer pays even if every session reads the
// source (a source smaller than the text it replaces).
func (s Session) BreakEven(standing, pointerTokens, inlinedTokens, sourceTokens int) float64 {
	saved := inlinedTokens - pointerTokens
	if saved <= 0 {
		return 0
	}
	n := float64(s.Calls)
	return min(1, n*float64(saved)/(float64(standing+s.Overhead)+n*float64(sourceTokens)))
}

// SessionRow is the session total of one mode, smallest and largest over
// the families.
type SessionRow struct {
	Mode string
	// Rediscovery is the declared cost of finding again the text the
	// profile drops, counted in Retrieval and Total; 0 when the mode sent
	// no dropped text or the profile declares none.
	Rediscovery int
	// Standing is S per call.
	StandingMin, StandingMax int
	// Pointers counts the pointer parts the mode sends.
	Pointers int
	// Retrieval is the expected tokens due to retrieval in the session.
	RetrievalMin, RetrievalMax float64
	// Total is the expected Σ(S + R + H).
	TotalMin, TotalMax float64
}

// reads lists the pointers mode m sends, in order, with their rates.
func reads(p *compiler.Program, m *compiler.Mode, s Session) []Retrieval {
	var out []Retrieval
	for _, r := range m.Config.Compose {
		if src, ok := p.Pointers[r.Name]; ok && r.Kind == "part" {
			out = append(out, Retrieval{r.Name, p.Counter.Count(src.Text), s.Rate(r.Name)})
		}
	}
	return out
}

// Rediscovery returns the declared cost per session (the profile's
// rediscovery) of finding again the text p's profile drops, for mode m: 0
// unless m, before the profile, sent a part the profile drops (what
// compiler.Program.DroppedText lists, or its dropped list names).
func Rediscovery(p *compiler.Program, m *compiler.Mode) int {
	if p.Profile() == "" {
		return 0
	}
	pr := p.Config.Profiles.Values[p.Profile()]
	lost := map[string]bool{}
	for _, d := range p.DroppedText() {
		lost[d.Part] = true
	}
	for _, d := range pr.Dropped {
		lost[d.Name] = true
	}
	for _, r := range p.Config.Modes[m.Name].Compose {
		if r.Kind == "part" && lost[r.Name] {
			return pr.Rediscovery
		}
	}
	return 0
}

// SessionTable computes the session total of every mode.
func SessionTable(p *compiler.Program, s Session) []SessionRow {
	rows := Table(p)
	var out []SessionRow
	for _, m := range p.Modes {
		rd := reads(p, m, s)
		sr := SessionRow{Mode: m.Name, StandingMin: -1, Pointers: len(rd), Rediscovery: Rediscovery(p, m)}
		for _, r := range rows {
			if r.Mode != m.Name {
				continue
			}
			total, ret := s.Total(r.Tokens, rd)
			total, ret = total+float64(sr.Rediscovery), ret+float64(sr.Rediscovery)
			if sr.StandingMin < 0 || r.Tokens < sr.StandingMin {
				sr.StandingMin, sr.TotalMin, sr.RetrievalMin = r.Tokens, total, ret
			}
			if r.Tokens >= sr.StandingMax {
				sr.StandingMax, sr.TotalMax, sr.RetrievalMax = r.Tokens, total, ret
			}
		}
		out = append(out, sr)
	}
	return out
}

// WriteSession prints the session table and the assumptions behind it.
// dropped is the text the profile drops with no pointer
// (compiler.Program.DroppedText): the model has no term for the searches
// a model makes for it, so it is named as not modelled.
func WriteSession(w io.Writer, s Session, rows []SessionRow, dropped []compiler.DroppedText) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "MODE\tSTANDING PER CALL (S)\tPOINTERS\tRETRIEVAL (R, EXTRA CALLS)\tSESSION TOTAL Σ(S+R+H) OVER %s\n", strings.ToUpper(calls(s.Calls)))
	span := func(a, b int) string {
		if a == b {
			return compiler.Thousands(a)
		}
		return compiler.Thousands(a) + "-" + compiler.Thousands(b)
	}
	pointers, rediscovery := false, 0
	for _, r := range rows {
		rediscovery = max(rediscovery, r.Rediscovery)
		fmt.Fprintf(tw, "%s\t%s\t%d\t%s\t%s\n", r.Mode, span(r.StandingMin, r.StandingMax), r.Pointers,
			span(round(r.RetrievalMin), round(r.RetrievalMax)), span(round(r.TotalMin), round(r.TotalMax)))
		pointers = pointers || r.Pointers > 0
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	var b strings.Builder
	if pointers {
		fmt.Fprintf(&b, "Expected input tokens per session (smallest-largest family): N(S+H) + Σ r·(S + H + T·(N + later rates)), with H = %s per call and %s; each read costs an extra call and its text stays in context from the first call on.\n",
			compiler.Thousands(s.Overhead), s.describeRates())
	} else {
		fmt.Fprintf(&b, "Expected input tokens per session (smallest-largest family): N(S+H), with H = %s per call; no mode sends a pointer.\n",
			compiler.Thousands(s.Overhead))
	}
	if rediscovery > 0 {
		fmt.Fprintf(&b, "Rediscovery: this profile drops text with no pointer to it; each session of a mode that sent it is charged %s tokens for finding what that text said (rediscovery in promptc.cue), in R and the total.\n",
			compiler.Thousands(rediscovery))
	} else if len(dropped) > 0 {
		var names []string
		for _, d := range dropped {
			names = append(names, fmt.Sprintf("%s (%s tokens)", d.Part, compiler.Thousands(d.Tokens)))
		}
		fmt.Fprintf(&b, "Not modelled: this profile drops text with no pointer to it: %s. The calls and context a model spends finding what that text said are not in these totals, so they understate the session; declare the profile's rediscovery to price them.\n",
			strings.Join(names, ", "))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// describeRates says which read rates the model used.
func (s Session) describeRates() string {
	out := "every pointer read in " + pct(s.DefaultRate) + " of sessions"
	if len(s.Rates) > 0 {
		var named []string
		for _, k := range slices.Sorted(maps.Keys(s.Rates)) {
			named = append(named, k+" "+pct(s.Rates[k]))
		}
		out = "pointers read in " + strings.Join(named, ", ") + " of sessions, the others in " + pct(s.DefaultRate)
	}
	return out
}

// pct prints a fraction as a percentage with at most one decimal.
func pct(f float64) string {
	return strings.TrimSuffix(fmt.Sprintf("%.1f", f*100), ".0") + "%"
}

// round rounds an expected token count half up to a whole token.
func round(f float64) int { return int(f + 0.5) }
