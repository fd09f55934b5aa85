package config

import (
	cueerrors "cuelang.org/go/cue/errors"
	"fmt"
	"github.com/promptc/promptc/internal/diag"
	"strings"

	"cuelang.org/go/cue/scanner"
	"cuelang.org/go/cue/token"
)

// A syntax error is reported by CUE's parser where the parser noticed it,
// which for the two commonest slips is a line after the mistake: a list
// or struct left open is noticed at the next field (or at the end of the
// file), and `=` written for `:` at the next label. locateSyntax finds the
// mistake itself from the file's tokens, so the error points at the line
// to edit.

// tok is one token of the user's file.
type tok struct {
	kind      token.Token
	lit       string
	line, col int
	endCol    int // the column just past the token
}

// tokens scans src. ok is false when the file cannot be scanned as plain
// tokens (an interpolation, which the scanner resumes only under the
// parser, or a scanning error): the caller then keeps CUE's report.
func tokens(name string, src []byte) (ts []tok, ok bool) {
	f := token.NewFile(name, -1, len(src))
	var s scanner.Scanner
	s.Init(f, src, nil, scanner.DontInsertCommas)
	for {
		pos, kind, lit := s.Scan()
		if kind == token.EOF {
			break
		}
		if kind == token.INTERPOLATION || kind == token.ILLEGAL || s.ErrorCount > 0 {
			return nil, false
		}
		text := lit
		if text == "" {
			text = kind.String()
		}
		// A multi-line string ends on another line; its end column is
		// not needed, since only single-line tokens end a line of
		// interest unless the string is that line's last token, where
		// the line's end is used instead.
		end := pos.Column() + len(text)
		if i := strings.LastIndexByte(text, '\n'); i >= 0 {
			end = len(text) - i
		}
		ts = append(ts, tok{kind: kind, lit: lit, line: pos.Line(), col: pos.Column(), endCol: end})
	}
	return ts, true
}

// syntaxFix is a syntax error moved to the mistake that causes it.
type syntaxFix struct {
	line, col int
	msg       string
	// final is set when the errors CUE reports after this one are
	// consequences of it (everything after an unclosed bracket is): they
	// are dropped, and the user reruns promptc once the mistake is fixed.
	final bool
}

// locateSyntax returns the position and explanation of the mistake behind
// the syntax error msg that CUE reports at line:col, or false when it
// cannot tell, and CUE's report stands.
func locateSyntax(name string, src []byte, line, col int, msg string) (syntaxFix, bool) {
	ts, ok := tokens(name, src)
	if !ok {
		return syntaxFix{}, false
	}
	at := len(ts) // the index of the token at the error, len(ts) at EOF
	for i, t := range ts {
		if t.line > line || t.line == line && t.col >= col {
			at = i
			break
		}
	}
	switch {
	case strings.HasPrefix(msg, "expected label or ':'"):
		// `version = "v1"` parses as an alias whose field is still to
		// come, so the parser complains at the next label: the `=` is
		// the last one before it.
		for i := at - 1; i >= 1 && ts[i].line >= line-1; i-- {
			if ts[i].kind == token.BIND && isLabel(ts[i-1]) && (i < 2 || ts[i-2].kind != token.LET) {
				return bindFix(ts, i), true
			}
		}
	case strings.HasPrefix(msg, "unreferenced alias or let clause"):
		// Reported at the alias's name, the `=` follows it.
		if at+1 < len(ts) && ts[at+1].kind == token.BIND && (at == 0 || ts[at-1].kind != token.LET) {
			return bindFix(ts, at+1), true
		}
	case strings.Contains(msg, "in list literal") && at < len(ts) && ts[at].kind == token.COLON,
		msg == "expected ']', found 'EOF'":
		// A field (label:) inside a list, or the end of the file: the
		// list was not closed.
		return unclosed(ts, at, token.LBRACK)
	case msg == "expected '}', found 'EOF'":
		return unclosed(ts, at, token.LBRACE)
	case strings.HasPrefix(msg, "missing ','") && at < len(ts) && isCloser(ts[at].kind):
		if open := openers(ts[:at]); len(open) == 0 || ts[open[len(open)-1]].kind != opener(ts[at].kind) {
			t := ts[at]
			return syntaxFix{line: t.line, col: t.col, final: true,
				msg: fmt.Sprintf("%s closes nothing that is open: remove it", quoteTok(t.kind))}, true
		}
	}
	return syntaxFix{}, false
}

