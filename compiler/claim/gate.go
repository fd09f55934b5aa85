package claim

import (
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/promptc/promptc/compiler"
)

// Verdict is the gate's answer.
type Verdict string

// The verdicts. Only Supported lets a savings claim be made.
const (
	// Supported: the evidence is complete and the candidate used at least
	// the threshold fraction fewer total tokens.
	Supported Verdict = "SUPPORTED"
	// NotSupported: the evidence is complete, and the saving falls short of
	// the threshold (or the candidate used more).
	NotSupported Verdict = "NOT SUPPORTED"
	// Inconclusive: the evidence cannot carry a claim either way: the
	// trial stopped before its plan was run, pairs are missing, an outcome
	// failed or is unknown, usage is unknown, or the settings were not
	// verified or differ.
	Inconclusive Verdict = "INCONCLUSIVE"
)

// Status is the result of one condition of the gate.
type Status string

// The statuses of a condition.
const (
	Pass         Status = "pass"
	Fail         Status = "fail"
	NotEvaluated Status = "not evaluated"
)

// Condition is one condition of the gate, in the order they are checked.
type Condition struct {
	Name   string `json:"name"`
	Status Status `json:"status"`
	Detail string `json:"detail"`
}

// Result is the gate's verdict with every condition and the totals.
type Result struct {
	Baseline  string  `json:"baseline"`
	Candidate string  `json:"candidate"`
	Verdict   Verdict `json:"verdict"`
	// Reason says in one sentence why.
	Reason string `json:"reason"`
	// Threshold is the least fraction of total tokens the candidate must
	// save.
	Threshold float64 `json:"threshold"`
	// PlannedRuns is how many runs the plan gives each arm (tasks ×
	// repeats); BaselineRuns and CandidateRuns how many each arm recorded.
	// 0 planned when the trial has no plan.
	PlannedRuns   int `json:"plannedRuns"`
	BaselineRuns  int `json:"baselineRuns"`
	CandidateRuns int `json:"candidateRuns"`
	// Pairs counts the matched pairs (task and run id in both arms).
	Pairs int `json:"pairs"`
	// BaselineTokens and CandidateTokens sum input plus output tokens over
	// the matched pairs; nil unless every paired run's usage is known.
	BaselineTokens  *int64 `json:"baselineTokens"`
	CandidateTokens *int64 `json:"candidateTokens"`
	// Saving is (baseline - candidate) / baseline; nil when the totals are
	// not evaluated.
	Saving     *float64    `json:"saving"`
	Conditions []Condition `json:"conditions"`
	// Observed is what each arm's runs measured beside the gate, the
	// baseline first: input tokens, retrieval and elapsed time. It never
	// enters the verdict; it is there because a change that loads context
	// differently can move cost from the prompt into retrieval calls,
	// which one token total hides.
	Observed []Observed `json:"observed"`
}

// Observed sums what one arm's recorded runs measured, each figure over
// the runs that recorded it. These are totals, as the gate's token figures
// are, but over every recorded run of the arm rather than the matched
// pairs only: they are reported whatever the evidence, and when the
// verdict compares totals every run is in a pair, so the two agree.
type Observed struct {
	Arm string `json:"arm"`
	// Runs is how many runs of the arm were recorded.
	Runs int `json:"runs"`
	// InputTokens sums usage input, which includes retrieved text that
	// stayed in context.
	InputTokens    Measure `json:"inputTokens"`
	RetrievalCalls Measure `json:"retrievalCalls"`
	RetrievalChars Measure `json:"retrievalChars"`
	ElapsedMs      Measure `json:"elapsedMs"`
}

// Measure is one figure summed over the runs that recorded it. A run
// without it is counted out, never as zero, so a total over 3 of 4 runs
// says so rather than passing for the arm's.
type Measure struct {
	// Runs is how many runs recorded the figure.
	Runs int `json:"runs"`
	// Total is its sum over those runs; nil when none recorded it, or
	// when the sum is too large to count exactly.
	Total *int64 `json:"total"`
}

