//go:build !linux

package config

// limitAddressSpace does nothing where the size of the address space is
// not read the Linux way: the memory limit and the watchdog bound the
// evaluation there.
func limitAddressSpace(int64) {}
