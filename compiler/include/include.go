// Package include expands @include lines in Markdown assets.
//
// An include line is a line outside code and HTML comments whose trimmed
// text is "@" followed by a relative path (see IsInclude for the exact
// rule). It is replaced by the included file's text, recursively, resolved
// relative to the including file and confined to the project root. A file
// reached again on its own chain is a cycle (an error showing the chain); a
// file reached a second time by another chain (a diamond) is included once,
// at its first place, and reported as information. Limits on depth, file
// count and characters are checked while text is gathered. No include is
// ever dropped without a diagnostic.
package include

import (
	"fmt"
	"path"
	"strings"
	"unicode/utf8"

	"github.com/promptc/promptc/compiler/diag"
	"github.com/promptc/promptc/compiler/markdown"
	"github.com/promptc/promptc/compiler/source"
)

// Rule IDs reported by Expand (read failures use the source package's).
const (
	RuleCycle      = "INCLUDE_CYCLE"
	RuleDiamond    = "INCLUDE_DIAMOND"
	RuleDepth      = "INCLUDE_DEPTH"
	RuleFiles      = "INCLUDE_TOO_MANY_FILES"
	RuleTotalChars = "INCLUDE_TOTAL_CHARS"
	RuleFileChars  = "INCLUDE_FILE_CHARS"
)

// Limits bound one expansion.
type Limits struct {
	// MaxDepth is the deepest include chain: the expanded file is depth 0.
	MaxDepth int
	// MaxFiles counts every file reached, the expanded file included.
	MaxFiles int
	// MaxTotalChars bounds the expansion's text, in code points.
	MaxTotalChars int
	// MaxFileChars bounds any one file's text, in code points.
	MaxFileChars int
}

// DefaultLimits are the limits promptc.cue uses unless it says otherwise.
var DefaultLimits = Limits{MaxDepth: 8, MaxFiles: 100, MaxTotalChars: 64000, MaxFileChars: 16000}

// Span is consecutive lines of one file. Text ends with "\n" after every
// line; Line is the first line's number.
type Span struct {
	Text string
	Path string
	Line int
}

// Result is an expansion.
type Result struct {
	Spans []Span
	// Files lists every file reached, in first-reached order.
	Files []string
}

// IsInclude reports whether line (already known to be outside code and
// comments) is an include line, and returns the path. The rule: after
// trimming white space the line is "@" followed by a path with no white
// space that contains a "/" or ends in an extension (".md", ".txt", ...).
// "@scope/pkg" inside a sentence is never a line of its own; an e-mail
// address does not start with "@"; a lone "@someone" handle is text.
func IsInclude(line string) (string, bool) {
	t := strings.TrimSpace(line)
	if len(t) < 2 || t[0] != '@' {
		return "", false
	}
	p := t[1:]
	if strings.ContainsAny(p, " \t@") {
		return "", false
	}
	if strings.Contains(p, "/") {
		return p, true
	}
	if i := strings.LastIndexByte(p, '.'); i > 0 && i < len(p)-1 {
		ext := p[i+1:]
		for _, r := range ext {
			if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
				return "", false
			}
		}
		return p, true
	}
	return "", false
}

type expander struct {
	fs      *source.FS
	lim     Limits
	ds      []diag.Diagnostic
	res     Result
	reached map[string]string // path -> first include position, for diamonds
	total   int
	stopped bool // the total or file limit was hit: gather no more
}

// Expand returns lines first..last (1-based, inclusive; last 0 means to
// the end) of the file at p with every include line replaced by the
// included text, and the problems found. A failed include leaves its line
// out and is reported at the include line.
func Expand(fs *source.FS, p string, first, last int, lim Limits) (Result, []diag.Diagnostic) {
	e := &expander{fs: fs, lim: lim, reached: map[string]string{}}
	f, err := fs.Read(p)
	if err != nil {
		return Result{}, []diag.Diagnostic{readDiag(err, p)}
	}
	e.reached[p] = ""
	e.res.Files = append(e.res.Files, p)
	e.file(f, first, last, []string{p})
	return e.res, e.ds
}

func readDiag(err error, p string) diag.Diagnostic {
	if re, ok := err.(*source.ReadError); ok {
		return re.Diag
	}
	return diag.Errorf(diag.Position{Path: p}, source.RuleNotFound, "cannot read %s: %v", p, err)
}

