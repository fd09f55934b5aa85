package claim

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// record writes one run line; usage fields are raw JSON ("null" for
// unknown).
func record(arm, task string, passed string, input, output string, settings string) string {
	return fmt.Sprintf(`{"arm": %q, "task": %q, "run": 1, "passed": %s, "usage": {"input": %s, "output": %s}, "settings": %s, "settingsVerified": true}`,
		arm, task, passed, input, output, settings)
}

const set = `{"model": "m", "temperature": 0}`

// mustRead reads the runs lines after a plan that lists their tasks, in
// order of appearance, with as many repeats as the arm with most runs of a
// task made: the plan under which the lines are a complete trial.
func mustRead(t *testing.T, lines ...string) Trial {
	t.Helper()
	trial, err := Read("runs.jsonl", strings.NewReader(planFor(lines)+"\n"+strings.Join(lines, "\n")+"\n"))
	if err != nil {
		t.Fatal(err)
	}
	return trial
}

// planFor writes the plan line under which lines are complete.
func planFor(lines []string) string {
	var tasks []string
	count := map[[2]string]int{}
	repeats := 1
	for _, l := range lines {
		var r struct{ Arm, Task string }
		if json.Unmarshal([]byte(l), &r) != nil {
			continue
		}
		if !slices.Contains(tasks, r.Task) {
			tasks = append(tasks, r.Task)
		}
		count[[2]string{r.Arm, r.Task}]++
		repeats = max(repeats, count[[2]string{r.Arm, r.Task}])
	}
	b, _ := json.Marshal(map[string]any{"plan": map[string]any{"tasks": tasks, "repeats": repeats}})
	return string(b)
}

func status(res Result, name string) Status {
	for _, c := range res.Conditions {
		if c.Name == name {
			return c.Status
		}
	}
	return ""
}

// pairs builds n matched pairs with the given totals per run (input only,
// output 0).
func pairs(n int, base, cand int) []string {
	var out []string
	for i := range n {
		task := fmt.Sprintf("t%d", i)
		out = append(out, record("base", task, "true", fmt.Sprint(base), "0", set), record("cand", task, "true", fmt.Sprint(cand), "0", set))
	}
	return out
}

func TestThresholdBoundary(t *testing.T) {
	for _, tc := range []struct {
		base, cand int
		want       Verdict
	}{
		{1000, 900, Supported},    // exactly 10 % lower
		{1000, 901, NotSupported}, // one token short
		{1000, 1000, NotSupported},
		{1000, 1312, NotSupported}, // more tokens: never a win
		{1000, 0, Supported},
	} {
		res := Evaluate(mustRead(t, pairs(3, tc.base, tc.cand)...), "base", "cand", 0.10)
		if res.Verdict != tc.want {
			t.Errorf("base %d cand %d: verdict %s, want %s (%s)", tc.base, tc.cand, res.Verdict, tc.want, res.Reason)
		}
		if *res.BaselineTokens != int64(3*tc.base) || *res.CandidateTokens != int64(3*tc.cand) {
			t.Errorf("totals %d, %d; want %d, %d", *res.BaselineTokens, *res.CandidateTokens, 3*tc.base, 3*tc.cand)
		}
	}
}

// TestTotalIsInputPlusOutput: cached tokens are inside input and reasoning
// inside output; neither is added again.
func TestTotalIsInputPlusOutput(t *testing.T) {
	line := `{"arm": "a", "task": "t", "run": "r1", "passed": true, "usage": {"input": 100, "output": 50, "cached": 40, "reasoning": 30}, "settings": {"model": "m"}, "settingsVerified": true}`
	other := strings.Replace(strings.Replace(line, `"a"`, `"b"`, 1), `"input": 100`, `"input": 50`, 1)
	res := Evaluate(mustRead(t, line, other), "a", "b", 0.10)
	if *res.BaselineTokens != 150 || *res.CandidateTokens != 100 {
		t.Fatalf("totals %d, %d; want 150, 100", *res.BaselineTokens, *res.CandidateTokens)
	}
}

