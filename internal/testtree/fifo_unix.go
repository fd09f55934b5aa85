//go:build unix

package testtree

import (
	"os"
	"syscall"
	"testing"
)

// FIFO makes a named pipe at path and holds its write end open from the
// background until the test ends. Code under test that must refuse named
// pipes without opening them, but wrongly opens this one for reading, then
// reads an empty file at once instead of blocking for ever: the test fails
// on what the code did, with no clock to decide that it hung. It returns
// the error of making the pipe, for the caller to skip or fail on.
func FIFO(t testing.TB, path string) error {
	t.Helper()
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		return err
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		// Opening the write end blocks until a reader opens the pipe.
		if w, err := os.OpenFile(path, os.O_WRONLY, 0); err == nil {
			w.Close()
		}
	}()
	t.Cleanup(func() {
		// A non-blocking open of the read end releases a writer still
		// waiting for a reader.
		r, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
		if err != nil {
			t.Errorf("releasing the writer of %s: %v", path, err)
			return
		}
		<-done
		r.Close()
	})
	return nil
}
