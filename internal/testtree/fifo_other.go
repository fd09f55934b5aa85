//go:build !unix

package testtree

import (
	"errors"
	"testing"
)

// FIFO reports that named pipes are unavailable on this system.
func FIFO(t testing.TB, path string) error {
	return errors.New("named pipes are unavailable on this system")
}