// TestEvidenceConditions: each broken piece of evidence fails its own
// condition and makes the verdict inconclusive, however large the saving.
func TestEvidenceConditions(t *testing.T) {
	good := pairs(2, 1000, 500)
	for _, tc := range []struct {
		name  string
		lines []string
		fails string
	}{
		{"missing pair", append(good, record("base", "extra", "true", "10", "0", set)), CondPairs},
		{"no candidate runs", []string{record("base", "t", "true", "10", "0", set)}, CondPairs},
		{"candidate failed", append(good, record("base", "x", "true", "10", "0", set), record("cand", "x", "false", "1", "0", set)), CondOutcomes},
		{"baseline failed", append(good, record("base", "x", "false", "10", "0", set), record("cand", "x", "true", "1", "0", set)), CondOutcomes},
		{"outcome unknown", append(good, record("base", "x", "null", "10", "0", set), record("cand", "x", "true", "1", "0", set)), CondOutcomes},
		{"usage unknown", append(good, record("base", "x", "true", "10", "0", set), record("cand", "x", "true", "1", "null", set)), CondUsage},
		{"settings differ", append(good, record("base", "x", "true", "10", "0", set), record("cand", "x", "true", "1", "0", `{"model": "m", "temperature": 0.7}`)), CondSettings},
		{"setting missing", append(good, record("base", "x", "true", "10", "0", set), record("cand", "x", "true", "1", "0", `{"model": "m"}`)), CondSettings},
		{"settings unverified", append(good, record("base", "x", "true", "10", "0", set), strings.Replace(record("cand", "x", "true", "1", "0", set), `"settingsVerified": true`, `"settingsVerified": false`, 1)), CondSettings},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := Evaluate(mustRead(t, tc.lines...), "base", "cand", 0.10)
			if res.Verdict != Inconclusive {
				t.Errorf("verdict %s, want %s", res.Verdict, Inconclusive)
			}
			if got := status(res, tc.fails); got != Fail {
				t.Errorf("%s: %q, want fail; conditions %+v", tc.fails, got, res.Conditions)
			}
			if res.Saving != nil || res.BaselineTokens != nil {
				t.Errorf("totals evaluated on evidence that cannot carry a claim")
			}
			if !strings.Contains(res.Reason, tc.fails) {
				t.Errorf("reason %q does not name %q", res.Reason, tc.fails)
			}
		})
	}
}

// TestNumbersCompareByValue: a temperature of 0 and of 0.0 is one setting.
func TestNumbersCompareByValue(t *testing.T) {
	res := Evaluate(mustRead(t,
		record("base", "t", "true", "10", "0", `{"temperature": 0}`),
		record("cand", "t", "true", "1", "0", `{"temperature": 0.0}`)), "base", "cand", 0.10)
	if status(res, CondSettings) != Pass {
		t.Fatalf("settings: %+v", res.Conditions)
	}
}

// TestOtherArmsIgnored: a three-arm file is judged two arms at a time.
func TestOtherArmsIgnored(t *testing.T) {
	lines := append(pairs(2, 1000, 800), record("deletion", "t0", "true", "1312", "0", set))
	res := Evaluate(mustRead(t, lines...), "base", "cand", 0.10)
	if res.Verdict != Supported || res.Pairs != 2 {
		t.Fatalf("verdict %s, pairs %d: %s", res.Verdict, res.Pairs, res.Reason)
	}
}

// plan1 plans task t once in every arm.
const plan1 = `{"plan": {"tasks": ["t"], "repeats": 1}}`

func TestReadErrors(t *testing.T) {
	ok := record("a", "t", "true", "1", "2", set)
	extra := strings.Replace(ok, `"settingsVerified": true`, `"settingsVerified": true, "x": 1`, 1)
	empty := strings.Replace(ok, set, `{}`, 1)
	for _, tc := range []struct {
		text     string
		line     int
		col      int
		contains string
	}{
		{"\n" + extra, 2, strings.Index(extra, `"x"`) + 1, `unknown field "x"`},
		{strings.Replace(ok, `"input": 1`, `"input": -1`, 1), 1, 72, `usage "input" must be a whole number`},
		{strings.Replace(ok, `"input": 1`, `"input": 1.5`, 1), 1, 72, `usage "input" must be a whole number`},
		{strings.Replace(ok, `"passed": true`, `"passed": "yes"`, 1), 1, 37, `"passed" must be true, false, or null`},
		{strings.Replace(ok, `, "output": 2`, ``, 1), 1, 53, `"usage" has no "output" field`},
		{strings.Replace(ok, `"arm": "a"`, `"arm": ""`, 1), 1, 2, `"arm" must be a non-empty string`},
		{empty, 1, strings.Index(empty, `"settings"`) + 1, `"settings" is empty`},
		{strings.Replace(ok, `, "settingsVerified": true`, ``, 1), 1, 1, `no "settingsVerified" field`},
		{ok + " x", 1, len(ok) + 2, "text after the run's JSON object"},
		{ok[:len(ok)-1], 1, len(ok), "not closed on this line"},
		{`{"arm": "a", "arm": "b"}`, 1, 14, `field "arm" appears twice`},
		{ok + "\n" + ok, 2, 1, "recorded twice (first on line 2)"},
		{"[1]", 1, 1, "a run must be a JSON object"},
	} {
		// The plan takes the first line: every run line is one lower.
		tc.line++
		_, err := Read("runs.jsonl", strings.NewReader(plan1+"\n"+tc.text))
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("%q: error %v, want a *claim.Error", tc.text, err)
			continue
		}
		if e.Line != tc.line || e.Col != tc.col || !strings.Contains(e.Msg, tc.contains) {
			t.Errorf("%q:\n got %v\nwant runs.jsonl:%d:%d: ...%s...", tc.text, err, tc.line, tc.col, tc.contains)
		}
	}
}

