package lsp

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
)

// JSON-RPC 2.0 error codes the server returns, from the specification and
// the Language Server Protocol.
const (
	codeParseError     = -32700
	codeInvalidRequest = -32600
	codeMethodNotFound = -32601
	codeInvalidParams  = -32602
	codeInternalError  = -32603
	codeNotInitialized = -32002
	codeInvalidAfter   = -32600 // a request after shutdown
	// codeRequestCancelled answers a request the client cancelled with
	// $/cancelRequest.
	codeRequestCancelled = -32800
	// codeRequestFailed answers a valid request that cannot be done (a
	// promptc.cue that does not parse cannot be formatted).
	codeRequestFailed = -32803
)

// maxMessage is the largest message body the server reads. A client sends
// a whole document in didOpen and didChange; no prompt asset is larger
// than the 64 MiB the compiler reads, and a larger Content-Length is a
// broken stream, not a document.
const maxMessage = 64<<20 + 1<<20

// maxHeaderLine and maxHeaderLines bound a header: the base protocol
// defines two fields of a few dozen bytes each, so a longer line, or more
// lines, is a broken or hostile stream, refused before it is buffered.
const (
	maxHeaderLine  = 4096
	maxHeaderLines = 32
)

// message is any JSON-RPC message: a request (ID and Method), a
// notification (Method only) or a response (ID and Result or Error).
type message struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method,omitempty"`
	Params  json.RawMessage `json:"params,omitempty"`
	Result  json.RawMessage `json:"result,omitempty"`
	Error   *rpcError       `json:"error,omitempty"`
}

// rpcError is a JSON-RPC error object.
type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

func (e *rpcError) Error() string { return fmt.Sprintf("%s (code %d)", e.Message, e.Code) }

// conn reads and writes LSP base-protocol frames: a header of
// "Content-Length: N" lines, a blank line, then N bytes of JSON. Reads
// happen on one goroutine; writes may come from several (responses, and
// diagnostics published after a debounced check) and are serialized.
type conn struct {
	r  *bufio.Reader
	mu sync.Mutex
	w  io.Writer
}

func newConn(r io.Reader, w io.Writer) *conn {
	// The reader's buffer is the cap on a header line: ReadSlice fails
	// rather than grow it.
	return &conn{r: bufio.NewReaderSize(r, maxHeaderLine), w: w}
}

// ErrProtocol marks a stream that does not follow the base protocol: nothing
// after it can be trusted to start at a message boundary.
var ErrProtocol = errors.New("malformed message header")

// read returns the next message body. io.EOF means the client closed the
// stream between messages.
func (c *conn) read() ([]byte, error) {
	length := -1
	for n := 0; ; n++ {
		if n == maxHeaderLines {
			return nil, fmt.Errorf("%w: more than %d header lines (a header has Content-Length and at most Content-Type)", ErrProtocol, maxHeaderLines)
		}
		raw, err := c.r.ReadSlice('\n')
		if err == bufio.ErrBufferFull {
			return nil, fmt.Errorf("%w: a header line is longer than %d bytes (it starts %q)", ErrProtocol, maxHeaderLine, truncate(string(raw), 40))
		}
		if err != nil {
			if err == io.EOF && n == 0 && len(raw) == 0 {
				return nil, io.EOF
			}
			return nil, fmt.Errorf("%w: the stream ended inside a header", ErrProtocol)
		}
		line := strings.TrimRight(string(raw), "\r\n")
		if line == "" {
			break
		}
		name, value, ok := strings.Cut(line, ":")
		if !ok {
			return nil, fmt.Errorf("%w: %q is not a \"Name: value\" line", ErrProtocol, truncate(line, 80))
		}
		if strings.EqualFold(strings.TrimSpace(name), "Content-Length") {
			n, err := strconv.Atoi(strings.TrimSpace(value))
			if err != nil || n < 0 {
				return nil, fmt.Errorf("%w: Content-Length %q is not a byte count", ErrProtocol, truncate(strings.TrimSpace(value), 40))
			}
			if n > maxMessage {
				return nil, fmt.Errorf("%w: Content-Length %d is more than the %d MiB a message may have", ErrProtocol, n, maxMessage>>20)
			}
			length = n
		}
		// Content-Type and unknown header fields are accepted and ignored,
		// as the base protocol asks.
	}
	if length < 0 {
		return nil, fmt.Errorf("%w: no Content-Length", ErrProtocol)
	}
	body := make([]byte, length)
	if _, err := io.ReadFull(c.r, body); err != nil {
		return nil, fmt.Errorf("%w: the stream ended %d bytes into a %d-byte message", ErrProtocol, len(body), length)
	}
	return body, nil
}

// write sends one message.
func (c *conn) write(m *message) error {
	m.JSONRPC = "2.0"
	body, err := json.Marshal(m)
	if err != nil {
		return err
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "Content-Length: %d\r\n\r\n", len(body))
	b.Write(body)
	c.mu.Lock()
	defer c.mu.Unlock()
	_, err = c.w.Write(b.Bytes())
	return err
}

// notify sends a notification.
func (c *conn) notify(method string, params any) error {
	p, err := json.Marshal(params)
	if err != nil {
		return err
	}
	return c.write(&message{Method: method, Params: p})
}

// reply answers the request with id: result, or the error when it is not
// nil.
func (c *conn) reply(id json.RawMessage, result any, rerr *rpcError) error {
	m := &message{ID: id, Error: rerr}
	if rerr == nil {
		r, err := json.Marshal(result)
		if err != nil {
			return err
		}
		m.Result = r
	}
	if len(m.ID) == 0 {
		m.ID = json.RawMessage("null")
	}
	return c.write(m)
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
