package lsp

import (
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/promptc/promptc/internal/testtree"
)

// fixture is a small project: a base prompt that includes a shared file,
// one family file with a model note, two modes, three examples.
var fixture = map[string]string{
	"promptc.cue": `version: "v1"
output: {dir: "generated", package: "prompts"}

parts: {
	base: {file: "prompts/base.md", budget: chars: 200}
	familyLine: {family: "line", budget: chars: 300}
	modelNote: {family: "note"}
}
slots: instructions: description: "The user's AGENTS.md."

modes: {
	minimal: compose: [parts.base, slots.instructions]
	focus: compose: [parts.base, slots.instructions, parts.familyLine, parts.modelNote]
}
order: ["minimal", "focus"]
defaultMode: "focus"

families: {
	files: "prompts/families/*.prompt.md"
	rules: [
		{family: "claude", name: ["(?i)^claude"]},
	]
	examples: {
		"claude-opus-4-1": {family: "claude", note: "Opus"}
		"claude-sonnet-4-5": "claude"
		"llama3.1:8b": "neutral"
	}
}
`,
	"prompts/base.md":          "You are a careful assistant.\n\n@shared/safety.md\n",
	"prompts/shared/safety.md": "Never run destructive commands without asking.\n",
	"prompts/families/claude.prompt.md": `---
family: claude
provenance: Written for this test.
---
Use the tools you have.

<!-- model "Opus" /opus/i -->
Think before acting.
`,
}

// fakeTimers replaces time.AfterFunc: the test fires the pending debounced
// checks itself, so no test sleeps or depends on the clock.
type fakeTimers struct {
	mu      sync.Mutex
	pending []*fakeTimer
	// scheduled counts every AfterFunc call.
	scheduled int
}

type fakeTimer struct {
	f       func()
	stopped bool
}

func (ft *fakeTimers) afterFunc(_ time.Duration, f func()) func() bool {
	ft.mu.Lock()
	defer ft.mu.Unlock()
	t := &fakeTimer{f: f}
	ft.pending = append(ft.pending, t)
	ft.scheduled++
	return func() bool {
		ft.mu.Lock()
		defer ft.mu.Unlock()
		was := !t.stopped
		t.stopped = true
		return was
	}
}

// fire runs every pending timer that was not stopped, and returns how
// many ran.
func (ft *fakeTimers) fire() int {
	ft.mu.Lock()
	ts := ft.pending
	ft.pending = nil
	ft.mu.Unlock()
	n := 0
	for _, t := range ts {
		ft.mu.Lock()
		run := !t.stopped
		t.stopped = true
		ft.mu.Unlock()
		if run {
			t.f()
			n++
		}
	}
	return n
}

// client drives a server in-process through pipes with real JSON-RPC
// frames, as an editor does.
type client struct {
	t      testing.TB
	root   string
	out    *io.PipeWriter
	in     chan message
	done   chan error
	timers *fakeTimers
	nextID int
	// notes holds notifications received while waiting for a response.
	notes []message
}

// newClient writes files into a temporary project, starts a server and
// initializes it with the project as workspace folder.
func newClient(t *testing.T, files map[string]string) *client {
	t.Helper()
	root := testtree.Write(t, files)
	return startClient(t, root, Options{})
}

func startClient(t testing.TB, root string, opt Options) *client {
	t.Helper()
	t.Setenv("PROMPTC_CACHE", t.TempDir())
	toServer, serverIn := io.Pipe()
	serverOut, fromServer := io.Pipe()
	c := &client{t: t, root: root, out: serverIn, in: make(chan message, 1024), done: make(chan error, 1), timers: &fakeTimers{}}
	opt.AfterFunc = c.timers.afterFunc
	srv := NewServer(toServer, fromServer, opt)
	go func() {
		err := srv.Run()
		fromServer.Close()
		c.done <- err
	}()
	go func() {
		rc := newConn(serverOut, nil)
		for {
			body, err := rc.read()
			if err != nil {
				close(c.in)
				return
			}
			var m message
			if err := json.Unmarshal(body, &m); err != nil {
				panic(fmt.Sprintf("server sent a body that is not JSON: %q", body))
			}
			c.in <- m
		}
	}()
	t.Cleanup(func() { serverIn.Close() })
	return c
}

// initialize sends initialize and initialized with the project root as
// workspace folder, the way editors start a session.
func (c *client) initialize(caps string) json.RawMessage {
	c.t.Helper()
	if caps == "" {
		caps = "{}"
	}
	res := c.request("initialize", json.RawMessage(fmt.Sprintf(`{"processId":null,"rootUri":%q,"capabilities":%s}`, pathURI(c.root), caps)))
	c.notify("initialized", json.RawMessage(`{}`))
	return res
}

func (c *client) send(m *message) {
	c.t.Helper()
	m.JSONRPC = "2.0"
	body, err := json.Marshal(m)
	if err != nil {
		c.t.Fatal(err)
	}
	if _, err := fmt.Fprintf(c.out, "Content-Length: %d\r\n\r\n%s", len(body), body); err != nil {
		c.t.Fatal(err)
	}
}

func (c *client) notify(method string, params any) {
	c.t.Helper()
	b, err := json.Marshal(params)
	if err != nil {
		c.t.Fatal(err)
	}
	c.send(&message{Method: method, Params: b})
}

// request sends a request and returns its result, failing the test on an
// error response.
func (c *client) request(method string, params any) json.RawMessage {
	c.t.Helper()
	m := c.call(method, params)
	if m.Error != nil {
		c.t.Fatalf("%s: error %v", method, m.Error)
	}
	return m.Result
}

