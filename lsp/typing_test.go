package lsp

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/promptc/promptc/internal/testtree"
)

// startGated starts a session on the fixture whose checks report their
// stages to a gate, after the first check ran.
func startGated(t *testing.T) (*client, *gate) {
	t.Helper()
	g := newGate()
	c := startClient(t, testtree.Write(t, fixture), Options{stage: g.stage})
	c.initialize("")
	c.published()
	g.take()
	return c, g
}

// A request the client cancels while it waits for a check is answered
// with RequestCancelled, and the check it was running stops at its next
// stage; the session goes on.
func TestCancelRequest(t *testing.T) {
	c, g := startGated(t)
	c.open("prompts/base.md", "Edited.\n\n@shared/safety.md\n")
	g.holdNext()
	id := c.start("textDocument/hover", c.at("prompts/base.md", 0, 0))
	if st := <-g.entered; st != "load" {
		t.Fatalf("held at %q, want load", st)
	}
	// The message loop is free while the check runs: the cancellation
	// and a request after it are read and handled.
	c.notify("$/cancelRequest", map[string]any{"id": id})
	c.sync()
	g.release <- struct{}{}
	m := c.response(id)
	if m.Error == nil || m.Error.Code != -32800 || m.Error.Message != "textDocument/hover was cancelled by the client" {
		t.Fatalf("cancelled hover: %+v", m)
	}
	if st := g.take(); !slices.Equal(st, []string{"load"}) {
		t.Fatalf("stages of the cancelled request's check: %v, want [load]", st)
	}
	// A cancellation of a request already answered, or of no request, is
	// ignored; the next hover is answered from a new check.
	c.notify("$/cancelRequest", map[string]any{"id": id})
	c.notify("$/cancelRequest", map[string]any{"id": "nope"})
	if got := hoverText(t, c, "prompts/base.md", 0, 0); !strings.HasPrefix(got, "**prompts/base.md**") {
		t.Fatalf("hover after a cancellation: %q", got)
	}
	if st := g.take(); !slices.Equal(st, []string{"load", "compile", "lint", "publish"}) {
		t.Fatalf("stages: %v", st)
	}
	c.shutdown()
}

// An edit made while a check runs makes it obsolete: it stops at its next
// stage and publishes nothing, and the findings shown are those of the
// newer text alone.
func TestSupersededCheck(t *testing.T) {
	c, g := startGated(t)
	c.open("prompts/base.md", "First. \n\n@shared/safety.md\n")
	c.sync()
	g.holdNext()
	fired := make(chan int)
	go func() { fired <- c.timers.fire() }()
	if st := <-g.entered; st != "load" {
		t.Fatalf("held at %q, want load", st)
	}
	c.change("prompts/base.md", 2, "Second.\n\n@shared/missing.md\n")
	c.sync()
	g.release <- struct{}{}
	if n := <-fired; n != 1 {
		t.Fatalf("%d checks fired, want 1", n)
	}
	var got []string
	for _, p := range c.publishedAll() {
		got = append(got, strings.TrimPrefix(p.URI, pathURI(c.root)+"/")+"\n"+brief(p.Diagnostics))
	}
	want := []string{
		"prompts/base.md\n2:0-2:18 1 INCLUDE_NOT_FOUND @shared/missing.md: prompts/shared/missing.md does not exist; create it or correct the path (this path is shown relative to the project root)\n",
		"prompts/shared/safety.md\n0:0-0:0 2 ORPHAN_FILE prompts/shared/safety.md is reached by no part, pointer, family, include, guide file or custom example: it is never sent or checked; include it where it belongs, delete it if it is a stale draft, or leave it out of the check (lint.orphans, .promptcignore, .gitignore)\n",
	}
	if !slices.Equal(got, want) {
		t.Fatalf("published:\n%s\nwant\n%s", strings.Join(got, "--\n"), strings.Join(want, "--\n"))
	}
	if st := g.take(); !slices.Equal(st, []string{"load", "load", "compile", "lint", "publish"}) {
		t.Fatalf("stages %v: the obsolete check went on", st)
	}
	c.shutdown()
}

