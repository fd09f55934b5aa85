//go:build unix

package lint_test

import (
	"testing"

	"github.com/promptc/promptc/internal/testtree"
)

func mkfifo(t *testing.T, path string) error { return testtree.FIFO(t, path) }
