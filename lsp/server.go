// Package lsp is promptc's Language Server Protocol server (promptc lsp):
// it checks a project as the editor holds it, unsaved buffers included, and
// publishes the same findings promptc lint prints, with hovers (sizes,
// tokens per mode, budget headroom, include chains, which example ids a
// rule or model note decides), code lenses, navigation between
// promptc.cue, include lines and files, completion and quick fixes.
//
// Every finding comes from the compiler and lint packages, called as
// promptc lint calls them, with the editor's buffers laid over the disk
// (compiler.Options.Overlay): the server has no rule of its own. It speaks
// JSON-RPC over a byte stream (stdio for promptc lsp) with the standard
// library alone.
package lsp

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"sync"
	"time"

	"github.com/promptc/promptc/internal/config"
)

// DefaultDebounce is how long the server waits after an edit before it
// checks the project again: long enough that a burst of keystrokes costs
// one check, short enough that findings follow the typing.
const DefaultDebounce = 150 * time.Millisecond

// Options configure a server.
type Options struct {
	// Config, when set, is the promptc.cue every document belongs to
	// (promptc lsp --config, or a project directory argument); otherwise
	// each document belongs to the nearest promptc.cue above it.
	Config string
	// Jobs limits the goroutines of each check, as promptc lint --jobs.
	Jobs int
	// Debounce is the wait after an edit before a check; 0 is
	// DefaultDebounce.
	Debounce time.Duration
	// AfterFunc schedules f after d and returns a function that cancels
	// it, as time.AfterFunc does (nil means time.AfterFunc). Tests replace
	// it to fire debounced checks themselves instead of sleeping.
	AfterFunc func(d time.Duration, f func()) (stop func() bool)
	// Log, when not nil, receives one line for each failure the client is
	// also told about, for promptc lsp --verbose.
	Log io.Writer

	// stage, when set, is called by every check at each stage boundary
	// ("load", "compile", "lint", "publish") before the check looks
	// whether a newer edit made it obsolete: tests hold a check there to
	// order edits against it without a clock.
	stage func(name string)
}

// ErrNoShutdown is returned by Serve when the client sent exit without
// shutdown first, or closed the stream without exit; the specification
// asks for exit code 1 then.
var ErrNoShutdown = errors.New("the client ended the session without a shutdown request")

// Server is one session with one client.
type Server struct {
	opt Options
	c   *conn

	// mu guards everything below and each project's scheduling fields.
	mu          sync.Mutex
	initialized bool
	shutdown    bool
	// createFiles is set when the client applies file creations in a
	// workspace edit (the quick fix that creates a missing include).
	createFiles bool
	// canWatch is set when the client lets the server register file
	// watching; watched holds the patterns registered, registrations
	// counts the registrations sent.
	canWatch      bool
	watched       map[string]bool
	registrations int
	// showDocument is set when the client shows a document the server
	// names (window/showDocument).
	showDocument bool
	// tmp is the folder of the composed prompts shown, previews them.
	tmp      string
	previews []*preview
	// rootHint is the workspace folder the client opened, where a
	// project is looked for at start.
	rootHint string
	docs     map[string]*document // by URI
	projects map[string]*project  // by the absolute path of promptc.cue
	// seq numbers the edits: each edit of a buffer, and each change of
	// the disk, takes the next number. A check records the number it
	// saw; a request is answered from a check no older than the edits
	// received before it.
	seq uint64
	// pending holds the requests being answered off the message loop, by
	// their id, so that $/cancelRequest can reach them.
	pending map[string]*call
	// inflight counts those requests: shutdown waits for them.
	inflight sync.WaitGroup
}

// call is a request answered off the message loop.
type call struct {
	// want is Server.seq when the request arrived: it is answered from a
	// check that saw at least the edits before it.
	want uint64
	// done is closed when the client cancels the request.
	done      chan struct{}
	cancelled bool
}

// givenUp reports whether the client cancelled the request.
func (cl *call) givenUp() bool {
	if cl == nil {
		return false
	}
	select {
	case <-cl.done:
		return true
	default:
		return false
	}
}

// document is an open text document.
type document struct {
	uri     string
	path    string // absolute
	version int
	text    string
	proj    *project // nil when no promptc.cue is above it
}

