package lsp

import (
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/promptc/promptc/compiler"
	"github.com/promptc/promptc/compiler/emit"
	"github.com/promptc/promptc/compiler/gogen"
	"github.com/promptc/promptc/compiler/source"
	"github.com/promptc/promptc/internal/config"
	"github.com/promptc/promptc/internal/diag"
	"github.com/promptc/promptc/lint"
)

// project is one promptc.cue and the state of its checks.
type project struct {
	file string // absolute path of promptc.cue
	root string // its directory
	// checkMu serializes the project's checks.
	checkMu sync.Mutex
	// Guarded by Server.mu:
	// gen is the number (Server.seq) of the last edit of the project: a
	// check that saw an older number is obsolete.
	gen uint64
	// stop cancels the pending debounced check.
	stop func() bool
	// snap is the last check that ran to its end.
	snap *snapshot
	// shown is the seq of the last check whose findings were published.
	// A request's check that saw the latest edit is not shown when the
	// request is cancelled before it ends; the edit's own timer, which
	// finds it current and runs no check, shows it then.
	shown uint64
	// good is the last check in which promptc.cue loaded.
	good *snapshot
	// published holds the URIs last given findings, so that a file whose
	// findings are gone gets an empty list.
	published map[string]bool
	// failure is the last failure shown, so that it is shown once.
	failure string
}

// snapshot is one check of a project: what promptc lint would report on
// the files as the editor holds them, and what the hovers and lenses
// read.
type snapshot struct {
	// seq is Server.seq when the check began: it saw every edit up to it.
	seq  uint64
	root string
	// cfg is the configuration file's path relative to root.
	cfg string
	// loaded is nil when promptc.cue did not load.
	loaded *config.Loaded
	// progs are every profile's programs, the default first; nil when
	// promptc.cue did not load.
	progs []*compiler.Program
	diags []diag.Diagnostic
	// overlay is the editor's text of each open file, by project path.
	overlay map[string]string
	// failure is a failure that is not a finding (an unreadable root, a
	// read the system refused); the findings are then incomplete.
	failure string
	// diskMu guards disk, the files read from disk for positions.
	diskMu sync.Mutex
	disk   map[string]string
}

// prog returns the default profile's program, or nil.
func (sn *snapshot) prog() *compiler.Program {
	if len(sn.progs) == 0 {
		return nil
	}
	return sn.progs[0]
}

// schedule arranges a check of p after the debounce delay, replacing one
// already pending: a burst of edits costs one check. The check runs on
// the timer's goroutine, never on the message loop.
func (s *Server) schedule(p *project) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.shutdown {
		return
	}
	if p.stop != nil {
		p.stop()
	}
	p.stop = s.opt.AfterFunc(s.opt.Debounce, func() { s.refresh(p, nil) })
}

// current reports whether sn saw every edit a caller needs: every edit of
// its project, or (for a request, cl not nil) every edit received before
// the request. s.mu is held.
func (p *project) current(sn *snapshot, cl *call) bool {
	return sn != nil && (sn.seq >= p.gen || cl != nil && sn.seq >= cl.want)
}

// refresh returns a check of p that is current (see project.current),
// running one when needed, and publishes the findings of each check it
// runs that no edit made obsolete meanwhile. A check for the debounce
// timer (cl nil) made obsolete by a newer edit stops at its next stage:
// the newer edit's own timer checks again. A check for a request runs to
// its end (what it finds answers the request) unless the request is
// cancelled, and is shown only if no edit came after it. It returns nil
// when the request was cancelled, or when the timer's check was made
// obsolete.
func (s *Server) refresh(p *project, cl *call) *snapshot {
	p.checkMu.Lock()
	defer p.checkMu.Unlock()
	if cl.givenUp() {
		return nil
	}
	s.mu.Lock()
	if p.current(p.snap, cl) {
		sn := p.snap
		unshown := cl == nil && p.shown < sn.seq
		s.mu.Unlock()
		if unshown {
			s.show(p, sn)
		}
		return sn
	}
	seq := s.seq
	overlay := map[string]string{}
	for _, d := range s.docs {
		if d.proj == p {
			if rel, ok := relTo(p.root, d.path); ok {
				overlay[rel] = d.text
			}
		}
	}
	s.mu.Unlock()
	// goOn is asked at each stage boundary. A check for the timer
	// goes on only while no newer edit of its project arrived; a
	// check for a request goes on while the request is wanted, since
	// what it finds answers the request whatever came after.
	obsolete := func() bool {
		s.mu.Lock()
		defer s.mu.Unlock()
		return p.gen > seq
	}
	goOn := func(stage string) bool {
		if s.opt.stage != nil {
			s.opt.stage(stage)
		}
		if cl != nil {
			return !cl.givenUp()
		}
		return !obsolete()
	}
	sn := check(p.file, overlay, s.opt.Jobs, goOn)
	if sn == nil {
		return nil
	}
	sn.seq = seq
	s.mu.Lock()
	if p.snap == nil || p.snap.seq < seq {
		p.snap = sn
	}
	if sn.loaded != nil && (p.good == nil || p.good.seq < seq) {
		p.good = sn
	}
	s.mu.Unlock()
	if !goOn("publish") {
		return nil
	}
	if obsolete() {
		// What it found answers the request (cl), and is not shown:
		// the newer edit's check shows its own.
		return sn
	}
	s.show(p, sn)
	return sn
}

