// Package lazyre defers compiling a package's regular expressions to their
// first use. A package-level regexp.MustCompile runs at start-up in every
// process that links the package, even one that only prints promptc's
// version; most commands need only a few of promptc's expressions.
package lazyre

import (
	"regexp"
	"sync"
)

// New returns a function that compiles expr on its first call, with
// regexp.MustCompile, and returns the same *regexp.Regexp on every call.
// It is safe for concurrent use. expr must be a constant that compiles:
// the panic of a bad expression moves from start-up to the first call, so
// every expression needs a test that uses it.
func New(expr string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })
}
