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
//
// The engine itself is genruntime's (include.go there), the code a
// generated package's instruction-file loader runs at run time; this
// package reads through source, which confines every path, and words what
// the engine reports as diagnostics.
package include

import (
	"fmt"
	"path"
	"path/filepath"
	"strings"

	"github.com/promptc/promptc/compiler/genruntime"
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
type Span = genruntime.IncludeSpan

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
func IsInclude(line string) (string, bool) { return genruntime.IsInclude(line) }

// SpacedInclude reports whether line would be an include line but for the
// white space in its path ("@my notes.md"), which makes it text, and
// returns that path as written. The caller checks that the line is
// ordinary text.
func SpacedInclude(line string) (string, bool) { return genruntime.SpacedInclude(line) }

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
	read := func(q string) (*genruntime.IncludeFile, error) {
		g, err := fs.Read(q)
		if err != nil {
			return nil, err
		}
		return &genruntime.IncludeFile{Path: g.Path, Text: g.Text, Lines: g.Lines}, nil
	}
	l := lim.withDefaults()
	spans, files, events := genruntime.ExpandPart(read, fs.Dir(),
		&genruntime.IncludeFile{Path: f.Path, Text: f.Text, Lines: f.Lines}, first, last,
		genruntime.IncludeLimits{MaxDepth: l.MaxDepth, MaxFiles: l.MaxFiles, MaxTotalChars: l.MaxTotalChars, MaxFileChars: l.MaxFileChars})
	ds := append([]diag.Diagnostic(nil), f.Diags...)
	for _, ev := range events {
		ds = append(ds, diagnostics(fs, ev)...)
	}
	return Result{Spans: spans, Files: files}, ds
}

// diagnostics words one event of the engine; an included file that was
// entered brings the warnings found while reading it.
func diagnostics(fs *source.FS, ev genruntime.IncludeEvent) []diag.Diagnostic {
	pos := func(q genruntime.IncludePos) diag.Position {
		return diag.Position{Path: q.Path, Line: q.Line, Col: q.Col}
	}
	at := func(d diag.Diagnostic) []diag.Diagnostic {
		d.End = pos(ev.End)
		return []diag.Diagnostic{d}
	}
	fail := func(rule, format string, args ...any) []diag.Diagnostic {
		return at(diag.Errorf(pos(ev.Pos), rule, format, args...))
	}
	chain := func() string { return strings.Join(append(ev.Chain, ev.Path), " -> ") }
	switch ev.Kind {
	case genruntime.IncludeEntered:
		if f, err := fs.Read(ev.Path); err == nil { // cached: the engine read it
			return f.Diags
		}
	case genruntime.IncludeAbsolute:
		return fail(source.RuleEscape, "@%s is an absolute path; include paths are relative to the including file and stay inside the project root", ev.Target)
	case genruntime.IncludeClimbs:
		return fail(source.RuleEscape, "@%s climbs out of the project root (it resolves to %s); keep included files inside the directory of promptc.cue", ev.Target, ev.Path)
	case genruntime.IncludeCycle:
		return fail(RuleCycle, "include cycle: %s; remove one of the @ lines", chain())
	case genruntime.IncludeDiamond:
		// One file naming it twice is no other chain: say where in
		// this file.
		by := "by another chain of includes"
		if ev.First.Path == ev.Pos.Path {
			by = "earlier in this file"
		}
		d := diag.Infof(pos(ev.Pos), RuleDiamond,
			"%s is already included at %s %s; its text appears once, at that first place, so this line adds nothing",
			ev.Path, pos(ev.First), by)
		d.Related = []diag.Related{{Pos: pos(ev.First), Message: "first included here"}}
		return at(d)
	case genruntime.IncludeDepth:
		return fail(RuleDepth, "%s would be included at depth %d, over the depth limit of %d (%s); flatten the chain, or raise includes.maxDepth in promptc.cue",
			ev.Path, ev.N, ev.Limit, chain())
	case genruntime.IncludeFiles:
		return fail(RuleFiles, "including %s would reach file %d, over the limit of %d files per expansion; merge files, or raise includes.maxFiles in promptc.cue",
			ev.Path, ev.N, ev.Limit)
	case genruntime.IncludeFull:
		return fail(RuleTotalChars, "the text is already over the total limit of %d characters, so %s is left out; shorten the text, or raise includes.maxTotalChars in promptc.cue",
			ev.Limit, ev.Path)
	case genruntime.IncludeTotal:
		return fail(RuleTotalChars, "including %s would bring the text to %d characters, over the total limit of %d; shorten the included files, or raise includes.maxTotalChars in promptc.cue",
			ev.Path, ev.N, ev.Limit)
	case genruntime.IncludeOwnTotal:
		return []diag.Diagnostic{diag.Errorf(pos(ev.Pos), RuleTotalChars,
			"the text of %s passes the total limit of %d characters at this line; shorten it, or raise includes.maxTotalChars in promptc.cue",
			ev.Path, ev.Limit)}
	case genruntime.IncludeFileChars:
		return fail(RuleFileChars, "%s has %d characters, over the per-file limit of %d; split it, or raise includes.maxFileChars in promptc.cue",
			ev.Path, ev.N, ev.Limit)
	case genruntime.IncludeRead:
		rd := source.ReadDiag(ev.Err, ev.Path)
		d := diag.Errorf(pos(ev.Pos), rd.Rule, "@%s: %s", ev.Target, rd.Message)
		if _, file := IsInclude("@" + path.Base(ev.Target)); rd.Rule == source.RuleNotFound && !file {
			// Without a file extension the line is an include only for
			// its "/": it may be a handle or a package name meant as text.
			d.Message += fmt.Sprintf("; if @%s is meant as text, write it in backticks", ev.Target)
		}
		if rd.Pos.Line > 0 {
			// The problem is inside the file: point there too.
			d.Related = []diag.Related{{Pos: rd.Pos, Message: "in the included file"}}
		}
		return at(d)
	}
	return nil
}

// Resolve returns the project-relative path that the include line @target
// names in the file at from (itself project-relative): target is relative
// to the including file's folder. The result may climb out of the root
// ("../x"); Expand refuses such a target, and so must every other caller.
func Resolve(from, target string) string { return genruntime.ResolveInclude(from, target) }

// ResolveIn is Resolve in the project whose root directory is root (a path
// of the operating system): a target that climbs out of the root and
// lands back inside it, read lexically ("@../proj/x.md" in a root named
// proj), names the file inside ("x.md"), as Expand takes it.
func ResolveIn(root, from, target string) string {
	abs, err := filepath.Abs(root)
	if err != nil {
		return Resolve(from, target)
	}
	return genruntime.ResolveIncludeIn(filepath.ToSlash(abs), from, target)
}

// IsDirective reports whether line is one of promptc's own comments,
// <!-- promptc:... -->, which are stripped from sent text so they cost no
// tokens. Only lines outside code are directives.
func IsDirective(line string) bool { return genruntime.IsDirective(line) }
