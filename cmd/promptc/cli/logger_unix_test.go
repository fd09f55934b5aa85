//go:build linux

package cli

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
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

// TestLintColorsATerminal: findings printed on a terminal are coloured,
// and not with NO_COLOR set, nor on a file; and colouring asks the
// terminal nothing (the only escape sequences are colours).
func TestLintColorsATerminal(t *testing.T) {
	proj := filepath.Join(t.TempDir(), "proj")
	testtree.Add(t, proj, map[string]string{
		"promptc.cue": "version: \"v1\"\nparts: base: file: \"base.md\"\nmodes: focus: compose: [parts.base]\norder: [\"focus\"]\ndefaultMode: \"focus\"\n",
		"base.md":     "Base. \n",
	})
	t.Setenv("TERM", "xterm-256color")
	for _, c := range []struct {
		noColor string
		want    bool
	}{{"", true}, {"1", false}} {
		t.Setenv("NO_COLOR", c.noColor)
		master, tty := openPTY(t)
		code := Run([]string{"lint", "--strict", proj}, nil, tty, io.Discard)
		tty.Close()
		if code != 1 {
			t.Fatalf("NO_COLOR=%q: exit %d, want 1", c.noColor, code)
		}
		if err := master.SetReadDeadline(time.Now().Add(200 * time.Millisecond)); err != nil {
			t.Fatal(err)
		}
		buf := make([]byte, 1<<16)
		n, _ := master.Read(buf)
		master.Close()
		out := string(buf[:n])
		if !strings.Contains(out, "TEXT_TRAILING_SPACE") {
			t.Fatalf("NO_COLOR=%q: no finding reached the terminal: %q", c.noColor, out)
		}
		if got := strings.Contains(out, "\x1b[33mwarning:\x1b[0m"); got != c.want {
			t.Errorf("NO_COLOR=%q: coloured = %v, want %v: %q", c.noColor, got, c.want, out)
		}
		if rest := regexp.MustCompile("\x1b\\[[0-9]*m").ReplaceAllString(out, ""); strings.Contains(rest, "\x1b") {
			t.Errorf("NO_COLOR=%q: an escape sequence other than a colour: %q", c.noColor, out)
		}
	}
	f, err := os.Create(filepath.Join(t.TempDir(), "out.txt"))
	if err != nil {
		t.Fatal(err)
	}
	code := Run([]string{"lint", "--strict", proj}, nil, f, io.Discard)
	f.Close()
	got, err := os.ReadFile(f.Name())
	if err != nil {
		t.Fatal(err)
	}
	if code != 1 || !strings.Contains(string(got), "TEXT_TRAILING_SPACE") || strings.Contains(string(got), "\x1b") {
		t.Errorf("lint to a file: exit %d, %q", code, got)
	}
}
