//go:build unix

package lsp

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time the process used so far, user and system: on a
// busy machine a benchmark's wall time measures the queue for the CPU,
// and this measures the work.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
