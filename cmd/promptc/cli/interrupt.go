package cli

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"syscall"
)

// interrupted is the cause of a context that a signal cancelled. The
// command stops, removes what it made (the base of --base, up to hundreds
// of megabytes in $TMPDIR), and exits with the shell's code for a process
// the signal ended, 128 + the signal number: 130 for SIGINT, 143 for
// SIGTERM, so a CI runner or a script sees the interruption as such.
type interrupted struct{ sig os.Signal }

func (e interrupted) Error() string {
	return fmt.Sprintf("interrupted (%v); temporary files removed", e.sig)
}

// code is the exit code for the signal.
func (e interrupted) code() int {
	if s, ok := e.sig.(syscall.Signal); ok {
		return 128 + int(s)
	}
	return 128 + int(syscall.SIGINT)
}

// stopSignals are the signals a command that makes temporary files turns
// into the cancellation of its context.
var stopSignals = []os.Signal{os.Interrupt, syscall.SIGTERM}

// signalContext is signal.NotifyContext for stopSignals, except that the
// context's cause is an interrupted error carrying the signal, from which
// the exit code follows (NotifyContext's cause is a message only). stop
// restores the default handling and releases the context.
func signalContext(parent context.Context) (ctx context.Context, stop func()) {
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, stopSignals...)
	ctx, stopWatch := watchSignals(parent, ch)
	return ctx, func() {
		signal.Stop(ch)
		stopWatch()
	}
}

// watchSignals returns a context cancelled with cause interrupted{s} when
// the signal s arrives on ch, and a function that cancels it otherwise.
func watchSignals(parent context.Context, ch <-chan os.Signal) (context.Context, func()) {
	ctx, cancel := context.WithCancelCause(parent)
	go func() {
		select {
		case s := <-ch:
			cancel(interrupted{s})
		case <-ctx.Done():
		}
	}()
	return ctx, func() { cancel(nil) }
}

// interruption returns the interrupted cause of ctx when a signal
// cancelled it, and nil otherwise: a command checks it after work that
// does not itself watch ctx, so that it neither prints nor succeeds once
// interrupted.
func interruption(ctx context.Context) error {
	var ie interrupted
	if errors.As(context.Cause(ctx), &ie) {
		return ie
	}
	return nil
}