func TestReadAcceptsBlankLinesAndCRLF(t *testing.T) {
	ok := record("a", "t", "true", "1", "2", set)
	trial, err := Read("runs.jsonl", strings.NewReader("\r\n"+plan1+"\r\n"+ok+"\r\n\n"))
	if err != nil {
		t.Fatal(err)
	}
	if runs := trial.Runs; len(runs) != 1 || runs[0].Line != 3 || runs[0].ID != "1" || trial.Plan.Line != 2 {
		t.Fatalf("%+v", trial)
	}
}

func FuzzRead(f *testing.F) {
	f.Add(record("a", "t", "true", "1", "2", set))
	f.Add(`{"arm": "a", "usage": {"input": null}}`)
	f.Fuzz(func(t *testing.T, s string) {
		runs, err := Read("f", strings.NewReader(s))
		var e *Error
		if err != nil && !errors.As(err, &e) {
			t.Fatalf("unexpected error type %T: %v", err, err)
		}
		if err == nil {
			Evaluate(runs, "a", "b", 0.1)
		}
	})
}

// TestJSONValidates checks the JSON form of every verdict against the schema
// published in cue/claim.schema.json.
func TestJSONValidates(t *testing.T) {
	sch, err := jsonschema.NewCompiler().Compile(filepath.Join("..", "..", "cue", "claim.schema.json"))
	if err != nil {
		t.Fatal(err)
	}
	for _, lines := range [][]string{
		pairs(2, 1000, 800),                              // supported
		pairs(2, 1000, 1300),                             // not supported
		{record("base", "t", "false", "1", "null", set)}, // inconclusive
	} {
		res := Evaluate(mustRead(t, lines...), "base", "cand", 0.1)
		b, err := JSON(res)
		if err != nil {
			t.Fatal(err)
		}
		inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		if err := sch.Validate(inst); err != nil {
			t.Errorf("%s: %v\n%s", res.Verdict, err, b)
		}
	}
}

// TestWordsFollowTheVerdict: the saving printed never contradicts the
// verdict, however close it is to the threshold.
func TestWordsFollowTheVerdict(t *testing.T) {
	for _, tc := range []struct {
		base, cand int
		threshold  float64
		want       Verdict
		words      string
	}{
		{100000, 90001, 0.10, NotSupported, "9.9% fewer"}, // 9.999%: never "10.0% fewer"
		{100000, 90000, 0.10, Supported, "10.0% fewer"},
		{100000, 89940, 0.10, Supported, "10.1% fewer"},        // 10.06%: a passing saving rounds to nearest
		{100000, 87661, 0.1234, NotSupported, "12.339% fewer"}, // one decimal more than the threshold
		{100000, 87660, 0.1234, Supported, "12.340% fewer"},
		{100000, 87659, 0.1234, Supported, "12.341% fewer"},
		{1000, 999, 0.10, NotSupported, "0.1% fewer"},
		{100000, 99999, 0.10, NotSupported, "no fewer"},
		{1000, 1312, 0.10, NotSupported, "31.2% more"},
	} {
		res := Evaluate(mustRead(t, pairs(1, tc.base, tc.cand)...), "base", "cand", tc.threshold)
		if res.Verdict != tc.want || !strings.Contains(res.Reason, "used "+tc.words+" total tokens") {
			t.Errorf("%d against %d at %v: %s: %s; want %s with %q", tc.cand, tc.base, tc.threshold, res.Verdict, res.Reason, tc.want, tc.words)
		}
	}
}

