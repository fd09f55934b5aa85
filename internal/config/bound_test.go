package config

import (
	"errors"
	"strings"
	"testing"
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

// blockingEvaluator stands in for an evaluation that does not end until
// the test releases it, so the limit always passes first without the test
// measuring time.
func blockingEvaluator(t *testing.T) {
	t.Helper()
	release := make(chan struct{})
	saved, savedIsolate := evaluator, isolate
	isolate = false
	evaluator = func(file string, src []byte) (*Loaded, error) {
		<-release
		return nil, errors.New("released")
	}
	t.Cleanup(func() {
		close(release)
		evaluator, isolate = saved, savedIsolate
	})
}

func TestEvaluationPastTheLimitIsAConfigurationError(t *testing.T) {
	blockingEvaluator(t)
	t.Setenv(EvalTimeoutEnv, "1ms")
	before := loadSchema()
	src := minimal + "_x: [for a in [1, 2] {a}]\n"
	_, err := LoadBytes("/p/promptc.cue", []byte(src))
	got := configError(t, err)
	if len(got) != 1 {
		t.Fatalf("got %d diagnostics, want 1: %q", len(got), got)
	}
	for _, want := range []string{
		"promptc.cue:6:6: ", // the comprehension
		"evaluating promptc.cue took longer than the limit of 1ms",
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
	blockingEvaluator(t)
	t.Setenv(EvalTimeoutEnv, "1ms")
	_, err := LoadBytes("/p/promptc.cue", []byte(minimal))
	got := configError(t, err)
	if len(got) != 1 || !strings.HasPrefix(got[0], "promptc.cue:1:1: evaluating promptc.cue took longer") {
		t.Fatalf("got %q", got)
	}
}

func TestEvaluationWithinTheLimit(t *testing.T) {
	t.Setenv(EvalTimeoutEnv, "1h")
	l, err := LoadBytes("/p/promptc.cue", []byte(minimal+"_x: [for a in [1, 2] {a}]\n"))
	if err != nil {
		t.Fatal(err)
	}
	if l.Config.DefaultMode != "focus" {
		t.Fatalf("decoded %+v", l.Config)
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

func TestEvalTimeoutEnv(t *testing.T) {
	for _, v := range []string{"5", "abc", "0s", "-1s"} {
		t.Setenv(EvalTimeoutEnv, v)
		_, err := LoadBytes("/p/promptc.cue", []byte(minimal))
		got := configError(t, err)
		if len(got) != 1 || !strings.Contains(got[0], "PROMPTC_CUE_TIMEOUT=\""+v+"\" is not a positive duration") {
			t.Errorf("%s=%q: got %q", EvalTimeoutEnv, v, got)
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
