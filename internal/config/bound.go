package config

import (
	"fmt"
	"os"
	"path/filepath"
	"time"

	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/parser"
	"cuelang.org/go/cue/token"

	"github.com/promptc/promptc/internal/diag"
)

// A promptc.cue is read from a pull request as easily as the assets are,
// and CUE evaluates whatever it is given: a comprehension over
// list.Range(0, 100000, 1) keeps the evaluator busy for minutes and stalls
// CI. promptc.cue describes assets and needs no computation, so evaluation
// gets a limit of processor time and a limit of memory. CUE offers neither
// cancellation nor a size limit, so the evaluation runs in a child process
// that stops itself at the limits (isolate.go).
//
// The limit counts processor time, not time on the clock: on a machine
// that other jobs keep busy an honest configuration waits for a processor
// many times longer than it computes, and a clock would blame it for the
// machine's load. Only an evaluation that computes for seconds passes the
// limit, whatever the load.

// DefaultEvalCPU is how much processor time evaluating promptc.cue may
// use. A real configuration evaluates in tens of milliseconds of processor
// time, the child's start included; the limit leaves room for large
// projects and slow machines.
const DefaultEvalCPU = 5 * time.Second

// EvalCPUEnv names the environment variable that replaces DefaultEvalCPU:
// a Go duration such as "10s" or "500ms", of processor time.
const EvalCPUEnv = "PROMPTC_CUE_TIMEOUT"

// backstop is how long, on the clock, an evaluation may last before it is
// stopped although it has not used its processor time: only a process that
// makes no progress at all (stopped by a signal, starved for minutes) ever
// reaches it. It is never shorter than two minutes, and twenty times the
// processor-time limit, so that load alone cannot reach it.
func backstop(cpu time.Duration) time.Duration {
	return max(2*time.Minute, 20*cpu)
}

// evalCPU returns the evaluation's processor-time limit, or a
// configuration error when EvalCPUEnv is set to something that is not a
// positive duration.
func evalCPU(file string) (time.Duration, error) {
	v := os.Getenv(EvalCPUEnv)
	if v == "" {
		return DefaultEvalCPU, nil
	}
	d, err := time.ParseDuration(v)
	if err != nil || d <= 0 {
		return 0, &Error{Diagnostics: []diag.Diagnostic{diag.Errorf(diag.Position{Path: filepath.Base(file)}, RuleConfig,
			"the environment variable %s=%q is not a positive duration; write it like 10s or 500ms (of processor time), or unset it for the default %v",
			EvalCPUEnv, v, DefaultEvalCPU)}}
	}
	return d, nil
}

// evaluator is the evaluation evaluateBounded runs; tests replace it to
// stand in for an evaluation that never ends.
var evaluator = evaluate

// evaluateBounded evaluates src within the processor-time limit of
// evalCPU and the memory limit of evalMemory: in a child process
// (isolate.go), or, when none can be started, with evaluateInProcess,
// whose memory is not bounded.
func evaluateBounded(file string, src []byte) (*Loaded, error) {
	limit, err := evalCPU(file)
	if err != nil {
		return nil, err
	}
	memory, err := evalMemory(file)
	if err != nil {
		return nil, err
	}
	if isolate {
		if l, err := evaluateInChild(file, src, limit, memory); err != errNoChild {
			return l, err
		}
	}
	return evaluateInProcess(file, src, limit)
}

// evaluateInProcess runs evaluator within the processor-time limit,
// counted as this process's processor time since the call (where the
// system does not tell it, as time on the clock). When the limit passes
// first, the evaluation is abandoned (its goroutine keeps running until the
// process exits) and the CUE context it used is retired, so that no later
// evaluation shares a runtime with it.
func evaluateInProcess(file string, src []byte, limit time.Duration) (*Loaded, error) {
	type result struct {
		l   *Loaded
		err error
	}
	// Buffered: an abandoned evaluation that ends late must not block.
	done := make(chan result, 1)
	// Read here, not in the goroutine, which may outlive this call.
	eval := evaluator
	spent := newCPUMeter()
	go func() {
		l, err := recovered(eval, file, src)
		done <- result{l, err}
	}()
	tick := time.NewTicker(watchInterval)
	defer tick.Stop()
	for {
		select {
		case r := <-done:
			return r.l, r.err
		case <-tick.C:
			switch spent.over(limit) {
			case overCPU:
				retireSchema()
				return nil, cpuError(file, src, limit)
			case overClock:
				retireSchema()
				return nil, clockError(file, src, limit)
			}
		}
	}
}

// watchInterval is how often a running evaluation's processor time and
// memory are read.
const watchInterval = 5 * time.Millisecond

// overrun says which limit an evaluation passed.
type overrun int

