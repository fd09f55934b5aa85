// Package include expands @include lines in Markdown prompt assets, keeping
// the origin (file and line) of every line of the result.
//
// An include line is a line of ordinary text (not inside a code block or an
// HTML comment) that holds nothing but "@" and a path; see IsInclude for the
// rule that tells paths from prose. It is replaced by the included file's
// text, itself expanded, resolved relative to the including file and
// confined to the project root by package source.
//
// Expansion must never change a prompt silently: every include that is not
// expanded (a missing file, a cycle, a limit) is left out and reported at
// its line, and the only include left out on purpose, the second path to a
// file already included (a diamond), is reported too. Limits are checked
// while text is gathered, so an accidental include of a huge or deeply
// nested tree costs no more than the limit.
package include

import (
	"path"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/promptc/promptc/compiler/markdown"
	"github.com/promptc/promptc/compiler/source"
	"github.com/promptc/promptc/internal/diag"
)

// Rule IDs reported by Expand, besides the read failures of package source
// (INCLUDE_NOT_FOUND, INCLUDE_ESCAPE, INCLUDE_NOT_REGULAR, TEXT_*), which it
// reports at the include line that named the file.
const (
	RuleCycle      = "INCLUDE_CYCLE"
	RuleDiamond    = "INCLUDE_DIAMOND"
	RuleDepth      = "INCLUDE_DEPTH"
	RuleFiles      = "INCLUDE_TOO_MANY_FILES"
	RuleTotalChars = "INCLUDE_TOTAL_CHARS"
	RuleFileChars  = "INCLUDE_FILE_CHARS"
)

// Limits bound one expansion. They are configured under includes: in
// promptc.cue; a field that is zero or negative takes its value from
// DefaultLimits, so a zero Limits is usable.
type Limits struct {
	// MaxDepth is the deepest file allowed: the expanded file is depth 0,
	// a file it includes depth 1, and a file at depth MaxDepth+1 is refused.
	MaxDepth int
	// MaxFiles is the most distinct files one expansion may reach, the
	// expanded file counted.
	MaxFiles int
	// MaxTotalChars is the most characters (code points, newlines
	// counted) the expansion may hold.
	MaxTotalChars int
	// MaxFileChars is the most characters any one included file may
	// contribute, its include lines not counted. The expanded file itself
	// is not held to it.
	MaxFileChars int
}

// DefaultLimits are the limits promptc uses when promptc.cue does not set
// them; the schema in cue/ declares the same values.
var DefaultLimits = Limits{MaxDepth: 8, MaxFiles: 100, MaxTotalChars: 64000, MaxFileChars: 16000}

func (l Limits) withDefaults() Limits {
	if l.MaxDepth <= 0 {
		l.MaxDepth = DefaultLimits.MaxDepth
	}
	if l.MaxFiles <= 0 {
		l.MaxFiles = DefaultLimits.MaxFiles
	}
	if l.MaxTotalChars <= 0 {
		l.MaxTotalChars = DefaultLimits.MaxTotalChars
	}
	if l.MaxFileChars <= 0 {
		l.MaxFileChars = DefaultLimits.MaxFileChars
	}
	return l
}

// Span is consecutive lines of one file, so every line of an expansion can
// be traced to its source for diagnostics. Text ends with "\n" after every
// line, including the last line of a file that has no final newline; Line
// is the number of the first line.
type Span struct {
	Text string
	Path string
	Line int
}

// Result is one expansion.
type Result struct {
	// Spans hold the expanded text in order.
	Spans []Span
	// Files lists every file whose text is in Spans, the expanded file
	// first, each once, in the order they were first reached: the inputs a
	// build depends on.
	Files []string
}

