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
// gets a time limit and a memory limit. CUE offers neither cancellation
// nor a size limit, so the evaluation runs in a child process that is
// killed when the limit passes (isolate.go).

// DefaultEvalTimeout is how long evaluating promptc.cue may take. A real
// configuration evaluates in milliseconds; the limit leaves room for slow
// and busy machines.
const DefaultEvalTimeout = 5 * time.Second

// EvalTimeoutEnv names the environment variable that replaces
// DefaultEvalTimeout: a Go duration such as "10s" or "500ms".
const EvalTimeoutEnv = "PROMPTC_CUE_TIMEOUT"

// evalTimeout returns the evaluation limit, or a configuration error when
// EvalTimeoutEnv is set to something that is not a positive duration.
func evalTimeout(file string) (time.Duration, error) {
	v := os.Getenv(EvalTimeoutEnv)
	if v == "" {
		return DefaultEvalTimeout, nil
	}
	d, err := time.ParseDuration(v)
	if err != nil || d <= 0 {
		return 0, &Error{Diagnostics: []diag.Diagnostic{diag.Errorf(diag.Position{Path: filepath.Base(file)}, RuleConfig,
			"the environment variable %s=%q is not a positive duration; write it like 10s or 500ms, or unset it for the default %v",
			EvalTimeoutEnv, v, DefaultEvalTimeout)}}
	}
	return d, nil
}

// evaluator is the evaluation evaluateBounded runs; tests replace it to
// stand in for an evaluation that never ends.
var evaluator = evaluate

// evaluateBounded evaluates src within the time limit of evalTimeout and
// the memory limit of evalMemory: in a child process (isolate.go), or,
// when none can be started, with evaluateInProcess, whose memory is not
// bounded.
func evaluateBounded(file string, src []byte) (*Loaded, error) {
	limit, err := evalTimeout(file)
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

// evaluateInProcess runs evaluator with the time limit. When the limit
// passes first, the evaluation is abandoned (its goroutine keeps running
// until the process exits) and the CUE context it used is retired, so that
// no later evaluation shares a runtime with it.
func evaluateInProcess(file string, src []byte, limit time.Duration) (*Loaded, error) {
	type result struct {
		l   *Loaded
		err error
	}
	// Buffered: an abandoned evaluation that ends late must not block.
	done := make(chan result, 1)
	// Read here, not in the goroutine, which may outlive this call.
	eval := evaluator
	go func() {
		l, err := recovered(eval, file, src)
		done <- result{l, err}
	}()
	timer := time.NewTimer(limit)
	defer timer.Stop()
	select {
	case r := <-done:
		return r.l, r.err
	case <-timer.C:
		retireSchema()
		return nil, timeoutError(file, src, limit)
	}
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

// timeoutError reports an evaluation that ran past limit.
func timeoutError(file string, src []byte, limit time.Duration) error {
	return stopped(file, src, fmt.Sprintf("took longer than the limit of %v and was stopped", limit), EvalTimeoutEnv+"=DURATION raises the limit")
}

// stopped reports an evaluation that was stopped, saying what happened
// (what) and how to raise the limit (raise). It points at the first
// comprehension or function call of the file, the constructs that make
// evaluation expensive, when there is one.
func stopped(file string, src []byte, what, raise string) error {
	name := filepath.Base(file)
	pos := diag.Position{Path: name, Line: 1, Col: 1}
	fix, example := "remove the computation from it", "list.Range over thousands of values"
	if c, kind := firstComputation(file, src); c.IsValid() {
		pos.Line, pos.Col = c.Line(), c.Column()
		fix = "remove the " + kind + " here and any other large ones"
		if kind == "call" {
			example = "strings.Repeat with a large count"
		}
	}
	return &Error{Diagnostics: []diag.Diagnostic{diag.Errorf(pos, RuleConfig,
		"evaluating %s %s; %s describes assets and needs no computation: %s (for example %s). %s",
		name, what, name, fix, example, raise)}}
}

// firstComputation returns the position of the first list or struct
// comprehension or function call in src, and which it is, or token.NoPos.
// Parsing takes time linear in the size of src, unlike evaluation.
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
		}
		return true
	}, nil)
	return found, kind
}