// Serve runs a session on r and w until the client sends exit, and
// returns nil after a shutdown request and exit. A stream that breaks the
// base protocol (a header without Content-Length, a body cut short) is an
// error: nothing after it can be read reliably.
func Serve(r io.Reader, w io.Writer, opt Options) error {
	s := NewServer(r, w, opt)
	return s.Run()
}

// NewServer returns a server reading requests from r and writing to w.
func NewServer(r io.Reader, w io.Writer, opt Options) *Server {
	if opt.Debounce == 0 {
		opt.Debounce = DefaultDebounce
	}
	if opt.AfterFunc == nil {
		opt.AfterFunc = func(d time.Duration, f func()) func() bool { return time.AfterFunc(d, f).Stop }
	}
	return &Server{opt: opt, c: newConn(r, w), docs: map[string]*document{}, projects: map[string]*project{}, pending: map[string]*call{}, watched: map[string]bool{}}
}

// Run serves messages until exit; see Serve.
func (s *Server) Run() error {
	defer s.removePreviews()
	defer s.stopTimers()
	for {
		body, err := s.c.read()
		if err == io.EOF {
			return ErrNoShutdown
		}
		if err != nil {
			return err
		}
		var m message
		if err := json.Unmarshal(body, &m); err != nil {
			s.c.reply(nil, nil, &rpcError{Code: codeParseError, Message: "the message is not JSON: " + err.Error()})
			continue
		}
		if m.Method == "exit" {
			s.mu.Lock()
			down := s.shutdown
			s.mu.Unlock()
			if !down {
				return ErrNoShutdown
			}
			return nil
		}
		s.dispatch(&m)
	}
}

// queries are the requests answered off the message loop: they may wait
// for a check, and the loop must go on reading edits and cancellations
// meanwhile. Every other message is handled on the loop, in order, and
// costs no check.
var queries = map[string]bool{
	"textDocument/hover":          true,
	"textDocument/definition":     true,
	"textDocument/references":     true,
	"textDocument/codeAction":     true,
	"textDocument/codeLens":       true,
	"textDocument/documentSymbol": true,
	"textDocument/documentLink":   true,
	"textDocument/formatting":     true,
	"workspace/executeCommand":    true,
	methodPreview:                 true,
}

// dispatch handles one message. A request always gets a response; a
// query (see queries) is answered on a goroutine of its own.
func (s *Server) dispatch(m *message) {
	isRequest := len(m.ID) > 0
	if m.Method == "" {
		// A response to a request of ours (registerCapability), or
		// garbage.
		if !isRequest {
			s.c.reply(nil, nil, &rpcError{Code: codeInvalidRequest, Message: "a message needs a method, or an id and a result"})
		}
		return
	}
	s.mu.Lock()
	async := isRequest && queries[m.Method] && s.initialized && !s.shutdown
	var cl *call
	if async {
		cl = &call{want: s.seq, done: make(chan struct{})}
		s.pending[string(m.ID)] = cl
		s.inflight.Add(1)
	}
	s.mu.Unlock()
	if !async {
		s.serve(m, nil)
		return
	}
	go func() {
		defer s.inflight.Done()
		s.serve(m, cl)
	}()
}

// serve handles one message and answers it when it is a request; a panic
// in a handler becomes an internal error response rather than the end of
// the session. A query the client cancelled is answered with
// RequestCancelled, whatever its handler returned.
func (s *Server) serve(m *message, cl *call) {
	isRequest := len(m.ID) > 0
	defer func() {
		if r := recover(); r != nil {
			msg := fmt.Sprintf("internal error in %s: %v", m.Method, r)
			s.logf("%s\n%s", msg, debug.Stack())
			if isRequest {
				s.finish(m.ID, cl)
				s.c.reply(m.ID, nil, &rpcError{Code: codeInternalError, Message: msg})
			}
		}
	}()
	result, rerr := s.handle(m.Method, m.Params, isRequest, cl)
	if isRequest {
		if s.finish(m.ID, cl) {
			result, rerr = nil, &rpcError{Code: codeRequestCancelled, Message: m.Method + " was cancelled by the client"}
		}
		s.c.reply(m.ID, result, rerr)
	} else if rerr != nil && rerr.Code != codeMethodNotFound {
		s.logf("%s: %s", m.Method, rerr.Message)
	}
}

