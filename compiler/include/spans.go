package include

import (
	"strings"
	"unicode/utf8"

	"github.com/promptc/promptc/compiler/markdown"
	"github.com/promptc/promptc/compiler/source"
)

// Join returns the text of spans in order.
func Join(spans []Span) string {
	if len(spans) == 1 {
		// A text of one span is that span's text, shared, not copied.
		return spans[0].Text
	}
	n := 0
	for _, s := range spans {
		n += len(s.Text)
	}
	var b strings.Builder
	b.Grow(n)
	for _, s := range spans {
		b.WriteString(s.Text)
	}
	return b.String()
}

// EachLine calls fn for every line of spans with its origin; line excludes
// the newline. It stops early when fn returns false.
func EachLine(spans []Span, fn func(line, path string, num int) bool) {
	for _, s := range spans {
		num := s.Line
		for rest := s.Text; rest != ""; num++ {
			i := strings.IndexByte(rest, '\n')
			var l string
			if i < 0 {
				l, rest = rest, ""
			} else {
				l, rest = rest[:i], rest[i+1:]
			}
			if !fn(l, s.Path, num) {
				return
			}
		}
	}
}

// Filter returns spans without the lines for which drop reports true. A
// span is split where lines are dropped, so every remaining line keeps its
// origin.
func Filter(spans []Span, drop func(line string) bool) []Span {
	var out []Span
	var cur Span
	var b strings.Builder
	n := 0 // lines in b; 0 means no span is open
	flush := func() {
		if n > 0 {
			cur.Text = b.String()
			out = append(out, cur)
			b.Reset()
			n = 0
		}
	}
	EachLine(spans, func(line, path string, num int) bool {
		if drop(line) {
			flush()
			return true
		}
		if n > 0 && (cur.Path != path || cur.Line+n != num) {
			flush()
		}
		if n == 0 {
			cur = Span{Path: path, Line: num}
		}
		b.WriteString(line)
		b.WriteByte('\n')
		n++
		return true
	})
	flush()
	return out
}

// TrimBlank removes blank lines (empty or white space only) from the start
// and the end of spans. The result is what Filter gives when it drops
// those lines: spans whose lines follow each other in one file are joined.
func TrimBlank(spans []Span) []Span {
	// Most spans keep all their lines: cut the first and last kept span
	// where the kept lines begin and end, and share the rest of the text,
	// rather than copy every line as Filter does.
	fs, fOff, fNum := -1, 0, 0 // first non-blank line: span, offset, number
	ls, lEnd := -1, 0          // last non-blank line: span, end past its newline
	for si, s := range spans {
		num := s.Line
		for off := 0; off < len(s.Text); num++ {
			end := len(s.Text)
			if i := strings.IndexByte(s.Text[off:], '\n'); i >= 0 {
				end = off + i + 1
			}
			if !isBlank(s.Text[off:end]) {
				if fs < 0 {
					fs, fOff, fNum = si, off, num
				}
				ls, lEnd = si, end
			}
			off = end
		}
	}
	if fs < 0 {
		return nil
	}
	out := make([]Span, 0, ls-fs+1)
	for si := fs; si <= ls; si++ {
		s := spans[si]
		if si == ls {
			s.Text = s.Text[:lEnd]
		}
		if si == fs {
			s.Text, s.Line = s.Text[fOff:], fNum
		}
		if s.Text == "" || s.Text[len(s.Text)-1] != '\n' ||
			len(out) > 0 && follows(out[len(out)-1], s) {
			// Spans Filter would change (join, or end with a newline):
			// let it.
			return trimBlankFilter(spans)
		}
		out = append(out, s)
	}
	return out
}

// isBlank reports whether a line, with or without its newline, is empty or
// white space only.
func isBlank(l string) bool { return strings.TrimSpace(l) == "" }

// follows reports whether b's first line is the line after a's last, in
// the same file: Filter joins such spans.
func follows(a, b Span) bool {
	return a.Path == b.Path && a.Line+strings.Count(a.Text, "\n") == b.Line
}

