// Package jsregex compiles JavaScript regular expression literals, such as
// /claude-(opus|sonnet)/i, into Go regular expressions (RE2).
//
// Model-note patterns are written as JavaScript literals because the
// harnesses that read them are often TypeScript; promptc must decide which
// note a model id selects exactly as the harness would. The translation
// therefore rewrites every construct whose meaning differs between the two
// syntaxes, and refuses, with an Error naming the construct and its column,
// whatever RE2 cannot express (lookaround, backreferences) or whatever would
// mean something other than what its author almost certainly intended.
//
// # Flags
//
// The accepted flags i, m and s become one RE2 flag group at the start of
// the pattern, always in the order (?ims): /a/si becomes (?is)a.
//
//	i  (?i): case-insensitive
//	m  (?m): ^ and $ also match at line breaks
//	s  (?s): . also matches line breaks
//	u  accepted; enables the stricter Unicode syntax (\u{...}, \p{...})
//	g  refused: global matching has no meaning for a selector
//	y  refused: sticky matching has no meaning for a selector
//	d  refused: match indices have no meaning for a selector
//	v  refused: the unicodeSets syntax is not supported
//
// An unknown or repeated flag is an error too.
//
// # Semantics
//
// The translated pattern matches what JavaScript matches, with these
// documented limits, none of which can arise for the ASCII model ids that
// selectors are tested against:
//
//   - ^ and $. Without the m flag, JavaScript's ^ and $ match only at the
//     start and the very end of the input: /a$/ does not match "a\n". RE2's
//     ^ and $ without (?m) behave the same ($ is \z, not Perl's \Z), so they
//     are kept as they are. With m, JavaScript also treats \r, U+2028 and
//     U+2029 as line breaks, RE2 only \n.
//   - Dot. Without s, JavaScript's . excludes \n, \r, U+2028 and U+2029,
//     RE2's only \n; it is translated to [^\n\r\x{2028}\x{2029}].
//   - \s and \S follow JavaScript (Unicode white space and line breaks), not
//     RE2's ASCII \s. \d, \w and \b are ASCII in both and are kept.
//   - Text is matched by code point. Without the u flag JavaScript matches
//     UTF-16 code units, which differs only for characters outside the Basic
//     Multilingual Plane (an emoji under a quantifier or in a class).
//   - Case folding with i uses Unicode simple folding; JavaScript without u
//     differs for a handful of non-ASCII characters (U+017F, U+212A).
//
// # Refused
//
// What RE2 cannot match is refused with an Error naming it: lookahead and
// lookbehind, backreferences (\1, \k<name>), counted repetitions above 1000
// (alone, or multiplied through nesting, as in (a{100}){20}), groups nested
// more than 1000 deep, group names other than ASCII letters, digits and _,
// and property escapes other than General_Category values, Script=,
// Any and ASCII. Python/PCRE syntax that is not JavaScript ((?P<name>...),
// (?>...), (?#...), inline (?i)) is refused as JavaScript refuses it.
//
// Annex B legacy forms that JavaScript accepts without u but that almost
// certainly do not mean what their author wanted are refused rather than
// translated: an escaped ASCII letter with no escape meaning (\z is the
// letter z in JavaScript, not end of input), \c without a letter, octal
// escapes (\1 with no group 1, \01), \p{...} and \u{...} without u. Lone
// ], { and } stay literal without u, as in JavaScript.
package jsregex

import (
	"fmt"
	"regexp"
	"unicode/utf8"
)

// Error reports a literal, flag or construct that cannot be compiled.
// Positions refer to the whole literal, "/pattern/flags"; for Translate, to
// the literal "/" + pattern + "/" + flags.
type Error struct {
	// Offset is the 0-based byte offset in the literal where the problem
	// is: the first byte of the construct, flag or character at fault. It is
	// less than the literal's length, or 0 for an empty literal.
	Offset int
	// Col is the 1-based column of Offset, counted in code points (each byte
	// of an invalid UTF-8 sequence counts as one).
	Col int
	// Construct names what is at fault, as a reader would recognise it:
	// "flag g", "lookbehind (?<=...)", "backreference \1", "class [",
	// "literal". It is never empty.
	Construct string
	// Msg says what is wrong and, where there is one, what to write instead.
	Msg string
}

// Error returns "column N: construct: message".
func (e *Error) Error() string {
	return fmt.Sprintf("column %d: %s: %s", e.Col, e.Construct, e.Msg)
}