// IsInclude reports whether line is an include line, and returns the path
// it names (as written, not yet resolved). The caller checks that the line
// is ordinary text: markdown.Text, not code or a comment.
//
// The rule, which keeps prose and handles out: after removing the spaces
// and tabs around it, the line is "@" followed directly by a path that
//   - contains no white space and does not start with another "@", and
//   - contains a "/" or ends in a file extension: a "." after at least one
//     other character of the last path element, then an ASCII letter and
//     up to nine more ASCII letters or digits (".md", ".txt", ".mdx").
//
// So "@shared/safety.md", "@notes.md" and "@../common/tone.md" are
// includes; "@someone", "@someone." and "contact me@example.com" are
// prose, as is "@scope/pkg" anywhere but alone on its line. A line that is
// only "@scope/pkg" is taken for an include (and reported if no such file
// exists): write it in backticks to keep it as text.
func IsInclude(line string) (string, bool) {
	t := strings.Trim(line, " \t")
	if len(t) < 2 || t[0] != '@' || t[1] == '@' {
		return "", false
	}
	p := t[1:]
	if strings.IndexFunc(p, unicode.IsSpace) >= 0 {
		return "", false
	}
	if strings.IndexByte(p, '/') >= 0 || hasExtension(p) {
		return p, true
	}
	return "", false
}

func hasExtension(p string) bool {
	dot := strings.LastIndexByte(p, '.')
	if dot <= 0 || p[dot-1] == '/' {
		return false
	}
	ext := p[dot+1:]
	if len(ext) == 0 || len(ext) > 10 || !isASCIILetter(ext[0]) {
		return false
	}
	for i := 1; i < len(ext); i++ {
		if !isASCIILetter(ext[i]) && (ext[i] < '0' || ext[i] > '9') {
			return false
		}
	}
	return true
}

func isASCIILetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

// Expand returns lines first..last (1-based, inclusive; last 0 or past the
// end means to the end) of the file at p, a path relative to the project
// root, with every include line replaced by the expanded text of the file
// it names, and the diagnostics found.
//
// Include paths resolve relative to the including file's directory. A file
// reached again on its own include chain is a cycle (INCLUDE_CYCLE, naming
// the chain); a file reached again by another chain (a diamond) is included
// only at its first place and INCLUDE_DIAMOND (info) is reported at the
// later line. Every other include that cannot be expanded is an error at
// its line and the line is left out: a read failure, or a limit (depth,
// files, characters from one file, total characters) that expanding it
// would cross. The expanded file's own text is always kept and is not held
// to MaxFileChars; its overrun of MaxTotalChars is reported at the line
// that crosses the total.
//
// Warnings found while reading (TEXT_CRLF) are reported once per file,
// the expanded file included; several calls that read one file repeat them,
// and diag.Sort removes the repeats. When p itself cannot be read, the
// result is empty and the diagnostic is source's, positioned at p.
func Expand(fs *source.FS, p string, first, last int, lim Limits) (Result, []diag.Diagnostic) {
	f, err := fs.Read(p)
	if err != nil {
		return Result{}, []diag.Diagnostic{source.ReadDiag(err, p)}
	}
	if last <= 0 || last > len(f.Lines) {
		last = len(f.Lines)
	}
	first = max(first, 1)
	e := &expander{fs: fs, lim: lim.withDefaults(), at: map[string]diag.Position{}}
	e.diags = append(e.diags, f.Diags...)
	e.at[f.Path] = diag.Position{Path: f.Path, Line: first, Col: 1}
	e.files = append(e.files, f.Path)
	e.chain = append(e.chain, f.Path)
	if first <= last {
		// The expanded file's own size is not limited here: it is the
		// part's text, which only a budget the project declares may bound.
		incs, _ := scanIncludes(f, first, last)
		e.expand(f, first, last, incs)
	}
	return Result{Spans: e.spans, Files: e.files}, e.diags
}

// expander holds the state of one Expand call.
type expander struct {
	fs    *source.FS
	lim   Limits
	spans []Span
	files []string
	// at records where each reached file was first included, for the
	// diamond note; the expanded file maps to its own first line.
	at    map[string]diag.Position
	chain []string // files from the expanded one to the current one
	total int      // characters in spans, each span ending in a newline
	diags []diag.Diagnostic
	// rootOver is set once the expanded file's own text has passed the
	// total limit; from then on no include fits.
	rootOver bool
}

// incLine is an include line found by scanIncludes.
type incLine struct {
	num    int
	target string
	pos    diag.Position // the "@"
	end    diag.Position
}