// measure sums the values that are known and from 0 to limit; a value
// outside that range (Read refuses one; a Run built otherwise may hold
// anything) is counted as not recorded, and a sum that would overflow
// leaves Total nil with Runs kept, so no wrapped figure is printed.
func measure(vals []*int64, limit int64) Measure {
	var m Measure
	var sum int64
	ok := true
	for _, v := range vals {
		if v == nil || *v < 0 || *v > limit {
			continue
		}
		m.Runs++
		if ok {
			sum, ok = addTokens(sum, *v)
		}
	}
	if m.Runs > 0 && ok {
		m.Total = &sum
	}
	return m
}

// observe sums the observations of one arm's runs.
func observe(arm string, runs map[runKey]Run) Observed {
	var input, calls, chars, elapsed []*int64
	for _, r := range runs {
		input, calls, chars, elapsed = append(input, r.Input), append(calls, r.RetrievalCalls), append(chars, r.RetrievalChars), append(elapsed, r.ElapsedMs)
	}
	return Observed{
		Arm: arm, Runs: len(runs),
		InputTokens:    measure(input, MaxTokens),
		RetrievalCalls: measure(calls, MaxObserved),
		RetrievalChars: measure(chars, MaxObserved),
		ElapsedMs:      measure(elapsed, MaxObserved),
	}
}

// The names of the gate's conditions.
const (
	CondPlan     = "planned runs complete"
	CondPairs    = "complete matched pairs"
	CondOutcomes = "identical passing outcomes"
	CondUsage    = "known usage"
	CondSettings = "verified settings"
)

// condTokens names the last condition for a threshold.
func condTokens(threshold float64) string {
	return fmt.Sprintf("at least %s lower total tokens", percent(threshold))
}

// percent prints a fraction as a percentage without needless decimals:
// 0.1 -> "10%", 0.125 -> "12.5%".
func percent(f float64) string {
	return strings.TrimSuffix(strings.TrimRight(fmt.Sprintf("%.2f", f*100), "0"), ".") + "%"
}

// plural says n things: "1 pair", "2 pairs".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// allRuns says "the run" for one run, "both runs" for two and "all N
// runs" for more.
func allRuns(n int) string {
	switch n {
	case 1:
		return "the run"
	case 2:
		return "both runs"
	}
	return fmt.Sprintf("all %d runs", n)
}

// listed names up to three runs and counts the rest.
func listed(what []string) string {
	if len(what) <= 3 {
		return strings.Join(what, "; ")
	}
	return fmt.Sprintf("%s; and %d more", strings.Join(what[:3], "; "), len(what)-3)
}

// Evaluate applies the gate to the runs of arms baseline and candidate;
// runs of other arms do not enter it (Read has validated them like any).
// The evidence conditions (every planned run recorded, complete matched
// pairs, identical passing outcomes, known usage, the same verified
// settings) must all pass before the totals are compared; any that fails
// makes the verdict Inconclusive. threshold is a fraction in (0, 1).
func Evaluate(t Trial, baseline, candidate string, threshold float64) Result {
	e := newEvaluation(t, baseline, candidate, threshold)
	e.checkPlan(t.Plan)
	e.checkPairs()
	e.checkOutcomes()
	e.checkUsage()
	e.checkSettings()
	res := e.verdict()
	// Observed after the verdict, from the runs alone: nothing the
	// verdict reads depends on it.
	res.Observed = []Observed{observe(baseline, e.arms[baseline]), observe(candidate, e.arms[candidate])}
	return res
}

// runKey identifies a run within its arm: the task and the run id.
type runKey struct{ task, id string }

// evaluation is one Evaluate call: the result being built, the two arms'
// runs by key, and both arms' runs in file order.
type evaluation struct {
	res                 Result
	baseline, candidate string
	arms                map[string]map[runKey]Run
	both                []Run
	// stoppedEarly says how many of the planned runs each arm ran, when
	// the trial stopped early ("" otherwise).
	stoppedEarly string
}