// file expands lines first..last of f; chain is the include chain ending
// in f.
func (e *expander) file(f *source.File, first, last int, chain []string) {
	if last == 0 || last > len(f.Lines) {
		last = len(f.Lines)
	}
	if first < 1 {
		first = 1
	}
	if n := utf8.RuneCountInString(f.Text); n > e.lim.MaxFileChars && e.lim.MaxFileChars > 0 {
		e.ds = append(e.ds, diag.Errorf(diag.Position{Path: f.Path, Line: 1, Col: 1}, RuleFileChars,
			"%s has %d characters, over the per-file limit of %d; split it or raise includes.maxFileChars in promptc.cue", f.Path, n, e.lim.MaxFileChars))
		return
	}
	runStart := -1
	flush := func(upTo int) {
		if runStart < 0 {
			return
		}
		start := f.Lines[runStart-1].Start
		end := f.Lines[upTo-1].End
		text := f.Text[start:end] + "\n"
		e.emit(Span{Text: text, Path: f.Path, Line: runStart}, f.Path, runStart)
		runStart = -1
	}
	for num := first; num <= last && !e.stopped; num++ {
		ln := f.Lines[num-1]
		text := f.Text[ln.Start:ln.End]
		target, ok := "", false
		if ln.Kind == markdown.Text {
			target, ok = IsInclude(text)
		}
		if !ok {
			if runStart < 0 {
				runStart = num
			}
			continue
		}
		flush(num - 1)
		col := strings.IndexByte(text, '@') + 1
		e.include(f, num, col, target, chain)
	}
	if !e.stopped {
		flush(last)
	}
}

// emit appends a span, enforcing the total character limit as text is
// gathered.
func (e *expander) emit(s Span, p string, line int) {
	n := utf8.RuneCountInString(s.Text)
	if e.lim.MaxTotalChars > 0 && e.total+n > e.lim.MaxTotalChars {
		e.ds = append(e.ds, diag.Errorf(diag.Position{Path: p, Line: line, Col: 1}, RuleTotalChars,
			"included text passes the total limit of %d characters here; shorten the included files or raise includes.maxTotalChars in promptc.cue", e.lim.MaxTotalChars))
		e.stopped = true
		return
	}
	e.total += n
	e.res.Spans = append(e.res.Spans, s)
}

func (e *expander) include(from *source.File, num, col int, target string, chain []string) {
	pos := diag.Position{Path: from.Path, Line: num, Col: col}
	var p string
	if strings.HasPrefix(target, "/") {
		e.ds = append(e.ds, diag.Errorf(pos, source.RuleEscape,
			"include @%s is an absolute path; includes are relative to the including file and stay inside the project root", target))
		return
	}
	p = path.Join(path.Dir(from.Path), target)
	if _, ok := source.Clean(p); !ok {
		e.ds = append(e.ds, diag.Errorf(pos, source.RuleEscape,
			"include @%s leaves the project root; includes must stay inside the directory of promptc.cue", target))
		return
	}
	for i, c := range chain {
		if c == p {
			cycle := append(append([]string{}, chain[i:]...), p)
			e.ds = append(e.ds, diag.Errorf(pos, RuleCycle,
				"include cycle: %s; remove one of the @ lines", strings.Join(cycle, " -> ")))
			return
		}
	}
	if at, ok := e.reached[p]; ok {
		first := at
		if first == "" {
			first = "the expanded file itself"
		}
		e.ds = append(e.ds, diag.Infof(pos, RuleDiamond,
			"%s is already included (at %s); it is included once, at its first place", p, first))
		return
	}
	if depth := len(chain); e.lim.MaxDepth > 0 && depth > e.lim.MaxDepth {
		e.ds = append(e.ds, diag.Errorf(pos, RuleDepth,
			"include @%s would be at depth %d, over the limit of %d (%s); flatten the chain or raise includes.maxDepth in promptc.cue",
			target, depth, e.lim.MaxDepth, strings.Join(append(append([]string{}, chain...), p), " -> ")))
		return
	}
	if e.lim.MaxFiles > 0 && len(e.res.Files)+1 > e.lim.MaxFiles {
		e.ds = append(e.ds, diag.Errorf(pos, RuleFiles,
			"include @%s would be file %d, over the limit of %d files; merge files or raise includes.maxFiles in promptc.cue",
			target, len(e.res.Files)+1, e.lim.MaxFiles))
		e.stopped = true
		return
	}
	f, err := e.fs.Read(p)
	if err != nil {
		d := readDiag(err, p)
		msg := d.Message
		if d.Pos.Line > 0 {
			// A problem inside the included file: keep its position.
			e.ds = append(e.ds, d)
			return
		}
		e.ds = append(e.ds, diag.Errorf(pos, d.Rule, "include @%s: %s", target, msg))
		return
	}
	e.reached[p] = fmt.Sprintf("%s:%d", from.Path, num)
	e.res.Files = append(e.res.Files, p)
	e.file(f, 1, 0, append(chain, p))
}
