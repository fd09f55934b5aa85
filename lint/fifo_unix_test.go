//go:build unix

package lint_test

import (
	"syscall"
	"testing"
)

func mkfifo(_ *testing.T, path string) error { return syscall.Mkfifo(path, 0o644) }
