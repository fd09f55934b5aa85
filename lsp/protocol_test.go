package lsp

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
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

// fill is an endless stream of one byte.
type fill byte

func (f fill) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = byte(f)
	}
	return len(p), nil
}

// counter counts the bytes read through it.
type counter struct {
	r io.Reader
	n int
}

func (c *counter) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}

// A header line, a header, and a body are each refused past their cap,
// before more than the cap is read: a stream of one endless line costs a
// few KiB, not all the memory there is.
func TestFrameCaps(t *testing.T) {
	manyLines := strings.Repeat("X-Field: 1\r\n", maxHeaderLines+1)
	for _, tc := range []struct {
		what string
		in   io.Reader
		want string
		most int
	}{
		{"an endless header line", io.LimitReader(fill('a'), 1<<20),
			`malformed message header: a header line is longer than 4096 bytes (it starts "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa…")`, maxHeaderLine},
		{"too many header lines", strings.NewReader(manyLines + "\r\n{}"),
			"malformed message header: more than 32 header lines (a header has Content-Length and at most Content-Type)", len(manyLines) + 4},
		{"a body past the cap", io.MultiReader(strings.NewReader(fmt.Sprintf("Content-Length: %d\r\n\r\n", maxMessage+1)), io.LimitReader(fill('a'), 1<<20)),
			"malformed message header: Content-Length 68157441 is more than the 65 MiB a message may have", maxHeaderLine},
	} {
		cr := &counter{r: tc.in}
		_, err := newConn(cr, io.Discard).read()
		if !errors.Is(err, ErrProtocol) || err.Error() != tc.want {
			t.Errorf("%s: got %v, want %s", tc.what, err, tc.want)
		}
		if cr.n > tc.most {
			t.Errorf("%s: read %d bytes before refusing, want at most %d", tc.what, cr.n, tc.most)
		}
	}
	// At the cap, a line is read.
	line := "Content-Length: 2" + strings.Repeat(" ", maxHeaderLine-len("Content-Length: 2\r\n")) + "\r\n"
	body, err := newConn(strings.NewReader(line+"\r\n{}"), io.Discard).read()
	if err != nil || string(body) != "{}" {
		t.Fatalf("a header line of exactly %d bytes: %q, %v", len(line), body, err)
	}
}