func newEvaluation(t Trial, baseline, candidate string, threshold float64) *evaluation {
	e := &evaluation{
		res:      Result{Baseline: baseline, Candidate: candidate, Threshold: threshold},
		baseline: baseline, candidate: candidate,
		arms: map[string]map[runKey]Run{baseline: {}, candidate: {}},
	}
	for _, r := range t.Runs {
		if m, ok := e.arms[r.Arm]; ok {
			m[runKey{r.Task, r.ID}] = r
			e.both = append(e.both, r)
		}
	}
	return e
}

// add records a condition.
func (e *evaluation) add(name string, st Status, detail string) {
	e.res.Conditions = append(e.res.Conditions, Condition{name, st, detail})
}

// checkPlan records whether every planned run was recorded.
func (e *evaluation) checkPlan(plan *Plan) {
	// Every planned run recorded: a trial that stopped early (a request
	// cap reached before the last repeat) covers a different workload in
	// each arm, or a smaller one than planned, whatever its pairs say.
	e.res.BaselineRuns, e.res.CandidateRuns = len(e.arms[e.baseline]), len(e.arms[e.candidate])
	if plan == nil {
		e.add(CondPlan, Fail, "no plan: the planned tasks and repeats are unknown, so a trial that stopped early cannot be told from a complete one")
	} else {
		e.res.PlannedRuns = plan.Runs()
		shape := fmt.Sprintf("%s × %s", plural(len(plan.Tasks), "task", "tasks"), plural(plan.Repeats, "repeat", "repeats"))
		if e.res.BaselineRuns == e.res.PlannedRuns && e.res.CandidateRuns == e.res.PlannedRuns {
			e.add(CondPlan, Pass, fmt.Sprintf("%d of %d planned runs in each arm (%s)", e.res.PlannedRuns, e.res.PlannedRuns, shape))
		} else {
			e.stoppedEarly = fmt.Sprintf("%s ran %d of %d planned runs, %s %d of %d", e.baseline, e.res.BaselineRuns, e.res.PlannedRuns, e.candidate, e.res.CandidateRuns, e.res.PlannedRuns)
			e.add(CondPlan, Fail, fmt.Sprintf("the trial stopped early: %s (%s)", e.stoppedEarly, shape))
		}
	}
}

// checkPairs records whether the runs form complete matched pairs.
func (e *evaluation) checkPairs() {
	// Complete matched pairs: every task and run id in both arms.
	var unmatched []string
	for _, r := range e.both {
		other := e.candidate
		if r.Arm == e.candidate {
			other = e.baseline
		}
		if _, ok := e.arms[other][runKey{r.Task, r.ID}]; ok {
			if r.Arm == e.baseline {
				e.res.Pairs++
			}
			continue
		}
		unmatched = append(unmatched, fmt.Sprintf("%s has no %s run (line %d)", r.Label(), other, r.Line))
	}
	switch {
	case len(e.arms[e.baseline]) == 0 || len(e.arms[e.candidate]) == 0:
		var missing []string
		for _, a := range []string{e.baseline, e.candidate} {
			if len(e.arms[a]) == 0 {
				missing = append(missing, a)
			}
		}
		e.add(CondPairs, Fail, "no runs of arm "+strings.Join(missing, " or "))
	case len(unmatched) > 0:
		e.add(CondPairs, Fail, fmt.Sprintf("%d matched, %d unmatched: %s", e.res.Pairs, len(unmatched), listed(unmatched)))
	default:
		e.add(CondPairs, Pass, fmt.Sprintf("%s: every task and run id has one run in each arm", plural(e.res.Pairs, "pair", "pairs")))
	}
}