// TestReasonSeparatesNotEvaluated: conditions that were not evaluated are
// not reported as failed.
func TestReasonSeparatesNotEvaluated(t *testing.T) {
	res := Evaluate(Trial{Plan: &Plan{Tasks: []string{"t"}, Repeats: 1}}, "base", "cand", 0.10)
	want := "no savings claim can be made: the trial stopped early (base ran 0 of 1 planned runs, cand 0 of 1); planned runs complete, complete matched pairs failed; identical passing outcomes, known usage, verified settings not evaluated."
	if !strings.HasPrefix(res.Reason, want) {
		t.Fatalf("reason %q, want it to start with %q", res.Reason, want)
	}
}

// TestSettingsComparedWithinThePair: a mismatch names the pair that
// differs, not the first run of another task; a pair that agrees with
// itself but not with the rest is said to differ from the other runs.
func TestSettingsComparedWithinThePair(t *testing.T) {
	runs := mustRead(t,
		record("base", "t0", "true", "10", "0", set),
		record("base", "t1", "true", "10", "0", set),
		record("cand", "t0", "true", "9", "0", set),
		record("cand", "t1", "true", "9", "0", `{"model": "m", "temperature": 1}`),
	)
	res := Evaluate(runs, "base", "cand", 0.10)
	want := "cand task t1 run 1 (line 5) differs from its pair base task t1 run 1 (line 3): temperature=1 against temperature=0"
	if res.Conditions[4].Detail != want {
		t.Fatalf("detail %q, want %q", res.Conditions[4].Detail, want)
	}
	runs = mustRead(t,
		record("base", "t0", "true", "10", "0", set),
		record("base", "t1", "true", "10", "0", `{"model": "n", "temperature": 0}`),
		record("cand", "t0", "true", "9", "0", set),
		record("cand", "t1", "true", "9", "0", `{"model": "n", "temperature": 0}`),
	)
	res = Evaluate(runs, "base", "cand", 0.10)
	// The pair is reported once, by its first run.
	want = `base task t1 run 1 (line 3) differs from the settings of the other runs: model="n" against model="m" in base task t0 run 1 (line 2)`
	if res.Conditions[4].Detail != want {
		t.Fatalf("detail %q, want %q", res.Conditions[4].Detail, want)
	}
}

// TestPlurals: one pair and one run are counted in the singular.
func TestPlurals(t *testing.T) {
	res := Evaluate(mustRead(t, pairs(1, 1000, 800)...), "base", "cand", 0.10)
	var b bytes.Buffer
	if err := Write(&b, res); err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{"1 pairs", "1 matched pairs", "all 1 runs", "all 2 runs"} {
		if strings.Contains(b.String(), bad) {
			t.Errorf("output says %q:\n%s", bad, b.String())
		}
	}
	for _, good := range []string{"1 pair:", "over 1 pair)", "on 1 matched pair ", "both runs passed"} {
		if !strings.Contains(b.String(), good) {
			t.Errorf("output lacks %q:\n%s", good, b.String())
		}
	}
}

