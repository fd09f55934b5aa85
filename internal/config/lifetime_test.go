package config

import (
	"encoding/json"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// forever is a configuration whose evaluation runs for hours.
const forever = "import \"list\"\n" + minimal + "_x: [for a in list.Range(0, 1000000000, 1) {a}]\n"

// startEvaluator starts this test binary as an evaluator whose parent is
// this process, as evaluateInChild does, without the parent-death signal,
// and sends it req; it returns the command and its standard input, still
// open.
func startEvaluator(t *testing.T, req request) (*exec.Cmd, interface{ Close() error }) {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, childArg)
	cmd.Env = append(os.Environ(), childEnv+"="+strconv.Itoa(os.Getpid()))
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	body, err := json.Marshal(req)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := stdin.Write(body); err != nil {
		t.Fatal(err)
	}
	return cmd, stdin
}

// TestEvaluatorEndsWhenItsInputCloses: an evaluator whose parent has gone
// (its standard input closes) stops in the middle of an evaluation that
// would run for hours, on every system.
func TestEvaluatorEndsWhenItsInputCloses(t *testing.T) {
	cmd, stdin := startEvaluator(t, request{File: "/p/promptc.cue", Src: []byte(forever), Memory: DefaultEvalMemory, CPU: time.Hour})
	if err := stdin.Close(); err != nil {
		t.Fatal(err)
	}
	err := cmd.Wait()
	if code := cmd.ProcessState.ExitCode(); code != childOrphaned {
		t.Fatalf("the evaluator ended with %v (exit code %d), want exit code %d", err, code, childOrphaned)
	}
}

// TestEvaluatorStopsAtItsOwnLimit: the evaluator bounds itself, with no
// parent to kill it: past its processor time it exits with childOverCPU.
func TestEvaluatorStopsAtItsOwnLimit(t *testing.T) {
	cmd, stdin := startEvaluator(t, request{File: "/p/promptc.cue", Src: []byte(forever), Memory: DefaultEvalMemory, CPU: 200 * time.Millisecond})
	defer stdin.Close()
	err := cmd.Wait()
	if code := cmd.ProcessState.ExitCode(); code != childOverCPU {
		t.Fatalf("the evaluator ended with %v (exit code %d), want exit code %d", err, code, childOverCPU)
	}
	if used := cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime(); used < 200*time.Millisecond {
		t.Errorf("the evaluator stopped after %v of processor time, before its limit", used)
	}
}

// TestSwitchNeedsItsParent: the evaluator's switch in the environment
// alone, or naming another process, does not make an evaluator: promptc
// runs as itself and passes the variable on to no one.
func TestSwitchNeedsItsParent(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		args []string
		env  string
	}{
		{"variable without the argument", []string{"-test.run=^TestHelperReportSwitch$"}, strconv.Itoa(os.Getpid())},
		{"variable set to 1", []string{"-test.run=^TestHelperReportSwitch$"}, "1"},
	} {
		t.Run(c.name, func(t *testing.T) {
			cmd := exec.Command(exe, c.args...)
			cmd.Env = append(os.Environ(), childEnv+"="+c.env, "PROMPTC_TEST_HELPER=report-switch")
			out, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("%v: %s", err, out)
			}
			if !strings.Contains(string(out), "switch unset, evaluation ok") {
				t.Fatalf("got %s", out)
			}
		})
	}
	// The argument with a variable naming another parent: the process
	// takes itself for an evaluator whose promptc has ended, and exits.
	cmd := exec.Command(exe, childArg)
	cmd.Env = append(os.Environ(), childEnv+"=1")
	err = cmd.Run()
	if code := cmd.ProcessState.ExitCode(); code != childOrphaned {
		t.Fatalf("got %v (exit code %d), want exit code %d", err, code, childOrphaned)
	}
}

// TestHelperReportSwitch runs only as a child of TestSwitchNeedsItsParent:
// it reports whether the switch was left in its environment, and
// evaluates a configuration (in a child of its own).
func TestHelperReportSwitch(t *testing.T) {
	if os.Getenv("PROMPTC_TEST_HELPER") != "report-switch" {
		t.Skip("run by TestSwitchNeedsItsParent")
	}
	if v, ok := os.LookupEnv(childEnv); ok {
		t.Fatalf("the switch %s=%q is still in the environment", childEnv, v)
	}
	if _, err := LoadBytes("/p/promptc.cue", []byte(minimal)); err != nil {
		t.Fatal(err)
	}
	os.Stdout.WriteString("switch unset, evaluation ok\n")
}

// TestHelperLoadForever runs only as a child of
// TestEvaluatorDiesWithPromptc: it evaluates a configuration that runs
// for hours, until it is killed.
func TestHelperLoadForever(t *testing.T) {
	if os.Getenv("PROMPTC_TEST_HELPER") != "load-forever" {
		t.Skip("run by TestEvaluatorDiesWithPromptc")
	}
	t.Setenv(EvalCPUEnv, "1h")
	LoadBytes("/p/promptc.cue", []byte(forever))
	t.Fatal("the evaluation ended")
}

// TestEvaluatorDiesWithPromptc: a promptc killed in the middle of an
// evaluation (SIGKILL, which it cannot handle, and SIGTERM) leaves no
// evaluator running: the process is checked by its id.
func TestEvaluatorDiesWithPromptc(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("processes are found through /proc")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	for _, sig := range []syscall.Signal{syscall.SIGKILL, syscall.SIGTERM} {
		t.Run(sig.String(), func(t *testing.T) {
			parent := exec.Command(exe, "-test.run=^TestHelperLoadForever$")
			parent.Env = append(os.Environ(), "PROMPTC_TEST_HELPER=load-forever")
			if err := parent.Start(); err != nil {
				t.Fatal(err)
			}
			child := 0
			for child == 0 {
				child = childOf(t, parent.Process.Pid)
				time.Sleep(5 * time.Millisecond)
			}
			if err := parent.Process.Signal(sig); err != nil {
				t.Fatal(err)
			}
			parent.Wait()
			for running(child) {
				time.Sleep(5 * time.Millisecond)
			}
		})
	}
}

// childOf returns the id of the evaluator whose parent is pid, or 0.
func childOf(t *testing.T, pid int) int {
	t.Helper()
	entries, err := os.ReadDir("/proc")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		id, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		ppid, state, ok := procStat(id)
		cmdline, _ := os.ReadFile("/proc/" + e.Name() + "/cmdline")
		if ok && ppid == pid && state != "Z" && strings.Contains(string(cmdline), childArg) {
			return id
		}
	}
	return 0
}

// running reports whether the process pid exists and is not a zombie.
func running(pid int) bool {
	_, state, ok := procStat(pid)
	return ok && state != "Z"
}

// procStat reads the parent id and state of process pid from /proc.
func procStat(pid int) (ppid int, state string, ok bool) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0, "", false
	}
	// The command name, in parentheses, may hold spaces: read after it.
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	if i < 0 {
		return 0, "", false
	}
	f := strings.Fields(s[i+1:])
	if len(f) < 2 {
		return 0, "", false
	}
	ppid, err = strconv.Atoi(f[1])
	return ppid, f[0], err == nil
}
