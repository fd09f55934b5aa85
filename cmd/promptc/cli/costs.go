package cli

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/promptc/promptc/compiler"
	"github.com/promptc/promptc/compiler/baseline"
	"github.com/promptc/promptc/compiler/costs"
	"github.com/promptc/promptc/internal/diag"
	"github.com/promptc/promptc/lint"
)

// costsLong is the help text of costs.
const costsLong = `costs prints, for every mode and family, the static tokens per call (with
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

--base REF compares with the same project at a git ref (its committed files;
the work tree is not touched) and --max-increase N or N% fails with exit 1
when any mode and family grows by more than that. A cell the ref does not
have is new and is not gated: it has no size to grow from.

--compare A,B compares the standing prompt of two profiles per mode and in
aggregate, and names the text B drops with no pointer (as PROFILE_DROPS_TEXT
reports it). It is an estimate of static size only and never supports a
savings claim: that takes measured runs (promptc claim). A project with
errors in any profile is not compared (exit 1). With --calls N (and
--overhead, --retrieval) it compares the expected input of a session of N
calls, Σ(S + R + H), instead of one call's standing prompt.

--permit NAME prints the costs of a session under that permission set (the
tools part lists only the tools it permits); --per-permission prints the
standing prompt of every mode in every profile under every permission set,
side by side, with the tokens of the tools part in each.

Pointer parts some mode sends are listed after the table: the standing
tokens each saves per call against the text it replaces (X: the parts the
profile replaces with it, or its source when it replaces none), the cost of
one read of its source, and the break-even read rate above which sending X
would be cheaper, for a session of --calls N calls (default 1) with
--overhead H tokens per call (default 0).

--calls N prints what a session of N calls sends in total, Σ(S + R + H):
the standing prompt S and the overhead H on every call, and for each
pointer the mode sends, in the fraction of sessions that read its source
(--retrieval), one extra call plus the source's text on every call from the
first on. --retrieval takes one rate for every pointer and/or NAME=RATE per
pointer, comma-separated (0.3, 30%, runbook=0.5); without it every pointer
is read (the worst case).

costs prints one of these at a time; a flag the chosen one does not read
(--calls with --model, --profile with --compare, ...) is refused (exit 2)
rather than ignored. The text a profile drops with no pointer is priced at
the profile's declared rediscovery (tokens per session) in the session
totals; without one it is named under them as not priced.`

// costsOptions holds the flags of costs and, once validate has run, what
// it parsed from them.
type costsOptions struct {
	format      string
	model       string
	base        string
	maxIncrease string
	calls       int
	overhead    int
	retrieval   string
	compare     string
	choice      string
	perPerm     bool

	// sess is the session --calls, --overhead and --retrieval describe,
	// named the pointers --retrieval gives a rate of its own, and limit
	// the parsed --max-increase (nil without it).
	sess  costs.Session
	named []string
	limit *baseline.Limit
}

func newCostsCommand(g *globals) *cobra.Command {
	o := &costsOptions{}
	cmd := &cobra.Command{
		Use:   "costs [DIR]",
		Short: "Print the static tokens every mode puts in front of every model call",
		Long:  costsLong,
		Args:  cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			// The command line is checked before anything is compiled.
			if err := o.validate(cmd); err != nil {
				return err
			}
			return o.run(g, cmd, args)
		},
	}
	o.addFlags(cmd, g)
	return cmd
}

// addFlags defines the flags of costs on cmd, binding them to o (and the
// profile, permission set and jobs to g).
func (o *costsOptions) addFlags(cmd *cobra.Command, g *globals) {
	f := cmd.Flags()
	f.StringVar(&g.profile, "profile", "", "compile in this profile (default: profiles.default)")
	f.StringVar(&o.format, "format", "table", "output format: "+strings.Join(costs.Formats, ", "))
	f.StringVar(&o.model, "model", "", "print the cost notice lines for this model id")
	f.StringVar(&o.choice, "family", compiler.Auto, "with --model: the family (auto follows the model)")
	f.StringVar(&o.base, "base", "", "compare with the project at this git ref")
	f.StringVar(&o.maxIncrease, "max-increase", "", "with --base: fail when a cell grows by more than N tokens or N%")
	f.IntVar(&o.calls, "calls", 0, "print the total input of a session of N calls, Σ(S + R + H)")
	f.IntVar(&o.overhead, "overhead", 0, "tokens every call sends besides the static prompt (H)")
	f.StringVar(&o.retrieval, "retrieval", "", "with --calls: the fraction of sessions reading each pointer's source: RATE and/or NAME=RATE,...")
	f.StringVar(&o.compare, "compare", "", "compare two profiles, e.g. classic,compact: the standing prompt, or with --calls a session")
	f.StringVar(&g.permission, "permit", "", "cost a session under this permission set (default: permissions.default)")
	f.BoolVar(&o.perPerm, "per-permission", false, "print the standing prompt of every mode in every profile under every permission set")
	addJobsFlag(cmd, g)
}

