package lsp

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestHelix drives a real Helix, in a tmux session, with the set-up of
// docs/editors.md against promptc lsp on a copy of the example project,
// and reads what it saw from Helix's own log of the protocol (hx -vvv):
// the server starts, an unsaved edit gets its finding, a hover names
// tokens, a template part (.tmpl) is served, and the quick fix that
// creates a missing include creates it and the finding clears. The
// Helix is hx on PATH or PROMPTC_HX (.ci/run fetches Debian's where it
// can); without Helix or tmux it is skipped. The waits only keep a
// broken editor from hanging the test; nothing is timed.
func TestHelix(t *testing.T) {
	hx := os.Getenv("PROMPTC_HX")
	if hx == "" {
		var err error
		if hx, err = exec.LookPath("hx"); err != nil {
			t.Skip("Helix is not installed (hx, or PROMPTC_HX): the Helix test needs it")
		}
	}
	tmux, err := exec.LookPath("tmux")
	if err != nil {
		t.Skip("tmux is not installed: the Helix test runs Helix in it")
	}
	if testing.Short() {
		t.Skip("-short: the real-editor test builds promptc")
	}
	bin := t.TempDir()
	build := exec.Command("go", "build", "-o", filepath.Join(bin, "promptc"), "../cmd/promptc")
	if msg, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, msg)
	}
	docs, err := os.ReadFile("../docs/editors.md")
	if err != nil {
		t.Fatal(err)
	}
	root := assetsCopy(t)
	home := t.TempDir()
	if err := os.MkdirAll(filepath.Join(home, "helix"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(home, "helix", "languages.toml"), []byte(fencedBlock(t, string(docs), "toml", "# ~/.config/helix/languages.toml (or .helix/languages.toml in the repository)")), 0o644); err != nil {
		t.Fatal(err)
	}
	logFile := filepath.Join(home, "helix.log")
	socket := filepath.Join(t.TempDir(), "tmux")
	env := append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"), "HOME="+home, "XDG_CONFIG_HOME="+home, "XDG_CACHE_HOME="+home, "XDG_DATA_HOME="+home, "XDG_STATE_HOME="+home, "PROMPTC_CACHE="+t.TempDir(), "TERM=xterm-256color")
	run := func(args ...string) {
		t.Helper()
		cmd := exec.Command(tmux, append([]string{"-S", socket}, args...)...)
		cmd.Dir, cmd.Env = root, env
		if msg, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("tmux %s: %v\n%s", strings.Join(args, " "), err, msg)
		}
	}
	run("-f", "/dev/null", "new-session", "-d", "-x", "200", "-y", "50", hx+" -vvv --log "+shellQuote(logFile)+" prompts/self-knowledge.md")
	t.Cleanup(func() {
		cmd := exec.Command(tmux, "-S", socket, "kill-server")
		cmd.Env = env
		_ = cmd.Run() // the session may have ended with Helix
	})
	keys := func(k ...string) { t.Helper(); run(append([]string{"send-keys", "-t", "0"}, k...)...) }
	seen := func(what string, parts ...string) {
		t.Helper()
		if !waitForLog(logFile, parts) {
			log, _ := os.ReadFile(logFile)
			t.Fatalf("%s: Helix's log never showed %q; the log's end:\n%s", what, parts, tail(log, 4000))
		}
	}

	// What Helix draws: a key sent before a popup or menu is drawn would
	// go to the editor behind it, so the test waits for the screen.
	shows := func(what, text string, want bool) {
		t.Helper()
		ok := waitFor(func() bool {
			cmd := exec.Command(tmux, "-S", socket, "capture-pane", "-p", "-t", "0")
			cmd.Env = env
			out, err := cmd.Output()
			return err == nil && bytes.Contains(out, []byte(text)) == want
		})
		if !ok {
			t.Fatalf("%s: the screen never %s %q", what, map[bool]string{true: "showed", false: "stopped showing"}[want], text)
		}
	}

	seen("the server starts", `"method":"initialized"`)
	// Keys sent before Helix reads its terminal are lost: wait for its
	// status line, then for each typed text on the screen.
	shows("Helix drawn", "NOR", true)
	// An unsaved edit gets its finding.
	keys("g", "e", "o")
	keys("-l", "Say what you changed. ")
	shows("the edit typed", "Say what you changed.", true)
	keys("Escape")
	seen("a finding of the unsaved buffer", `"method":"textDocument/publishDiagnostics"`, "trailing space")
	// A hover names the tokens the file adds.
	keys("g", "g", "Space", "k")
	seen("a hover", `"contents"`, "tokens")
	shows("the hover drawn", "tokens", true)
	keys("Escape")
	shows("the hover closed", "tokens", false)
	// The quick fix that creates a missing include.
	keys("g", "e", "o")
	keys("-l", "@shared/new-part.md")
	shows("the include typed", "@shared/new-part.md", true)
	keys("Escape")
	seen("the missing include", "publishDiagnostics", "new-part.md")
	keys("Space", "a")
	seen("the create fix is offered", `"title":"Create `)
	shows("the actions drawn", "Create ", true)
	keys("Enter") // the first action: the fix of the include's finding, then its ignore
	created := filepath.Join(root, "prompts", "shared", "new-part.md")
	if !waitFor(func() bool { _, err := os.Stat(created); return err == nil }) {
		log, _ := os.ReadFile(logFile)
		t.Fatalf("the quick fix created no %s; the log's end:\n%s", created, tail(log, 4000))
	}
	cleared := waitFor(func() bool {
		log, err := os.ReadFile(logFile)
		line := lastLine(log, err, "publishDiagnostics", "prompts/self-knowledge.md")
		return line != nil && !bytes.Contains(line, []byte("new-part.md"))
	})
	if !cleared {
		log, _ := os.ReadFile(logFile)
		t.Fatalf("the missing include's finding did not clear once the file existed; the log's end:\n%s", tail(log, 4000))
	}
	// A template part is served by the same server.
	keys(":")
	keys("-l", "open prompts/system-override.tmpl")
	keys("Enter")
	seen("a template part served", `"method":"textDocument/didOpen"`, "system-override.tmpl")
	keys(":")
	keys("-l", "quit-all!")
	keys("Enter")
}

