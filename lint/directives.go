package lint

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/promptc/promptc/compiler/family"
	"github.com/promptc/promptc/compiler/markdown"
	"github.com/promptc/promptc/compiler/source"
	"github.com/promptc/promptc/internal/diag"
	"github.com/promptc/promptc/internal/lazyre"
)

// Directive kinds.
const (
	directiveIgnore     = "ignore"
	directiveFileIgnore = "file-ignore"
)

// directiveRE splits a directive line: the kind, the rule list and the
// reason.
var directiveRE = lazyre.New(`^(\s*<!--\s*promptc:)(\S*)(?:(\s+)(\S+))?(?:\s+(.*?))?\s*-->\s*$`)

// suppression is one rule of one directive: findings of Rule in Path, on
// lines From..To (or anywhere in the file for a file-ignore), are dropped.
type suppression struct {
	Rule     string
	Path     string
	Line     int // the directive's line
	Col      int // the rule ID's column
	File     bool
	From, To int
	used     bool
}

type directives []*suppression

// fileDirectives finds every directive line outside code in f. It returns
// the valid suppressions and the findings about malformed ones. A line is a
// directive exactly when the compiler strips it from sent text
// (family.IsDirective).
func fileDirectives(f *source.File) (directives, []diag.Diagnostic) {
	// Every directive line holds this text (family.IsDirective), and a
	// search for it passes most of a file at once: its first byte, '<',
	// is rare in prose, where a search for "promptc:" stops at every 'p'.
	if !strings.Contains(f.Text, "<!-- promptc:") {
		return nil, nil
	}
	var out directives
	var ds []diag.Diagnostic
	for i, ln := range f.Lines {
		text := f.Text[ln.Start:ln.End]
		if ln.Kind == markdown.Code || !family.IsDirective(text) {
			continue
		}
		s, d := parseDirective(f, i, text)
		out = append(out, s...)
		ds = append(ds, d...)
	}
	return out, ds
}

// parseDirective parses the directive on line index i of f.
func parseDirective(f *source.File, i int, text string) ([]*suppression, []diag.Diagnostic) {
	num := int(f.Lines[i].Num)
	at := func(byteOff int) diag.Position {
		return diag.Position{Path: f.Path, Line: num, Col: utf8.RuneCountInString(text[:byteOff]) + 1}
	}
	start := at(strings.Index(text, "<!--"))
	m := directiveRE().FindStringSubmatchIndex(text)
	if m == nil {
		return nil, []diag.Diagnostic{newDiag(start, RuleIgnoreMalformed,
			"malformed promptc directive: write <!-- promptc:ignore RULE_ID reason --> or <!-- promptc:file-ignore RULE_ID reason -->")}
	}
	kind := text[m[4]:m[5]]
	if kind != directiveIgnore && kind != directiveFileIgnore {
		return nil, []diag.Diagnostic{newDiag(start, RuleIgnoreMalformed,
			fmt.Sprintf("unknown directive promptc:%s (the directive line is still removed from the text sent); the directives are promptc:ignore and promptc:file-ignore", kind))}
	}
	if m[8] < 0 {
		return nil, []diag.Diagnostic{newDiag(start, RuleIgnoreMalformed,
			fmt.Sprintf("promptc:%s names no rule: write <!-- promptc:%s RULE_ID reason -->", kind, kind))}
	}
	reason := ""
	if m[10] >= 0 {
		reason = strings.TrimSpace(text[m[10]:m[11]])
	}
	var ds []diag.Diagnostic
	if reason == "" {
		ds = append(ds, newDiag(start, RuleIgnoreNoReason,
			fmt.Sprintf("promptc:%s %s gives no reason, so it suppresses nothing: add why the finding is acceptable after the rule ID", kind, text[m[8]:m[9]])))
	}
	var out []*suppression
	off := m[8]
	for _, id := range strings.Split(text[m[8]:m[9]], ",") {
		pos := at(off)
		off += len(id) + 1
		if id == "" {
			continue
		}
		r, ok := Lookup(id)
		switch {
		case !ok:
			ds = append(ds, newDiag(pos, RuleIgnoreUnknown, "promptc:"+kind+": "+unknownRule(id, false)))
			continue
		case r.Category == Suppression:
			ds = append(ds, newDiag(pos, RuleIgnoreMalformed,
				fmt.Sprintf("%s checks the directives themselves and cannot be suppressed by one; turn it off with lint.except in promptc.cue", id)))
			continue
		case suppressionOf(id) == suppressNever:
			ds = append(ds, newDiag(pos, RuleIgnoreMalformed, "promptc:"+kind+": "+suppressNever.refusal(id)))
			continue
		case reason == "":
			continue
		}
		s := &suppression{Rule: id, Path: f.Path, Line: num, Col: pos.Col, File: kind == directiveFileIgnore}
		if !s.File {
			s.From, s.To = scope(f, i)
		}
		out = append(out, s)
	}
	return out, ds
}

