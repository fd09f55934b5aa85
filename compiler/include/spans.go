package include

import (
	"strings"
	"unicode/utf8"

	"github.com/promptc/promptc/compiler/markdown"
	"github.com/promptc/promptc/compiler/source"
)

// Join returns the text of spans in order.
func Join(spans []Span) string {
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
// and the end of spans.
func TrimBlank(spans []Span) []Span {
	blank := func(l string) bool { return strings.TrimSpace(l) == "" }
	// Count lines to keep: from the first non-blank to the last non-blank.
	first, last, i := -1, -1, 0
	EachLine(spans, func(line, _ string, _ int) bool {
		if !blank(line) {
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
	blank := func(l string) bool { return strings.TrimSpace(l) == "" }
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
