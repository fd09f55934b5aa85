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
// gets a time limit. CUE offers neither cancellation nor a size limit, so
// the evaluation runs in a goroutine that is abandoned when the limit
// passes; the command then reports the error and exits, which ends it.

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

// evaluateBounded runs evaluator with the time limit of evalTimeout. When
// the limit passes first, the evaluation is abandoned (its goroutine keeps
// running until the process exits) and the CUE context it used is retired,
// so that no later evaluation shares a runtime with it.
func evaluateBounded(file string, src []byte) (*Loaded, error) {
	limit, err := evalTimeout(file)
	if err != nil {
		return nil, err
	}
	type result struct {
		l   *Loaded
		err error
	}
	// Buffered: an abandoned evaluation that ends late must not block.
	done := make(chan result, 1)
	// Read here, not in the goroutine, which may outlive this call.
	eval := evaluator
	go func() {
		defer func() {
			if r := recover(); r != nil {
				done <- result{err: fmt.Errorf("evaluating %s: internal error in the CUE evaluator: %v", filepath.Base(file), r)}
			}
		}()
		l, err := eval(file, src)
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

// timeoutError reports an evaluation that ran past limit. It points at the
// first comprehension of the file, the construct that makes evaluation
// expensive, when there is one.
func timeoutError(file string, src []byte, limit time.Duration) error {
	name := filepath.Base(file)
	pos := diag.Position{Path: name, Line: 1, Col: 1}
	what := "remove the computation from it"
	if c := firstComprehension(file, src); c.IsValid() {
		pos.Line, pos.Col = c.Line(), c.Column()
		what = "remove the comprehension here and any other large ones"
	}
	return &Error{Diagnostics: []diag.Diagnostic{diag.Errorf(pos, RuleConfig,
		"evaluating %s took longer than the limit of %v and was stopped; %s describes assets and needs no computation: %s (for example list.Range over thousands of values). %s=DURATION raises the limit",
		name, limit, name, what, EvalTimeoutEnv)}}
}

// firstComprehension returns the position of the first list or struct
// comprehension in src, or token.NoPos. Parsing takes time linear in the
// size of src, unlike evaluation.
func firstComprehension(file string, src []byte) token.Pos {
	f, err := parser.ParseFile(file, src)
	if err != nil {
		return token.NoPos
	}
	found := token.NoPos
	ast.Walk(f, func(n ast.Node) bool {
		if found.IsValid() {
			return false
		}
		if c, ok := n.(*ast.Comprehension); ok {
			found = c.Pos()
			return false
		}
		return true
	}, nil)
	return found
}
