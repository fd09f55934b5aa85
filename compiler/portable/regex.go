package portable

import (
	"fmt"
	"regexp/syntax"
	"strings"
	"unicode"
)

// Regex is one model-id pattern in the form every runtime runs: JS is the
// source of a JavaScript RegExp to build with the flag "u", Py the source
// of a Python re pattern to compile with re.ASCII. Both are written out
// from the RE2 syntax tree Go's regexp parses the pattern into, construct
// by construct, so that they match exactly the strings RE2 matches: case
// folding is spelled out as character classes (no i flag, whose Unicode
// tables differ between the three engines), . is [^\n], ^ and $ without
// (?m) are the ends of the text, and with (?m) the ends of lines at \n
// only.
type Regex struct {
	JS string `json:"js"`
	Py string `json:"py"`
}

// maxOut bounds a translation: a pattern whose spelled-out form is longer
// is refused rather than shipped.
const maxOut = 1 << 16

// Translate returns the portable form of an RE2 pattern (Go syntax, as
// promptc.cue's rules and the translation of a note's JavaScript literal
// are written). What cannot be written so that every runtime matches the
// same strings is an error naming the construct, and a pattern that spells out to more than 64 KiB.
func Translate(pattern string) (Regex, error) {
	re, err := syntax.Parse(pattern, syntax.Perl)
	if err != nil {
		return Regex{}, err
	}
	var js, py strings.Builder
	if err := emit(&js, re, false); err != nil {
		return Regex{}, fmt.Errorf("pattern %q: %w", pattern, err)
	}
	if err := emit(&py, re, true); err != nil {
		return Regex{}, fmt.Errorf("pattern %q: %w", pattern, err)
	}
	if js.Len() > maxOut || py.Len() > maxOut {
		return Regex{}, fmt.Errorf("pattern %q spells out to more than %d bytes for the TypeScript and Python runtimes; shorten it", pattern, maxOut)
	}
	return Regex{JS: js.String(), Py: py.String()}, nil
}

// emit writes re in JavaScript (py false, flag u) or Python (re.ASCII)
// syntax. Every sub-expression is written as an atom or grouped, so that
// a quantifier after it applies to all of it.
func emit(b *strings.Builder, re *syntax.Regexp, py bool) error {
	switch re.Op {
	case syntax.OpNoMatch:
		b.WriteString("(?!)")
	case syntax.OpEmptyMatch:
		b.WriteString("(?:)")
	case syntax.OpLiteral:
		b.WriteString("(?:")
		for _, r := range re.Rune {
			if re.Flags&syntax.FoldCase != 0 {
				class(b, foldRanges(r), py)
			} else {
				char(b, r, py)
			}
		}
		b.WriteString(")")
	case syntax.OpCharClass:
		class(b, re.Rune, py)
	case syntax.OpAnyCharNotNL:
		b.WriteString(`[^\n]`)
	case syntax.OpAnyChar:
		if py {
			b.WriteString(`[\x00-\U0010ffff]`)
		} else {
			b.WriteString(`[\0-\u{10ffff}]`)
		}
	case syntax.OpBeginLine:
		b.WriteString(`(?<![^\n])`)
	case syntax.OpEndLine:
		b.WriteString(`(?![^\n])`)
	case syntax.OpBeginText:
		if py {
			b.WriteString(`\A`)
		} else {
			b.WriteString(`(?<![\0-\u{10ffff}])`)
		}
	case syntax.OpEndText:
		if py {
			b.WriteString(`\Z`)
		} else {
			b.WriteString(`(?![\0-\u{10ffff}])`)
		}
	case syntax.OpWordBoundary:
		b.WriteString(`\b`)
	case syntax.OpNoWordBoundary:
		b.WriteString(`\B`)
	case syntax.OpCapture:
		b.WriteString("(?:")
		if err := emit(b, re.Sub[0], py); err != nil {
			return err
		}
		b.WriteString(")")
	case syntax.OpStar, syntax.OpPlus, syntax.OpQuest, syntax.OpRepeat:
		b.WriteString("(?:")
		if err := emit(b, re.Sub[0], py); err != nil {
			return err
		}
		b.WriteString(")")
		switch re.Op {
		case syntax.OpStar:
			b.WriteString("*")
		case syntax.OpPlus:
			b.WriteString("+")
		case syntax.OpQuest:
			b.WriteString("?")
		default:
			switch {
			case re.Max < 0:
				fmt.Fprintf(b, "{%d,}", re.Min)
			case re.Max == re.Min:
				fmt.Fprintf(b, "{%d}", re.Min)
			default:
				fmt.Fprintf(b, "{%d,%d}", re.Min, re.Max)
			}
		}
		// Laziness changes where a match ends, never whether there is
		// one: selection only asks whether a pattern matches.
	case syntax.OpConcat:
		b.WriteString("(?:")
		for _, s := range re.Sub {
			if err := emit(b, s, py); err != nil {
				return err
			}
		}
		b.WriteString(")")
	case syntax.OpAlternate:
		b.WriteString("(?:")
		for i, s := range re.Sub {
			if i > 0 {
				b.WriteString("|")
			}
			if err := emit(b, s, py); err != nil {
				return err
			}
		}
		b.WriteString(")")
	default:
		return fmt.Errorf("construct %v is not supported outside Go", re.Op)
	}
	return nil
}

// foldRanges returns the character class of r under RE2's case folding:
// every rune of its simple folding orbit.
func foldRanges(r rune) []rune {
	var out []rune
	out = append(out, r, r)
	for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
		out = append(out, f, f)
	}
	return out
}

// class writes a class of ranges (lo, hi pairs) with every rune escaped.
func class(b *strings.Builder, ranges []rune, py bool) {
	if len(ranges) == 0 {
		b.WriteString("(?!)")
		return
	}
	b.WriteString("[")
	for i := 0; i+1 < len(ranges); i += 2 {
		char(b, ranges[i], py)
		if ranges[i+1] != ranges[i] {
			b.WriteString("-")
			char(b, ranges[i+1], py)
		}
	}
	b.WriteString("]")
}

// char writes one rune: ASCII letters and digits as themselves, anything
// else as an escape both engines read the same, inside a class or not.
func char(b *strings.Builder, r rune, py bool) {
	switch {
	case r < 0x80 && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9'):
		b.WriteRune(r)
	case py && r <= 0xffff:
		fmt.Fprintf(b, `\u%04x`, r)
	case py:
		fmt.Fprintf(b, `\U%08x`, r)
	case r <= 0xffff:
		fmt.Fprintf(b, `\u%04x`, r)
	default:
		fmt.Fprintf(b, `\u{%x}`, r)
	}
}
