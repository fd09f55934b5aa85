//go:build unix

package emit_test

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/promptc/promptc/compiler/emit"
)

// TestOutputFIFORefused: a FIFO where a generated file belongs is reported
// without being opened, so the check cannot hang waiting for a writer.
func TestOutputFIFORefused(t *testing.T) {
	root, _ := builtProject(t)
	p := filepath.Join(root, "out", "COSTS.md")
	if err := os.Remove(p); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(p, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	progs := compile(t, root)
	done := make(chan error, 1)
	go func() {
		_, err := emit.Stale(progs, nil)
		done <- err
	}()
	select {
	case err := <-done:
		unsafeAt(t, err, "", "out/COSTS.md")
	case <-time.After(10 * time.Second):
		t.Fatal("the check blocked on a FIFO")
	}
}
