package claim

import (
	"strings"
	"testing"
)

// TestSettingsDiffBranches checks each way two runs' settings can differ,
// and that agreeing settings give "": a key only in the reference, a key
// only in the run, a value that differs, the first differing key in
// sorted order.
func TestSettingsDiffBranches(t *testing.T) {
	run := func(kv ...string) Run {
		s := map[string]string{}
		for i := 0; i < len(kv); i += 2 {
			s[kv[i]] = kv[i+1]
		}
		return Run{Settings: s}
	}
	for _, tc := range []struct {
		name   string
		ref, r Run
		want   string
	}{
		{"same", run("model", "a", "t", "0"), run("t", "0", "model", "a"), ""},
		{"both empty", run(), run(), ""},
		{"missing in the run", run("model", "a", "t", "0"), run("model", "a"), "no setting t against t=0"},
		{"only in the run", run("model", "a"), run("model", "a", "t", "0"), "t=0 against no setting t"},
		{"value differs", run("model", "a"), run("model", "b"), "model=b against model=a"},
		{"first key in order", run("a", "1", "z", "1"), run("a", "2", "z", "2"), "a=2 against a=1"},
		{"a missing key sorts before a later value", run("b", "1", "c", "1"), run("c", "2"), "no setting b against b=1"},
		{"an extra key sorts before a later value", run("c", "1"), run("a", "1", "c", "2"), "a=1 against no setting a"},
		{"empty value against none", run("k", ""), run(), "no setting k against k="},
	} {
		if got := settingsDiff(tc.ref, tc.r); got != tc.want {
			t.Errorf("%s: settingsDiff = %q, want %q", tc.name, got, tc.want)
		}
	}
}

// TestSettingsMismatchNeverSupported: a saving well over the threshold is
// inconclusive when one run's settings are not verified, or when a run
// lacks or adds a setting, in the candidate or the baseline; with every
// setting the same and verified it is supported.
func TestSettingsMismatchNeverSupported(t *testing.T) {
	const other = `{"model": "m"}`
	const more = `{"model": "m", "temperature": 0, "seed": 1}`
	unverified := strings.Replace(record("cand", "t1", "true", "5", "0", set), `"settingsVerified": true`, `"settingsVerified": false`, 1)
	for _, tc := range []struct {
		name   string
		lines  []string
		detail string
	}{
		{"all the same", []string{
			record("base", "t0", "true", "10", "0", set), record("cand", "t0", "true", "5", "0", set),
			record("base", "t1", "true", "10", "0", set), record("cand", "t1", "true", "5", "0", set),
		}, ""},
		{"not verified", []string{
			record("base", "t0", "true", "10", "0", set), record("cand", "t0", "true", "5", "0", set),
			record("base", "t1", "true", "10", "0", set), unverified,
		}, "cand task t1 run 1: settings not verified (line 5)"},
		{"candidate lacks a setting", []string{
			record("base", "t0", "true", "10", "0", set), record("cand", "t0", "true", "5", "0", other),
		}, "cand task t0 run 1 (line 3) differs from its pair base task t0 run 1 (line 2): no setting temperature against temperature=0"},
		{"candidate adds a setting", []string{
			record("base", "t0", "true", "10", "0", set), record("cand", "t0", "true", "5", "0", more),
		}, "cand task t0 run 1 (line 3) differs from its pair base task t0 run 1 (line 2): seed=1 against no setting seed"},
		{"a later pair lacks a setting in both runs", []string{
			record("base", "t0", "true", "10", "0", set), record("cand", "t0", "true", "5", "0", set),
			record("base", "t1", "true", "10", "0", other), record("cand", "t1", "true", "5", "0", other),
		}, "base task t1 run 1 (line 4) differs from the settings of the other runs: no setting temperature against temperature=0 in base task t0 run 1 (line 2)"},
		{"the first run's own pair differs", []string{
			record("base", "t0", "true", "10", "0", set), record("base", "t1", "true", "10", "0", set),
			record("cand", "t0", "true", "5", "0", more), record("cand", "t1", "true", "5", "0", set),
		}, "cand task t0 run 1 (line 4) differs from its pair base task t0 run 1 (line 2): seed=1 against no setting seed"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := Evaluate(mustRead(t, tc.lines...), "base", "cand", 0.10)
			c := cond(t, res, CondSettings)
			if tc.detail == "" {
				if res.Verdict != Supported || c.Status != Pass {
					t.Fatalf("verdict %s, settings %s (%s); want supported", res.Verdict, c.Status, c.Detail)
				}
				return
			}
			if res.Verdict != Inconclusive || c.Status != Fail || c.Detail != tc.detail {
				t.Errorf("verdict %s, settings %s: %q; want inconclusive, fail: %q", res.Verdict, c.Status, c.Detail, tc.detail)
			}
			if res.Saving != nil {
				t.Errorf("saving %v evaluated on mismatched settings", *res.Saving)
			}
		})
	}
}

// TestBaselineWithoutTokens: a baseline that used no tokens leaves the
// saving unmeasured, whatever the candidate used, and says so.
func TestBaselineWithoutTokens(t *testing.T) {
	for _, cand := range []int{0, 5} {
		res := Evaluate(mustRead(t, pairs(2, 0, cand)...), "base", "cand", 0.10)
		c := cond(t, res, condTokens(0.10))
		if res.Verdict != Inconclusive || res.Saving != nil || c.Status != Fail ||
			c.Detail != "base used no tokens, so no saving can be measured" ||
			res.Reason != "no savings claim can be made: the baseline used no tokens." {
			t.Errorf("candidate %d: verdict %s, saving %v, %s: %q, reason %q", cand, res.Verdict, res.Saving, c.Status, c.Detail, res.Reason)
		}
		if *res.BaselineTokens != 0 || *res.CandidateTokens != int64(2*cand) {
			t.Errorf("candidate %d: totals %d, %d", cand, *res.BaselineTokens, *res.CandidateTokens)
		}
	}
	// One token is enough to measure.
	if res := Evaluate(mustRead(t, pairs(1, 1, 0)...), "base", "cand", 0.10); res.Verdict != Supported || res.Saving == nil || *res.Saving != 1 {
		t.Errorf("baseline of 1 token: %s, %v", res.Verdict, res.Saving)
	}
}
