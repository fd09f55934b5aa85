package lsp

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// A client that allows it is asked to watch the files the project reads;
// a file created, then deleted, outside the editor is seen at the
// notification, without an edit.
func TestWatchedFiles(t *testing.T) {
	c := newClient(t, fixture)
	c.initialize(`{"workspace":{"didChangeWatchedFiles":{"dynamicRegistration":true}}}`)
	c.published()
	var regs []string
	for _, m := range c.notes {
		if m.Method == "client/registerCapability" {
			var p struct {
				Registrations []struct {
					Method          string
					RegisterOptions struct{ Watchers []fileSystemWatcher }
				}
			}
			if err := json.Unmarshal(m.Params, &p); err != nil {
				t.Fatal(err)
			}
			for _, r := range p.Registrations {
				for _, w := range r.RegisterOptions.Watchers {
					regs = append(regs, r.Method+" "+w.GlobPattern)
				}
			}
		}
	}
	if want := []string{"workspace/didChangeWatchedFiles **/*.md", "workspace/didChangeWatchedFiles **/promptc.cue"}; !slices.Equal(regs, want) {
		t.Fatalf("registered %q, want %q", regs, want)
	}
	// The project's base file now includes a file that does not exist.
	if err := os.WriteFile(filepath.Join(c.root, "prompts/base.md"), []byte("Be careful.\n\n@shared/new.txt\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	changed := func(rel string, kind int) {
		c.notify("workspace/didChangeWatchedFiles", map[string]any{"changes": []any{map[string]any{"uri": c.uri(rel), "type": kind}}})
	}
	changed("prompts/base.md", 2)
	if ds := c.published()[c.uri("prompts/base.md")]; len(ds) != 1 || ds[0].Code != "INCLUDE_NOT_FOUND" {
		t.Fatalf("after the change: %s", brief(ds))
	}
	if err := os.WriteFile(filepath.Join(c.root, "prompts/shared/new.txt"), []byte("New.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	changed("prompts/shared/new.txt", 1)
	if ds, ok := c.published()[c.uri("prompts/base.md")]; !ok || len(ds) != 0 {
		t.Fatalf("after the creation: %v %s", ok, brief(ds))
	}
	// A .txt file is read now: its extension is watched too.
	var more []string
	for _, m := range c.notes {
		if m.Method == "client/registerCapability" {
			more = append(more, string(m.Params))
		}
	}
	if len(more) != 2 || !json.Valid([]byte(more[1])) || !strings.Contains(more[1], `"globPattern":"**/*.txt"`) {
		t.Fatalf("registrations: %q", more)
	}
	if err := os.Remove(filepath.Join(c.root, "prompts/shared/new.txt")); err != nil {
		t.Fatal(err)
	}
	changed("prompts/shared/new.txt", 3)
	if ds := c.published()[c.uri("prompts/base.md")]; len(ds) != 1 || ds[0].Code != "INCLUDE_NOT_FOUND" {
		t.Fatalf("after the deletion: %s", brief(ds))
	}
	c.shutdown()
}

// The re-check command, run after the quick fix that creates a file,
// checks the project again: the finding clears in clients that report no
// file changes.
func TestRecheckCommand(t *testing.T) {
	c := newClient(t, fixture)
	c.initialize("")
	c.published()
	if err := os.WriteFile(filepath.Join(c.root, "prompts/base.md"), []byte("Be careful.\n\n@shared/new.md\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c.request("workspace/executeCommand", map[string]any{"command": "promptc.recheck"})
	if ds := c.published()[c.uri("prompts/base.md")]; len(ds) != 1 || ds[0].Code != "INCLUDE_NOT_FOUND" {
		t.Fatalf("after the re-check: %s", brief(ds))
	}
	if m := c.call("workspace/executeCommand", map[string]any{"command": "nope"}); m.Error == nil || m.Error.Message != `promptc lsp has no command "nope" (it has promptc.recheck, promptc.showComposed)` {
		t.Fatalf("unknown command: %+v", m.Error)
	}
	c.shutdown()
}
