//go:build unix

package genruntime

import (
	"path/filepath"
	"syscall"
	"testing"
)

// TestLoadCustomFIFONeverBlocks: a FIFO with no writer would block a
// plain open for ever; LoadCustom opens without blocking and refuses it.
// A hang fails the test by the test binary's own timeout.
func TestLoadCustomFIFONeverBlocks(t *testing.T) {
	dir := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(dir, "custom.md"), 0o644); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	if got := LoadCustom(dir, "custom.md"); got.Reason != "custom.md is not a regular file" {
		t.Fatalf("FIFO: %+v", got)
	}
}
