package config

import (
	"os"
	"strconv"
	"strings"
	"syscall"

	"golang.org/x/sys/unix"
)

// limitAddressSpace makes the system refuse address space beyond what the
// process holds now plus twice limit (the Go runtime reserves address
// space ahead of use): an allocation far larger than the limit then fails
// at once with the runtime's out-of-memory error, before any of it is
// touched, instead of filling the machine's memory.
func limitAddressSpace(limit int64) {
	b, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		return
	}
	f := strings.Fields(string(b))
	if len(f) == 0 {
		return
	}
	pages, err := strconv.ParseInt(f[0], 10, 64)
	if err != nil {
		return
	}
	as := uint64(pages*int64(os.Getpagesize()) + 2*limit)
	unix.Setrlimit(unix.RLIMIT_AS, &unix.Rlimit{Cur: as, Max: as})
}

// childAttr makes the system kill the evaluator when promptc ends, however
// it ends (SIGKILL included), so that no evaluation outlives it.
func childAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
