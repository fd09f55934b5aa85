//go:build unix

package regular

import "syscall"

// OpenFlags makes opening a FIFO that replaced a checked file return at
// once instead of waiting for a writer; the file is then refused.
const OpenFlags = syscall.O_NONBLOCK
