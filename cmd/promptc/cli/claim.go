package cli

import (
	"errors"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/promptc/promptc/compiler/claim"
	"github.com/promptc/promptc/lint/secret"
)

// claimLong is the help text of claim.
const claimLong = `claim reads measured runs (JSON Lines: first the plan, {"plan": {"tasks":
[...], "repeats": N}}, then one run a line with arm, task, run, passed, usage
{input, output, cached, reasoning}, settings and settingsVerified, and
optionally retrieval {calls, chars} and elapsedMs) and decides whether
CANDIDATE saves tokens against BASELINE. The claim is SUPPORTED only when each arm ran every planned run (tasks × repeats: a trial
that stopped early supports no claim), every task and run id has a run
in both arms (complete matched pairs), every run passed, every run's input
and output tokens are known, every run used the same verified settings, and
CANDIDATE's input plus output tokens over the pairs are at least the
threshold lower: --min-saving N%, else profiles.savingsThreshold, else 10%.

A failed evidence condition makes the verdict INCONCLUSIVE; complete
evidence with too small a saving is NOT SUPPORTED. claim exits 0 only when
the claim is supported, 1 otherwise, 2 for a malformed runs file. Runs of
other arms do not enter the gate but are validated like the rest: a
malformed line or a run recorded twice is an error in any arm.
After the verdict, claim reports each arm's input tokens, retrieval calls,
retrieval characters and elapsed milliseconds, summed over the runs that
recorded them (and saying how many did); these never enter the verdict.
--format json prints the verdict, the totals, every condition and these
observations.
Credential-like values (API keys, tokens, password=, secret= and token=
assignments) are redacted in everything claim prints, as show redacts them.`

// claimOptions holds the flags of claim and, once validate has run, what
// it parsed from them.
type claimOptions struct {
	runs, compare, minSaving, format string

	// baseline and candidate are the arms of --compare; threshold is
	// --min-saving as a fraction, or -1 when not given.
	baseline, candidate string
	threshold           float64
}

func newClaimCommand(g *globals) *cobra.Command {
	o := &claimOptions{}
	cmd := &cobra.Command{
		Use:   "claim [DIR] --runs FILE --compare BASELINE,CANDIDATE",
		Short: "Judge a token-savings claim on measured runs",
		Long:  claimLong,
		Args:  cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) (err error) {
			defer func() { err = redactUsage(err) }()
			if err := o.validate(); err != nil {
				return err
			}
			return o.run(g, args)
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.runs, "runs", "", "the measured runs, a JSON Lines file")
	f.StringVar(&o.compare, "compare", "", "the two arms, BASELINE,CANDIDATE")
	f.StringVar(&o.minSaving, "min-saving", "", "the least saving as a percentage with %, e.g. 12% (default: profiles.savingsThreshold, else 10%)")
	f.StringVar(&o.format, "format", "text", "output format: text, json")
	return cmd
}

// validate checks the flags of claim (exit 2 when they are wrong) and
// parses the arms and the threshold into o.
func (o *claimOptions) validate() error {
	if o.format != "text" && o.format != "json" {
		return usagef("--format: unknown claim format %q (valid: text, json)", o.format)
	}
	if o.runs == "" {
		return usagef("claim needs --runs FILE, the measured runs (JSON Lines)")
	}
	arms := strings.Split(o.compare, ",")
	if len(arms) != 2 || strings.TrimSpace(arms[0]) == "" || strings.TrimSpace(arms[1]) == "" || arms[0] == arms[1] {
		return usagef("--compare %q: want two different arms, BASELINE,CANDIDATE, e.g. classic,compact", o.compare)
	}
	o.baseline, o.candidate = strings.TrimSpace(arms[0]), strings.TrimSpace(arms[1])
	o.threshold = -1
	if o.minSaving != "" {
		t, err := parsePercent(o.minSaving)
		if err != nil {
			return usagef("--min-saving %v", err)
		}
		o.threshold = t
	}
	return nil
}

