package genruntime

// This file is promptc's expansion of @include lines, and it is also
// copied, as source, into every generated package that loads instruction
// files (see Files): compiler/include expands a project's parts with it at
// build time, and a generated LoadInstructions expands the user's
// instruction files with it at run time, so the two cannot disagree on
// what an include line is, where it leads or which limit it crosses. It
// uses the standard library and compiler/markdown (a generated package
// carries that package too, its names prefixed with "md"), names nothing
// else of this package, and its names start with "inc".

import (
	"path"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/promptc/promptc/compiler/markdown"
)

// incLimits bound one expansion; every field must be positive.
type incLimits struct {
	// MaxDepth is the deepest file allowed: the expanded file is depth 0,
	// a file it includes depth 1, and a file at depth MaxDepth+1 is refused.
	MaxDepth int
	// MaxFiles is the most distinct files one expansion may reach, the
	// expanded files counted.
	MaxFiles int
	// MaxTotalChars is the most characters (code points, newlines
	// counted, the final one not) the expansion may hold.
	MaxTotalChars int
	// MaxFileChars is the most characters any one included file may
	// contribute, its include lines not counted.
	MaxFileChars int
}

// incFile is one file as the expander reads it: Path is slash-separated,
// clean and relative to the root, Text has "\n" line endings, and Lines
// are the Markdown line kinds of Text (the scanner of compiler/markdown).
type incFile struct {
	Path  string
	Text  string
	Lines []markdown.Line
}

// incSpan is consecutive lines of one file in an expansion. Text ends
// with "\n" after every line, a file's last line included; Line is the
// number of the first line.
type incSpan struct {
	Text string
	Path string
	Line int
}

// incPos is a position in a file: 1-based line and column (in code
// points). Line 0 stands for the file as a whole.
type incPos struct {
	Path      string
	Line, Col int
}

// incEventKind says what an incEvent reports.
type incEventKind uint8

const (
	// incEntered: File's text was added (an include undone later for the
	// total limit still reports it: what was found in it stands).
	incEntered incEventKind = iota
	// incAbsolute: Target is an absolute path; left out.
	incAbsolute
	// incClimbs: Target resolves to Path, outside the root; left out.
	incClimbs
	// incCycle: Path is already on Chain, the files from the expanded one
	// to the including one; left out.
	incCycle
	// incDiamond: Path was already included at First by another chain;
	// its text is there once, at that first place.
	incDiamond
	// incDepth: Path would be at depth N, over Limit; Chain as for
	// incCycle. Left out.
	incDepth
	// incFiles: Path would be file number N, over Limit. Left out.
	incFiles
	// incTotal: including Path would bring the text to N characters,
	// over Limit; left out (what it added is undone).
	incTotal
	// incFull: the text is already over the total Limit (the expanded
	// file's own text passed it), so Path is left out.
	incFull
	// incOwnTotal: the expanded file's own text passes the total Limit at
	// Pos's line; the text is kept.
	incOwnTotal
	// incFileChars: Path has N characters, over the per-file Limit; left
	// out.
	incFileChars
	// incRead: Path cannot be read (Err); left out.
	incRead
)

// incEvent is one thing an expansion reports. Pos and End are the "@" of
// the include line concerned and the end of its path; for a file named to
// incExpander.named, Pos.Line is 0. Which other fields are set depends on
// Kind.
type incEvent struct {
	Kind     incEventKind
	Pos, End incPos
	// Target is the path as the include line writes it, Path the file it
	// resolves to.
	Target, Path string
	Chain        []string
	N, Limit     int
	First        incPos
	Err          error
	File         *incFile
}