// waitFor polls cond until it holds, for at most 3,000 polls (about five
// minutes, longer on a busy machine): a guard against a hanging editor,
// not a measurement, wide enough for an editor starved of processor time.
func waitFor(cond func() bool) bool {
	for range 3000 {
		if cond() {
			return true
		}
		time.Sleep(100 * time.Millisecond)
	}
	return cond()
}

// waitForLog waits until one line of the log holds every part.
func waitForLog(file string, parts []string) bool {
	return waitFor(func() bool {
		log, err := os.ReadFile(file)
		return lastLine(log, err, parts...) != nil
	})
}

// lastLine returns the last line of log that holds every part, nil if
// none does or the log could not be read (err).
func lastLine(log []byte, err error, parts ...string) []byte {
	if err != nil {
		return nil
	}
	lines := bytes.Split(log, []byte("\n"))
	for i := len(lines) - 1; i >= 0; i-- {
		all := true
		for _, p := range parts {
			if !bytes.Contains(lines[i], []byte(p)) {
				all = false
				break
			}
		}
		if all {
			return lines[i]
		}
	}
	return nil
}

// tail returns at most the last n bytes of b.
func tail(b []byte, n int) string {
	if len(b) > n {
		b = b[len(b)-n:]
	}
	return string(b)
}

// shellQuote quotes s for the shell tmux runs a session's command with.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'"'"'`) + "'"
}

// fencedBlock returns the fenced block of docs in the language lang that
// starts with the line first.
func fencedBlock(t *testing.T, docs, lang, first string) string {
	t.Helper()
	fence := "```" + lang + "\n" + first + "\n"
	i := strings.Index(docs, fence)
	if i < 0 {
		t.Fatalf("docs/editors.md has no %s block starting %q", lang, first)
	}
	block := docs[i+len("```"+lang+"\n"):]
	end := strings.Index(block, "\n```")
	if end < 0 {
		t.Fatalf("docs/editors.md: the %s block starting %q is not closed", lang, first)
	}
	return block[:end+1]
}