// bindFix explains the `=` at ts[i].
func bindFix(ts []tok, i int) syntaxFix {
	label := ts[i-1].lit
	return syntaxFix{line: ts[i].line, col: ts[i].col, msg: fmt.Sprintf(
		"`%s =` declares a CUE alias, not a field: write %s: with a colon (promptc.cue uses no aliases)",
		label, label)}
}

// unclosed reports the innermost bracket of kind open still open at
// ts[at]. The closer is placed at the end of the last line before the
// first line that is indented no deeper than the opener's line (the next
// field of the enclosing struct), which is where a formatted file closes
// it; without such a line, at the end of the line before the error.
func unclosed(ts []tok, at int, open token.Token) (syntaxFix, bool) {
	stack := openers(ts[:at])
	if len(stack) == 0 || ts[stack[len(stack)-1]].kind != open {
		return syntaxFix{}, false
	}
	o := ts[stack[len(stack)-1]]
	indent := firstCol(ts, o.line)
	last := -1 // the index of the last token before the closer's place
	for i := stack[len(stack)-1] + 1; i < at; i++ {
		if ts[i].line != ts[i-1].line && ts[i].col <= indent {
			last = i - 1
			break
		}
	}
	if last < 0 {
		last = at - 1
		if at < len(ts) {
			// The line before the error's line.
			for last > 0 && ts[last].line == ts[at].line {
				last--
			}
		}
	}
	if last < 0 || ts[last].line < o.line {
		return syntaxFix{}, false
	}
	what := map[token.Token]string{token.LBRACK: "list", token.LBRACE: "struct"}[open]
	t := ts[last]
	return syntaxFix{line: t.line, col: t.endCol, final: true, msg: fmt.Sprintf(
		"the %s opened with %s at %d:%d is not closed: add %s here",
		what, quoteTok(open), o.line, o.col, quoteTok(closer(open)))}, true
}

// openers returns the indexes of the brackets still open after ts.
func openers(ts []tok) []int {
	var stack []int
	for i, t := range ts {
		switch {
		case t.kind == token.LBRACK || t.kind == token.LBRACE || t.kind == token.LPAREN:
			stack = append(stack, i)
		case isCloser(t.kind) && len(stack) > 0 && ts[stack[len(stack)-1]].kind == opener(t.kind):
			stack = stack[:len(stack)-1]
		}
	}
	return stack
}

// firstCol is the column of the first token on line.
func firstCol(ts []tok, line int) int {
	for _, t := range ts {
		if t.line == line {
			return t.col
		}
	}
	return 1
}

func isLabel(t tok) bool { return t.kind == token.IDENT || t.kind == token.STRING }

func isCloser(k token.Token) bool {
	return k == token.RBRACK || k == token.RBRACE || k == token.RPAREN
}

func opener(closer token.Token) token.Token {
	return map[token.Token]token.Token{token.RBRACK: token.LBRACK, token.RBRACE: token.LBRACE, token.RPAREN: token.LPAREN}[closer]
}

func closer(opener token.Token) token.Token {
	return map[token.Token]token.Token{token.LBRACK: token.RBRACK, token.LBRACE: token.RBRACE, token.LPAREN: token.RPAREN}[opener]
}

func quoteTok(k token.Token) string { return "`" + k.String() + "`" }

// syntaxDiagnostic is the diagnostic of the syntax error e moved to its
// mistake, when locateSyntax finds one; final as in syntaxFix.
func syntaxDiagnostic(root string, src []byte, e cueError) (d diag.Diagnostic, final, ok bool) {
	for _, p := range cueerrors.Positions(e.Error) {
		if p.Filename() == "schema.cue" {
			continue
		}
		fix, ok := locateSyntax(p.Filename(), src, p.Line(), p.Column(), e.msg)
		if !ok {
			return diag.Diagnostic{}, false, false
		}
		pos := position(root, p)
		pos.Line, pos.Col = fix.line, fix.col
		return diag.Diagnostic{Pos: pos, Rule: RuleConfig, Severity: diag.Error, Message: fix.msg}, fix.final, true
	}
	return diag.Diagnostic{}, false, false
}