// checkOutcomes records whether every run of both arms passed.
func (e *evaluation) checkOutcomes() {
	// Identical passing outcomes: every run of both arms passed.
	var notPassed []string
	for _, r := range e.both {
		switch {
		case r.Passed == nil:
			notPassed = append(notPassed, fmt.Sprintf("%s: outcome unknown (line %d)", r.Label(), r.Line))
		case !*r.Passed:
			notPassed = append(notPassed, fmt.Sprintf("%s failed (line %d)", r.Label(), r.Line))
		}
	}
	if len(e.both) == 0 {
		e.add(CondOutcomes, NotEvaluated, "no runs")
	} else if len(notPassed) > 0 {
		e.add(CondOutcomes, Fail, listed(notPassed))
	} else {
		e.add(CondOutcomes, Pass, allRuns(len(e.both))+" passed")
	}
}

// checkUsage records whether every run's token usage is known.
func (e *evaluation) checkUsage() {
	// Known usage: input and output tokens of every run, each a count
	// Read would accept (Evaluate may be given runs Read never saw).
	var unknown []string
	for _, r := range e.both {
		switch {
		case r.Input == nil || r.Output == nil:
			unknown = append(unknown, fmt.Sprintf("%s: input or output tokens unknown (line %d)", r.Label(), r.Line))
		case !inRange(*r.Input) || !inRange(*r.Output):
			unknown = append(unknown, fmt.Sprintf("%s: input or output tokens outside 0 to %s (line %d)", r.Label(), compiler.Thousands(int(MaxTokens)), r.Line))
		}
	}
	if len(e.both) == 0 {
		e.add(CondUsage, NotEvaluated, "no runs")
	} else if len(unknown) > 0 {
		e.add(CondUsage, Fail, listed(unknown))
	} else {
		e.add(CondUsage, Pass, "input and output tokens of "+allRuns(len(e.both)))
	}
}

// checkSettings records whether every run had the same verified settings.
func (e *evaluation) checkSettings() {
	// The same verified settings in every run.
	// A run is compared with its pair first, so that a mismatch names the
	// two runs that differ; a pair that agrees is compared with the first
	// run of the file, and the message says it differs from the others.
	var bad []string
	reported := map[runKey]bool{}
	for _, r := range e.both {
		if !r.SettingsVerified {
			bad = append(bad, fmt.Sprintf("%s: settings not verified (line %d)", r.Label(), r.Line))
		}
	}
	for _, r := range e.both {
		k := runKey{r.Task, r.ID}
		if r.Arm != e.baseline || reported[k] {
			continue
		}
		if c, ok := e.arms[e.candidate][k]; ok {
			if d := settingsDiff(r, c); d != "" {
				bad = append(bad, fmt.Sprintf("%s (line %d) differs from its pair %s (line %d): %s", c.Label(), c.Line, r.Label(), r.Line, d))
				reported[k] = true
			}
		}
	}
	for _, r := range e.both {
		k := runKey{r.Task, r.ID}
		if reported[k] || r.Task == e.both[0].Task && r.ID == e.both[0].ID {
			continue
		}
		if d := settingsDiff(e.both[0], r); d != "" {
			bad = append(bad, fmt.Sprintf("%s (line %d) differs from the settings of the other runs: %s in %s (line %d)", r.Label(), r.Line, d, e.both[0].Label(), e.both[0].Line))
			reported[k] = true
		}
	}
	if len(e.both) == 0 {
		e.add(CondSettings, NotEvaluated, "no runs")
	} else if len(bad) > 0 {
		e.add(CondSettings, Fail, listed(bad))
	} else {
		var kv []string
		for _, k := range slices.Sorted(maps.Keys(e.both[0].Settings)) {
			kv = append(kv, k+"="+e.both[0].Settings[k])
		}
		e.add(CondSettings, Pass, fmt.Sprintf("the same verified settings in %s: %s", allRuns(len(e.both)), strings.Join(kv, ", ")))
	}
}

