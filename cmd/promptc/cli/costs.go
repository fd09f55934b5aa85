package cli

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/promptc/promptc/compiler"
	"github.com/promptc/promptc/compiler/baseline"
	"github.com/promptc/promptc/compiler/costs"
	"github.com/promptc/promptc/internal/diag"
)

func newCostsCommand(g *globals) *cobra.Command {
	var (
		format      string
		model       string
		base        string
		maxIncrease string
		calls       int
		compare     string
		choice      string
	)
	cmd := &cobra.Command{
		Use:   "costs [DIR]",
		Short: "Print the static tokens every mode puts in front of every model call",
		Long: `costs prints, for every mode and family, the static tokens per call (with
the family's most expensive model note and without a note), the part over the
default mode, the characters, how tokens were counted, and the cacheable
prefix (static text before the first volatile slot: one not declared
stable).

--model ID prints the cost notice lines for one model instead:
  focus · 570 tokens per call
  guide · +620 tokens per call (1,190 total)
followed by the mode's warning line where promptc.cue defines one.
--family F composes them for family F (auto, the default, follows the
model); --format json prints the same numbers, lines and warnings as JSON.

--base REF compares with the same project at a git ref (read from git
objects; the work tree is not touched) and --max-increase N or N% fails with
exit 1 when any mode and family grows by more than that.

--compare A,B compares the standing prompt of two profiles per mode and in
aggregate, and names the parts B drops with no pointer to their text. It is
an estimate of static size only and never supports a savings claim: that
takes measured runs (promptc claim). A project with errors in any profile
is not compared (exit 1).

Pointer parts are listed after the table: the standing tokens each saves
per call against inlining its source, the cost of one retrieval, and the
break-even retrieval rate above which inlining would be cheaper.

--calls N prints the per-session cost of the standing prompt: tokens per
call times N calls.`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			// The command line is checked before anything is compiled.
			if !slices.Contains(costs.Formats, format) {
				return usagef("--format: unknown costs format %q (valid: %s)", format, strings.Join(costs.Formats, ", "))
			}
			if format != "table" && (compare != "" || base != "" || cmd.Flags().Changed("calls")) {
				return usagef("--format applies to the costs table and --model only, not to --compare, --base or --calls")
			}
			if model != "" && format != "table" && format != "json" {
				return usagef("--format %s: --model prints text (the default) or json", format)
			}
			if choice != compiler.Auto && model == "" {
				return usagef("--family needs --model: it chooses the family of the cost notice lines")
			}
			if cmd.Flags().Changed("calls") && calls < 1 {
				return usagef("--calls %d: want a number of calls of at least 1", calls)
			}
			var limit *baseline.Limit
			if maxIncrease != "" {
				if base == "" {
					return usagef("--max-increase needs --base REF")
				}
				l, err := baseline.ParseLimit(maxIncrease)
				if err != nil {
					return usagef("--max-increase %v", err)
				}
				limit = &l
			}
			if compare != "" {
				return g.compareProfiles(dirArg(args), compare)
			}
			p, err := g.compile(dirArg(args))
			if err != nil {
				return err
			}
			switch {
			case model != "":
				return g.notices(p, choice, model, format)
			case base != "":
				return g.costsAgainst(p, base, limit, maxIncrease)
			case calls > 0:
				return g.sessionCosts(p, calls)
			}
			if format == "json" {
				return g.costsJSON(p)
			}
			if err := costs.Write(g.stdout, format, costs.Table(p)); err != nil {
				return usageError{err}
			}
			if format == "table" {
				return costs.WritePointers(g.stdout, costs.Pointers(p))
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&g.profile, "profile", "", "compile in this profile (default: profiles.default)")
	f.StringVar(&format, "format", "table", "output format: "+strings.Join(costs.Formats, ", "))
	f.StringVar(&model, "model", "", "print the cost notice lines for this model id")
	f.StringVar(&choice, "family", compiler.Auto, "with --model: the family (auto follows the model)")
	f.StringVar(&base, "base", "", "compare with the project at this git ref")
	f.StringVar(&maxIncrease, "max-increase", "", "with --base: fail when a cell grows by more than N tokens or N%")
	f.IntVar(&calls, "calls", 0, "print the per-session cost of the standing prompt over N calls")
	f.StringVar(&compare, "compare", "", "compare the standing prompt of two profiles, e.g. classic,compact")
	return cmd
}

// notices prints the cost notice of every mode for model under the family
// choice: the report for json, else the lines.
func (g *globals) notices(p *compiler.Program, choice, model, format string) error {
	r, err := costs.Report(p, choice, model)
	if err != nil {
		return usageError{err}
	}
	if format == "json" {
		b, err := r.JSON()
		if err != nil {
			return err
		}
		_, err = g.stdout.Write(b)
		return err
	}
	for _, n := range r.Notices {
		io.WriteString(g.stdout, n.Text())
	}
	return nil
}

// sessionCosts prints tokens per call times calls for each mode, for the
// family with the largest prompt: the figure that decides whether detail
// belongs in standing context or behind a pointer.
func (g *globals) sessionCosts(p *compiler.Program, calls int) error {
	rows := costs.Table(p)
	tw := tabwriter.NewWriter(g.stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "MODE\tTOKENS PER CALL (MIN-MAX)\tPER SESSION OF %s CALLS (MIN-MAX)\n", compiler.Thousands(calls))
	for _, m := range p.Modes {
		lo, hi := -1, 0
		for _, r := range rows {
			if r.Mode != m.Name {
				continue
			}
			if lo < 0 || r.Tokens < lo {
				lo = r.Tokens
			}
			hi = max(hi, r.Tokens)
		}
		fmt.Fprintf(tw, "%s\t%s-%s\t%s-%s\n", m.Name, compiler.Thousands(lo), compiler.Thousands(hi),
			compiler.Thousands(lo*calls), compiler.Thousands(hi*calls))
	}
	return tw.Flush()
}

// costsJSON prints {"costs": [...], "pointers": [...]}.
func (g *globals) costsJSON(p *compiler.Program) error {
	b, err := costs.JSONWithPointers(costs.Table(p), costs.Pointers(p))
	if err != nil {
		return err
	}
	_, err = g.stdout.Write(b)
	return err
}

// compareProfiles compiles the project in two profiles and compares them.
func (g *globals) compareProfiles(dir, spec string) error {
	names := strings.Split(spec, ",")
	if len(names) != 2 || names[0] == "" || names[1] == "" {
		return usagef("--compare %q: want two profiles, e.g. classic,compact", spec)
	}
	progs, err := g.compileAll(dir, true)
	if err != nil {
		return err
	}
	p := progs[0]
	if p.Config.Profiles == nil {
		return usagef("--compare: promptc.cue declares no profiles")
	}
	var pair [2]*compiler.Program
	for i, n := range names {
		j := slices.IndexFunc(progs, func(q *compiler.Program) bool { return q.Profile == n })
		if j < 0 {
			return usagef("--compare: unknown profile %q (valid: %s)", n, strings.Join(compiler.ProfileNames(p.Config), ", "))
		}
		pair[i] = progs[j]
	}
	// A project that does not build is not compared: its numbers are not
	// what build ships, in either profile.
	if n := diag.Count(p.Diagnostics, diag.Error); n > 0 {
		if err := g.report(nil, p.Diagnostics, p.Loaded.Root, diag.Error, nil); err != nil {
			return err
		}
		fmt.Fprintf(g.stderr, "promptc: the project has %d error(s); fix them first (promptc lint lists every finding)\n", n)
		return findingsError{n}
	}
	return costs.WriteComparison(g.stdout, costs.Compare(pair[0], pair[1]))
}
