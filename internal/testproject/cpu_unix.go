//go:build unix

package testproject

import (
	"syscall"
	"time"
)

// CPUTime is the CPU time the process used so far, user and system: on a
// busy machine a benchmark's wall time measures the queue for the CPU,
// and this measures the work (benchmarks report it as cpu-ms/op).
func CPUTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
