package compiler

// The static-text scan: text that changes between calls (dates, counters,
// ids) has no place in static, cacheable parts.

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"
	"unsafe"

	"github.com/promptc/promptc/compiler/family"
	"github.com/promptc/promptc/compiler/include"
	"github.com/promptc/promptc/compiler/markdown"
	"github.com/promptc/promptc/internal/config"
	"github.com/promptc/promptc/internal/diag"
	"github.com/promptc/promptc/internal/lazyre"
)

// RuleStaticDynamic is the rule of text that changes between calls found
// in static text.
const RuleStaticDynamic = "STATIC_DYNAMIC"

// dynamicPattern finds one kind of text that changes between calls and so
// must not sit in static, cacheable parts. Its cheap test rules a text out
// before the regular expression runs: most static text contains none of
// these shapes, and the expressions are the slowest part of a lint.
type dynamicPattern struct {
	what string
	may  func(string) bool
	re   func() *regexp.Regexp
	// need, when set, holds bytes of which a match must contain one to
	// be reported; text without any of them is ruled out unread too.
	need string
	// keep, when set, decides whether a match found by the expression is
	// one.
	keep func(p *Program, match string) bool
}

// cheap reports whether the expression could find a reported match in t.
func (dp dynamicPattern) cheap(t string) bool {
	return dp.may(t) && (dp.need == "" || strings.ContainsAny(t, dp.need))
}