// incExpander expands include lines, gathering text in Spans and every
// file reached in Files (each once, in the order first reached). One
// expander may expand several files in turn: they share the limits and
// the files already reached, so a file named twice appears once.
type incExpander struct {
	// read returns the file at a slash-separated path relative to the
	// root, already known to stay inside it; its error is reported as is.
	read       func(p string) (*incFile, error)
	lim        incLimits
	noIncludes bool
	// root is the root directory's absolute path, slash-separated and
	// clean, or "" when unknown; see incBackInside.
	root string

	Spans  []incSpan
	Files  []string
	Events []incEvent

	// at records where each reached file was first included, for the
	// diamond note; an expanded file maps to its own first line.
	at    map[string]incPos
	chain []string // files from the expanded one to the current one
	total int      // characters in Spans, each span ending in a newline
	// priorFiles counts the files an earlier expansion reached whose
	// limits this one shares (its characters start total).
	priorFiles int
	// inPart is set while part expands a part's lines, whose own text is
	// kept whatever its size.
	inPart bool
	// full is set once a part's own text has passed the total limit; from
	// then on no include fits.
	full bool
}

// newIncExpander returns an expander reading through read; with
// noIncludes, include lines are text like any other.
func newIncExpander(read func(p string) (*incFile, error), lim incLimits, noIncludes bool) *incExpander {
	return &incExpander{read: read, lim: lim, noIncludes: noIncludes, at: map[string]incPos{}}
}

// incIsInclude reports whether line is an include line, and returns the
// path it names (as written, not yet resolved). The caller checks that
// the line is ordinary text, not code or a comment.
//
// The rule, which keeps prose and handles out: after removing the spaces
// and tabs around it, the line is "@" followed directly by a path that
//   - contains no white space and does not start with another "@", and
//   - contains a "/" or ends in a file extension: a "." after at least one
//     other character of the last path element, then an ASCII letter and
//     up to nine more ASCII letters or digits (".md", ".txt", ".mdx").
func incIsInclude(line string) (string, bool) {
	t := strings.Trim(line, " \t")
	if len(t) < 2 || t[0] != '@' || t[1] == '@' {
		return "", false
	}
	p := t[1:]
	if strings.IndexFunc(p, unicode.IsSpace) >= 0 {
		return "", false
	}
	if strings.IndexByte(p, '/') >= 0 || incHasExtension(p) {
		return p, true
	}
	return "", false
}

func incHasExtension(p string) bool {
	dot := strings.LastIndexByte(p, '.')
	if dot <= 0 || p[dot-1] == '/' {
		return false
	}
	ext := p[dot+1:]
	if len(ext) == 0 || len(ext) > 10 || !incIsLetter(ext[0]) {
		return false
	}
	for i := 1; i < len(ext); i++ {
		if !incIsLetter(ext[i]) && (ext[i] < '0' || ext[i] > '9') {
			return false
		}
	}
	return true
}

func incIsLetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

// incIsDirective reports whether line is one of promptc's own comments,
// <!-- promptc:... -->, which are never sent. Only lines outside code are
// directives.
func incIsDirective(line string) bool {
	t := strings.TrimSpace(line)
	return strings.HasPrefix(t, "<!-- promptc:") && strings.HasSuffix(t, "-->")
}

// incResolve returns the root-relative path that @target names in the
// file at from: target is relative to the including file's folder. The
// result may climb out of the root ("../x"), which the expander refuses.
func incResolve(from, target string) string {
	return path.Join(path.Dir(from), target)
}

// incBackInside returns the root-relative path for p, a resolved include
// path that climbs out of the root, when p lands back inside it read
// lexically against root (the root's absolute path, slash-separated and
// clean): "../proj/x.md" in a root named proj is "x.md". Symbolic links
// are not followed here; the read that follows is confined to the root.
func incBackInside(root, p string) (string, bool) {
	if root == "" {
		return "", false
	}
	j := path.Join(root, p)
	prefix := strings.TrimSuffix(root, "/") + "/"
	if !strings.HasPrefix(j, prefix) || len(j) == len(prefix) {
		return "", false
	}
	return j[len(prefix):], true
}

// incOutside reports whether p, a clean slash-separated relative path,
// leads out of the directory it is relative to.
func incOutside(p string) bool { return p == ".." || strings.HasPrefix(p, "../") }

