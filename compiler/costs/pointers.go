package costs

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"text/tabwriter"

	"github.com/promptc/promptc/compiler"
)

// PointerCost weighs a trigger-and-pointer entry against inlining its
// source: standing text is paid on every call, a retrieval only when the
// domain comes up.
type PointerCost struct {
	Part   string `json:"part"`
	Source string `json:"source"`
	// PointerTokens is what the pointer costs on every call.
	PointerTokens int `json:"pointerTokens"`
	// SourceTokens is what inlining the source would cost on every call,
	// and what one retrieval of it costs.
	SourceTokens int `json:"sourceTokens"`
	// SavedPerCall is SourceTokens - PointerTokens.
	SavedPerCall int `json:"savedPerCall"`
	// BreakEven is SavedPerCall / SourceTokens: when more than this
	// fraction of calls retrieve the source, inlining is cheaper.
	BreakEven float64 `json:"breakEven"`
}

// Pointers computes the cost of every pointer part, by part name.
func Pointers(p *compiler.Program) []PointerCost {
	var out []PointerCost
	for _, name := range slices.Sorted(maps.Keys(p.Pointers)) {
		src := p.Pointers[name]
		pc := PointerCost{Part: name, Source: src.Path,
			PointerTokens: p.Counter.Count(p.Parts[name].Text),
			SourceTokens:  p.Counter.Count(src.Text)}
		pc.SavedPerCall = pc.SourceTokens - pc.PointerTokens
		if pc.SourceTokens > 0 {
			pc.BreakEven = float64(pc.SavedPerCall) / float64(pc.SourceTokens)
		}
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
	fmt.Fprintln(tw, "POINTER\tSOURCE\tSTANDING\tINLINED\tSAVED PER CALL\tPER RETRIEVAL\tBREAK-EVEN RETRIEVAL RATE")
	for _, pc := range pcs {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%.1f%%\n", pc.Part, pc.Source, compiler.Thousands(pc.PointerTokens), compiler.Thousands(pc.SourceTokens),
			compiler.Thousands(pc.SavedPerCall), compiler.Thousands(pc.SourceTokens), pc.BreakEven*100)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	_, err := fmt.Fprintln(w, "A pointer pays off while fewer calls than its break-even rate retrieve the source; above it, inlining is cheaper.")
	return err
}
