package claim

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"
)

// n returns a pointer to v, for building runs by hand.
func n(v int64) *int64 { return &v }

// String prints a Measure in test messages: "{runs 3, total 120}".
func (m Measure) String() string {
	if m.Total == nil {
		return fmt.Sprintf("{runs %d, total nil}", m.Runs)
	}
	return fmt.Sprintf("{runs %d, total %d}", m.Runs, *m.Total)
}

// TestMeasure: a figure is summed over the runs that recorded it, a run
// without it is counted out rather than as zero, and no wrapped sum is
// ever reported.
func TestMeasure(t *testing.T) {
	for _, tc := range []struct {
		name  string
		vals  []*int64
		limit int64
		runs  int
		total *int64
	}{
		{"no runs", nil, MaxObserved, 0, nil},
		{"no run recorded it", []*int64{nil, nil}, MaxObserved, 0, nil},
		{"one run", []*int64{n(7)}, MaxObserved, 1, n(7)},
		{"one run of zero", []*int64{n(0)}, MaxObserved, 1, n(0)},
		{"every run", []*int64{n(3), n(4), n(5), n(6)}, MaxObserved, 4, n(18)},
		{"some runs missing", []*int64{n(3), nil, n(5), nil}, MaxObserved, 2, n(8)},
		{"at the limit", []*int64{n(MaxObserved), n(MaxObserved)}, MaxObserved, 2, n(2 * MaxObserved)},
		{"out of range counted out", []*int64{n(-1), n(MaxObserved + 1), n(2)}, MaxObserved, 1, n(2)},
		{"overflow", []*int64{n(math.MaxInt64), n(1), n(2)}, math.MaxInt64, 3, nil},
	} {
		got := measure(tc.vals, tc.limit)
		want := Measure{tc.runs, tc.total}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: measure = %v, want %v", tc.name, got, want)
		}
	}
}

// TestMeasureCell: the text says how many runs a figure covers whenever it
// is not every run of the arm.
func TestMeasureCell(t *testing.T) {
	for _, tc := range []struct {
		m    Measure
		runs int
		want string
	}{
		{Measure{4, n(12400)}, 4, "12,400"},
		{Measure{3, n(9)}, 4, "9 (3 of 4 runs)"},
		{Measure{1, n(0)}, 1, "0"},
		{Measure{0, nil}, 4, "not recorded"},
		{Measure{0, nil}, 0, "not recorded"},
		{Measure{2, nil}, 2, "too large to count (2 of 2 runs)"},
	} {
		if got := tc.m.cell(tc.runs); got != tc.want {
			t.Errorf("%v.cell(%d) = %q, want %q", tc.m, tc.runs, got, tc.want)
		}
	}
}

// observed writes one run line with the optional observations, extra
// being the raw JSON members to add ("" for none).
func observed(arm, task string, input, extra string) string {
	rec := record(arm, task, "true", input, "0", set)
	if extra == "" {
		return rec
	}
	return strings.TrimSuffix(rec, "}") + ", " + extra + "}"
}

// TestReadObservations: the optional fields are read when present and
// nil when absent or null.
func TestReadObservations(t *testing.T) {
	for _, tc := range []struct {
		extra                 string
		calls, chars, elapsed *int64
	}{
		{``, nil, nil, nil},
		{`"retrieval": null, "elapsedMs": null`, nil, nil, nil},
		{`"retrieval": {"calls": 3, "chars": 4200}, "elapsedMs": 81000`, n(3), n(4200), n(81000)},
		{`"retrieval": {"calls": 0}`, n(0), nil, nil},
		{`"retrieval": {"chars": null, "calls": 2}`, n(2), nil, nil},
		{`"elapsedMs": 1000000000000`, nil, nil, n(MaxObserved)},
	} {
		trial := mustRead(t, observed("a", "t", "1", tc.extra))
		r := trial.Runs[0]
		for _, f := range []struct {
			name      string
			got, want *int64
		}{{"calls", r.RetrievalCalls, tc.calls}, {"chars", r.RetrievalChars, tc.chars}, {"elapsedMs", r.ElapsedMs, tc.elapsed}} {
			if !reflect.DeepEqual(f.got, f.want) {
				t.Errorf("%s: %s = %v, want %v", tc.extra, f.name, f.got, f.want)
			}
		}
	}
}