// TestUsageBounds: every usage count is accepted from 0 to MaxTokens and
// refused below and above, at the value's line and column, int64's own
// limits included; a refused count never reaches a verdict.
func TestUsageBounds(t *testing.T) {
	max := fmt.Sprint(MaxTokens)
	above := fmt.Sprint(MaxTokens + 1)
	tooLarge := `is more than 1,000,000,000,000 tokens`
	negative := `must be a whole number of tokens of at least 0`
	for _, tc := range []struct {
		field, value string
		want         string // "" when accepted
	}{
		{"input", "-1", negative},
		{"input", "0", ""},
		{"input", fmt.Sprint(MaxTokens - 1), ""},
		{"input", max, ""},
		{"input", above, tooLarge},
		{"input", "9223372036854775807", tooLarge},  // int64's maximum
		{"input", "9223372036854775808", tooLarge},  // one above int64
		{"input", "-9223372036854775809", negative}, // one below int64
		{"output", max, ""},
		{"output", above, tooLarge},
		{"output", "-1", negative},
		{"cached", above, tooLarge},
		{"reasoning", above, tooLarge},
	} {
		usage := `{"input": 5, "output": 3, "cached": 0, "reasoning": 0}`
		switch tc.field {
		case "input", "output":
			// cached and reasoning must not exceed what they are part of.
			usage = `{"input": 5, "output": 3}`
		}
		usage = strings.Replace(usage, `"`+tc.field+`": 5`, `"`+tc.field+`": `+tc.value, 1)
		usage = strings.Replace(usage, `"`+tc.field+`": 3`, `"`+tc.field+`": `+tc.value, 1)
		usage = strings.Replace(usage, `"`+tc.field+`": 0`, `"`+tc.field+`": `+tc.value, 1)
		if tc.field == "cached" {
			usage = strings.Replace(usage, `"input": 5`, `"input": `+max, 1)
		}
		if tc.field == "reasoning" {
			usage = strings.Replace(usage, `"output": 3`, `"output": `+max, 1)
		}
		line := `{"arm": "a", "task": "t", "run": 1, "passed": true, "usage": ` + usage + `, "settings": {"m": 1}, "settingsVerified": true}`
		_, err := Read("runs.jsonl", strings.NewReader(plan1+"\n"+line+"\n"))
		if tc.want == "" {
			if err != nil {
				t.Errorf("%s %s: %v, want it accepted", tc.field, tc.value, err)
			}
			continue
		}
		col := strings.Index(line, `"`+tc.field+`": `+tc.value) + len(`"`+tc.field+`": `) + 1
		var e *Error
		if !errors.As(err, &e) || e.Line != 2 || e.Col != col || !strings.Contains(e.Msg, tc.want) {
			t.Errorf("%s %s:\n got %v\nwant runs.jsonl:2:%d: ...%s...", tc.field, tc.value, err, col, tc.want)
		}
	}
}

// TestLargestUsageJudged: runs at MaxTokens are summed and judged exactly;
// the figures the reason prints are the true ones.
func TestLargestUsageJudged(t *testing.T) {
	max := fmt.Sprint(MaxTokens)
	res := Evaluate(mustRead(t,
		record("base", "t0", "true", max, max, set), record("cand", "t0", "true", max, "0", set),
		record("base", "t1", "true", max, max, set), record("cand", "t1", "true", max, "0", set)), "base", "cand", 0.10)
	if res.Verdict != Supported || *res.BaselineTokens != 4*MaxTokens || *res.CandidateTokens != 2*MaxTokens {
		t.Fatalf("verdict %s, totals %v %v: %s", res.Verdict, *res.BaselineTokens, *res.CandidateTokens, res.Reason)
	}
	if !strings.Contains(res.Reason, "50.0% fewer") {
		t.Errorf("reason %q, want 50.0%% fewer", res.Reason)
	}
}

// TestOutOfRangeRunsNeverJudged: runs built without Read, with usage that
// Read refuses, fail known usage instead of wrapping into a verdict.
func TestOutOfRangeRunsNeverJudged(t *testing.T) {
	n := func(v int64) *int64 { return &v }
	yes := true
	run := func(arm string, in, out int64) Run {
		return Run{Arm: arm, Task: "t", ID: "1", Passed: &yes, Input: n(in), Output: n(out), Settings: map[string]string{"m": "1"}, SettingsVerified: true, Line: 1}
	}
	for _, tc := range []struct {
		name    string
		base    Run
		cand    Run
		inconcl bool
	}{
		{"int64 maximum", run("base", math.MaxInt64, math.MaxInt64), run("cand", 1, 0), true},
		{"one above MaxTokens", run("base", MaxTokens+1, 0), run("cand", 1, 0), true},
		{"negative", run("base", 10, 0), run("cand", -5, 0), true},
		{"MaxTokens", run("base", MaxTokens, MaxTokens), run("cand", 1, 0), false},
	} {
		res := Evaluate(Trial{Plan: &Plan{Tasks: []string{"t"}, Repeats: 1}, Runs: []Run{tc.base, tc.cand}}, "base", "cand", 0.10)
		if !tc.inconcl {
			if res.Verdict != Supported {
				t.Errorf("%s: verdict %s, want %s", tc.name, res.Verdict, Supported)
			}
			continue
		}
		if res.Verdict != Inconclusive || status(res, CondUsage) != Fail || res.Saving != nil {
			t.Errorf("%s: verdict %s, usage %s, saving %v; want inconclusive on known usage", tc.name, res.Verdict, status(res, CondUsage), res.Saving)
		}
	}
}