// incIsAbs reports whether p is absolute on any system promptc runs on: a
// leading slash or backslash, or a Windows drive letter.
func incIsAbs(p string) bool {
	return strings.HasPrefix(p, "/") || strings.HasPrefix(p, `\`) ||
		len(p) >= 2 && p[1] == ':' && incIsLetter(p[0])
}

// incLine is an include line found by scan; an empty target marks a
// directive line, which is dropped.
type incLine struct {
	num      int
	target   string
	pos, end incPos
}

// scan finds the include lines (and the directive lines) among lines
// first..last of f and counts the characters of the others, each with its
// newline when the file has one there.
func (e *incExpander) scan(f *incFile, first, last int) ([]incLine, int) {
	var incs []incLine
	own := 0
	for num := first; num <= last; num++ {
		ln := f.Lines[num-1]
		text := f.Text[ln.Start:ln.End]
		if ln.Kind == markdown.Comment && incIsDirective(text) {
			incs = append(incs, incLine{num: num})
			continue
		}
		if ln.Kind == markdown.Text && !e.noIncludes {
			if target, ok := incIsInclude(text); ok {
				at := strings.IndexByte(text, '@')
				col := incChars(text[:at]) + 1
				incs = append(incs, incLine{
					num:    num,
					target: target,
					pos:    incPos{Path: f.Path, Line: num, Col: col},
					end:    incPos{Path: f.Path, Line: num, Col: col + 1 + incChars(target)},
				})
				continue
			}
		}
		own += incChars(text)
		if int(ln.End) < len(f.Text) {
			own++
		}
	}
	return incs, own
}

// part expands lines first..last (1-based, inclusive, within the file) of
// f, the text of a part: its own text is kept whatever its size, and its
// passing the total limit is reported at the line that passes it.
func (e *incExpander) part(f *incFile, first, last int) {
	if _, ok := e.at[f.Path]; !ok {
		e.at[f.Path] = incPos{Path: f.Path, Line: first, Col: 1}
		e.Files = append(e.Files, f.Path)
	}
	e.chain = append(e.chain[:0], f.Path)
	e.inPart = true
	if first <= last {
		incs, _ := e.scan(f, first, last)
		e.expand(f, first, last, incs)
	}
	e.chain, e.inPart = e.chain[:0], false
}

// named expands the file at p as if an include line outside every file
// named it: it is held to every limit an included file is, and left out
// (with the event saying why) when it crosses one.
func (e *incExpander) named(p string) {
	e.include(incLine{target: p, pos: incPos{Path: p}, end: incPos{Path: p}}, p)
}

// expand emits lines first..last of f, whose include lines are incs.
func (e *incExpander) expand(f *incFile, first, last int, incs []incLine) {
	next := first
	for _, inc := range incs {
		e.emit(f, next, inc.num-1)
		if inc.target != "" {
			e.includeLine(f, inc)
		}
		next = inc.num + 1
	}
	e.emit(f, next, last)
}

// emit appends lines first..last of f (none when first > last) as one
// span.
func (e *incExpander) emit(f *incFile, first, last int) {
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
	before := e.total
	e.total += incChars(text)
	e.Spans = append(e.Spans, incSpan{Text: text, Path: f.Path, Line: first})
	if e.inPart && len(e.chain) == 1 && !e.full && e.sent() > e.lim.MaxTotalChars {
		// A part's own text crosses the limit: keep it (no include is to
		// blame) and say where.
		e.full = true
		line := first
		for c := before - 1; line < last; line++ { // c: characters sent through line
			ln := f.Lines[line-1]
			if c += incChars(f.Text[ln.Start:ln.End]) + 1; c > e.lim.MaxTotalChars {
				break
			}
		}
		e.Events = append(e.Events, incEvent{Kind: incOwnTotal, Pos: incPos{Path: f.Path, Line: line, Col: 1},
			Path: f.Path, Limit: e.lim.MaxTotalChars})
	}
}

// sent is the length of the text gathered so far as it is sent, without
// the final newline: a text of exactly MaxTotalChars characters is within
// the limit.
func (e *incExpander) sent() int { return max(e.total-1, 0) }

// includeLine expands one include line of from, or reports why not.
func (e *incExpander) includeLine(from *incFile, inc incLine) {
	if incIsAbs(inc.target) {
		e.Events = append(e.Events, incEvent{Kind: incAbsolute, Pos: inc.pos, End: inc.end, Target: inc.target})
		return
	}
	p := incResolve(from.Path, inc.target)
	if incOutside(p) {
		if q, ok := incBackInside(e.root, p); ok {
			e.include(inc, q)
			return
		}
		e.Events = append(e.Events, incEvent{Kind: incClimbs, Pos: inc.pos, End: inc.end, Target: inc.target, Path: p})
		return
	}
	e.include(inc, p)
}

// include expands the file at p, which inc names, or reports why not.
func (e *incExpander) include(inc incLine, p string) {
	ev := incEvent{Pos: inc.pos, End: inc.end, Target: inc.target, Path: p}
	fail := func(kind incEventKind) {
		ev.Kind = kind
		e.Events = append(e.Events, ev)
	}
	if slices.Contains(e.chain, p) {
		ev.Chain = slices.Clone(e.chain)
		fail(incCycle)
		return
	}
	if at, ok := e.at[p]; ok {
		ev.First = at
		fail(incDiamond)
		return
	}
	if depth := len(e.chain); depth > e.lim.MaxDepth {
		ev.N, ev.Limit, ev.Chain = depth, e.lim.MaxDepth, slices.Clone(e.chain)
		fail(incDepth)
		return
	}
	if e.priorFiles+len(e.Files) >= e.lim.MaxFiles {
		ev.N, ev.Limit = e.priorFiles+len(e.Files)+1, e.lim.MaxFiles
		fail(incFiles)
		return
	}
	if e.full {
		ev.Limit = e.lim.MaxTotalChars
		fail(incFull)
		return
	}
	f, err := e.read(p)
	if err != nil {
		ev.Err = err
		fail(incRead)
		return
	}
	incs, own := e.scan(f, 1, len(f.Lines))
	if own > e.lim.MaxFileChars {
		ev.N, ev.Limit = own, e.lim.MaxFileChars
		fail(incFileChars)
		return
	}

	spans, files, total, events := len(e.Spans), len(e.Files), e.total, len(e.Events)
	e.Events = append(e.Events, incEvent{Kind: incEntered, Pos: inc.pos, End: inc.end, Target: inc.target, Path: p, File: f})
	e.at[p] = inc.pos
	e.Files = append(e.Files, p)
	e.chain = append(e.chain, p)
	e.expand(f, 1, len(f.Lines), incs)
	e.chain = e.chain[:len(e.chain)-1]
	if e.sent() > e.lim.MaxTotalChars {
		// This include crossed the limit (any deeper crossing was undone
		// where it happened): undo it.
		over := e.sent()
		for _, q := range e.Files[files:] {
			delete(e.at, q)
		}
		e.Spans, e.Files, e.total = e.Spans[:spans], e.Files[:files], total
		// Diamond notes about the text just undone no longer hold; the
		// problems found in it still do.
		kept := e.Events[:events]
		for _, x := range e.Events[events:] {
			if x.Kind != incDiamond {
				kept = append(kept, x)
			}
		}
		e.Events = kept
		ev.N, ev.Limit = over, e.lim.MaxTotalChars
		fail(incTotal)
	}
}

// incChars returns utf8.RuneCountInString(s): the code points of s, each
// byte of an invalid sequence counting as one. Every character limit of
// the include engine counts every byte of every file it expands, nearly
// all of it ASCII, which RuneCountInString decodes a byte at a time; here
// eight bytes with no high bit set count as eight at once, and only a
// word holding another byte is decoded rune by rune from its start.
func incChars(s string) int {
	n, i := 0, 0
	for i < len(s) {
		if i+8 <= len(s) {
			w := uint64(s[i]) | uint64(s[i+1])<<8 | uint64(s[i+2])<<16 | uint64(s[i+3])<<24 |
				uint64(s[i+4])<<32 | uint64(s[i+5])<<40 | uint64(s[i+6])<<48 | uint64(s[i+7])<<56
			if w&0x8080808080808080 == 0 {
				n, i = n+8, i+8
				continue
			}
		}
		if s[i] < utf8.RuneSelf {
			n, i = n+1, i+1
			continue
		}
		_, size := utf8.DecodeRuneInString(s[i:])
		n, i = n+1, i+size
	}
	return n
}