// Regexp is a compiled JavaScript regex literal.
type Regexp struct {
	// Literal is the literal exactly as given to Parse.
	Literal string
	// Source is the pattern between the slashes, as written (JavaScript's
	// RegExp.prototype.source, except that an empty pattern cannot occur).
	Source string
	// Flags are the flags after the closing slash, as written.
	Flags string
	// RE is the translated pattern, compiled eagerly by Parse: it is never
	// nil in a Regexp that Parse returned, and like every regexp.Regexp it is
	// safe for concurrent use. RE.String() is the translated pattern.
	RE *regexp.Regexp
}

// String returns the literal.
func (r *Regexp) String() string { return r.Literal }

// MatchString reports whether the pattern matches anywhere in s, as
// JavaScript's RegExp.prototype.test does for a regex without g or y.
func (r *Regexp) MatchString(s string) bool { return r.RE.MatchString(s) }

// Parse compiles a JavaScript regex literal: a slash, a non-empty pattern, a
// closing slash that is neither escaped nor inside a character class, and
// optional flags. It accepts no surrounding space. The literal may not
// contain a line break, as in JavaScript. On failure the error is an
// *Error.
func Parse(literal string) (*Regexp, error) {
	if e := checkUTF8(literal); e != nil {
		return nil, e
	}
	if literal == "" {
		return nil, newError(literal, 0, "literal", "empty; write /pattern/flags")
	}
	if literal[0] != '/' {
		return nil, newError(literal, 0, "literal", "must start with /: write /pattern/flags")
	}
	end, e := closingSlash(literal)
	if e != nil {
		return nil, e
	}
	if end == 1 {
		return nil, newError(literal, 0, "literal", "empty pattern (// starts a comment in JavaScript); write /(?:)/ to match everything")
	}
	source, flags := literal[1:end], literal[end+1:]
	goPattern, marks, e := translate(literal, 1, source, end+1, flags)
	if e != nil {
		return nil, e
	}
	re, e := compile(literal, 1, goPattern, marks)
	if e != nil {
		return nil, e
	}
	return &Regexp{Literal: literal, Source: source, Flags: flags, RE: re}, nil
}

// Translate turns a JavaScript pattern and its flags, as given to
// JavaScript's RegExp constructor, into an equivalent RE2 pattern that
// regexp.Compile accepts. Unlike a literal, the pattern may be empty and may
// contain unescaped slashes and line breaks. Error positions refer to the
// literal "/" + pattern + "/" + flags. On failure the error is an *Error.
func Translate(pattern, flags string) (goPattern string, err error) {
	literal := "/" + pattern + "/" + flags
	if e := checkUTF8(literal); e != nil {
		return "", e
	}
	goPattern, marks, e := translate(literal, 1, pattern, 1+len(pattern)+1, flags)
	if e != nil {
		return "", e
	}
	if _, e := compile(literal, 1, goPattern, marks); e != nil {
		return "", e
	}
	return goPattern, nil
}

// newError builds an Error at byte offset off of literal.
func newError(literal string, off int, construct, msg string) *Error {
	return &Error{Offset: off, Col: utf8.RuneCountInString(literal[:off]) + 1, Construct: construct, Msg: msg}
}

func checkUTF8(s string) *Error {
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			return newError(s, i, "encoding", "invalid UTF-8")
		}
		i += n
	}
	return nil
}

// closingSlash returns the offset of the slash that ends the pattern of
// literal, which starts with a slash, following JavaScript's lexical
// grammar: a backslash escapes the next character and a slash inside a
// character class does not end the pattern.
func closingSlash(literal string) (int, *Error) {
	inClass, classStart := false, 0
	for i := 1; i < len(literal); {
		r, n := utf8.DecodeRuneInString(literal[i:])
		if isLineTerminator(r) {
			return 0, newError(literal, i, "line break", "a regex literal cannot span lines; write \\n")
		}
		switch {
		case r == '\\':
			if i+1 >= len(literal) {
				return 0, newError(literal, i, `escape \`, `\ at the end of the literal escapes nothing (and the closing / is missing)`)
			}
			next, m := utf8.DecodeRuneInString(literal[i+1:])
			if isLineTerminator(next) {
				return 0, newError(literal, i+1, "line break", "a regex literal cannot span lines; write \\n")
			}
			i += 1 + m
			continue
		case r == '[' && !inClass:
			inClass, classStart = true, i
		case r == ']' && inClass:
			inClass = false
		case r == '/' && !inClass:
			return i, nil
		}
		i += n
	}
	if inClass {
		return 0, newError(literal, classStart, "class [", "never closed, so it takes in the closing /: add ] (a / inside [...] does not end the literal)")
	}
	return 0, newError(literal, 0, "literal", "missing the closing /")
}

func isLineTerminator(r rune) bool {
	return r == '\n' || r == '\r' || r == '\u2028' || r == '\u2029'
}