// TestReadObservationErrors: a malformed observation is an error at its
// value, like a malformed usage count.
func TestReadObservationErrors(t *testing.T) {
	for _, tc := range []struct {
		extra, at, contains string
	}{
		{`"retrieval": {}`, `"retrieval"`, `"retrieval" is empty`},
		{`"retrieval": 3`, `3`, `"retrieval" must be a JSON object`},
		{`"retrieval": {"calls": 1, "bytes": 2}`, `"bytes"`, `unknown field "bytes" in "retrieval" (valid: calls, chars)`},
		{`"retrieval": {"calls": -1}`, `-1`, `retrieval "calls" must be a whole number of calls of at least 0`},
		{`"retrieval": {"chars": 1.5}`, `1.5`, `retrieval "chars" must be a whole number of characters`},
		{`"retrieval": {"chars": 1000000000001}`, `1000000000001`, `retrieval "chars" is more than 1,000,000,000,000 characters`},
		{`"elapsedMs": "81s"`, `"81s"`, `"elapsedMs" must be a whole number of milliseconds`},
		{`"elapsedMs": 99999999999999999999`, `99999999999999999999`, `"elapsedMs" is more than 1,000,000,000,000 milliseconds`},
		{`"elapsedMs": 1, "elapsedMs": 2`, `"elapsedMs": 2`, `field "elapsedMs" appears twice`},
		{`"latencyMs": 1`, `"latencyMs"`, `unknown field "latencyMs" in a run (valid: arm, task, run, passed, usage, settings, settingsVerified, retrieval, elapsedMs)`},
	} {
		line := observed("a", "t", "1", tc.extra)
		_, err := Read("runs.jsonl", strings.NewReader(plan1+"\n"+line))
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("%s: error %v, want a *claim.Error", tc.extra, err)
			continue
		}
		col := strings.LastIndex(line, tc.at) + 1
		if e.Line != 2 || e.Col != col || !strings.Contains(e.Msg, tc.contains) {
			t.Errorf("%s:\n got %v\nwant runs.jsonl:2:%d: ...%s...", tc.extra, err, col, tc.contains)
		}
	}
}

// TestObservedPerArm: each arm's figures are summed over its own runs and
// say how many runs recorded them; runs of a third arm stay out.
func TestObservedPerArm(t *testing.T) {
	trial := mustRead(t,
		observed("base", "t1", "1000", `"retrieval": {"calls": 1, "chars": 100}, "elapsedMs": 10`),
		observed("base", "t2", "2000", `"retrieval": {"calls": 2, "chars": 200}, "elapsedMs": 30`),
		observed("cand", "t1", "500", `"retrieval": {"calls": 4, "chars": 900}`),
		observed("cand", "t2", "null", `"retrieval": {"calls": 5}, "elapsedMs": 50`),
		observed("other", "t1", "9", `"retrieval": {"calls": 99, "chars": 99}, "elapsedMs": 99`),
	)
	res := Evaluate(trial, "base", "cand", 0.1)
	want := []Observed{
		{Arm: "base", Runs: 2, InputTokens: Measure{2, n(3000)}, RetrievalCalls: Measure{2, n(3)}, RetrievalChars: Measure{2, n(300)}, ElapsedMs: Measure{2, n(40)}},
		{Arm: "cand", Runs: 2, InputTokens: Measure{1, n(500)}, RetrievalCalls: Measure{2, n(9)}, RetrievalChars: Measure{1, n(900)}, ElapsedMs: Measure{1, n(50)}},
	}
	if !reflect.DeepEqual(res.Observed, want) {
		t.Errorf("Observed = %+v\nwant %+v", res.Observed, want)
	}
	// Observed is reported even when the evidence carries no claim (the
	// candidate's unknown input makes it inconclusive).
	if res.Verdict != Inconclusive {
		t.Errorf("verdict %s, want %s", res.Verdict, Inconclusive)
	}
}