// show publishes the findings of sn, a check of p, shows its failure once,
// and updates the watched files and the previews.
func (s *Server) show(p *project, sn *snapshot) {
	s.mu.Lock()
	showFailure := sn.failure != "" && sn.failure != p.failure
	p.failure = sn.failure
	p.shown = max(p.shown, sn.seq)
	s.mu.Unlock()
	if showFailure {
		s.showError(sn.failure)
	}
	s.publish(p, sn)
	s.watch(sn)
	s.refreshPreviews(p, sn)
}

// check runs promptc lint's pipeline on the project of the configuration
// file, with overlay laid over the disk: load promptc.cue, compile every
// profile, lint. Configuration errors and findings are diagnostics; only
// what is not the project's fault is a failure. Before each stage it asks
// goOn, and returns nil when goOn says the check is obsolete.
func check(file string, overlay map[string]string, jobs int, goOn func(stage string) bool) *snapshot {
	root := filepath.Dir(file)
	sn := &snapshot{root: root, cfg: filepath.Base(file), overlay: overlay}
	if !goOn("load") {
		return nil
	}
	var l *config.Loaded
	var err error
	if src, ok := overlay[sn.cfg]; ok {
		l, err = config.LoadBytes(file, []byte(src))
	} else {
		l, err = config.LoadFile(file)
	}
	if err != nil {
		sn.fail(err)
		return sn
	}
	sn.loaded = l
	if !goOn("compile") {
		return nil
	}
	var pf *emit.Prefetch
	if lint.ChecksOutput(l) {
		pf = emit.StartPrefetch(l)
		defer pf.Close()
	}
	proj, err := compiler.CompileAll(l, compiler.Options{Jobs: jobs, Overlay: overlay})
	if err != nil {
		sn.fail(err)
		return sn
	}
	sn.progs = proj.Programs()
	if !goOn("lint") {
		return nil
	}
	ds, err := lint.Run(proj, lint.Options{Output: emit.StaleFiles(sn.progs, pf), Names: gogen.Clashes, Jobs: jobs})
	if err != nil {
		sn.fail(err)
		return sn
	}
	sn.diags = ds
	return sn
}

// fail records err: a configuration error's diagnostics, or a failure.
func (sn *snapshot) fail(err error) {
	var ce *config.Error
	var pe *fs.PathError
	switch {
	case errors.As(err, &ce):
		sn.diags = ce.Diagnostics
	case errors.As(err, &pe):
		sn.failure = fmt.Sprintf("%s: %v", pe.Path, pe.Err)
	default:
		sn.failure = err.Error()
	}
}

// publish sends the findings of sn, one notification per file, and an
// empty list to each file that had findings and has none now.
func (s *Server) publish(p *project, sn *snapshot) {
	byURI := map[string][]diagnostic{}
	for _, d := range sn.shown() {
		uri := sn.uri(d.Pos.Path)
		byURI[uri] = append(byURI[uri], sn.toLSP(d))
	}
	s.mu.Lock()
	old := p.published
	p.published = map[string]bool{}
	for uri := range byURI {
		p.published[uri] = true
	}
	s.mu.Unlock()
	for uri := range old {
		if _, ok := byURI[uri]; !ok {
			byURI[uri] = []diagnostic{}
		}
	}
	for _, uri := range slices.Sorted(maps.Keys(byURI)) {
		s.c.notify("textDocument/publishDiagnostics", publishDiagnosticsParams{URI: uri, Diagnostics: byURI[uri]})
	}
}

