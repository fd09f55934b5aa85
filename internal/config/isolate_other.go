//go:build !linux

package config

import "syscall"

// childAttr adds nothing where the system has no parent-death signal: the
// evaluator then ends when its standard input from promptc closes.
func childAttr() *syscall.SysProcAttr { return nil }

// limitAddressSpace does nothing where the size of the address space is
// not read the Linux way: the memory limit and the watchdog bound the
// evaluation there.
func limitAddressSpace(int64) {}