// dynamicPatterns are the dynamicPattern of every kind.
var dynamicPatterns = []dynamicPattern{
	{"a date", dateLike,
		lazyre.New(`\b(19|20)\d\d-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])\b|\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]* \d{1,2}, (19|20)\d\d\b`), "", nil},
	{"a time of day", colonDigit,
		lazyre.New(`(?:^|[\s(])(?:[01]?\d|2[0-3]):[0-5]\d(?::[0-5]\d)?(?:\s?(?:AM|PM|am|pm|UTC|Z))?(?:$|[\s),.;])`), "", nil},
	// A path of two or more segments (/home/alice/project), or one of the
	// single segments that name a machine's directories (/tmp, /project).
	// A single other segment is a slash command (/prompt-mode), not a path.
	{"an absolute path", func(t string) bool {
		return strings.Contains(t, `:\`) || strings.Contains(t, "/")
	}, lazyre.New(`(?:^|[\s("'=])(?:/[A-Za-z0-9._~-]+(?:/[A-Za-z0-9._~-]+)+/?|/(?:home|Users|root|tmp|var|opt|mnt|srv|private|etc|usr|project|projects|workspace|workspaces|app|code|src|repo|data)\b/?|[A-Za-z]:\\[^\s"')]+)`), "", nil},
	// A word with a dash and a digit that the family rules claim by its
	// name: a model id (claude-sonnet-4-5, gpt-4.1), which changes with the
	// model a call goes to. Most lines with a dash (list items, compound
	// words) have no digit in the dashed word, and dashDigitWord rules them
	// out before the expression runs.
	{"a model id", dashDigitWord, lazyre.New(`\b[A-Za-z][A-Za-z0-9.]*(?:-[A-Za-z0-9.]+)+\b`), "0123456789", func(p *Program, m string) bool {
		return p.Resolver.Resolve(m).By == family.ByName
	}},
	{"a counter", counterLike,
		lazyre.New(`(?i)\b(?:turn|call|step|attempt|request|message)\s*#?\d+\s*(?:(?:of|/)\s*\d+|of\s+(?:the|this)\s+(?:session|conversation|chat|run|task))\b`), "", nil},
}

// masker blanks the parts of a text that show rather than tell: code and
// marked examples. It keeps its memory from one text to the next, so that
// the static-text check of a large project does not take a fresh copy and
// fresh line table for every text: the masked texts are read once and
// dropped, and new memory costs more than the masking (every page is
// faulted in). A masker is used by one goroutine at a time; maskers holds
// them between uses.
type masker struct {
	// text holds the masked copy of the last text that needed one.
	text []byte
	// lines holds the line table of the last text scanned.
	lines []markdown.Line
}

var maskers = sync.Pool{New: func() any { return new(masker) }}

// mask returns text with its code and its marked examples blanked
// (maskCode, then maskExamples). The result may share the masker's
// memory: it is valid until the masker is used again.
func (m *masker) mask(text string) string {
	return m.maskExamples(m.maskCode(text))
}

// writable returns the masker's copy of text to blank bytes in: text's own
// bytes when text is already that copy, else a copy made in the masker's
// memory.
func (m *masker) writable(text string) []byte {
	if len(m.text) > 0 && len(text) == len(m.text) && unsafe.StringData(text) == &m.text[0] {
		return m.text
	}
	m.text = append(m.text[:0], text...)
	return m.text
}

// maskCode returns text with every byte of code blanked out: the lines of
// fenced and indented code blocks and the inline code spans of the other
// lines. Offsets stay the same, so a match still locates in the source.
// Code is how Markdown marks an example, and an example of a date or a
// path is not one the model is told. A text without code is returned as
// it is; otherwise the result is in the masker's memory.
func (m *masker) maskCode(text string) string {
	if len(text) > markdown.MaxInput {
		// Only a text joined from many files of the largest size read
		// gets here; it is far over any budget, which says so, and its
		// code stays unmasked rather than failing the run.
		return text
	}
	// Scan only reads its input, so it reads the text in place; the copy
	// to blank is made only for a text that has code, and most have none.
	var b []byte
	blank := func(from, to int) {
		if b == nil {
			b = m.writable(text)
		}
		for i := from; i < to; i++ {
			if b[i] != '\n' {
				b[i] = ' '
			}
		}
	}
	m.lines = markdown.AppendScan(m.lines[:0], unsafe.Slice(unsafe.StringData(text), len(text)))
	for _, ln := range m.lines {
		start, end := int(ln.Start), int(ln.End)
		if ln.Kind == markdown.Code {
			blank(start, end)
			continue
		}
		// An inline code span: a run of backticks up to the next run of
		// the same length on the line.
		for i := start; i < end; {
			k := strings.IndexByte(text[i:end], '`')
			if k < 0 {
				break
			}
			i += k
			j := runEnd(text, i, end)
			run := j - i
			closeAt := -1
			for k := j; k < end; {
				if text[k] != '`' {
					k++
					continue
				}
				e := runEnd(text, k, end)
				if e-k == run {
					closeAt = e
					break
				}
				k = e
			}
			if closeAt < 0 {
				i = j
				continue
			}
			blank(i, closeAt)
			i = closeAt
		}
	}
	if b == nil {
		return text
	}
	return unsafe.String(unsafe.SliceData(b), len(b))
}

// runEnd returns the index just past the run of backticks that starts at
// text[i], looking no further than end.
func runEnd(text string, i, end int) int {
	for i < end && text[i] == '`' {
		i++
	}
	return i
}

// dateLike reports whether t has four digits and a dash (2026-11-29) or
// ", 19" / ", 20" (Nov 29, 2026), which every date the pattern finds has.
func dateLike(t string) bool {
	for i := strings.IndexByte(t, '-'); i >= 0; {
		if i >= 4 && isDigits(t[i-4:i]) {
			return true
		}
		j := strings.IndexByte(t[i+1:], '-')
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return strings.Contains(t, ", 19") || strings.Contains(t, ", 20")
}

// dashDigitWord reports whether t has a run of letters, digits, dots and
// dashes that holds both a dash and a digit, which every model id the
// pattern reports is (a match is such a run, or part of one).
func dashDigitWord(t string) bool {
	for i := strings.IndexByte(t, '-'); i >= 0; {
		l, r := i, i+1
		for l > 0 && idByte(t[l-1]) {
			l--
		}
		for r < len(t) && idByte(t[r]) {
			r++
		}
		for k := l; k < r; k++ {
			if isDigit(t[k]) {
				return true
			}
		}
		j := strings.IndexByte(t[r:], '-')
		if j < 0 {
			return false
		}
		i = r + j
	}
	return false
}

// idByte reports whether c can be part of a model id: an ASCII letter or
// digit, a dot or a dash.
func idByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || isDigit(c) || c == '.' || c == '-'
}

// counterLike reports whether t has a number followed by "of" or "/" and
// another number (3 of 5, 3/5), or by "of the" or "of this" (call 3 of
// the session), which every counter the pattern finds has.
func counterLike(t string) bool {
	// Prose has few digits: eight bytes without one are passed at once.
	for i := 0; i < len(t); i++ {
		for i+8 <= len(t) && !hasDigit8(t[i:i+8]) {
			i += 8
		}
		if i >= len(t) {
			break
		}
		if !isDigit(t[i]) {
			continue
		}
		j := i
		for j < len(t) && isDigit(t[j]) {
			j++
		}
		k := skipSpace(t, j)
		switch {
		case k+1 < len(t) && t[k]|0x20 == 'o' && t[k+1]|0x20 == 'f':
			k += 2
		case k < len(t) && t[k] == '/':
			k++
		default:
			i = j
			continue
		}
		k = skipSpace(t, k)
		if k < len(t) && isDigit(t[k]) {
			return true
		}
		if rest := strings.ToLower(t[k:min(k+5, len(t))]); strings.HasPrefix(rest, "the ") || rest == "this " {
			return true
		}
		i = j
	}
	return false
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// hasDigit8 reports whether any of the eight bytes of w is an ASCII digit,
// testing them together: a byte's low seven bits l are a digit's when
// l+('0'-1) passes 127 and l passes 127-('9'+1) without its high bit set
// (per byte, so nothing carries or borrows between bytes).
func hasDigit8(w string) bool {
	const ones, high = 0x0101010101010101, 0x8080808080808080
	x := uint64(w[0]) | uint64(w[1])<<8 | uint64(w[2])<<16 | uint64(w[3])<<24 |
		uint64(w[4])<<32 | uint64(w[5])<<40 | uint64(w[6])<<48 | uint64(w[7])<<56
	low := x &^ high
	return (ones*(127+'9'+1)-low)&^x&(low+ones*(127-('0'-1)))&high != 0
}

// skipSpace returns the index of the first byte at or after i that is not
// white space as RE2's \s knows it.
func skipSpace(t string, i int) int {
	for i < len(t) && strings.IndexByte(" \t\n\f\r\v", t[i]) >= 0 {
		i++
	}
	return i
}

func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) {
			return false
		}
	}
	return s != ""
}

// colonDigit reports whether t has a colon followed by a digit, which every
// time of day has.
func colonDigit(t string) bool {
	for i := strings.IndexByte(t, ':'); i >= 0 && i+1 < len(t); {
		if c := t[i+1]; c >= '0' && c <= '9' {
			return true
		}
		j := strings.IndexByte(t[i+1:], ':')
		if j < 0 {
			return false
		}
		i += 1 + j
	}
	return false
}

// exampleTag opens or closes a marked example: <example>, <examples>,
// with attributes or not, in any letter case.
var exampleTag = lazyre.New(`(?i)<(/?)examples?(?:\s[^<>]*)?>`)

// maskExamples returns text with every line of a marked example blanked
// out, from a line with an opening <example> or <examples> tag through the
// line with its closing tag: like code, such text shows the model what
// something looks like. Offsets stay the same. Tags quoted in code are
// already blanked by maskCode. A text without a tag is returned as it is;
// otherwise the result is in the masker's memory (blanked in place when
// text is already there).
func (m *masker) maskExamples(text string) string {
	if !strings.Contains(text, "<") {
		return text
	}
	var b []byte
	depth := 0
	eachLine(text, func(off, end int) {
		quiet := depth > 0
		// A line is matched before it is blanked, and blanking changes
		// only its own bytes, so text (which may be b's memory) still
		// reads as the lines not yet reached.
		for _, sm := range exampleTag().FindAllStringSubmatchIndex(text[off:end], -1) {
			if sm[2] == sm[3] { // no "/": an opening tag
				depth++
				quiet = true
			} else if depth > 0 {
				depth--
			}
		}
		if quiet {
			if b == nil {
				b = m.writable(text)
				text = unsafe.String(unsafe.SliceData(b), len(b))
			}
			for i := off; i < end; i++ {
				b[i] = ' '
			}
		}
	})
	return text
}

// eachLine calls f with the start and end offsets of every line of text,
// its newline left out. Checks that scan line by line report offsets into
// the whole text, which include.Locate turns into positions.
func eachLine(text string, f func(off, end int)) {
	for off := 0; off < len(text); {
		end := strings.IndexByte(text[off:], '\n')
		if end < 0 {
			end = len(text)
		} else {
			end += off
		}
		f(off, end)
		off = end + 1
	}
}

// checkStatic reports dynamic-looking content in static text: every static
// part (the operator guide as rendered from its template and cards
// included) and every family section, outside code and marked examples.
// Text that several parts or families send (an included file) is reported
// once, naming where it is sent. The severity is lint.staticDynamic's, an
// error unless it says "warning".
func (b *builder) checkStatic() []diag.Diagnostic {
	report := diag.Errorf
	if b.Config.Lint.StaticDynamic == "warning" {
		report = diag.Warnf
	}
	type text struct {
		owner string
		spans []include.Span
		guide bool
		// literal, for a template's typical rendering, is the index of
		// the template's literal text: what is found there already is
		// not reported again.
		literal int
	}
	var texts []text
	for _, name := range slices.Sorted(maps.Keys(b.Parts)) {
		part := b.Parts[name]
		if t := part.Tmpl; t != nil {
			// A template's literal text, at its own lines and columns,
			// and its typical rendering, for what its constants and
			// printf assemble; the inputs' own values are not looked at
			// (they are x's): they are the harness's, given per call.
			texts = append(texts, text{"part " + name, []include.Span{{Text: t.Literal + "\n", Path: t.Path, Line: 1}}, false, -1})
			if t.Typical != "" {
				texts = append(texts, text{"part " + name + " as rendered with its typical inputs", []include.Span{{Text: t.Typical + "\n", Path: t.Path, Line: 1}}, true, len(texts) - 1})
			}
			continue
		}
		if g := part.Config.Generated; g == "" || g == "guide" {
			texts = append(texts, text{"part " + name, part.Spans, g == "guide", -1})
		}
	}
	for _, fn := range b.FamilyNames {
		f := b.Families[fn]
		texts = append(texts, text{"family " + fn + " line", f.Line.Spans, false, -1},
			text{"family " + fn + " body", f.Body.Spans, false, -1})
		for _, n := range f.Notes {
			texts = append(texts, text{fmt.Sprintf("family %s note %q", fn, n.Label), n.Spans, false, -1})
		}
	}
	// Each text is scanned on its own, concurrently; the findings are
	// merged in the order above, so the first text that sends a finding
	// reports it.
	found := make([]staticFound, len(texts))
	Parallel(b.jobs, len(texts), func(i int) {
		found[i] = b.scanStatic(texts[i].spans, texts[i].guide)
	})
	// A rendering's positions are not the file's: what it adds to the
	// literal text is reported at the template's first line.
	for i, t := range texts {
		if t.literal < 0 {
			continue
		}
		seen := map[string]bool{}
		for _, k := range found[t.literal].dynamic {
			seen[k.what+"\x00"+k.match] = true
		}
		var kept []dynamicFinding
		for _, k := range found[i].dynamic {
			if !seen[k.what+"\x00"+k.match] {
				k.pos = diag.Position{Path: t.spans[0].Path, Line: 1, Col: 1}
				kept = append(kept, k)
			}
		}
		found[i] = staticFound{dynamic: kept}
	}
	owners := map[dynamicFinding][]string{}
	var order []dynamicFinding
	var ds []diag.Diagnostic
	syntax := map[diag.Position]bool{}
	for i, f := range found {
		for _, d := range f.syntax {
			if !syntax[d.Pos] {
				syntax[d.Pos] = true
				ds = append(ds, d)
			}
		}
		for _, k := range f.dynamic {
			if _, ok := owners[k]; !ok {
				order = append(order, k)
			}
			if !slices.Contains(owners[k], texts[i].owner) {
				owners[k] = append(owners[k], texts[i].owner)
			}
		}
	}
	for _, k := range order {
		in := owners[k]
		sent := strings.Join(in, ", ")
		if len(in) > 3 {
			sent = fmt.Sprintf("%s and %d more", strings.Join(in[:3], ", "), len(in)-3)
		}
		ds = append(ds, report(k.pos, RuleStaticDynamic,
			"%s in static text (%s): %q changes between calls and breaks provider caching; if it is an example (a sample path or date), put it in backticks or above its paragraph write <!-- promptc:ignore %s reason -->; if it is the value of each call, move it to a slot or a run-time input the harness fills at call time",
			k.what, sent, k.match, RuleStaticDynamic))
	}
	return ds
}

// spacedPlaceholder returns the name of the declared placeholder that
// match writes with white space inside its braces ("{{ product }}"), or ""
// when match is not one: the fix is to drop the spaces, not to declare it.
func spacedPlaceholder(match string, decl map[string]config.Placeholder) string {
	inner, open := strings.CutPrefix(match, "{{")
	inner, closed := strings.CutSuffix(inner, "}}")
	if !open || !closed {
		return ""
	}
	name := strings.TrimSpace(inner)
	if _, ok := decl[name]; !ok || name == inner {
		return ""
	}
	return name
}

// dynamicFinding is a match of a dynamic pattern: where, which pattern,
// and the text matched.
type dynamicFinding struct {
	pos         diag.Position
	what, match string
}

// staticFound is what scanStatic finds in one text: template-syntax
// warnings, and dynamic-looking matches in the order found.
type staticFound struct {
	syntax  []diag.Diagnostic
	dynamic []dynamicFinding
}

// scanStatic looks for other template syntax (unless the text is the
// guide, which reports its own markers) and for dynamic-looking content in
// the text of spans, outside code and marked examples. It changes nothing
// in p, so texts are scanned concurrently.
func (b *builder) scanStatic(spans []include.Span, guide bool) staticFound {
	var out staticFound
	text := b.TextOf(spans)
	masked := ""
	mk := maskers.Get().(*masker)
	defer maskers.Put(mk)
	// Another template syntax, sent as written (the guide reports its
	// own markers, GUIDE_PLACEHOLDER).
	if !guide && strings.ContainsAny(text, "{%") {
		masked = mk.mask(text)
		eachLine(masked, func(off, end int) {
			for _, r := range templateSyntax(masked[off:end]) {
				path, line, col, ok := include.Locate(spans, off+r[0])
				if !ok {
					continue
				}
				pos := diag.Position{Path: path, Line: line, Col: col}
				match := text[off+r[0] : off+r[1]]
				var d diag.Diagnostic
				if name := spacedPlaceholder(match, b.Config.Placeholders); name != "" {
					d = diag.Warnf(pos, RuleTemplateSyntax,
						"%q is placeholder %s written with spaces inside the braces, which promptc does not replace: this text would be sent as written; write {{%s}}", match, name, name)
				} else {
					d = diag.Warnf(pos, RuleTemplateSyntax,
						"%q looks like a template placeholder, but promptc's placeholders are {{name}} declared in promptc.cue; this text would be sent as written: declare a placeholder and write {{name}}, or rephrase it", match)
				}
				d.End = diag.Position{Path: path, Line: line, Col: col + utf8.RuneCountInString(text[off+r[0]:off+r[1]])}
				out.syntax = append(out.syntax, d)
			}
		})
	}
	for _, dp := range dynamicPatterns {
		if !dp.cheap(text) {
			continue
		}
		if masked == "" {
			masked = mk.mask(text)
		}
		// The expressions run only on the lines that pass the cheap test.
		var locs [][]int
		eachLine(masked, func(off, end int) {
			if line := masked[off:end]; dp.cheap(line) {
				for _, loc := range dp.re().FindAllStringIndex(line, -1) {
					locs = append(locs, []int{loc[0] + off, loc[1] + off})
				}
			}
		})
		for _, loc := range locs {
			start := loc[0]
			for start < loc[1] && strings.ContainsRune(" \t\n(\"'=", rune(text[start])) {
				start++
			}
			match := strings.TrimRight(text[start:loc[1]], " \t\n),.;")
			if dp.need != "" && !strings.ContainsAny(match, dp.need) || dp.keep != nil && !dp.keep(b.Program, match) {
				continue
			}
			path, line, col, ok := include.Locate(spans, start)
			if !ok {
				continue
			}
			out.dynamic = append(out.dynamic, dynamicFinding{diag.Position{Path: path, Line: line, Col: col}, dp.what, match})
		}
	}
	return out
}