// validate checks the command line of costs (exit 2 when it is wrong) and
// parses the session, the retrieval rates and the increase limit into o.
func (o *costsOptions) validate(cmd *cobra.Command) error {
	if !slices.Contains(costs.Formats, o.format) {
		return usagef("--format: unknown costs format %q (valid: %s)", o.format, strings.Join(costs.Formats, ", "))
	}
	if err := checkCostsFlags(cmd); err != nil {
		return err
	}
	if o.model != "" && o.format != "table" && o.format != "json" {
		return usagef("--format %s: --model prints text (the default) or json", o.format)
	}
	if cmd.Flags().Changed("calls") && o.calls < 1 {
		return usagef("--calls %d: want a number of calls of at least 1", o.calls)
	}
	if o.overhead < 0 {
		return usagef("--overhead %d: want a number of tokens of at least 0", o.overhead)
	}
	o.sess = costs.Session{Calls: max(o.calls, 1), Overhead: o.overhead, DefaultRate: 1}
	var err error
	if o.named, err = parseRates(o.retrieval, &o.sess); err != nil {
		return err
	}
	o.limit = nil
	if o.maxIncrease != "" {
		if o.base == "" {
			return usagef("--max-increase needs --base REF")
		}
		l, err := baseline.ParseLimit(o.maxIncrease)
		if err != nil {
			return usagef("--max-increase %v", err)
		}
		o.limit = &l
	}
	return nil
}

// run prints the one view of costs the flags choose: a comparison of
// profiles, the costs per permission set, a model's cost notices, the
// comparison with a git ref, a session's totals, or the costs table.
func (o *costsOptions) run(g *globals, cmd *cobra.Command, args []string) error {
	if cmd.Flags().Changed("compare") {
		var s *costs.Session
		if cmd.Flags().Changed("calls") {
			s = &o.sess
		}
		return g.compareProfiles(dirArg(args), o.compare, s, o.named)
	}
	if o.perPerm {
		return g.costsPerPermission(dirArg(args))
	}
	p, err := g.compile(dirArg(args))
	if err != nil {
		return err
	}
	switch {
	case cmd.Flags().Changed("model"):
		return g.notices(p, o.choice, o.model, o.format)
	case cmd.Flags().Changed("base"):
		return g.costsAgainst(cmd.Context(), p, o.base, o.limit, o.maxIncrease)
	case o.calls > 0:
		return o.session(g, p)
	}
	if o.format == "json" {
		return g.costsJSON(p, o.sess)
	}
	if err := costs.Write(g.stdout, o.format, costs.Table(p)); err != nil {
		return usageError{err}
	}
	if o.format == "table" {
		return costs.WritePointers(g.stdout, costs.Pointers(p, o.sess))
	}
	return nil
}

// session prints what a session of --calls calls sends in p, and the
// pointers' break-even rates, once every pointer --retrieval names is
// known to be one.
func (o *costsOptions) session(g *globals, p *compiler.Program) error {
	for _, n := range o.named {
		if _, ok := p.Pointers[n]; !ok {
			return usagef("--retrieval: %q is not a pointer part (pointers: %s)", n, strings.Join(slices.Sorted(maps.Keys(p.Pointers)), ", "))
		}
	}
	if err := costs.WriteSession(g.stdout, o.sess, costs.SessionTable(p, o.sess), p.DroppedText()); err != nil {
		return err
	}
	return costs.WritePointers(g.stdout, costs.Pointers(p, o.sess))
}