// scanIncludes finds the include lines (and the directive lines, with an
// empty target) among lines first..last of f and counts the characters of
// the others, each with its newline when the file has one there: a last
// line without a final newline is counted as it is, not one longer.
func scanIncludes(f *source.File, first, last int) ([]incLine, int) {
	var incs []incLine
	own := 0
	for num := first; num <= last; num++ {
		ln := f.Lines[num-1]
		text := f.Text[ln.Start:ln.End]
		if ln.Kind == markdown.Comment && IsDirective(text) {
			// promptc's own directives are never sent; a line that only
			// looks like one inside code is text.
			incs = append(incs, incLine{num: num})
			continue
		}
		if ln.Kind == markdown.Text {
			if target, ok := IsInclude(text); ok {
				at := strings.IndexByte(text, '@')
				col := utf8.RuneCountInString(text[:at]) + 1
				incs = append(incs, incLine{
					num:    num,
					target: target,
					pos:    diag.Position{Path: f.Path, Line: num, Col: col},
					end:    diag.Position{Path: f.Path, Line: num, Col: col + 1 + utf8.RuneCountInString(target)},
				})
				continue
			}
		}
		own += utf8.RuneCountInString(text)
		if int(ln.End) < len(f.Text) {
			own++
		}
	}
	return incs, own
}

// expand emits lines first..last of f, whose include lines are incs.
func (e *expander) expand(f *source.File, first, last int, incs []incLine) {
	next := first
	for _, inc := range incs {
		e.emit(f, next, inc.num-1)
		if inc.target != "" { // "" marks a directive line, dropped
			e.include(f, inc)
		}
		next = inc.num + 1
	}
	e.emit(f, next, last)
}

// emit appends lines first..last of f (none when first > last) as one
// span.
func (e *expander) emit(f *source.File, first, last int) {
	if first > last {
		return
	}
	start, end := int(f.Lines[first-1].Start), int(f.Lines[last-1].End)
	var text string
	if end < len(f.Text) {
		text = f.Text[start : end+1] // the line ending is there: share it
	} else {
		text = f.Text[start:end] + "\n"
	}
	n := utf8.RuneCountInString(text)
	before := e.total
	e.total += n
	e.spans = append(e.spans, Span{Text: text, Path: f.Path, Line: first})
	if len(e.chain) == 1 && !e.rootOver && e.sent() > e.lim.MaxTotalChars {
		// The expanded file's own text crosses the limit: keep it (no
		// include is to blame) and say where.
		e.rootOver = true
		line := first
		for c := before - 1; line < last; line++ { // c: characters sent through line
			ln := f.Lines[line-1]
			if c += utf8.RuneCountInString(f.Text[ln.Start:ln.End]) + 1; c > e.lim.MaxTotalChars {
				break
			}
		}
		e.diags = append(e.diags, diag.Errorf(diag.Position{Path: f.Path, Line: line, Col: 1}, RuleTotalChars,
			"the text of %s passes the total limit of %d characters at this line; shorten it, or raise includes.maxTotalChars in promptc.cue",
			f.Path, e.lim.MaxTotalChars))
	}
}

// Resolve returns the project-relative path that the include line @target
// names in the file at from (itself project-relative): target is relative
// to the including file's folder. The result may climb out of the root
// ("../x"); Expand refuses such a target, and so must every other caller.
func Resolve(from, target string) string {
	return path.Join(path.Dir(from), target)
}

// sent is the length of the text gathered so far as it is sent: the
// spans' characters without the final newline, which Text drops. So a
// text of exactly MaxTotalChars characters is within the limit.
func (e *expander) sent() int { return max(e.total-1, 0) }