// trimBlankFilter is TrimBlank by Filter: every kept line is copied.
func trimBlankFilter(spans []Span) []Span {
	// Count lines to keep: from the first non-blank to the last non-blank.
	first, last, i := -1, -1, 0
	EachLine(spans, func(line, _ string, _ int) bool {
		if !isBlank(line) {
			if first < 0 {
				first = i
			}
			last = i
		}
		i++
		return true
	})
	if first < 0 {
		return nil
	}
	i = -1
	return Filter(spans, func(string) bool {
		i++
		return i < first || i > last
	})
}

// SplitParagraph splits spans at their first paragraph: first is the
// lines from the first non-blank line up to the next blank line (or the
// end), rest is everything after it, both with blank lines trimmed from
// their ends. Spans with no non-blank line give nil, nil.
func SplitParagraph(spans []Span) (first, rest []Span) {
	blank := isBlank
	start, end, i := -1, -1, 0
	EachLine(spans, func(line, _ string, _ int) bool {
		switch {
		case start < 0 && !blank(line):
			start = i
		case start >= 0 && blank(line):
			end = i
			return false
		}
		i++
		return true
	})
	if start < 0 {
		return nil, nil
	}
	i = -1
	first = Filter(spans, func(string) bool {
		i++
		return i < start || (end >= 0 && i >= end)
	})
	if end < 0 {
		return first, nil
	}
	i = -1
	rest = TrimBlank(Filter(spans, func(string) bool {
		i++
		return i < end
	}))
	return first, rest
}

// Text is the text of spans with its final newline removed: the form in
// which a part is composed into a prompt.
func Text(spans []Span) string {
	return strings.TrimSuffix(Join(spans), "\n")
}

// Locate maps a byte offset in Text(spans) to the origin of that byte:
// file, 1-based line and 1-based column in code points. ok is false when
// the offset is outside the text.
func Locate(spans []Span, offset int) (path string, line, col int, ok bool) {
	for _, s := range spans {
		if offset >= len(s.Text) {
			offset -= len(s.Text)
			continue
		}
		before := s.Text[:offset]
		nl := strings.Count(before, "\n")
		start := strings.LastIndexByte(before, '\n') + 1
		return s.Path, s.Line + nl, utf8.RuneCountInString(before[start:]) + 1, true
	}
	return "", 0, 0, false
}

// Raw returns lines first..last (1-based, inclusive; last 0 means to the
// end) of f as spans, without expanding includes.
func Raw(f *source.File, first, last int) []Span {
	if last == 0 || last > len(f.Lines) {
		last = len(f.Lines)
	}
	if first < 1 {
		first = 1
	}
	if first > last {
		return nil
	}
	// Directive lines outside code are dropped, as Expand drops them.
	var out []Span
	run := first
	flush := func(upTo int) {
		if run <= upTo {
			text := f.Text[f.Lines[run-1].Start:f.Lines[upTo-1].End] + "\n"
			out = append(out, Span{Text: text, Path: f.Path, Line: run})
		}
	}
	for num := first; num <= last; num++ {
		ln := f.Lines[num-1]
		if ln.Kind == markdown.Comment && IsDirective(f.Text[ln.Start:ln.End]) {
			flush(num - 1)
			run = num + 1
		}
	}
	flush(last)
	return out
}

// Tail returns the end of the text of spans, read from f, as written:
// after its last line that is not blank, that line's newline and the
// blank lines after it, without the last newline when spans end with f's
// last line and f ends without one (spans end every line with a newline).
// It is "" when every line is blank.
func Tail(f *source.File, spans []Span) string {
	lines := strings.SplitAfter(Join(spans), "\n")
	k := len(lines) - 1
	for k >= 0 && strings.TrimSpace(lines[k]) == "" {
		k--
	}
	if k < 0 || !strings.HasSuffix(lines[k], "\n") {
		return ""
	}
	tail := "\n" + strings.Join(lines[k+1:], "")
	if len(spans) > 0 && !strings.HasSuffix(f.Text, "\n") {
		s := spans[len(spans)-1]
		if s.Path == f.Path && s.Line+strings.Count(s.Text, "\n")-1 == len(f.Lines) {
			tail = strings.TrimSuffix(tail, "\n")
		}
	}
	return tail
}