// costsActions are the things costs can print, each with the flags that
// shape it; at most one is chosen (the plain table when none is), and a flag
// the chosen one does not read is refused rather than silently ignored.
var costsActions = []struct {
	flag  string   // the flag choosing it; "" for the plain table
	what  string   // what it prints
	takes []string // the other flags it reads
}{
	{"compare", "compares two profiles", []string{"permit", "calls", "overhead", "retrieval"}},
	{"per-permission", "prints every profile under every permission set", nil},
	{"model", "prints the cost notice lines of one model", []string{"family", "format", "profile", "permit"}},
	{"base", "compares with the project at a git ref", []string{"max-increase", "profile", "permit"}},
	{"calls", "prints the total input of a session", []string{"overhead", "retrieval", "profile", "permit"}},
	{"", "prints the costs table", []string{"format", "overhead", "profile", "permit"}},
}

// checkCostsFlags refuses flags that cannot be combined: two actions, or a
// flag the chosen action does not read. Flag values are checked elsewhere.
func checkCostsFlags(cmd *cobra.Command) error {
	set := func(n string) bool { return cmd.Flags().Changed(n) }
	chosen := len(costsActions) - 1
	for i, a := range costsActions[:chosen] {
		if !set(a.flag) || chosen != len(costsActions)-1 && slices.Contains(costsActions[chosen].takes, a.flag) {
			continue
		}
		if chosen != len(costsActions)-1 {
			b := costsActions[chosen]
			return usagef("--%s %s and --%s %s: give one of them", b.flag, b.what, a.flag, a.what)
		}
		chosen = i
	}
	a := costsActions[chosen]
	var extra []string
	cmd.Flags().Visit(func(f *pflag.Flag) {
		if f.Name != a.flag && !slices.Contains(a.takes, f.Name) && slices.Contains(costsFlags, f.Name) {
			extra = append(extra, "--"+f.Name)
		}
	})
	what := "costs"
	if a.flag != "" {
		what = "--" + a.flag
	}
	switch {
	case len(extra) > 0 && a.flag == "" && slices.Contains(extra, "--retrieval"):
		return usagef("--retrieval needs --calls N")
	case len(extra) > 0 && a.flag == "" && slices.Contains(extra, "--family"):
		return usagef("--family needs --model: it chooses the family of the cost notice lines")
	case len(extra) > 0 && a.flag == "" && slices.Contains(extra, "--max-increase"):
		return usagef("--max-increase needs --base REF")
	case len(extra) > 0:
		takes := "no other flag"
		if len(a.takes) > 0 {
			takes = "only --" + strings.Join(a.takes, ", --")
		}
		return usagef("%s %s and takes %s; %s would be ignored", what, a.what, takes, strings.Join(extra, ", "))
	}
	if a.flag == "compare" && !set("calls") && (set("overhead") || set("retrieval")) {
		return usagef("--overhead and --retrieval with --compare need --calls N: without it the comparison is of one call's standing prompt")
	}
	if f := cmd.Flags().Lookup("format").Value.String(); set("format") && f != "table" {
		switch {
		case a.flag == "" && f != "json" && set("overhead"):
			return usagef("--format %s has no pointer table; --overhead weighs pointers in the table and json formats only", f)
		}
	}
	return nil
}

// costsFlags lists the flags checkCostsFlags weighs: those of costs
// itself, not the global ones.
var costsFlags = []string{"compare", "per-permission", "model", "family", "format", "base", "max-increase", "calls", "overhead", "retrieval", "profile", "permit"}

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

// parseRates reads a --retrieval value into sess: a bare rate is every
// pointer's, NAME=RATE one pointer's. It returns the pointer names given,
// to be checked once the project is compiled.
func parseRates(spec string, sess *costs.Session) ([]string, error) {
	if spec == "" {
		return nil, nil
	}
	var named []string
	global := false
	for _, item := range strings.Split(spec, ",") {
		name, val, hasName := strings.Cut(strings.TrimSpace(item), "=")
		if !hasName {
			name, val = "", name
		}
		r, err := parseRate(val)
		if err != nil {
			return nil, usagef("--retrieval %q: %v", item, err)
		}
		switch {
		case !hasName && global:
			return nil, usagef("--retrieval %q: two rates for every pointer; give one, and NAME=RATE for the others", spec)
		case !hasName:
			sess.DefaultRate, global = r, true
		case name == "":
			return nil, usagef("--retrieval %q: want NAME=RATE", item)
		default:
			if sess.Rates == nil {
				sess.Rates = map[string]float64{}
			}
			if _, dup := sess.Rates[name]; dup {
				return nil, usagef("--retrieval: pointer %q has two rates", name)
			}
			sess.Rates[name] = r
			named = append(named, name)
		}
	}
	return named, nil
}