// finish forgets a query and reports whether the client cancelled it.
func (s *Server) finish(id json.RawMessage, cl *call) bool {
	if cl == nil {
		return false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.pending, string(id))
	return cl.cancelled
}

// cancel marks the pending query with the id of a $/cancelRequest; one
// already answered, or unknown, is ignored, as the protocol asks.
func (s *Server) cancel(params json.RawMessage) {
	var p struct {
		ID json.RawMessage `json:"id"`
	}
	if json.Unmarshal(params, &p) != nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if cl := s.pending[string(p.ID)]; cl != nil && !cl.cancelled {
		cl.cancelled = true
		close(cl.done)
	}
}

// handle runs the method and returns the result of a request.
func (s *Server) handle(method string, params json.RawMessage, isRequest bool, cl *call) (any, *rpcError) {
	s.mu.Lock()
	initialized, down := s.initialized, s.shutdown
	s.mu.Unlock()
	switch {
	case method == "initialize":
		if initialized {
			return nil, &rpcError{Code: codeInvalidRequest, Message: "initialize was already sent"}
		}
		var p initializeParams
		if err := unmarshal(params, &p); err != nil {
			return nil, err
		}
		return s.initialize(&p), nil
	case !initialized:
		return nil, &rpcError{Code: codeNotInitialized, Message: method + " before initialize"}
	case down && isRequest && cl == nil:
		// A query (cl) was received before shutdown: it is answered.
		return nil, &rpcError{Code: codeInvalidAfter, Message: method + " after shutdown"}
	}
	switch method {
	case "initialized":
		s.checkRoot()
		return nil, nil
	case "shutdown":
		s.mu.Lock()
		s.shutdown = true
		s.mu.Unlock()
		s.stopTimers()
		// Every query already received is answered before shutdown is.
		s.inflight.Wait()
		return nil, nil
	case "$/cancelRequest":
		s.cancel(params)
		return nil, nil
	case "textDocument/didOpen":
		var p didOpenParams
		if err := unmarshal(params, &p); err != nil {
			return nil, err
		}
		return nil, s.didOpen(&p)
	case "textDocument/didChange":
		var p didChangeParams
		if err := unmarshal(params, &p); err != nil {
			return nil, err
		}
		return nil, s.didChange(&p)
	case "textDocument/didClose":
		var p didCloseParams
		if err := unmarshal(params, &p); err != nil {
			return nil, err
		}
		s.didClose(p.TextDocument.URI)
		return nil, nil
	case "textDocument/didSave", "workspace/didChangeWatchedFiles":
		// The disk changed: files that are not open may read
		// differently now.
		s.touchAll()
		return nil, nil
	case "textDocument/hover":
		return answer(params, cl, s.hover)
	case "textDocument/definition":
		return answer(params, cl, s.definition)
	case "textDocument/references":
		return answer(params, cl, s.references)
	case "textDocument/completion":
		return answer(params, cl, s.completion)
	case "textDocument/codeAction":
		return answer(params, cl, s.codeActions)
	case "textDocument/codeLens":
		return answer(params, cl, s.codeLenses)
	case "textDocument/documentSymbol":
		return answer(params, cl, s.documentSymbols)
	case "textDocument/documentLink":
		return answer(params, cl, s.documentLinks)
	case "textDocument/formatting":
		var p codeLensParams
		if err := unmarshal(params, &p); err != nil {
			return nil, err
		}
		return s.formatting(cl, &p)
	case methodPreview:
		return s.composedPrompt(cl, params)
	case "workspace/executeCommand":
		var p executeCommandParams
		if err := unmarshal(params, &p); err != nil {
			return nil, err
		}
		return s.executeCommand(cl, &p)
	}
	if strings.HasPrefix(method, "$/") {
		return nil, nil // optional notifications ($/setTrace, $/progress)
	}
	return nil, &rpcError{Code: codeMethodNotFound, Message: "promptc lsp does not implement " + method}
}

// answer decodes a request's params into a P and returns fn's answer to
// them: the shape every query method shares.
func answer[P, R any](params json.RawMessage, cl *call, fn func(*call, *P) R) (any, *rpcError) {
	var p P
	if err := unmarshal(params, &p); err != nil {
		return nil, err
	}
	return fn(cl, &p), nil
}