// Completion triggers on "@" and "." only, and answers from the last
// check that ran to its end: it never checks, even with an edit pending.
func TestCompletionNeverChecks(t *testing.T) {
	g := newGate()
	c := startClient(t, testtree.Write(t, fixture), Options{stage: g.stage})
	var init struct {
		Capabilities struct {
			CompletionProvider struct {
				TriggerCharacters []string `json:"triggerCharacters"`
			} `json:"completionProvider"`
		} `json:"capabilities"`
	}
	if err := json.Unmarshal(c.initialize(""), &init); err != nil {
		t.Fatal(err)
	}
	if got := init.Capabilities.CompletionProvider.TriggerCharacters; !slices.Equal(got, []string{"@", "."}) {
		t.Fatalf("trigger characters %q", got)
	}
	c.published()
	g.take()
	c.open("prompts/base.md", "Be brief. Then\n@sh\n")
	c.open("promptc.cue", fixture["promptc.cue"]+"x: parts.f\n")
	c.sync()
	for _, tc := range []struct {
		what       string
		rel        string
		line, char int
		want       string
	}{
		{"prose after a full stop", "prompts/base.md", 0, 9, `{"isIncomplete":false,"items":[]}`},
		{"an include path", "prompts/base.md", 1, 3,
			`{"isIncomplete":false,"items":[{"label":"shared/safety.md","kind":17,"textEdit":{"range":{"start":{"line":1,"character":1},"end":{"line":1,"character":3}},"newText":"shared/safety.md"}}]}`},
		{"a part name, from the last check", "promptc.cue", 28, 10,
			`{"isIncomplete":false,"items":[{"label":"familyLine","kind":6,"textEdit":{"range":{"start":{"line":28,"character":9},"end":{"line":28,"character":10}},"newText":"familyLine"}}]}`},
	} {
		if got := c.rel(c.request("textDocument/completion", c.at(tc.rel, tc.line, tc.char))); got != tc.want {
			t.Errorf("completion of %s:\n%s\nwant\n%s", tc.what, got, tc.want)
		}
	}
	if st := g.take(); len(st) != 0 {
		t.Fatalf("completion ran a check: %v", st)
	}
	c.shutdown()
}

// An edit made while a request's check runs does not restart it: the
// check answers the request (it saw every edit before it), and what it
// found is not shown, since the newer edit's check shows its own.
func TestRequestCheckAnswersDespiteNewerEdit(t *testing.T) {
	c, g := startGated(t)
	c.open("prompts/base.md", "First. \n\n@shared/safety.md\n")
	g.holdNext()
	id := c.start("textDocument/hover", c.at("prompts/base.md", 0, 0))
	if st := <-g.entered; st != "load" {
		t.Fatalf("held at %q, want load", st)
	}
	c.change("prompts/base.md", 2, "Second.\n\n@shared/safety.md\n")
	c.sync()
	g.release <- struct{}{}
	if m := c.response(id); m.Error != nil || !strings.Contains(string(m.Result), "prompts/base.md") {
		t.Fatalf("hover: %+v", m)
	}
	if st := g.take(); !slices.Equal(st, []string{"load", "compile", "lint", "publish"}) {
		t.Fatalf("stages %v: the request's check was not run once to its end", st)
	}
	// Only the newer text's findings are shown: none.
	for _, p := range c.publishedAll() {
		if len(p.Diagnostics) != 0 {
			t.Fatalf("published %s: %s", p.URI, brief(p.Diagnostics))
		}
	}
	c.shutdown()
}

// A request's check that saw the latest edit, cancelled once it has
// found its findings and before it shows them, leaves them to the edit's
// own timer: the timer finds the check current and runs none, and shows
// its findings then. (The editor cancels requests as the user types; the
// findings of the last text typed never came.)
func TestCancelledRequestsCheckShownByTimer(t *testing.T) {
	c, g := startGated(t)
	// A first edit, checked and shown as usual.
	c.open("prompts/base.md", "Edited. \n\n@shared/safety.md\n")
	c.publishedAll()
	g.take()
	c.change("prompts/base.md", 2, "Edited.\n\n@shared/missing.md\n")
	c.sync()
	g.holdNext()
	id := c.start("textDocument/hover", c.at("prompts/base.md", 0, 0))
	for _, want := range []string{"load", "compile", "lint", "publish"} {
		if st := <-g.entered; st != want {
			t.Fatalf("held at %q, want %q", st, want)
		}
		if want != "publish" {
			g.holdNext()
			g.release <- struct{}{}
		}
	}
	// Held before it shows anything: the request is cancelled.
	c.notify("$/cancelRequest", map[string]any{"id": id})
	c.sync()
	g.release <- struct{}{}
	if m := c.response(id); m.Error == nil || m.Error.Code != -32800 {
		t.Fatalf("cancelled hover: %+v", m)
	}
	var got []string
	for _, p := range c.publishedAll() {
		if strings.HasSuffix(p.URI, "prompts/base.md") {
			got = append(got, brief(p.Diagnostics))
		}
	}
	want := []string{"2:0-2:18 1 INCLUDE_NOT_FOUND @shared/missing.md: prompts/shared/missing.md does not exist; create it or correct the path (this path is shown relative to the project root)\n"}
	if !slices.Equal(got, want) {
		t.Fatalf("published for prompts/base.md:\n%q\nwant\n%q", got, want)
	}
	// The timer ran no check of its own.
	if st := g.take(); !slices.Equal(st, []string{"load", "compile", "lint", "publish"}) {
		t.Fatalf("stages %v", st)
	}
	c.shutdown()
}
