package cli

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"syscall"
	"testing"

	"github.com/promptc/promptc/internal/testproject"
	"github.com/promptc/promptc/internal/testtree"
)

// TestWatchSignals: a signal on the channel cancels the context with the
// signal as cause; stopping without one leaves no interruption.
func TestWatchSignals(t *testing.T) {
	for _, tc := range []struct {
		sig  syscall.Signal
		code int
	}{{syscall.SIGINT, 130}, {syscall.SIGTERM, 143}} {
		ch := make(chan os.Signal, 1)
		ctx, stop := watchSignals(context.Background(), ch)
		ch <- tc.sig
		<-ctx.Done()
		err := interruption(ctx)
		var ie interrupted
		if !errors.As(err, &ie) || ie.sig != tc.sig || ie.code() != tc.code {
			t.Errorf("%v: interruption %v, want the signal, exit %d", tc.sig, err, tc.code)
		}
		stop()
	}
	ctx, stop := watchSignals(context.Background(), make(chan os.Signal))
	stop()
	<-ctx.Done()
	if err := interruption(ctx); err != nil {
		t.Errorf("stopped without a signal: interruption %v", err)
	}
}

// TestInterruptedBaseExits: --base interrupted by SIGINT while the base is
// compiled returns the interruption, removes the base from TMPDIR, and
// exits 130 with one line on stderr.
func TestInterruptedBaseExits(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	dir := testtree.Write(t, map[string]string{"promptc.cue": `version: "v1"
parts: base: file: "base.md"
modes: focus: compose: [parts.base]
order: ["focus"]
defaultMode: "focus"
`, "base.md": "Base.\n"})
	for _, args := range [][]string{{"init", "-q"}, {"add", "."}, {"-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "base"}} {
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	p := testproject.Compile(t, dir)
	var stderr bytes.Buffer
	g := &globals{stderr: &stderr}
	ctx, cancel := context.WithCancelCause(context.Background())
	cancel(interrupted{syscall.SIGINT})
	old, cleanup, err := g.compileAtRef(ctx, p, "HEAD")
	if old != nil || cleanup != nil {
		t.Fatal("an interrupted comparison returned a base")
	}
	if code := g.exit(nil, err); code != 130 {
		t.Errorf("exit %d, want 130 (err %v)", code, err)
	}
	if got, want := stderr.String(), "promptc: interrupted (interrupt); temporary files removed\n"; got != want {
		t.Errorf("stderr %q, want %q", got, want)
	}
	if es, _ := os.ReadDir(tmp); len(es) != 0 {
		t.Errorf("left in TMPDIR: %v", es)
	}
}