// run judges the claim on the runs file, with the project's threshold
// when --min-saving is not given, prints the verdict and returns a
// findings error unless the claim is supported.
func (o *claimOptions) run(g *globals, args []string) error {
	l, err := g.loadConfig(dirArg(args))
	if err != nil {
		return err
	}
	threshold := o.threshold
	if threshold < 0 {
		threshold = 0.10
		if pr := l.Config.Profiles; pr != nil {
			threshold = pr.SavingsThreshold
		}
	}
	list, err := readRuns(o.runs)
	if err != nil {
		return err
	}
	res := redactResult(claim.Evaluate(list, o.baseline, o.candidate, threshold))
	if o.format == "json" {
		b, err := claim.JSON(res)
		if err != nil {
			return err
		}
		if _, err := g.stdout.Write(b); err != nil {
			return err
		}
	} else if err := claim.Write(g.stdout, res); err != nil {
		return err
	}
	if res.Verdict != claim.Supported {
		return findingsError{1}
	}
	return nil
}

// redactResult redacts credential-like values in every text of res, as
// show redacts them: arm and task names and settings are the harness's
// text and may hold one. The strings are redacted before they are printed
// or marshalled, so the JSON form stays valid.
func redactResult(res claim.Result) claim.Result {
	res.Baseline, res.Candidate, res.Reason = secret.Redact(res.Baseline), secret.Redact(res.Candidate), secret.Redact(res.Reason)
	res.Conditions = slices.Clone(res.Conditions)
	for i, c := range res.Conditions {
		res.Conditions[i].Name, res.Conditions[i].Detail = secret.Redact(c.Name), secret.Redact(c.Detail)
	}
	// The observations hold no text but their arm's name; the figures are
	// counts.
	res.Observed = slices.Clone(res.Observed)
	for i, o := range res.Observed {
		res.Observed[i].Arm = secret.Redact(o.Arm)
	}
	return res
}

// redactUsage redacts credential-like values in the message of a usage
// error (a runs file's line can quote a setting), keeping its exit code.
func redactUsage(err error) error {
	var ue usageError
	if errors.As(err, &ue) {
		return usageError{redacted(ue)}
	}
	return err
}

// redacted is an error whose message is printed with credentials redacted.
type redacted struct{ err error }

func (r redacted) Error() string { return secret.Redact(r.err.Error()) }
func (r redacted) Unwrap() error { return r.err }

// readRuns reads and validates a runs file named on the command line. A
// file that cannot be used is the user's to fix: a usage error.
func readRuns(path string) (claim.Trial, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return claim.Trial{}, usagef("--runs %s: %v", path, errors.Unwrap(err))
	}
	if !fi.Mode().IsRegular() {
		return claim.Trial{}, usagef("--runs %s: not a regular file", path)
	}
	f, err := os.Open(path)
	if err != nil {
		return claim.Trial{}, usagef("--runs %s: %v", path, errors.Unwrap(err))
	}
	defer f.Close()
	list, err := claim.Read(path, f)
	var ce *claim.Error
	if errors.As(err, &ce) {
		return claim.Trial{}, usageError{err}
	}
	return list, err
}

// parsePercent parses "N%", a percentage strictly between 0 and 100, and
// returns it as a fraction. A bare number is refused: 0.12 could mean 12%
// (the fraction profiles.savingsThreshold takes) or 0.12%, and guessing
// either way would judge a claim against the wrong threshold.
func parsePercent(s string) (float64, error) {
	t := strings.TrimSpace(s)
	num, ok := strings.CutSuffix(t, "%")
	if !ok {
		if v, err := strconv.ParseFloat(t, 64); err == nil {
			if v > 0 && v < 1 {
				return 0, fmt.Errorf("%q is a bare number: write %s%% for the fraction %s of the baseline's tokens, or %s%% if that is what you mean (the flag takes a percentage, profiles.savingsThreshold a fraction)",
					s, strconv.FormatFloat(v*100, 'f', -1, 64), t, t)
			}
			return 0, fmt.Errorf("%q is a bare number: write the percentage with %%, e.g. %s%%", s, t)
		}
		return 0, fmt.Errorf("%q: want a percentage above 0%% and below 100%%, e.g. 10%%", s)
	}
	v, err := strconv.ParseFloat(strings.TrimSpace(num), 64)
	if err != nil || !(v > 0 && v < 100) {
		return 0, fmt.Errorf("%q: want a percentage above 0%% and below 100%%, e.g. 10%%", s)
	}
	return v / 100, nil
}
