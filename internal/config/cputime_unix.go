//go:build unix

package config

import (
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// processCPU returns the processor time this process has used, in user
// and system mode together.
func processCPU() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}

// limitCPU makes the system kill this process once it has used one to two
// seconds more than limit of processor time: the backstop of the watchdog, should
// it not get to run.
func limitCPU(limit time.Duration) {
	s := uint64(limit/time.Second) + 2
	unix.Setrlimit(unix.RLIMIT_CPU, &unix.Rlimit{Cur: s, Max: s})
}