const (
	withinLimits overrun = iota
	overCPU
	overClock
)

// cpuMeter measures the processor time this process has used since the
// meter was made, and the time on the clock as the backstop.
type cpuMeter struct {
	cpu    func() (time.Duration, bool)
	now    func() time.Time
	cpu0   time.Duration
	hasCPU bool
	start  time.Time
}

func newCPUMeter() cpuMeter {
	return startMeter(processCPU, time.Now)
}

// startMeter returns a meter that reads processor time from cpu and the
// clock from now.
func startMeter(cpu func() (time.Duration, bool), now func() time.Time) cpuMeter {
	m := cpuMeter{cpu: cpu, now: now, start: now()}
	m.cpu0, m.hasCPU = cpu()
	return m
}

// over reports which limit the process has passed since the meter was
// made: limit of processor time, or the clock's backstop; where the system
// does not tell processor time, limit applies to the clock.
func (m cpuMeter) over(limit time.Duration) overrun {
	wall := m.now().Sub(m.start)
	if !m.hasCPU {
		if wall > limit {
			return overCPU
		}
		return withinLimits
	}
	if cpu, _ := m.cpu(); cpu-m.cpu0 > limit {
		return overCPU
	}
	if wall > backstop(limit) {
		return overClock
	}
	return withinLimits
}

// recovered runs eval, turning a panic of the CUE evaluator into an
// error.
func recovered(eval func(string, []byte) (*Loaded, error), file string, src []byte) (l *Loaded, err error) {
	defer func() {
		if r := recover(); r != nil {
			l, err = nil, fmt.Errorf("evaluating %s: internal error in the CUE evaluator: %v", filepath.Base(file), r)
		}
	}()
	return eval(file, src)
}

// cpuError reports an evaluation that used more than limit of processor
// time.
func cpuError(file string, src []byte, limit time.Duration) error {
	return stopped(file, src, fmt.Sprintf("used more than the limit of %v of processor time and was stopped", limit), EvalCPUEnv+"=DURATION raises the limit")
}

// clockError reports an evaluation that made no progress for the
// backstop's time on the clock.
func clockError(file string, src []byte, limit time.Duration) error {
	return stopped(file, src, fmt.Sprintf("did not finish within %v on the clock although it had not used its %v of processor time (was the process stopped?), and was stopped", backstop(limit), limit),
		EvalCPUEnv+"=DURATION raises both limits")
}

// stopped reports an evaluation that was stopped, saying what happened
// (what) and how to raise the limit (raise). It points at the first
// comprehension, function call or concatenation of the file, the
// constructs that make evaluation expensive, and blames computation only
// when there is one.
func stopped(file string, src []byte, what, raise string) error {
	name := filepath.Base(file)
	pos := diag.Position{Path: name, Line: 1, Col: 1}
	c, kind := firstComputation(file, src)
	if !c.IsValid() {
		return &Error{Diagnostics: []diag.Diagnostic{diag.Errorf(pos, RuleConfig,
			"evaluating %s %s; %s has no comprehension, function call or concatenation, so nothing in it should take long: %s",
			name, what, name, raise)}}
	}
	pos.Line, pos.Col = c.Line(), c.Column()
	example := map[string]string{
		"comprehension":  "list.Range over thousands of values",
		"call":           "strings.Repeat with a large count",
		"concatenation":  "a value added to itself again and again",
		"multiplication": "a string multiplied by a large count",
	}[kind]
	return &Error{Diagnostics: []diag.Diagnostic{diag.Errorf(pos, RuleConfig,
		"evaluating %s %s; %s describes assets and needs no computation: remove the %s here and any other large ones (for example %s). %s",
		name, what, name, kind, example, raise)}}
}

// firstComputation returns the position of the first list or struct
// comprehension, function call, concatenation (+) or multiplication (*) in src, and
// which it is, or token.NoPos. Parsing takes time linear in the size of
// src, unlike evaluation.
func firstComputation(file string, src []byte) (token.Pos, string) {
	f, err := parser.ParseFile(file, src)
	if err != nil {
		return token.NoPos, ""
	}
	found, kind := token.NoPos, ""
	ast.Walk(f, func(n ast.Node) bool {
		if found.IsValid() {
			return false
		}
		switch n := n.(type) {
		case *ast.Comprehension:
			found, kind = n.Pos(), "comprehension"
			return false
		case *ast.CallExpr:
			found, kind = n.Pos(), "call"
			return false
		case *ast.BinaryExpr:
			switch n.Op {
			case token.ADD:
				found, kind = n.Pos(), "concatenation"
				return false
			case token.MUL:
				found, kind = n.Pos(), "multiplication"
				return false
			}
		}
		return true
	}, nil)
	return found, kind
}
