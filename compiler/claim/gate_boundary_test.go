package claim

import (
	"fmt"
	"slices"
	"testing"
)

// TestPercent checks the threshold as printed: a percentage with up to two
// decimals, trailing zeros dropped.
func TestPercent(t *testing.T) {
	for _, tc := range []struct {
		f    float64
		want string
	}{
		{0.1, "10%"}, {0.125, "12.5%"}, {0.1234, "12.34%"}, {1, "100%"}, {0.0001, "0.01%"}, {0, "0%"},
	} {
		if got := percent(tc.f); got != tc.want {
			t.Errorf("percent(%v) = %q, want %q", tc.f, got, tc.want)
		}
	}
}

// TestListed checks that up to three problems are listed in full and the
// rest counted.
func TestListed(t *testing.T) {
	for _, tc := range []struct {
		n    int
		want string
	}{
		{1, "p1"},
		{2, "p1; p2"},
		{3, "p1; p2; p3"},
		{4, "p1; p2; p3; and 1 more"},
		{6, "p1; p2; p3; and 3 more"},
	} {
		var what []string
		for i := 1; i <= tc.n; i++ {
			what = append(what, fmt.Sprintf("p%d", i))
		}
		if got := listed(what); got != tc.want {
			t.Errorf("listed(%d) = %q, want %q", tc.n, got, tc.want)
		}
	}
}

// TestAllRuns checks the three wordings of how many runs.
func TestAllRuns(t *testing.T) {
	for n, want := range map[int]string{1: "the run", 2: "both runs", 3: "all 3 runs"} {
		if got := allRuns(n); got != want {
			t.Errorf("allRuns(%d) = %q, want %q", n, got, want)
		}
	}
}

// cond returns res's condition called name; the test fails without one.
func cond(t *testing.T, res Result, name string) Condition {
	t.Helper()
	for _, c := range res.Conditions {
		if c.Name == name {
			return c
		}
	}
	t.Fatalf("no condition %q in %+v", name, res.Conditions)
	return Condition{}
}

// TestMissingArmNamed checks that the pairs condition names the arm
// without runs, or both.
func TestMissingArmNamed(t *testing.T) {
	for _, tc := range []struct {
		name  string
		trial Trial
		want  string
	}{
		{"no runs", Trial{}, "no runs of arm base or cand"},
		{"no candidate runs", mustRead(t, record("base", "t0", "true", "10", "0", set)), "no runs of arm cand"},
		{"no baseline runs", mustRead(t, record("cand", "t0", "true", "10", "0", set)), "no runs of arm base"},
	} {
		res := Evaluate(tc.trial, "base", "cand", 0.10)
		i := slices.IndexFunc(res.Conditions, func(c Condition) bool { return c.Name == CondPairs })
		if i < 0 {
			t.Fatalf("%s: no %s condition in %+v", tc.name, CondPairs, res.Conditions)
		}
		if c := res.Conditions[i]; c.Status != Fail || c.Detail != tc.want {
			t.Errorf("%s: %+v, want %s failed with %q", tc.name, c, CondPairs, tc.want)
		}
	}
}

// TestUnmatchedListed checks the pairs condition with runs left without a
// pair, each named.
func TestUnmatchedListed(t *testing.T) {
	res := Evaluate(mustRead(t,
		record("base", "t0", "true", "10", "0", set),
		record("cand", "t0", "true", "9", "0", set),
		record("base", "t1", "true", "10", "0", set),
		record("cand", "t2", "true", "9", "0", set),
	), "base", "cand", 0.10)
	// Line 1 is the plan (tasks t0, t1, t2 once each), so each arm ran 2
	// of its 3 planned runs.
	want := "1 matched, 2 unmatched: base task t1 run 1 has no cand run (line 4); cand task t2 run 1 has no base run (line 5)"
	if c := cond(t, res, CondPairs); c.Status != Fail || c.Detail != want {
		t.Errorf("%+v, want detail %q", c, want)
	}
	if res.Verdict != Inconclusive || res.Reason != "no savings claim can be made: the trial stopped early (base ran 2 of 3 planned runs, cand 2 of 3); planned runs complete, complete matched pairs failed. Incomplete, failing or unknown evidence supports no claim either way." {
		t.Errorf("%s: %s", res.Verdict, res.Reason)
	}
}