// scope returns the lines an ignore on line index i covers: the next
// non-blank line that is not itself a directive, through the end of its
// block (the line before the next blank line outside code). 0, 0 when
// nothing follows.
func scope(f *source.File, i int) (from, to int) {
	j := i + 1
	for ; j < len(f.Lines); j++ {
		ln := f.Lines[j]
		text := f.Text[ln.Start:ln.End]
		if strings.TrimSpace(text) == "" || (ln.Kind != markdown.Code && family.IsDirective(text)) {
			continue
		}
		break
	}
	if j == len(f.Lines) {
		return 0, 0
	}
	from = int(f.Lines[j].Num)
	for to = from; j+1 < len(f.Lines); j++ {
		next := f.Lines[j+1]
		if next.Kind != markdown.Code && strings.TrimSpace(f.Text[next.Start:next.End]) == "" {
			break
		}
		to = int(next.Num)
	}
	return from, to
}

// covers reports whether s suppresses d.
func (s *suppression) covers(d diag.Diagnostic) bool {
	if d.Rule != s.Rule || d.Pos.Path != s.Path {
		return false
	}
	return s.File || (d.Pos.Line >= s.From && d.Pos.Line <= s.To && s.From > 0)
}

// apply drops the findings a directive covers and marks those directives
// used. Findings of rules no directive may suppress (suppressionOf) are
// never dropped.
func (ss directives) apply(ds []diag.Diagnostic) []diag.Diagnostic {
	if len(ss) == 0 {
		return ds
	}
	return slices.DeleteFunc(ds, func(d diag.Diagnostic) bool {
		if lv := suppressionOf(d.Rule); lv == suppressConfigOnly || lv == suppressNever {
			return false
		}
		drop := false
		for _, s := range ss {
			if s.covers(d) {
				s.used = true
				drop = true
			}
		}
		return drop
	})
}

// unused reports directives that suppressed nothing, for rules that run.
func (ss directives) unused(sel *selection) []diag.Diagnostic {
	var ds []diag.Diagnostic
	for _, s := range ss {
		if s.used || !sel.enabled(s.Rule) {
			continue
		}
		where := "in this file"
		switch {
		case s.File:
		case s.From == 0:
			where = "after it: nothing follows the directive"
		case s.From == s.To:
			where = fmt.Sprintf("on line %d", s.From)
		default:
			where = fmt.Sprintf("on lines %d-%d", s.From, s.To)
		}
		kind := directiveIgnore
		if s.File {
			kind = directiveFileIgnore
		}
		ds = append(ds, newDiag(diag.Position{Path: s.Path, Line: s.Line, Col: s.Col}, RuleIgnoreUnused,
			fmt.Sprintf("promptc:%s %s suppresses nothing: %s reports nothing %s; remove the directive", kind, s.Rule, s.Rule, where)))
	}
	return ds
}
