package lsp

import (
	"encoding/json"
	"testing"
)

// Bad input gets a clear error response and the session goes on.
func TestProtocolErrors(t *testing.T) {
	c := newClient(t, fixture)
	if m := c.call("textDocument/hover", c.at("prompts/base.md", 0, 0)); m.Error == nil || m.Error.Code != codeNotInitialized || m.Error.Message != "textDocument/hover before initialize" {
		t.Fatalf("before initialize: %+v", m.Error)
	}
	c.initialize("")
	if m := c.call("initialize", map[string]any{}); m.Error == nil || m.Error.Message != "initialize was already sent" {
		t.Fatalf("second initialize: %+v", m.Error)
	}
	if m := c.call("workspace/symbol", map[string]any{}); m.Error == nil || m.Error.Code != codeMethodNotFound || m.Error.Message != "promptc lsp does not implement workspace/symbol" {
		t.Fatalf("unknown method: %+v", m.Error)
	}
	if m := c.call("textDocument/hover", "not an object"); m.Error == nil || m.Error.Code != codeInvalidParams {
		t.Fatalf("bad params: %+v", m.Error)
	}
	// A body that is not JSON: a parse error without an id.
	c.out.Write([]byte("Content-Length: 5\r\n\r\n{nope"))
	m := c.next()
	if m.Error == nil || m.Error.Code != codeParseError || string(m.ID) != "null" {
		t.Fatalf("not JSON: %+v", m)
	}
	// A ranged change is refused (the server asked for whole documents);
	// the error is logged, since a notification has no response, and the
	// buffer keeps its text.
	c.open("prompts/base.md", "You are a careful assistant.\n\n@shared/safety.md\n")
	c.notify("textDocument/didChange", json.RawMessage(`{"textDocument":{"uri":"`+c.uri("prompts/base.md")+`","version":2},"contentChanges":[{"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":0}},"text":"x "}]}`))
	if got := c.published(); len(got) != 0 {
		t.Fatalf("a refused change was applied: %v", got)
	}
	c.shutdown()
}