// parseRate parses a fraction (0.3) or a percentage (30%) from 0 to 1.
func parseRate(s string) (float64, error) {
	s = strings.TrimSpace(s)
	div := 1.0
	if strings.HasSuffix(s, "%") {
		s, div = strings.TrimSuffix(s, "%"), 100
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || !(v/div >= 0 && v/div <= 1) {
		return 0, fmt.Errorf("want a rate from 0 to 1 or 0%% to 100%%")
	}
	return v / div, nil
}

// costsJSON prints {"costs": [...], "pointers": [...]}.
func (g *globals) costsJSON(p *compiler.Program, sess costs.Session) error {
	b, err := costs.JSONWithPointers(costs.Table(p), costs.Pointers(p, sess))
	if err != nil {
		return err
	}
	_, err = g.stdout.Write(b)
	return err
}

// compareProfiles compiles the project in two profiles and compares them,
// both under the permission set --permit names (the default when unset):
// their standing prompts, or with sess their expected session totals
// (named lists the pointers --retrieval names, each a pointer part of one
// of the two profiles).
func (g *globals) compareProfiles(dir, spec string, sess *costs.Session, named []string) error {
	names := strings.Split(spec, ",")
	if len(names) != 2 || names[0] == "" || names[1] == "" {
		return usagef("--compare %q: want two profiles, e.g. classic,compact", spec)
	}
	proj, err := g.compileProject(dir, nil)
	if err != nil {
		return err
	}
	p := proj.Default()
	if p.Config.Profiles == nil {
		return usagef("--compare: promptc.cue declares no profiles")
	}
	set := p.Permission()
	if g.permission != "" {
		if sets := compiler.PermissionNames(p.Config); !slices.Contains(sets, g.permission) {
			if sets == nil {
				return usagef("--permit %s: promptc.cue declares no permission sets", g.permission)
			}
			return usagef("--permit: unknown permission set %q (valid: %s)", g.permission, strings.Join(sets, ", "))
		}
		set = g.permission
	}
	var pair [2]*compiler.Program
	for i, n := range names {
		pair[i] = proj.Program(n, set)
		if pair[i] == nil {
			return usagef("--compare: unknown profile %q (valid: %s)", n, strings.Join(compiler.ProfileNames(p.Config), ", "))
		}
	}
	if err := g.refuseErrors(proj.Programs(), proj.Diagnostics()); err != nil {
		return err
	}
	if sess == nil {
		return costs.WriteComparison(g.stdout, costs.Compare(pair[0], pair[1]))
	}
	for _, n := range named {
		if _, ok := pair[0].Pointers[n]; !ok {
			if _, ok := pair[1].Pointers[n]; !ok {
				all := maps.Clone(pair[0].Pointers)
				maps.Copy(all, pair[1].Pointers)
				return usagef("--retrieval: %q is not a pointer part (pointers: %s)", n, strings.Join(slices.Sorted(maps.Keys(all)), ", "))
			}
		}
	}
	return costs.WriteComparison(g.stdout, costs.CompareSessions(pair[0], pair[1], *sess))
}

// costsPerPermission prints the standing prompt of every mode in every
// profile under every permission set.
func (g *globals) costsPerPermission(dir string) error {
	proj, err := g.compileProject(dir, nil)
	if err != nil {
		return err
	}
	if proj.Default().Config.Permissions == nil {
		return usagef("--per-permission: promptc.cue declares no permission sets")
	}
	if err := g.refuseErrors(proj.Programs(), proj.Diagnostics()); err != nil {
		return err
	}
	return costs.WritePermissionCosts(g.stdout, costs.ByPermission(proj))
}

// refuseErrors prints the errors among ds, the compiler's findings for
// progs, that the project does not suppress (lint.Suppress: as lint and
// build suppress them), each with its position, message and rule, and
// returns a findings error when there are any: a project that does not
// compile is not shown or costed, since what would be printed is not what
// build ships. A credential does not stop these commands: show redacts it.
func (g *globals) refuseErrors(progs []*compiler.Program, ds []diag.Diagnostic) error {
	gated, err := lint.Suppress(progs, ds)
	if err != nil {
		return err
	}
	n := diag.Count(gated, diag.Error)
	if n == 0 {
		return nil
	}
	if err := g.report(nil, gated, progs[0].Loaded.Root, diag.Error, nil); err != nil {
		return err
	}
	fmt.Fprintf(g.stderr, "promptc: the project has %s\n", lint.Refusal(n, "nothing printed"))
	return findingsError{n}
}
