package config

import (
	"runtime/debug"
	"strconv"
	"strings"
	"testing"
)

// The bombs below evaluate in a child process of the test binary, which
// links this package and so serves evaluations (see init in isolate.go).
// Each asks for far more memory than the limit: without the child's
// bounds the test process would crash with the Go runtime's fatal
// out-of-memory error, or fill the machine's memory.

// TestMemoryBombOneCall: one call asking for a 20 GB string is stopped
// and reported at the call, as a configuration error.
func TestMemoryBombOneCall(t *testing.T) {
	src := "import \"strings\"\n" + minimal + "_x: strings.Repeat(strings.Repeat(\"ab\", 100000), 100000)\n"
	_, err := LoadBytes("/p/promptc.cue", []byte(src))
	got := configError(t, err)
	want := "promptc.cue:7:5: evaluating promptc.cue needed more than the memory limit of 512 MiB and was stopped; promptc.cue describes assets and needs no computation: remove the call here and any other large ones (for example strings.Repeat with a large count). PROMPTC_CUE_MEMORY=SIZE raises the limit"
	if len(got) != 1 || got[0] != want {
		t.Fatalf("got %q\nwant %q", got, want)
	}
}

// TestMemoryBombDoubling: a string doubled forty times by references, no
// call at all, grows step by step; the memory limit stops it long before
// the time limit would (an hour here).
func TestMemoryBombDoubling(t *testing.T) {
	t.Setenv(EvalCPUEnv, "1h")
	t.Setenv(EvalMemoryEnv, "64MiB")
	var b strings.Builder
	b.WriteString(minimal + "_a0: \"abcdefgh\"\n")
	for i := 1; i <= 40; i++ {
		b.WriteString("_a" + itoa(i) + ": _a" + itoa(i-1) + " + _a" + itoa(i-1) + "\n")
	}
	_, err := LoadBytes("/p/promptc.cue", []byte(b.String()))
	got := configError(t, err)
	want := "promptc.cue:7:6: evaluating promptc.cue needed more than the memory limit of 64 MiB and was stopped; promptc.cue describes assets and needs no computation: remove the concatenation here and any other large ones (for example a value added to itself again and again). PROMPTC_CUE_MEMORY=SIZE raises the limit"
	if len(got) != 1 || got[0] != want {
		t.Fatalf("got %q\nwant %q", got, want)
	}
}

func itoa(i int) string { return strconv.Itoa(i) }

// TestTimeLimitHolds: an evaluation that would run for hours is stopped
// at the limit of processor time, not when the evaluator next yields: the
// child stops itself. Without that this test would not end, and the test
// binary's own timeout fails it; no clock is read here.
func TestTimeLimitHolds(t *testing.T) {
	t.Setenv(EvalCPUEnv, "300ms")
	src := "import \"list\"\n" + minimal + "_x: [for a in list.Range(0, 1000000000, 1) {a}]\n"
	_, err := LoadBytes("/p/promptc.cue", []byte(src))
	got := configError(t, err)
	if len(got) != 1 || !strings.HasPrefix(got[0], "promptc.cue:7:6: evaluating promptc.cue used more than the limit of 300ms of processor time and was stopped; promptc.cue describes assets and needs no computation: remove the comprehension here") {
		t.Fatalf("got %q", got)
	}
}

// TestChildResult: a valid configuration comes back from the child whole,
// positions included, and an invalid one with its diagnostics.
func TestChildResult(t *testing.T) {
	if !isolate {
		t.Fatal("evaluations do not run in a child")
	}
	l, err := LoadBytes("/p/promptc.cue", []byte(minimal))
	if err != nil {
		t.Fatal(err)
	}
	if l.Config.DefaultMode != "focus" || l.Root != "/p" {
		t.Fatalf("decoded %+v", l)
	}
	if p := l.PosOfKeys("defaultMode"); p.Line != 5 {
		t.Errorf("defaultMode at %v, want line 5", p)
	}
	_, err = LoadBytes("/p/promptc.cue", []byte(minimal+"defaultMode: 3\n"))
	if got := configError(t, err); len(got) == 0 || !strings.HasPrefix(got[0], "promptc.cue:") {
		t.Errorf("got %q", got)
	}
}

func TestEvalMemoryEnv(t *testing.T) {
	for v, want := range map[string]int64{"1GiB": 1 << 30, "800MiB": 800 << 20, "65536KiB": 64 << 20, "67108864": MinEvalMemory} {
		t.Setenv(EvalMemoryEnv, v)
		if got, err := evalMemory("/p/promptc.cue"); err != nil || got != want {
			t.Errorf("%s=%q: got %d, %v; want %d", EvalMemoryEnv, v, got, err, want)
		}
	}
	for _, v := range []string{"0", "-1MiB", "abc", "1GB", "9999999999GiB"} {
		t.Setenv(EvalMemoryEnv, v)
		_, err := LoadBytes("/p/promptc.cue", []byte(minimal))
		got := configError(t, err)
		if len(got) != 1 || !strings.Contains(got[0], "PROMPTC_CUE_MEMORY=\""+v+"\" is not a positive size; write it like 1GiB or 800MiB, or unset it for the default 512 MiB") {
			t.Errorf("%s=%q: got %q", EvalMemoryEnv, v, got)
		}
	}
}

// TestMemoryBelowTheMinimum: a memory limit the evaluator cannot start
// within is a configuration error naming the variable and the minimum,
// not a crash of the evaluator.
func TestMemoryBelowTheMinimum(t *testing.T) {
	for _, v := range []string{"1", "65535KiB", "67108863"} {
		t.Setenv(EvalMemoryEnv, v)
		_, err := LoadBytes("/p/promptc.cue", []byte(minimal))
		got := configError(t, err)
		want := "promptc.cue: the environment variable PROMPTC_CUE_MEMORY=\"" + v + "\" is below the 64 MiB the evaluator needs to start; write at least 64MiB, or unset it for the default 512 MiB"
		if len(got) != 1 || got[0] != want {
			t.Errorf("%s=%q: got %q\nwant %q", EvalMemoryEnv, v, got, want)
		}
	}
	// The minimum itself is enough to evaluate a configuration.
	t.Setenv(EvalMemoryEnv, "64MiB")
	if _, err := LoadBytes("/p/promptc.cue", []byte(minimal)); err != nil {
		t.Fatal(err)
	}
}

// TestCollectNear checks the evaluator's collector settings: collection
// as the heap grows (GOGC=100, whatever GOGC the user's environment
// sets), and a soft limit three quarters of the memory limit, below the
// watchdog's.
func TestCollectNear(t *testing.T) {
	saved := debug.SetGCPercent(-1)
	percent, limit := collectNear(DefaultEvalMemory)
	if percent != -1 {
		t.Errorf("collectNear returned the previous GC percent %d, want -1", percent)
	}
	percent = saved
	defer func() {
		debug.SetGCPercent(percent)
		debug.SetMemoryLimit(limit)
	}()
	if got := debug.SetGCPercent(-1); got != 100 {
		t.Errorf("GC percent %d, want 100", got)
	}
	if got, want := debug.SetMemoryLimit(-1), int64(DefaultEvalMemory*3/4); got != want {
		t.Errorf("soft memory limit %d, want %d", got, want)
	}
}