// verdict judges the claim on the conditions recorded: inconclusive when
// one failed, else supported or not by the total tokens over the pairs.
func (e *evaluation) verdict() Result {
	var failed, skipped []string
	for _, c := range e.res.Conditions {
		switch c.Status {
		case Fail:
			failed = append(failed, c.Name)
		case NotEvaluated:
			skipped = append(skipped, c.Name)
		}
	}
	tokens := condTokens(e.res.Threshold)
	if len(failed) > 0 {
		e.add(tokens, NotEvaluated, "the evidence above cannot carry a claim")
		e.res.Verdict = Inconclusive
		why := strings.Join(failed, ", ") + " failed"
		if len(skipped) > 0 {
			why += "; " + strings.Join(skipped, ", ") + " not evaluated"
		}
		if e.stoppedEarly != "" {
			why = "the trial stopped early (" + e.stoppedEarly + "); " + why
		}
		e.res.Reason = fmt.Sprintf("no savings claim can be made: %s. Incomplete, failing or unknown evidence supports no claim either way.", why)
		return e.res
	}

	// Total tokens over the matched pairs. Every run's usage is in range
	// here, so the sums fit unless there are millions of runs; if they do
	// not, no claim is made on a wrapped number.
	var totals [][2]int64
	for k, r := range e.arms[e.baseline] {
		ta, _ := r.Total()
		tb, _ := e.arms[e.candidate][k].Total()
		totals = append(totals, [2]int64{ta, tb})
	}
	a, b, ok := sumTotals(totals)
	if !ok {
		e.add(tokens, Fail, "the total tokens of an arm exceed what promptc can count exactly")
		e.res.Verdict = Inconclusive
		e.res.Reason = "no savings claim can be made: the total tokens of an arm are too large to count."
		return e.res
	}
	e.res.BaselineTokens, e.res.CandidateTokens = &a, &b
	if a == 0 {
		e.res.Conditions = append(e.res.Conditions, Condition{tokens, Fail, fmt.Sprintf("%s used no tokens, so no saving can be measured", e.baseline)})
		e.res.Verdict = Inconclusive
		e.res.Reason = "no savings claim can be made: the baseline used no tokens."
		return e.res
	}
	saving := float64(a-b) / float64(a)
	e.res.Saving = &saving
	// A saving of exactly the threshold passes: the tolerance absorbs the
	// binary rounding of fractions such as 0.1 and is far below the
	// share of one token in any real total.
	pass := saving >= e.res.Threshold-1e-12
	said := change(saving, e.res.Threshold, pass)
	detail := fmt.Sprintf("%s %s, %s %s (input + output over %s): %s", e.baseline, compiler.Thousands(int(a)), e.candidate, compiler.Thousands(int(b)), plural(e.res.Pairs, "pair", "pairs"), said)
	if pass {
		e.add(tokens, Pass, detail)
		e.res.Verdict = Supported
		e.res.Reason = fmt.Sprintf("%s used %s total tokens than %s on %s with identical passing outcomes and the same verified settings, at least the %s required.",
			e.candidate, said, e.baseline, plural(e.res.Pairs, "matched pair", "matched pairs"), percent(e.res.Threshold))
		return e.res
	}
	e.add(tokens, Fail, detail)
	e.res.Verdict = NotSupported
	e.res.Reason = fmt.Sprintf("%s used %s total tokens than %s on %s; a claim needs at least %s fewer.",
		e.candidate, said, e.baseline, plural(e.res.Pairs, "matched pair", "matched pairs"), percent(e.res.Threshold))
	return e.res
}

// sumTotals sums the baseline's and the candidate's totals of each pair,
// and reports false when either sum would overflow an int64.
func sumTotals(pairs [][2]int64) (a, b int64, ok bool) {
	for _, p := range pairs {
		if a, ok = addTokens(a, p[0]); !ok {
			return 0, 0, false
		}
		if b, ok = addTokens(b, p[1]); !ok {
			return 0, 0, false
		}
	}
	return a, b, true
}