// uri returns the URI of a project path; the empty path (a finding about
// no file) is promptc.cue's.
func (sn *snapshot) uri(rel string) string {
	if rel == "" {
		rel = sn.cfg
	}
	return pathURI(filepath.Join(sn.root, filepath.FromSlash(rel)))
}

// toLSP converts a finding: the rule ID is the code, positions become
// ranges in UTF-16 units, related positions become related information.
func (sn *snapshot) toLSP(d diag.Diagnostic) diagnostic {
	start := sn.lspPos(d.Pos)
	end := start
	if d.End.Line > 0 {
		e := d.End
		if e.Path == "" {
			e.Path = d.Pos.Path
		}
		end = sn.lspPos(e)
	}
	out := diagnostic{Range: lspRange{start, end}, Severity: lspSeverity(d.Severity), Code: d.Rule, Source: "promptc", Message: d.Message}
	for _, r := range d.Related {
		p := sn.lspPos(r.Pos)
		out.RelatedInformation = append(out.RelatedInformation, diagnosticRelatedInformation{
			Location: location{URI: sn.uri(r.Pos.Path), Range: lspRange{p, p}}, Message: r.Message})
	}
	return out
}

func lspSeverity(s diag.Severity) int {
	switch s {
	case diag.Error:
		return severityError
	case diag.Warning:
		return severityWarning
	}
	return severityInfo
}

// lspPos converts a finding's position (1-based line, column in code
// points; 0 for unknown) to the protocol's (0-based line, column in
// UTF-16 code units).
func (sn *snapshot) lspPos(p diag.Position) position {
	if p.Line <= 0 {
		return position{}
	}
	out := position{Line: p.Line - 1}
	if p.Col > 1 {
		out.Character = utf16Col(sn.line(p.Path, p.Line), p.Col-1)
	}
	return out
}

// utf16Col returns the UTF-16 length of the first n code points of line
// (n itself past the end of line: a column after the last character).
func utf16Col(line string, n int) int {
	units := 0
	for _, r := range line {
		if n == 0 {
			return units
		}
		n--
		units++
		if r >= 0x10000 {
			units++
		}
	}
	return units + n
}

// byteCol returns the byte offset in line of the UTF-16 column ch, clamped
// to the line.
func byteCol(line string, ch int) int {
	units := 0
	for i, r := range line {
		if units >= ch {
			return i
		}
		units++
		if r >= 0x10000 {
			units++
		}
	}
	return len(line)
}

// text returns the text of a project file as checked: the editor's, the
// compiled one, or the disk's (read through the project's confined file
// system); ok is false when there is none.
func (sn *snapshot) text(rel string) (string, bool) {
	if t, ok := sn.overlay[rel]; ok {
		return t, true
	}
	for _, p := range sn.progs {
		if f := p.Files[rel]; f != nil {
			return f.Text, true
		}
	}
	if rel == sn.cfg && sn.loaded != nil {
		return string(sn.loaded.Source), true
	}
	sn.diskMu.Lock()
	defer sn.diskMu.Unlock()
	if t, ok := sn.disk[rel]; ok {
		return t, true
	}
	fsys, err := source.Open(sn.root)
	if err != nil {
		return "", false
	}
	defer fsys.Close()
	f, err := fsys.Read(rel)
	if err != nil {
		return "", false
	}
	if sn.disk == nil {
		sn.disk = map[string]string{}
	}
	sn.disk[rel] = f.Text
	return f.Text, true
}

// line returns line num (1-based) of a project file, without its line
// ending, or "".
func (sn *snapshot) line(rel string, num int) string {
	t, ok := sn.text(rel)
	if !ok {
		return ""
	}
	return lineOf(t, num-1)
}

// lineOf returns line i (0-based) of text without its line ending.
func lineOf(text string, i int) string {
	for ; i > 0; i-- {
		nl := strings.IndexByte(text, '\n')
		if nl < 0 {
			return ""
		}
		text = text[nl+1:]
	}
	if nl := strings.IndexByte(text, '\n'); nl >= 0 {
		text = text[:nl]
	}
	return strings.TrimSuffix(text, "\r")
}
