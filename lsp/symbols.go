package lsp

import (
	"errors"
	"regexp"
	"strings"
	"unicode/utf8"

	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/parser"
	"cuelang.org/go/cue/token"

	"github.com/promptc/promptc/compiler/include"
	"github.com/promptc/promptc/compiler/markdown"
	"github.com/promptc/promptc/internal/config"
)

// Symbol kinds of the protocol used.
const (
	symbolFile      = 1
	symbolNamespace = 3
	symbolField     = 8
	symbolString    = 15
	symbolObject    = 19
)

type documentSymbol struct {
	Name           string           `json:"name"`
	Detail         string           `json:"detail,omitempty"`
	Kind           int              `json:"kind"`
	Range          lspRange         `json:"range"`
	SelectionRange lspRange         `json:"selectionRange"`
	Children       []documentSymbol `json:"children,omitempty"`
}

type documentLink struct {
	Range  lspRange `json:"range"`
	Target string   `json:"target"`
}

// headingRE matches an ATX heading: its level and title.
var headingRE = regexp.MustCompile(`^ {0,3}(#{1,6})[ \t]+(.*?)[ \t#]*$`)

// documentSymbols outlines a document: in promptc.cue its fields, two
// levels deep (parts, slots, modes and their names); in an asset its
// headings, include lines and model notes, by line.
func (s *Server) documentSymbols(cl *call, p *codeLensParams) any {
	ds, ok := s.docState(p.TextDocument.URI, cl)
	if !ok {
		return []documentSymbol{}
	}
	if ds.cfg {
		return cueSymbols(ds.text)
	}
	out := []documentSymbol{}
	notes := map[int]string{}
	if prog := ds.sn.prog(); prog != nil {
		for _, name := range prog.FamilyNames {
			if f := prog.Families[name]; f != nil && f.Path == ds.rel {
				for _, n := range f.Notes {
					notes[n.Pos.Line] = n.Label
				}
			}
		}
	}
	for _, ln := range markdown.Scan([]byte(ds.text)) {
		raw := strings.TrimSuffix(ds.text[ln.Start:ln.End], "\r")
		i := int(ln.Num) - 1
		whole := lspRange{position{i, 0}, position{i, utf16Col(raw, utf8.RuneCountInString(raw))}}
		if label, ok := notes[int(ln.Num)]; ok {
			out = append(out, documentSymbol{Name: "model note " + label, Kind: symbolObject, Range: whole, SelectionRange: whole})
			continue
		}
		if ln.Kind != markdown.Text {
			continue
		}
		if m := headingRE.FindStringSubmatch(raw); m != nil {
			out = append(out, documentSymbol{Name: m[2], Detail: m[1], Kind: symbolString, Range: whole, SelectionRange: whole})
		} else if target, ok := include.IsInclude(raw); ok {
			out = append(out, documentSymbol{Name: "@" + target, Kind: symbolFile, Range: whole, SelectionRange: whole})
		}
	}
	return out
}

// cueSymbols outlines promptc.cue from its syntax alone, so that the
// outline stays while the file does not evaluate; it is empty while the
// file does not parse.
func cueSymbols(text string) []documentSymbol {
	f, err := parser.ParseFile(config.FileName, []byte(text))
	if err != nil {
		return []documentSymbol{}
	}
	var fields func(decls []ast.Decl, depth int) []documentSymbol
	fields = func(decls []ast.Decl, depth int) []documentSymbol {
		out := []documentSymbol{}
		for _, d := range decls {
			fd, ok := d.(*ast.Field)
			if !ok {
				continue
			}
			name, _, err := ast.LabelName(fd.Label)
			if err != nil {
				continue
			}
			sym := documentSymbol{Name: name, Kind: symbolField, Range: cueRange(text, fd.Pos(), fd.End()), SelectionRange: cueRange(text, fd.Label.Pos(), fd.Label.End())}
			if st, ok := fd.Value.(*ast.StructLit); ok {
				sym.Kind = symbolNamespace
				if depth < 2 {
					sym.Children = fields(st.Elts, depth+1)
				}
			}
			out = append(out, sym)
		}
		return out
	}
	return fields(f.Decls, 0)
}

// cueRange converts a range of parser positions (byte columns) in text.
func cueRange(text string, start, end token.Pos) lspRange {
	conv := func(p token.Pos) position {
		if !p.IsValid() {
			return position{}
		}
		line := lineOf(text, p.Line()-1)
		b := min(max(p.Column()-1, 0), len(line))
		return position{p.Line() - 1, utf16Col(line, utf8.RuneCountInString(line[:b]))}
	}
	return lspRange{conv(start), conv(end)}
}

// documentLinks makes the path of each include line of an asset a link
// to the file it names, when the file exists.
func (s *Server) documentLinks(cl *call, p *codeLensParams) any {
	ds, ok := s.docState(p.TextDocument.URI, cl)
	out := []documentLink{}
	if !ok || ds.cfg {
		return out
	}
	for _, in := range scanIncludes(ds.sn.root, ds.rel, ds.text) {
		if _, ok := ds.sn.text(in.target); !ok {
			continue
		}
		line := lineOf(ds.text, in.line-1)
		// The path follows "@": from the column after it to the end of
		// the trimmed line.
		start := position{in.line - 1, utf16Col(line, in.col)}
		end := position{in.line - 1, utf16Col(line, in.col-1+in.width)}
		out = append(out, documentLink{Range: lspRange{start, end}, Target: ds.sn.uri(in.target)})
	}
	return out
}

// formatting formats promptc.cue as promptc fmt does (config.FormatBytes,
// the same code), as one edit of the whole text; an asset, which promptc
// fmt does not format, gets no edit. A file that does not parse is left
// as it is, with an error that names where.
func (s *Server) formatting(cl *call, p *codeLensParams) (any, *rpcError) {
	ds, ok := s.docState(p.TextDocument.URI, cl)
	if !ok || !ds.cfg {
		return []textEdit{}, nil
	}
	f, err := config.FormatBytes(ds.sn.cfg, []byte(ds.text))
	var ce *config.Error
	switch {
	case errors.As(err, &ce) && len(ce.Diagnostics) > 0:
		d := ce.Diagnostics[0]
		return nil, &rpcError{Code: codeRequestFailed, Message: d.String()}
	case err != nil:
		return nil, &rpcError{Code: codeRequestFailed, Message: err.Error()}
	case !f.Changed():
		return []textEdit{}, nil
	}
	n := strings.Count(ds.text, "\n")
	last := ds.text[strings.LastIndexByte(ds.text, '\n')+1:]
	end := position{n, utf16Col(last, utf8.RuneCountInString(last))}
	return []textEdit{{Range: lspRange{position{}, end}, NewText: string(f.Text)}}, nil
}