// change says a saving in words ("16.7% fewer", "31.2% more", "no
// fewer") so that the words never contradict the verdict pass: the
// saving has at least one more decimal than the threshold needs and is
// rounded toward the verdict, down when it falls short (9.999% against
// 10% is "9.9% fewer", never "10.0% fewer") and never below the threshold
// when it passes.
func change(saving, threshold float64, pass bool) string {
	d := 1
	for d < 4 && math.Abs(threshold*100*math.Pow10(d-1)-math.Round(threshold*100*math.Pow10(d-1))) > 1e-9 {
		d++
	}
	scale := math.Pow10(d)
	switch {
	case saving > 0:
		v := saving * 100 * scale
		if pass {
			// Round to nearest: never below the threshold, since a
			// passing saving falls short of it by at most 1e-12 and the
			// threshold is a whole number of these units.
			v = math.Round(v)
		} else {
			v = math.Floor(v)
		}
		if v == 0 {
			return "no fewer"
		}
		return strconv.FormatFloat(v/scale, 'f', d, 64) + "% fewer"
	case saving < 0:
		return strconv.FormatFloat(-saving*100, 'f', d, 64) + "% more"
	}
	return "no fewer"
}

// settingsDiff describes the first setting in which r differs from ref,
// r's value first ("model=b against model=a"), or "" when they agree.
func settingsDiff(ref, r Run) string {
	keys := slices.Sorted(maps.Keys(ref.Settings))
	for _, k := range slices.Sorted(maps.Keys(r.Settings)) {
		if !slices.Contains(keys, k) {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	for _, k := range keys {
		a, aok := ref.Settings[k]
		b, bok := r.Settings[k]
		switch {
		case aok && !bok:
			return fmt.Sprintf("no setting %s against %s=%s", k, k, a)
		case !aok && bok:
			return fmt.Sprintf("%s=%s against no setting %s", k, b, k)
		case a != b:
			return fmt.Sprintf("%s=%s against %s=%s", k, b, k, a)
		}
	}
	return ""
}

// Write prints the result as a table of conditions and the verdict line.
func Write(w io.Writer, res Result) error {
	fmt.Fprintf(w, "Savings claim: %s against %s, judged on measured runs\n", res.Candidate, res.Baseline)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "CONDITION\tRESULT\tDETAIL")
	for _, c := range res.Conditions {
		fmt.Fprintf(tw, "%s\t%s\t%s\n", c.Name, c.Status, c.Detail)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if _, err := fmt.Fprintf(w, "\n%s: %s\n", res.Verdict, res.Reason); err != nil {
		return err
	}
	if len(res.Observed) == 0 {
		return nil
	}
	// After the verdict, under a heading of their own, so that nobody
	// reads these figures as conditions of the gate.
	fmt.Fprintln(w, "\nAlso measured, outside the verdict (totals over each arm's recorded runs):")
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "ARM\tRUNS\tINPUT TOKENS\tRETRIEVAL CALLS\tRETRIEVAL CHARS\tELAPSED MS")
	for _, o := range res.Observed {
		fmt.Fprintf(tw, "%s\t%d\t%s\t%s\t%s\t%s\n", o.Arm, o.Runs, o.InputTokens.cell(o.Runs), o.RetrievalCalls.cell(o.Runs), o.RetrievalChars.cell(o.Runs), o.ElapsedMs.cell(o.Runs))
	}
	return tw.Flush()
}

// cell prints a measure of an arm of runs runs: "12,400", "9 (3 of 4
// runs)" when only some runs recorded it, "not recorded" when none did.
func (m Measure) cell(runs int) string {
	switch {
	case m.Runs == 0:
		return "not recorded"
	case m.Total == nil:
		return fmt.Sprintf("too large to count (%d of %d runs)", m.Runs, runs)
	case m.Runs < runs:
		return fmt.Sprintf("%s (%d of %d runs)", compiler.Thousands(int(*m.Total)), m.Runs, runs)
	}
	return compiler.Thousands(int(*m.Total))
}

// JSON renders the result as an indented JSON document with a final
// newline.
func JSON(res Result) ([]byte, error) {
	b, err := json.MarshalIndent(res, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}