// unmarshal decodes params, reporting invalid ones as the protocol asks.
func unmarshal(params json.RawMessage, v any) *rpcError {
	if len(params) == 0 {
		return &rpcError{Code: codeInvalidParams, Message: "missing params"}
	}
	if err := json.Unmarshal(params, v); err != nil {
		return &rpcError{Code: codeInvalidParams, Message: "invalid params: " + err.Error()}
	}
	return nil
}

// initialize records what the client can do and states what the server
// does.
func (s *Server) initialize(p *initializeParams) any {
	root := p.RootPath
	if p.RootURI != "" {
		root, _ = uriPath(p.RootURI)
	}
	if len(p.WorkspaceFolders) > 0 {
		if r, ok := uriPath(p.WorkspaceFolders[0].URI); ok {
			root = r
		}
	}
	s.mu.Lock()
	s.initialized = true
	s.rootHint = root
	s.canWatch = p.Capabilities.Workspace.DidChangeWatchedFiles.DynamicRegistration
	s.showDocument = p.Capabilities.Window.ShowDocument.Support
	for _, op := range p.Capabilities.Workspace.WorkspaceEdit.ResourceOperations {
		if op == "create" {
			s.createFiles = true
		}
	}
	s.mu.Unlock()
	return map[string]any{
		"capabilities": map[string]any{
			// Whole documents: a prompt asset is small, and applying
			// ranges in UTF-16 units would be a second way to get text
			// wrong.
			"textDocumentSync":           map[string]any{"openClose": true, "change": 1, "save": map[string]any{"includeText": false}},
			"hoverProvider":              true,
			"definitionProvider":         true,
			"referencesProvider":         true,
			"completionProvider":         map[string]any{"triggerCharacters": triggerCharacters},
			"codeActionProvider":         map[string]any{"codeActionKinds": []string{"quickfix"}},
			"codeLensProvider":           map[string]any{"resolveProvider": false},
			"executeCommandProvider":     map[string]any{"commands": commands},
			"documentSymbolProvider":     true,
			"documentLinkProvider":       map[string]any{"resolveProvider": false},
			"documentFormattingProvider": true,
		},
		"serverInfo": map[string]any{"name": "promptc"},
	}
}

// commands are the commands of workspace/executeCommand.
var commands = []string{commandRecheck, commandShowComposed}

// executeCommand runs a command of the commands list.
func (s *Server) executeCommand(cl *call, p *executeCommandParams) (any, *rpcError) {
	switch p.Command {
	case commandRecheck:
		s.touchAll()
		return nil, nil
	case commandShowComposed:
		return s.showComposed(cl, p.Arguments)
	}
	return nil, &rpcError{Code: codeInvalidParams, Message: fmt.Sprintf("promptc lsp has no command %q (it has %s)", p.Command, strings.Join(commands, ", "))}
}

// checkRoot checks the project of the configured promptc.cue or of the
// workspace folder, so that findings of files not yet opened show at
// start.
func (s *Server) checkRoot() {
	s.mu.Lock()
	file := s.opt.Config
	if file == "" && s.rootHint != "" {
		file = filepath.Join(s.rootHint, config.FileName)
	}
	s.mu.Unlock()
	if file == "" {
		return
	}
	if _, err := os.Lstat(file); err != nil {
		return
	}
	abs, err := filepath.Abs(file)
	if err != nil {
		return
	}
	s.mu.Lock()
	proj := s.project(abs)
	s.mu.Unlock()
	s.schedule(proj)
}

func (s *Server) didOpen(p *didOpenParams) *rpcError {
	path, ok := uriPath(p.TextDocument.URI)
	if !ok {
		return &rpcError{Code: codeInvalidParams, Message: "promptc lsp reads file: URIs only, not " + p.TextDocument.URI}
	}
	proj := s.findProject(path)
	s.mu.Lock()
	d := &document{uri: p.TextDocument.URI, path: path, version: p.TextDocument.Version, text: p.TextDocument.Text, proj: proj}
	s.docs[d.uri] = d
	if proj != nil {
		s.edited(proj)
	}
	s.mu.Unlock()
	if proj != nil {
		s.schedule(proj)
	}
	return nil
}