// call sends a request and returns the response.
func (c *client) call(method string, params any) message {
	c.t.Helper()
	c.nextID++
	id := json.RawMessage(fmt.Sprint(c.nextID))
	b, err := json.Marshal(params)
	if err != nil {
		c.t.Fatal(err)
	}
	c.send(&message{ID: id, Method: method, Params: b})
	return c.response(c.nextID)
}

// start sends a request without waiting for its response, and returns
// its id.
func (c *client) start(method string, params any) int {
	c.t.Helper()
	c.nextID++
	b, err := json.Marshal(params)
	if err != nil {
		c.t.Fatal(err)
	}
	c.send(&message{ID: json.RawMessage(fmt.Sprint(c.nextID)), Method: method, Params: b})
	return c.nextID
}

// response returns the response to the request with id, keeping the
// other messages received meanwhile in notes.
func (c *client) response(id int) message {
	c.t.Helper()
	want := fmt.Sprint(id)
	for i, m := range c.notes {
		if m.Method == "" && string(m.ID) == want {
			c.notes = append(c.notes[:i:i], c.notes[i+1:]...)
			return m
		}
	}
	for {
		m := c.next()
		if m.Method == "" && string(m.ID) == want {
			return m
		}
		c.notes = append(c.notes, m)
	}
}

// gate records the stages of every check (Options.stage) and can hold
// the next check at its next stage until the test releases it: tests
// order edits and cancellations against a running check without a clock.
type gate struct {
	mu      sync.Mutex
	stages  []string
	hold    bool
	entered chan string
	release chan struct{}
}

func newGate() *gate {
	return &gate{entered: make(chan string), release: make(chan struct{})}
}

func (g *gate) stage(name string) {
	g.mu.Lock()
	g.stages = append(g.stages, name)
	hold := g.hold
	g.hold = false
	g.mu.Unlock()
	if hold {
		g.entered <- name
		<-g.release
	}
}

// holdNext makes the next stage reached wait for a release.
func (g *gate) holdNext() {
	g.mu.Lock()
	g.hold = true
	g.mu.Unlock()
}

// take returns the stages recorded since the last take.
func (g *gate) take() []string {
	g.mu.Lock()
	defer g.mu.Unlock()
	out := g.stages
	g.stages = nil
	return out
}

// next returns the next message from the server. The deadline only keeps
// a broken server from hanging the test run; nothing is timed.
func (c *client) next() message {
	c.t.Helper()
	select {
	case m, ok := <-c.in:
		if !ok {
			c.t.Fatal("the server closed its output")
		}
		return m
	case <-time.After(time.Minute):
		c.t.Fatal("no message from the server within a minute")
	}
	return message{}
}

// sync makes sure every message sent so far was handled: requests are
// handled in order, so the answer to one means the notifications before
// it were too.
func (c *client) sync() {
	c.t.Helper()
	c.call("promptc/sync", map[string]any{})
}

// published takes the diagnostics notifications received so far, by URI,
// the last of each URI winning, after firing the pending checks.
func (c *client) published() map[string][]diagnostic {
	c.t.Helper()
	out := map[string][]diagnostic{}
	for _, p := range c.publishedAll() {
		out[p.URI] = p.Diagnostics
	}
	return out
}

// publishedAll takes every diagnostics notification received so far, in
// order, after firing the pending checks.
func (c *client) publishedAll() []publishDiagnosticsParams {
	c.t.Helper()
	c.sync()
	c.timers.fire()
	c.sync()
	var out []publishDiagnosticsParams
	var rest []message
	for _, m := range c.notes {
		if m.Method != "textDocument/publishDiagnostics" {
			rest = append(rest, m)
			continue
		}
		var p publishDiagnosticsParams
		if err := json.Unmarshal(m.Params, &p); err != nil {
			c.t.Fatal(err)
		}
		out = append(out, p)
	}
	c.notes = rest
	return out
}

func (c *client) uri(rel string) string {
	return pathURI(filepath.Join(c.root, filepath.FromSlash(rel)))
}

func (c *client) open(rel, text string) {
	c.t.Helper()
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": c.uri(rel), "languageId": "markdown", "version": 1, "text": text}})
}

func (c *client) change(rel string, version int, text string) {
	c.t.Helper()
	c.notify("textDocument/didChange", map[string]any{
		"textDocument":   map[string]any{"uri": c.uri(rel), "version": version},
		"contentChanges": []any{map[string]any{"text": text}},
	})
}

// at is a textDocumentPositionParams for rel at 0-based line and UTF-16
// character.
func (c *client) at(rel string, line, char int) map[string]any {
	return map[string]any{"textDocument": map[string]any{"uri": c.uri(rel)}, "position": map[string]any{"line": line, "character": char}}
}

// shutdown ends the session as editors do and checks that Run returned
// nil.
func (c *client) shutdown() {
	c.t.Helper()
	c.request("shutdown", nil)
	c.notify("exit", nil)
	if err := <-c.done; err != nil {
		c.t.Fatalf("Run: %v", err)
	}
}

// brief renders diagnostics one per line as
// "line:char-line:char SEVERITY RULE message", for exact comparisons.
func brief(ds []diagnostic) string {
	var b strings.Builder
	for _, d := range ds {
		fmt.Fprintf(&b, "%d:%d-%d:%d %d %s %s\n", d.Range.Start.Line, d.Range.Start.Character, d.Range.End.Line, d.Range.End.Character, d.Severity, d.Code, d.Message)
	}
	return b.String()
}
