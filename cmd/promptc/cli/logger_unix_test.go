//go:build linux

package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"
	"unsafe"

	"golang.org/x/sys/unix"

	"github.com/promptc/promptc/internal/testtree"
)

// openPTY opens a pseudo-terminal pair: the controlling side and the
// terminal a program writes to.
func openPTY(t *testing.T) (master, tty *os.File) {
	t.Helper()
	m, err := os.OpenFile("/dev/ptmx", os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		t.Skip("no pseudo-terminals:", err)
	}
	var unlock int32
	if _, _, e := unix.Syscall(unix.SYS_IOCTL, m.Fd(), unix.TIOCSPTLCK, uintptr(unsafe.Pointer(&unlock))); e != 0 {
		t.Skip("unlockpt:", e)
	}
	n, err := unix.IoctlGetInt(int(m.Fd()), unix.TIOCGPTN)
	if err != nil {
		t.Skip("ptsname:", err)
	}
	s, err := os.OpenFile("/dev/pts/"+strconv.Itoa(n), os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		t.Skip("open pts:", err)
	}
	return m, s
}

// TestVerboseLoggingQueriesNoTerminal runs promptc -v with its standard
// error on a pseudo-terminal that nothing answers, inside a fake tmux
// session, and checks that nothing asked the terminal anything: no escape
// sequence was written and "tmux info" was never run. A pre-commit hook
// under such a terminal must never stall.
func TestVerboseLoggingQueriesNoTerminal(t *testing.T) {
	master, tty := openPTY(t)
	defer master.Close()
	defer tty.Close()

	dir := t.TempDir()
	marker := filepath.Join(dir, "tmux-was-run")
	bin := filepath.Join(dir, "bin")
	if err := os.Mkdir(bin, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(bin, "tmux"), []byte("#!/bin/sh\ntouch "+marker+"\nsleep 10\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	t.Setenv("TMUX", "/tmp/tmux-fake,1,0")
	t.Setenv("TERM", "xterm-256color")
	t.Setenv("COLORTERM", "")

	proj := filepath.Join(dir, "proj")
	testtree.Add(t, proj, map[string]string{
		"promptc.cue": "version: \"v1\"\nparts: base: file: \"base.md\"\nmodes: focus: compose: [parts.base]\norder: [\"focus\"]\ndefaultMode: \"focus\"\n",
		"base.md":     "Base.\n",
	})

	var stdout bytes.Buffer
	if code := Run([]string{"-v", "build", "--check", proj}, nil, &stdout, tty); code != 1 {
		// --check on a project never built: stale, exit 1.
		t.Fatalf("exit %d, want 1", code)
	}
	if _, err := os.Stat(marker); err == nil {
		t.Fatal(`"tmux info" was run to detect colours`)
	}
	// Run has returned, so its output waits in the terminal's buffer; the
	// deadline only keeps a broken run from blocking the read for ever.
	if err := master.SetReadDeadline(time.Now().Add(200 * time.Millisecond)); err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 1<<16)
	n, err := master.Read(buf)
	out := buf[:n]
	if !bytes.Contains(out, []byte("DEBU")) && !bytes.Contains(out, []byte("loading config")) {
		t.Fatalf("no debug output reached the terminal (%v): %q", err, out)
	}
	if i := bytes.IndexByte(out, 0x1b); i >= 0 {
		t.Fatalf("an escape sequence was written to the terminal at byte %d: %q", i, out)
	}
}
