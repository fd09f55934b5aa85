package costs

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/promptc/promptc/compiler"
	"github.com/promptc/promptc/internal/config"
)

// PointerCost weighs a trigger-and-pointer entry against the standing text
// it stands for, in the session model of Session: standing text is paid on
// every call; a read costs an extra call, and the text read stays in
// context for the rest of the session.
type PointerCost struct {
	Part   string `json:"part"`
	Source string `json:"source"`
	// PointerTokens is P, what the pointer costs on every call.
	PointerTokens int `json:"pointerTokens"`
	// SourceTokens is T, what one read of the source adds to the context.
	SourceTokens int `json:"sourceTokens"`
	// Replaces lists the parts the profile sends this pointer in place of
	// (its replace entries); empty when the pointer is in a compose list
	// of its own.
	Replaces []string `json:"replaces,omitempty"`
	// InlinedTokens is X, the standing text the pointer saves: the tokens
	// of the parts it replaces, or of its source when it replaces none.
	InlinedTokens int `json:"inlinedTokens"`
	// SavedPerCall is InlinedTokens - PointerTokens.
	SavedPerCall int `json:"savedPerCall"`
	// Calls and Overhead are the session the break-even rate is for: N
	// calls with H tokens of overhead each.
	Calls    int `json:"calls"`
	Overhead int `json:"overhead"`
	// StandingTokens is S, the largest standing prompt (pointer included)
	// of a mode and family that send the pointer.
	StandingTokens int `json:"standingTokens"`
	// Mode is the mode of StandingTokens.
	Mode string `json:"mode"`
	// BreakEven is the fraction of sessions reading the source above which
	// sending the replaced text is cheaper: Session.BreakEven with
	// StandingTokens, the lowest over the modes and families that send the
	// pointer.
	BreakEven float64 `json:"breakEven"`
}

// Pointers computes the cost of every pointer part some mode of p sends,
// by part name, for sessions like s (only s.Calls and s.Overhead matter).
// A pointer no mode sends under p's profile costs nothing and is left out.
func Pointers(p *compiler.Program, s Session) []PointerCost {
	var out []PointerCost
	rows := Table(p)
	var replace []config.Substitution
	if p.Profile() != "" {
		replace = p.Config.Profiles.Values[p.Profile()].Replace
	}
	for _, name := range slices.Sorted(maps.Keys(p.Pointers)) {
		src := p.Pointers[name]
		pc := PointerCost{Part: name, Source: src.Path,
			PointerTokens: p.Counter.Count(p.Parts[name].Text),
			SourceTokens:  p.Counter.Count(src.Text),
			Calls:         s.Calls, Overhead: s.Overhead}
		for _, r := range replace {
			if r.With.Kind == "part" && r.With.Name == name && p.Parts[r.Replace.Name] != nil {
				pc.Replaces = append(pc.Replaces, r.Replace.Name)
				pc.InlinedTokens += p.Counter.Count(p.Parts[r.Replace.Name].Text)
			}
		}
		if len(pc.Replaces) == 0 {
			pc.InlinedTokens = pc.SourceTokens
		}
		pc.SavedPerCall = pc.InlinedTokens - pc.PointerTokens
		// The break-even rate falls as S grows (the extra call costs
		// more), so the largest S is the one to plan with.
		for _, m := range p.Modes {
			if !m.Sends(name) {
				continue
			}
			for _, r := range rows {
				if r.Mode == m.Name && (pc.Mode == "" || r.Tokens > pc.StandingTokens) {
					pc.Mode, pc.StandingTokens = m.Name, r.Tokens
				}
			}
		}
		if pc.Mode == "" {
			continue
		}
		pc.BreakEven = s.BreakEven(pc.StandingTokens, pc.PointerTokens, pc.InlinedTokens, pc.SourceTokens)
		out = append(out, pc)
	}
	return out
}

// WritePointers prints the pointer table; nothing when there are none.
func WritePointers(w io.Writer, pcs []PointerCost) error {
	if len(pcs) == 0 {
		return nil
	}
	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "POINTER\tSOURCE\tSTANDING (P)\tREPLACES (X)\tSAVED PER CALL\tPER READ (T)\tLARGEST PROMPT (S)\tBREAK-EVEN READ RATE")
	for _, pc := range pcs {
		inlined := compiler.Thousands(pc.InlinedTokens) + " (the source, inlined)"
		if len(pc.Replaces) > 0 {
			inlined = compiler.Thousands(pc.InlinedTokens) + " (" + strings.Join(pc.Replaces, ", ") + ")"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%.1f%%\n", pc.Part, pc.Source, compiler.Thousands(pc.PointerTokens), inlined,
			compiler.Thousands(pc.SavedPerCall), compiler.Thousands(pc.SourceTokens), compiler.Thousands(pc.StandingTokens)+" ("+pc.Mode+")", pc.BreakEven*100)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	pc := pcs[0]
	_, err := fmt.Fprintf(w, "A pointer pays off while fewer sessions than its break-even rate read the source: r* = N(X-P) / (S + H + N·T), X being the standing text it replaces (its source when it replaces none), for a session of N = %s with H = %s overhead tokens per call (--calls, --overhead); a read costs an extra call and its text stays in context.\n",
		calls(pc.Calls), compiler.Thousands(pc.Overhead))
	return err
}

// calls says a number of calls: "1 call", "20 calls".
func calls(n int) string {
	if n == 1 {
		return "1 call"
	}
	return compiler.Thousands(n) + " calls"
}