// TestOutcomesAndUsageUnknown checks each way a run's evidence is missing:
// an unknown or failed outcome, unknown input or output tokens.
func TestOutcomesAndUsageUnknown(t *testing.T) {
	res := Evaluate(mustRead(t,
		record("base", "t0", "null", "10", "0", set),
		record("cand", "t0", "false", "null", "0", set),
		record("base", "t1", "true", "10", "null", set),
		record("cand", "t1", "true", "9", "0", set),
	), "base", "cand", 0.10)
	want := []Condition{
		{CondPairs, Pass, "2 pairs: every task and run id has one run in each arm"},
		{CondOutcomes, Fail, "base task t0 run 1: outcome unknown (line 2); cand task t0 run 1 failed (line 3)"},
		{CondUsage, Fail, "cand task t0 run 1: input or output tokens unknown (line 3); base task t1 run 1: input or output tokens unknown (line 4)"},
	}
	for _, w := range want {
		if c := cond(t, res, w.Name); c != w {
			t.Errorf("condition %s: %+v, want %+v", w.Name, c, w)
		}
	}
}

// TestSettingsOfAnotherRunOfTheFirstTask: a pair that agrees with itself
// but not with the first run is reported even when it shares that run's
// task.
func TestSettingsOfAnotherRunOfTheFirstTask(t *testing.T) {
	other := `{"model": "n", "temperature": 0}`
	line := func(arm, id, settings string) string {
		return fmt.Sprintf(`{"arm": %q, "task": "t0", "run": %s, "passed": true, "usage": {"input": 10, "output": 0}, "settings": %s, "settingsVerified": true}`, arm, id, settings)
	}
	res := Evaluate(mustRead(t,
		line("base", "1", set), line("cand", "1", set),
		line("base", "2", other), line("cand", "2", other),
	), "base", "cand", 0.10)
	want := `base task t0 run 2 (line 4) differs from the settings of the other runs: model="n" against model="m" in base task t0 run 1 (line 2)`
	if c := cond(t, res, CondSettings); c.Status != Fail || c.Detail != want {
		t.Errorf("%+v, want detail %q", c, want)
	}
}

// TestReasonWithoutSkipped: a reason lists only failed conditions when
// none was skipped.
func TestReasonWithoutSkipped(t *testing.T) {
	res := Evaluate(mustRead(t,
		record("base", "t0", "false", "10", "0", set),
		record("cand", "t0", "true", "9", "0", set),
	), "base", "cand", 0.10)
	want := "no savings claim can be made: identical passing outcomes failed. Incomplete, failing or unknown evidence supports no claim either way."
	if res.Reason != want {
		t.Errorf("reason %q, want %q", res.Reason, want)
	}
	if c := cond(t, res, condTokens(0.10)); c.Status != NotEvaluated {
		t.Errorf("tokens condition %+v", c)
	}
}

// TestChangeDecimals checks that a saving is printed with one decimal
// more than the threshold needs, up to four.
func TestChangeDecimals(t *testing.T) {
	for _, tc := range []struct {
		saving, threshold float64
		want              string
	}{
		{0.2, 0.1, "20.0% fewer"},
		{0.2, 0.15, "20.0% fewer"},
		{0.2, 0.125, "20.00% fewer"},
		{0.2, 0.1234, "20.000% fewer"},
		{0.2, 0.12345, "20.0000% fewer"},
		{0.2, 0.123456, "20.0000% fewer"},
		{0.2, 0.1234567, "20.0000% fewer"},
		{-0.05, 0.1, "5.0% more"},
		{0, 0.1, "no fewer"},
	} {
		if got := change(tc.saving, tc.threshold, tc.saving >= tc.threshold); got != tc.want {
			t.Errorf("change(%v, %v) = %q, want %q", tc.saving, tc.threshold, got, tc.want)
		}
	}
}