// TestAddTokens: the checked sum at and around int64's limit.
func TestAddTokens(t *testing.T) {
	for _, tc := range []struct {
		a, b int64
		want int64
		ok   bool
	}{
		{0, 0, 0, true},
		{math.MaxInt64 - 1, 1, math.MaxInt64, true},
		{math.MaxInt64, 0, math.MaxInt64, true},
		{math.MaxInt64, 1, 0, false},
		{math.MaxInt64, math.MaxInt64, 0, false},
		{1, math.MaxInt64, 0, false},
		{-1, 1, 0, false},
		{1, -1, 0, false},
	} {
		got, ok := addTokens(tc.a, tc.b)
		if got != tc.want || ok != tc.ok {
			t.Errorf("addTokens(%d, %d) = %d, %v; want %d, %v", tc.a, tc.b, got, ok, tc.want, tc.ok)
		}
	}
}

// TestSumTotalsOverflow: totals whose sum would overflow are refused, not
// wrapped, whichever arm overflows; sums up to int64's maximum are exact.
func TestSumTotalsOverflow(t *testing.T) {
	const m = math.MaxInt64
	for _, tc := range []struct {
		pairs [][2]int64
		a, b  int64
		ok    bool
	}{
		{nil, 0, 0, true},
		{[][2]int64{{m - 1, 0}, {1, 0}}, m, 0, true},
		{[][2]int64{{m, m}}, m, m, true},
		{[][2]int64{{m, 0}, {1, 0}}, 0, 0, false},
		{[][2]int64{{0, m}, {0, 1}}, 0, 0, false},
		{[][2]int64{{m / 2, 1}, {m / 2, 1}, {2, 1}}, 0, 0, false},
	} {
		a, b, ok := sumTotals(tc.pairs)
		if a != tc.a || b != tc.b || ok != tc.ok {
			t.Errorf("sumTotals(%v) = %d, %d, %v; want %d, %d, %v", tc.pairs, a, b, ok, tc.a, tc.b, tc.ok)
		}
	}
}

// TestPlannedRuns: with a plan of 2 tasks × 2 repeats, a claim is judged
// only when each arm recorded all 4 runs; one run fewer in either arm, or
// the same early stop in both (every pair still matched), is INCONCLUSIVE
// and says how many of how many ran.
func TestPlannedRuns(t *testing.T) {
	const plan = `{"plan": {"tasks": ["t0", "t1"], "repeats": 2}}`
	run := func(arm, task string, id int, input int) string {
		return fmt.Sprintf(`{"arm": %q, "task": %q, "run": %d, "passed": true, "usage": {"input": %d, "output": 0}, "settings": {"model": "m"}, "settingsVerified": true}`, arm, task, id, input)
	}
	// runs returns the first n runs of each arm, in plan order.
	runs := func(nBase, nCand int) []string {
		var out []string
		i := 0
		for _, task := range []string{"t0", "t1"} {
			for id := 1; id <= 2; id++ {
				if i < nBase {
					out = append(out, run("base", task, id, 1000))
				}
				if i < nCand {
					out = append(out, run("cand", task, id, 800))
				}
				i++
			}
		}
		return out
	}
	for _, tc := range []struct {
		base, cand int
		want       Verdict
		reason     string
	}{
		{4, 4, Supported, ""},
		{3, 3, Inconclusive, "the trial stopped early (base ran 3 of 4 planned runs, cand 3 of 4); planned runs complete failed."},
		{4, 3, Inconclusive, "the trial stopped early (base ran 4 of 4 planned runs, cand 3 of 4); planned runs complete, complete matched pairs failed."},
		{3, 4, Inconclusive, "(base ran 3 of 4 planned runs, cand 4 of 4)"},
		{1, 1, Inconclusive, "(base ran 1 of 4 planned runs, cand 1 of 4)"},
	} {
		trial, err := Read("runs.jsonl", strings.NewReader(plan+"\n"+strings.Join(runs(tc.base, tc.cand), "\n")))
		if err != nil {
			t.Fatal(err)
		}
		res := Evaluate(trial, "base", "cand", 0.10)
		if res.Verdict != tc.want || !strings.Contains(res.Reason, tc.reason) {
			t.Errorf("%d and %d of 4: %s: %s; want %s with %q", tc.base, tc.cand, res.Verdict, res.Reason, tc.want, tc.reason)
		}
		if res.PlannedRuns != 4 || res.BaselineRuns != tc.base || res.CandidateRuns != tc.cand {
			t.Errorf("%d and %d of 4: runs %d, %d of %d", tc.base, tc.cand, res.BaselineRuns, res.CandidateRuns, res.PlannedRuns)
		}
		wantStatus := Pass
		if tc.want != Supported {
			wantStatus = Fail
		}
		if c := res.Conditions[0]; c.Name != CondPlan || c.Status != wantStatus {
			t.Errorf("%d and %d of 4: first condition %+v, want %s %s", tc.base, tc.cand, c, CondPlan, wantStatus)
		}
	}
	if c := Evaluate(mustRead(t, runs(4, 4)...), "base", "cand", 0.1).Conditions[0]; c.Detail != "4 of 4 planned runs in each arm (2 tasks × 2 repeats)" {
		t.Errorf("detail %q", c.Detail)
	}

	// Without a plan (a Trial built otherwise than by Read) nothing can
	// tell a complete trial from a stopped one: never SUPPORTED.
	trial := mustRead(t, runs(4, 4)...)
	trial.Plan = nil
	if res := Evaluate(trial, "base", "cand", 0.10); res.Verdict != Inconclusive || status(res, CondPlan) != Fail {
		t.Errorf("no plan: %s, %s", res.Verdict, res.Reason)
	}
}

