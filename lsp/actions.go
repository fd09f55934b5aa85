package lsp

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/promptc/promptc/compiler/frontmatter"
	"github.com/promptc/promptc/compiler/include"
	"github.com/promptc/promptc/compiler/markdown"
	"github.com/promptc/promptc/compiler/source"
	"github.com/promptc/promptc/internal/diag"
	"github.com/promptc/promptc/lint"
)

// reasonPlaceholder stands where the user writes why a finding is
// acceptable: a directive needs a reason, and this one says plainly that
// it is still to be written.
const reasonPlaceholder = "TODO say why this is acceptable"

// codeActions offers the quick fixes whose result is certain, for the
// findings the client passes (or, if it passes none, those on the lines
// of the range): delete trailing white space or a hidden
// character, create the file a missing include names, or add an ignore
// directive with a reason to fill in.
func (s *Server) codeActions(cl *call, p *codeActionParams) any {
	out := []codeAction{}
	ds, ok := s.docState(p.TextDocument.URI, cl)
	if !ok || ds.cfg {
		return out
	}
	s.mu.Lock()
	create := s.createFiles
	s.mu.Unlock()
	uri := p.TextDocument.URI
	lines := markdown.Scan([]byte(ds.text))
	ds2 := p.Context.Diagnostics
	if len(ds2) == 0 {
		ds2 = ds.sn.onLines(ds.rel, p.Range)
	}
	for _, d := range ds2 {
		// Only a finding of the current check is fixed: the client's copy
		// may predate the last edit, and its range then points elsewhere.
		f, ok := ds.sn.finding(ds.rel, d)
		if !ok {
			continue
		}
		ln := d.Range.Start.Line
		text := lineOf(ds.text, ln)
		start := ds.sn.lspPos(f.Pos)
		del := func(title string, end position) {
			out = append(out, codeAction{Title: title, Kind: "quickfix", Diagnostics: []diagnostic{d}, IsPreferred: true,
				Edit: &workspaceEdit{Changes: map[string][]textEdit{uri: {{Range: lspRange{start, end}, NewText: ""}}}}})
		}
		switch f.Rule {
		case lint.RuleTrailingSpace:
			del("Delete the trailing white space", ds.sn.lspPos(f.End))
		case lint.RuleTag:
			del("Delete the hidden characters", ds.sn.lspPos(f.End))
		case lint.RuleZeroWidth, lint.RuleBidi:
			// The finding is the one code point at its column.
			b := byteCol(text, start.Character)
			if r, size := utf8.DecodeRuneInString(text[b:]); size > 0 {
				del("Delete the hidden character", position{ln, start.Character + utf16Col(string(r), 1)})
			}
		case source.RuleNotFound:
			target, ok := include.IsInclude(text)
			if !ok || !create {
				break
			}
			rel, rerr := source.Clean(include.Resolve(ds.rel, target))
			if rerr != nil {
				break
			}
			// A creation without ignoreIfExists, which some clients
			// (Neovim) take as "open a buffer, create nothing"; overwrite
			// false, so that a client that honours it refuses a file
			// that appeared meanwhile. The empty edit of the new file
			// makes clients load it, so that it is opened and checked;
			// the command then re-checks the project, for clients that
			// do not report the new file.
			uri := ds.sn.uri(rel)
			cf := createFile{Kind: "create", URI: uri}
			edit := textDocumentEdit{Edits: []textEdit{{Range: lspRange{}, NewText: ""}}}
			edit.TextDocument.URI = uri
			out = append(out, codeAction{Title: "Create " + rel, Kind: "quickfix", Diagnostics: []diagnostic{d},
				Edit:    &workspaceEdit{DocumentChanges: []any{cf, edit}},
				Command: &command{Title: "Check the project again", Command: commandRecheck}})
		}
		if a, ok := ignoreAction(ds, lines, uri, d); ok {
			out = append(out, a)
		}
	}
	return out
}

// finding returns the finding of the current check in file rel that the
// client's diagnostic d stands for: same rule, same start.
func (sn *snapshot) finding(rel string, d diagnostic) (diag.Diagnostic, bool) {
	for _, f := range sn.diags {
		if f.Rule == d.Code && f.Pos.Path == rel && sn.lspPos(f.Pos) == d.Range.Start {
			return f, true
		}
	}
	return diag.Diagnostic{}, false
}

// onLines returns the current check's findings in file rel on the lines
// r spans, as the editor shows them. A client may send no findings with
// a request for code actions (Helix sends only those whose range overlaps
// the cursor's, none when the cursor sits just past a finding's end): the
// fixes of the lines under the cursor are offered then. A range that ends
// at the start of a line does not span that line.
func (sn *snapshot) onLines(rel string, r lspRange) []diagnostic {
	last := r.End.Line
	if r.End.Character == 0 && last > r.Start.Line {
		last--
	}
	var out []diagnostic
	for _, f := range sn.diags {
		if f.Pos.Path != rel {
			continue
		}
		d := sn.toLSP(f)
		if d.Range.Start.Line <= last && d.Range.End.Line >= r.Start.Line {
			out = append(out, d)
		}
	}
	return out
}

// ignoreAction inserts <!-- promptc:ignore RULE reason --> above the
// finding's line, indented like it. It is offered only where the
// directive works: a line of ordinary text, below any YAML header, for a
// rule a directive may suppress.
func ignoreAction(ds *docState, lines []markdown.Line, uri string, d diagnostic) (codeAction, bool) {
	r, ok := lint.Lookup(d.Code)
	if !ok || r.Category == lint.Suppression {
		return codeAction{}, false
	}
	ln := d.Range.Start.Line
	if ln >= len(lines) || lines[ln].Kind != markdown.Text {
		return codeAction{}, false
	}
	if fm, _, ok := frontmatter.Split(ds.text); ok && ln < fm.Lines {
		return codeAction{}, false
	}
	text := lineOf(ds.text, ln)
	indent := text[:len(text)-len(strings.TrimLeft(text, " \t"))]
	dir := fmt.Sprintf("%s<!-- promptc:ignore %s %s -->\n", indent, d.Code, reasonPlaceholder)
	at := position{ln, 0}
	return codeAction{
		Title: "Ignore " + d.Code + " here (promptc:ignore, with a reason to write)", Kind: "quickfix", Diagnostics: []diagnostic{d},
		Edit: &workspaceEdit{Changes: map[string][]textEdit{uri: {{Range: lspRange{at, at}, NewText: dir}}}},
	}, true
}