// include expands one include line of from, or reports why not.
func (e *expander) include(from *source.File, inc incLine) {
	fail := func(rule, format string, args ...any) {
		d := diag.Errorf(inc.pos, rule, format, args...)
		d.End = inc.end
		e.diags = append(e.diags, d)
	}
	target := inc.target
	if source.IsAbs(target) {
		fail(source.RuleEscape, "@%s is an absolute path; include paths are relative to the including file and stay inside the project root", target)
		return
	}
	p := Resolve(from.Path, target)
	if p == ".." || strings.HasPrefix(p, "../") {
		fail(source.RuleEscape, "@%s climbs out of the project root (it resolves to %s); keep included files inside the directory of promptc.cue", target, p)
		return
	}
	if slices.Contains(e.chain, p) {
		fail(RuleCycle, "include cycle: %s -> %s; remove one of the @ lines", strings.Join(e.chain, " -> "), p)
		return
	}
	if at, ok := e.at[p]; ok {
		d := diag.Infof(inc.pos, RuleDiamond,
			"%s is already included at %s by another chain of includes; its text appears once, at that first place, so this line adds nothing",
			p, at)
		d.End = inc.end
		d.Related = []diag.Related{{Pos: at, Message: "first included here"}}
		e.diags = append(e.diags, d)
		return
	}
	if depth := len(e.chain); depth > e.lim.MaxDepth {
		fail(RuleDepth, "%s would be included at depth %d, over the depth limit of %d (%s -> %s); flatten the chain, or raise includes.maxDepth in promptc.cue",
			p, depth, e.lim.MaxDepth, strings.Join(e.chain, " -> "), p)
		return
	}
	if len(e.files) >= e.lim.MaxFiles {
		fail(RuleFiles, "including %s would reach file %d, over the limit of %d files per expansion; merge files, or raise includes.maxFiles in promptc.cue",
			p, len(e.files)+1, e.lim.MaxFiles)
		return
	}
	if e.rootOver {
		fail(RuleTotalChars, "the text is already over the total limit of %d characters, so %s is left out; shorten the text, or raise includes.maxTotalChars in promptc.cue",
			e.lim.MaxTotalChars, p)
		return
	}
	f, err := e.fs.Read(p)
	if err != nil {
		rd := source.ReadDiag(err, p)
		d := diag.Errorf(inc.pos, rd.Rule, "@%s: %s", target, rd.Message)
		d.End = inc.end
		if rd.Pos.Line > 0 {
			// The problem is inside the file: point there too.
			d.Related = []diag.Related{{Pos: rd.Pos, Message: "in the included file"}}
		}
		e.diags = append(e.diags, d)
		return
	}
	incs, own := scanIncludes(f, 1, len(f.Lines))
	if own > e.lim.MaxFileChars {
		fail(RuleFileChars, "%s has %d characters, over the per-file limit of %d; split it, or raise includes.maxFileChars in promptc.cue",
			p, own, e.lim.MaxFileChars)
		return
	}

	spans, files, total, diags := len(e.spans), len(e.files), e.total, len(e.diags)
	e.diags = append(e.diags, f.Diags...)
	e.at[p] = inc.pos
	e.files = append(e.files, p)
	e.chain = append(e.chain, p)
	e.expand(f, 1, len(f.Lines), incs)
	e.chain = e.chain[:len(e.chain)-1]
	if e.sent() > e.lim.MaxTotalChars {
		// This include crossed the limit (any deeper crossing was undone
		// where it happened): undo it.
		over := e.sent()
		for _, q := range e.files[files:] {
			delete(e.at, q)
		}
		e.spans, e.files, e.total = e.spans[:spans], e.files[:files], total
		// Diamond notes about the text just undone no longer hold; the
		// problems found in it still do.
		kept := e.diags[:diags]
		for _, d := range e.diags[diags:] {
			if d.Rule != RuleDiamond {
				kept = append(kept, d)
			}
		}
		e.diags = kept
		fail(RuleTotalChars, "including %s would bring the text to %d characters, over the total limit of %d; shorten the included files, or raise includes.maxTotalChars in promptc.cue",
			p, over, e.lim.MaxTotalChars)
	}
}

// IsDirective reports whether line is one of promptc's own comments,
// <!-- promptc:... -->, which are stripped from sent text so they cost no
// tokens. Only lines outside code are directives.
func IsDirective(line string) bool {
	t := strings.TrimSpace(line)
	return strings.HasPrefix(t, "<!-- promptc:") && strings.HasSuffix(t, "-->")
}
