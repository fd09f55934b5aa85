//go:build unix

package config

import (
	"os"
	"syscall"
)

// killed reports whether the process ended by SIGKILL, which is how the
// system's out-of-memory killer ends a process.
func killed(ps *os.ProcessState) bool {
	ws, ok := ps.Sys().(syscall.WaitStatus)
	return ok && ws.Signaled() && ws.Signal() == syscall.SIGKILL
}