func (s *Server) didChange(p *didChangeParams) *rpcError {
	s.mu.Lock()
	d := s.docs[p.TextDocument.URI]
	if d == nil {
		s.mu.Unlock()
		return &rpcError{Code: codeInvalidParams, Message: "didChange of a document that is not open: " + p.TextDocument.URI}
	}
	for _, ch := range p.ContentChanges {
		if ch.Range != nil {
			s.mu.Unlock()
			return &rpcError{Code: codeInvalidParams, Message: "promptc lsp asked for whole documents (textDocumentSync.change 1), got a ranged change"}
		}
		d.text = ch.Text
	}
	d.version = p.TextDocument.Version
	proj := d.proj
	if proj != nil {
		s.edited(proj)
	}
	s.mu.Unlock()
	if proj != nil {
		s.schedule(proj)
	}
	return nil
}

func (s *Server) didClose(uri string) {
	s.mu.Lock()
	d := s.docs[uri]
	delete(s.docs, uri)
	if d != nil && d.proj != nil {
		s.edited(d.proj) // the disk's text replaces the buffer's
	}
	s.mu.Unlock()
	if d != nil && d.proj != nil {
		s.schedule(d.proj)
	}
}

// touchAll marks every project for a new check.
func (s *Server) touchAll() {
	s.mu.Lock()
	projs := make([]*project, 0, len(s.projects))
	for _, p := range s.projects {
		s.edited(p)
		projs = append(projs, p)
	}
	s.mu.Unlock()
	for _, p := range projs {
		s.schedule(p)
	}
}

// findProject returns the project of the file at path, creating it on
// first use, or nil when there is none.
func (s *Server) findProject(path string) *project {
	file := s.opt.Config
	if file != "" {
		abs, err := filepath.Abs(file)
		if err != nil {
			return nil
		}
		if _, ok := relTo(filepath.Dir(abs), path); !ok {
			return nil
		}
		file = abs
	} else {
		for dir := filepath.Dir(path); ; {
			cand := filepath.Join(dir, config.FileName)
			if _, err := os.Lstat(cand); err == nil {
				file = cand
				break
			}
			parent := filepath.Dir(dir)
			if parent == dir {
				return nil
			}
			dir = parent
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.project(file)
}

// project returns the project of the configuration file, creating it;
// s.mu is held.
func (s *Server) project(file string) *project {
	p := s.projects[file]
	if p == nil {
		p = &project{file: file, root: filepath.Dir(file), published: map[string]bool{}}
		s.projects[file] = p
	}
	return p
}

// edited gives p the next edit number: checks that began before it are
// obsolete. s.mu is held.
func (s *Server) edited(p *project) {
	s.seq++
	p.gen = s.seq
}

// stopTimers cancels every pending check.
func (s *Server) stopTimers() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, p := range s.projects {
		if p.stop != nil {
			p.stop()
			p.stop = nil
		}
	}
}

// logf writes a line to Options.Log.
func (s *Server) logf(format string, args ...any) {
	if s.opt.Log != nil {
		fmt.Fprintf(s.opt.Log, "promptc lsp: "+format+"\n", args...)
	}
}

// showError tells the user about a failure that is not a finding.
func (s *Server) showError(msg string) {
	s.logf("%s", msg)
	s.c.notify("window/showMessage", showMessageParams{Type: messageError, Message: "promptc: " + msg})
}

// uriPath returns the file system path of a file: URI.
func uriPath(uri string) (string, bool) {
	u, err := url.Parse(uri)
	if err != nil || u.Scheme != "file" {
		return "", false
	}
	p := u.Path
	if len(p) >= 3 && p[0] == '/' && p[2] == ':' {
		p = p[1:] // file:///C:/x on Windows
	}
	return filepath.Clean(filepath.FromSlash(p)), true
}

// pathURI returns the file: URI of an absolute path.
func pathURI(path string) string {
	p := filepath.ToSlash(path)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p
	}
	return (&url.URL{Scheme: "file", Path: p}).String()
}

// relTo returns path relative to root, slash-separated, and whether it is
// inside root.
func relTo(root, path string) (string, bool) {
	rel, err := filepath.Rel(root, path)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) || filepath.IsAbs(rel) {
		return "", false
	}
	return filepath.ToSlash(rel), true
}
