//go:build darwin || dragonfly || freebsd || linux || netbsd || openbsd

package emit

import (
	"errors"
	"fmt"

	"golang.org/x/sys/unix"
)

// lock takes an exclusive lock on the output directory for one build, or
// returns a *BusyError at once when another build holds it. The lock is
// flock(2) on the directory itself: no file is added to the output, and
// the system releases it when the process ends, killed or not. unlock
// releases it.
func (o *outDir) lock() (unlock func(), err error) {
	d, err := o.root.Open(".")
	if err != nil {
		return nil, fmt.Errorf("lock output directory %s: %w", o.rel, err)
	}
	for {
		err = unix.Flock(int(d.Fd()), unix.LOCK_EX|unix.LOCK_NB)
		if !errors.Is(err, unix.EINTR) {
			break
		}
	}
	switch {
	case errors.Is(err, unix.EWOULDBLOCK):
		d.Close()
		return nil, &BusyError{Dir: o.rel}
	case err != nil:
		d.Close()
		return nil, fmt.Errorf("lock output directory %s: %w", o.rel, err)
	}
	// Closing the descriptor releases the lock.
	return func() { d.Close() }, nil
}