// TestObservedOneRunAndNoRuns: one run is its own total, and an arm with
// no runs reports nothing recorded rather than zeros.
func TestObservedOneRunAndNoRuns(t *testing.T) {
	trial := mustRead(t, observed("base", "t", "1000", `"retrieval": {"calls": 3, "chars": 40}, "elapsedMs": 7`))
	res := Evaluate(trial, "base", "cand", 0.1)
	want := []Observed{
		{Arm: "base", Runs: 1, InputTokens: Measure{1, n(1000)}, RetrievalCalls: Measure{1, n(3)}, RetrievalChars: Measure{1, n(40)}, ElapsedMs: Measure{1, n(7)}},
		{Arm: "cand"},
	}
	if !reflect.DeepEqual(res.Observed, want) {
		t.Errorf("Observed = %+v\nwant %+v", res.Observed, want)
	}
}

// TestObservationsOutsideTheVerdict: the same runs with and without
// observations, however lopsided, get the same conditions, verdict and
// reason: retrieval and time are reported, never judged.
func TestObservationsOutsideTheVerdict(t *testing.T) {
	for _, tc := range []struct {
		name       string
		base, cand int
		want       Verdict
	}{
		{"supported", 1000, 800, Supported},
		{"not supported", 1000, 950, NotSupported},
	} {
		var plain, heavy []string
		for _, task := range []string{"t1", "t2"} {
			plain = append(plain, observed("base", task, fmt.Sprint(tc.base), ""), observed("cand", task, fmt.Sprint(tc.cand), ""))
			// The candidate retrieves a thousand times more and takes far
			// longer; the baseline records nothing.
			heavy = append(heavy, observed("base", task, fmt.Sprint(tc.base), ""),
				observed("cand", task, fmt.Sprint(tc.cand), `"retrieval": {"calls": 1000, "chars": 1000000000000}, "elapsedMs": 1000000000000`))
		}
		a := Evaluate(mustRead(t, plain...), "base", "cand", 0.1)
		b := Evaluate(mustRead(t, heavy...), "base", "cand", 0.1)
		if a.Verdict != tc.want || b.Verdict != tc.want {
			t.Errorf("%s: verdicts %s and %s, want %s", tc.name, a.Verdict, b.Verdict, tc.want)
		}
		if a.Reason != b.Reason || !reflect.DeepEqual(a.Conditions, b.Conditions) || *a.CandidateTokens != *b.CandidateTokens {
			t.Errorf("%s: observations changed the gate:\n%+v\n%+v", tc.name, a, b)
		}
		if got := b.Observed[1].RetrievalCalls; got.Runs != 2 || *got.Total != 2000 {
			t.Errorf("%s: candidate retrieval calls %v, want 2 runs, 2000", tc.name, got)
		}
	}
}

// TestWriteObserved: the observations follow the verdict under their own
// heading, with the coverage of every partial figure.
func TestWriteObserved(t *testing.T) {
	trial := mustRead(t,
		observed("base", "t1", "1000", `"retrieval": {"calls": 1, "chars": 100}, "elapsedMs": 1500`),
		observed("base", "t2", "2000", `"retrieval": {"calls": 2, "chars": 200}, "elapsedMs": 2500`),
		observed("cand", "t1", "500", `"elapsedMs": 4000`),
		observed("cand", "t2", "600", `"retrieval": {"calls": 5, "chars": 12345}`),
	)
	var buf bytes.Buffer
	if err := Write(&buf, Evaluate(trial, "base", "cand", 0.1)); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	want := `
SUPPORTED: cand used 63.3% fewer total tokens than base on 2 matched pairs with identical passing outcomes and the same verified settings, at least the 10% required.

Also measured, outside the verdict (totals over each arm's recorded runs):
ARM   RUNS  INPUT TOKENS  RETRIEVAL CALLS  RETRIEVAL CHARS       ELAPSED MS
base  2     3,000         3                300                   4,000
cand  2     1,100         5 (1 of 2 runs)  12,345 (1 of 2 runs)  4,000 (1 of 2 runs)
`
	if !strings.HasSuffix(out, want) {
		t.Errorf("Write:\n%s\nwant it to end with:\n%s", out, want)
	}
}
