//go:build unix

package source

import "syscall"

// openFlags makes opening a FIFO that replaced a checked file return at
// once instead of waiting for a writer; the file is then refused.
const openFlags = syscall.O_NONBLOCK