// TestReadPlan: the plan comes first, once, well formed; runs keep to its
// tasks and repeats (at the repeats is accepted, one more is not).
func TestReadPlan(t *testing.T) {
	ok := record("a", "t", "true", "1", "2", set)
	second := strings.Replace(ok, `"run": 1`, `"run": 2`, 1)
	other := strings.Replace(ok, `"task": "t"`, `"task": "u"`, 1)
	for _, tc := range []struct {
		text      string
		line, col int
		contains  string // "" when accepted
	}{
		{plan1 + "\n" + ok, 0, 0, ""},
		{`{"plan": {"tasks": ["t"], "repeats": 2}}` + "\n" + ok + "\n" + second, 0, 0, ""},
		{plan1 + "\n" + ok + "\n" + second, 3, 1, "a task t run 2 is run 2 of arm a on task t, more than the plan's 1 repeat (line 1)"},
		{ok, 1, 1, "declares no plan before its first run"},
		{"", 1, 1, "declares no plan: write the trial's tasks and repeats on the first line"},
		{ok + "\n" + plan1, 1, 1, "declares no plan before its first run"},
		{plan1 + "\n" + plan1, 2, 1, "the plan is declared twice (first on line 1)"},
		{plan1 + "\n" + other, 2, 22, `task "u" is not in the plan (line 1: t)`},
		{`{"plan": {"tasks": [], "repeats": 1}}`, 1, 20, `plan "tasks" must be a non-empty list`},
		{`{"plan": {"tasks": ["t", " "], "repeats": 1}}`, 1, 20, `plan "tasks" item 2 is empty`},
		{`{"plan": {"tasks": ["t", "t"], "repeats": 1}}`, 1, 20, `plan "tasks" lists "t" twice`},
		{`{"plan": {"tasks": ["t"], "repeats": 0}}`, 1, 38, `plan "repeats" must be a whole number from 1 to 1,000,000`},
		{`{"plan": {"tasks": ["t"], "repeats": 1000001}}`, 1, 38, `plan "repeats" must be a whole number from 1 to 1,000,000`},
		{`{"plan": {"tasks": ["t"], "repeats": 1000000}}` + "\n" + ok, 0, 0, ""},
		{`{"plan": {"tasks": ["t"]}}`, 1, 2, `"plan" has no "repeats" field`},
		{`{"plan": {"tasks": ["t"], "repeats": 1, "arms": 2}}`, 1, 41, `unknown field "arms" in "plan"`},
		{`{"plan": {"tasks": ["t"], "repeats": 1}, "x": 1}`, 1, 42, `unknown field "x" in the plan line`},
	} {
		_, err := Read("runs.jsonl", strings.NewReader(tc.text))
		if tc.contains == "" {
			if err != nil {
				t.Errorf("%q: %v, want it accepted", tc.text, err)
			}
			continue
		}
		var e *Error
		if !errors.As(err, &e) || e.Line != tc.line || e.Col != tc.col || !strings.Contains(e.Msg, tc.contains) {
			t.Errorf("%q:\n got %v\nwant runs.jsonl:%d:%d: ...%s...", tc.text, err, tc.line, tc.col, tc.contains)
		}
	}
}
