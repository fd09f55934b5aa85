package config

import (
	"errors"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

const minimal = `version: "v1"
parts: base: file: "base.md"
modes: focus: compose: [parts.base]
order: ["focus"]
defaultMode: "focus"
`

// configError returns the diagnostics of err, failing the test when err is
// not a configuration error.
func configError(t *testing.T, err error) []string {
	t.Helper()
	var ce *Error
	if !errors.As(err, &ce) {
		t.Fatalf("got %T %v, want a configuration error", err, err)
	}
	var out []string
	for _, d := range ce.Diagnostics {
		out = append(out, d.Pos.String()+": "+d.Message)
	}
	return out
}

// spinningEvaluator stands in for an evaluation that computes until the
// test releases it, so the limit of processor time always passes first
// without the test measuring time.
func spinningEvaluator(t *testing.T) {
	t.Helper()
	var release atomic.Bool
	saved, savedIsolate := evaluator, isolate
	isolate = false
	evaluator = func(file string, src []byte) (*Loaded, error) {
		for !release.Load() {
		}
		return nil, errors.New("released")
	}
	t.Cleanup(func() {
		release.Store(true)
		evaluator, isolate = saved, savedIsolate
	})
}

func TestEvaluationPastTheLimitIsAConfigurationError(t *testing.T) {
	spinningEvaluator(t)
	t.Setenv(EvalCPUEnv, "1ms")
	before := loadSchema()
	src := minimal + "_x: [for a in [1, 2] {a}]\n"
	_, err := LoadBytes("/p/promptc.cue", []byte(src))
	got := configError(t, err)
	if len(got) != 1 {
		t.Fatalf("got %d diagnostics, want 1: %q", len(got), got)
	}
	for _, want := range []string{
		"promptc.cue:6:6: ", // the comprehension
		"evaluating promptc.cue used more than the limit of 1ms of processor time",
		"needs no computation",
		"PROMPTC_CUE_TIMEOUT=DURATION raises the limit",
	} {
		if !strings.Contains(got[0], want) {
			t.Errorf("message %q lacks %q", got[0], want)
		}
	}
	if loadSchema() == before {
		t.Error("the CUE context of the abandoned evaluation is still shared")
	}
}

func TestEvaluationPastTheLimitWithoutComprehension(t *testing.T) {
	spinningEvaluator(t)
	t.Setenv(EvalCPUEnv, "1ms")
	_, err := LoadBytes("/p/promptc.cue", []byte(minimal))
	got := configError(t, err)
	want := "promptc.cue:1:1: evaluating promptc.cue used more than the limit of 1ms of processor time and was stopped; promptc.cue has no comprehension, function call or concatenation, so nothing in it should take long: PROMPTC_CUE_TIMEOUT=DURATION raises the limit"
	if len(got) != 1 || got[0] != want {
		t.Fatalf("got %q\nwant %q", got, want)
	}
}

func TestEvaluationWithinTheLimit(t *testing.T) {
	t.Setenv(EvalCPUEnv, "1h")
	l, err := LoadBytes("/p/promptc.cue", []byte(minimal+"_x: [for a in [1, 2] {a}]\n"))
	if err != nil {
		t.Fatal(err)
	}
	if l.Config.DefaultMode != "focus" {
		t.Fatalf("decoded %+v", l.Config)
	}
}

// TestLimitCountsProcessorTime: the limit is passed by processor time,
// never by time on the clock below the backstop, however long; where no
// processor time is known, the clock stands in.
func TestLimitCountsProcessorTime(t *testing.T) {
	var cpu time.Duration
	clock := time.Unix(0, 0)
	m := startMeter(func() (time.Duration, bool) { return cpu, true }, func() time.Time { return clock })
	limit := 300 * time.Millisecond
	steps := []struct {
		cpu, clock time.Duration
		want       overrun
	}{
		{0, 0, withinLimits},
		{limit, 90 * time.Second, withinLimits}, // a busy machine: long on the clock, little computed
		{limit, backstop(limit), withinLimits},
		{limit + time.Nanosecond, backstop(limit), overCPU},
		{limit, backstop(limit) + time.Nanosecond, overClock},
	}
	for _, s := range steps {
		cpu, clock = s.cpu, time.Unix(0, 0).Add(s.clock)
		if got := m.over(limit); got != s.want {
			t.Errorf("after %v of processor time and %v on the clock: got %d, want %d", s.cpu, s.clock, got, s.want)
		}
	}
	// The meter counts from when it was made.
	cpu, clock = time.Hour, time.Unix(0, 0)
	m = startMeter(func() (time.Duration, bool) { return cpu, true }, func() time.Time { return clock })
	if got := m.over(limit); got != withinLimits {
		t.Errorf("processor time before the meter was made counted: %d", got)
	}
	noCPU := startMeter(func() (time.Duration, bool) { return 0, false }, func() time.Time { return clock })
	clock = clock.Add(limit)
	if got := noCPU.over(limit); got != withinLimits {
		t.Errorf("without processor time, at the limit on the clock: got %d", got)
	}
	clock = clock.Add(time.Nanosecond)
	if got := noCPU.over(limit); got != overCPU {
		t.Errorf("without processor time, past the limit on the clock: got %d", got)
	}
	if got := backstop(time.Second); got != 2*time.Minute {
		t.Errorf("backstop(1s) = %v, want 2m", got)
	}
	if got := backstop(time.Minute); got != 20*time.Minute {
		t.Errorf("backstop(1m) = %v, want 20m", got)
	}
}

// TestMayOverflow: the full walk for numbers out of range runs whenever
// the syntax could produce one, and is skipped for a configuration of
// short literals that computes nothing.
func TestMayOverflow(t *testing.T) {
	for src, want := range map[string]bool{
		minimal: false,
		minimal + "includes: maxFiles: 922337203685477580\n":    false, // 18 digits
		minimal + "includes: maxFiles: 1_000_000\n":             false,
		minimal + "budgets: b: {sum: [parts.base], chars: 9}\n": false,
		minimal + "includes: maxFiles: 1000000000000000000\n":   true, // 19 digits
		minimal + "includes: maxFiles: 1Ki\n":                   true,
		minimal + "includes: maxFiles: 1e3\n":                   true,
		minimal + "includes: maxFiles: 0x10\n":                  true,
		minimal + "includes: maxFiles: 2 + 3\n":                 true,
		minimal + "includes: maxFiles: 5 - 3\n":                 true,
		minimal + "includes: maxFiles: 2 * 3\n":                 true,
		minimal + "includes: maxFiles: 6 / 3\n":                 true,
		minimal + "import \"math\"\nx: math.Abs(1)\n":           true,
		minimal + "_x: [for a in [1] {a}]\n":                    true,
		minimal + "_x: [":                                       true, // does not parse
	} {
		if got := mayOverflow("promptc.cue", []byte(src)); got != want {
			t.Errorf("mayOverflow(%q) = %v, want %v", src, got, want)
		}
	}
}

func TestEvaluatorPanicIsAnError(t *testing.T) {
	saved, savedIsolate := evaluator, isolate
	t.Cleanup(func() { evaluator, isolate = saved, savedIsolate })
	evaluator, isolate = func(string, []byte) (*Loaded, error) { panic("boom") }, false
	_, err := LoadBytes("/p/promptc.cue", []byte(minimal))
	var ce *Error
	if err == nil || errors.As(err, &ce) || !strings.Contains(err.Error(), "internal error in the CUE evaluator: boom") {
		t.Fatalf("got %v, want an internal error", err)
	}
}

func TestEvalCPUEnv(t *testing.T) {
	for _, v := range []string{"5", "abc", "0s", "-1s"} {
		t.Setenv(EvalCPUEnv, v)
		_, err := LoadBytes("/p/promptc.cue", []byte(minimal))
		got := configError(t, err)
		if len(got) != 1 || !strings.Contains(got[0], "PROMPTC_CUE_TIMEOUT=\""+v+"\" is not a positive duration") {
			t.Errorf("%s=%q: got %q", EvalCPUEnv, v, got)
		}
	}
}

func TestNumbersOutOfRange(t *testing.T) {
	cases := []struct {
		name, src string
		want      []string
	}{
		{
			"part budget of 2^63, reached from a mode too",
			strings.Replace(minimal, `file: "base.md"`, `{file: "base.md", budget: chars: 9223372036854775808}`, 1),
			[]string{"promptc.cue:2:47: parts.base.budget.chars: 9223372036854775808 is out of range for a budget (the largest ceiling promptc can count to is 9223372036854775807); write the ceiling"},
		},
		{
			"sum budget",
			minimal + "budgets: both: {sum: [parts.base], tokens: 99999999999999999999}\n",
			[]string{"promptc.cue:6:44: budgets.both.tokens: 99999999999999999999 is out of range for a budget"},
		},
		{
			"computed number",
			minimal + "includes: maxFiles: 9223372036854775807 + 1\n",
			[]string{"promptc.cue:6:21: includes.maxFiles: 9223372036854775808 is out of range: promptc's numbers are at most 9223372036854775807; write a smaller value"},
		},
		{
			"number with a multiplier",
			minimal + "includes: maxFiles: 9000000000000Gi\n",
			[]string{"promptc.cue:6:21: includes.maxFiles: 9663676416000000000000 is out of range"},
		},
		{
			"other number",
			minimal + "includes: maxFiles: 9223372036854775808\n",
			[]string{"promptc.cue:6:21: includes.maxFiles: 9223372036854775808 is out of range: promptc's numbers are at most 9223372036854775807; write a smaller value"},
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := LoadBytes("/p/promptc.cue", []byte(tc.src))
			got := configError(t, err)
			if len(got) != len(tc.want) {
				t.Fatalf("got %q, want %q", got, tc.want)
			}
			for i := range got {
				if !strings.HasPrefix(got[i], tc.want[i]) {
					t.Errorf("got %q, want prefix %q", got[i], tc.want[i])
				}
			}
		})
	}
	// The largest number that fits is accepted.
	src := strings.Replace(minimal, `file: "base.md"`, `{file: "base.md", budget: chars: 9223372036854775807}`, 1)
	l, err := LoadBytes("/p/promptc.cue", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if got := l.Config.Parts["base"].Budget.Chars; got != 9223372036854775807 {
		t.Fatalf("decoded %d", got)
	}
}
