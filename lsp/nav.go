package lsp

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/promptc/promptc/compiler"
	"github.com/promptc/promptc/compiler/include"
	"github.com/promptc/promptc/compiler/markdown"
	"github.com/promptc/promptc/compiler/source"
	"github.com/promptc/promptc/internal/diag"
)

// codeLenses puts the tokens an asset adds to each mode above its first
// line.
func (s *Server) codeLenses(cl *call, p *codeLensParams) any {
	ds, ok := s.docState(p.TextDocument.URI, cl)
	if !ok || ds.sn.prog() == nil {
		return []codeLens{}
	}
	prog := ds.sn.prog()
	if ds.cfg {
		return composedLenses(ds.sn, prog, p.TextDocument.URI)
	}
	shares := modeShares(prog, ds.rel)
	title := "sent in no mode"
	if len(shares) > 0 {
		var per []string
		for _, ms := range shares {
			per = append(per, fmt.Sprintf("%s %s", ms.mode, compiler.Thousands(ms.tokens(prog))))
		}
		title = "tokens per call: " + strings.Join(per, " · ") + " (" + prog.Counter.Name() + ")"
	}
	return []codeLens{{Range: lspRange{}, Command: &command{Title: title}}}
}

// composedLenses puts above each mode of promptc.cue (and above custom:,
// when it names an example) a lens that opens its composed prompt, for the first model id of families.examples (the
// family of no model when there is none).
func composedLenses(sn *snapshot, prog *compiler.Program, uri string) []codeLens {
	model := ""
	if ids := sortedKeys(prog.Config.Families.Examples); len(ids) > 0 {
		model = ids[0]
	}
	out := []codeLens{}
	for _, m := range prog.Modes {
		at := sn.lspPos(sn.loaded.PosOfKeys("modes", m.Name))
		title := "composed prompt of " + m.Name
		if model != "" {
			title += " for " + model
		}
		spec := previewSpec{Config: uri, Mode: m.Name, Model: model, Profile: prog.Profile()}
		out = append(out, codeLens{Range: lspRange{at, at}, Command: &command{Title: title, Command: commandShowComposed, Arguments: []any{spec}}})
	}
	if c := prog.Config.Custom; c != nil && c.Example != "" {
		at := sn.lspPos(sn.loaded.PosOfKeys("custom"))
		title := "composed prompt of custom (from " + c.Example + ")"
		if model != "" {
			title += " for " + model
		}
		spec := previewSpec{Config: uri, Mode: compiler.CustomModeName, Model: model, Profile: prog.Profile()}
		out = append(out, codeLens{Range: lspRange{at, at}, Command: &command{Title: title, Command: commandShowComposed, Arguments: []any{spec}}})
	}
	return out
}

// definition goes from an include line to the file it names, and from
// promptc.cue to the file a path, a family name or a parts.NAME reference
// stands for.
func (s *Server) definition(cl *call, p *textDocumentPositionParams) any {
	ds, ok := s.docState(p.TextDocument.URI, cl)
	if !ok {
		return nil
	}
	line := lineOf(ds.text, p.Position.Line)
	if !ds.cfg {
		target, ok := include.IsInclude(line)
		if !ok || lineKind(ds.text, p.Position.Line) != markdown.Text {
			return nil
		}
		rel := include.ResolveIn(ds.sn.root, ds.rel, target)
		if _, ok := ds.sn.text(rel); !ok {
			return nil
		}
		return []location{{URI: ds.sn.uri(rel)}}
	}
	n, ok := cueAt([]byte(ds.text), p.Position.Line+1, byteCol(line, p.Position.Character)+1)
	if !ok {
		return nil
	}
	prog := ds.sn.prog()
	if x, sel, ok := selector(n.node); ok && (x == "parts" || x == "slots") {
		if x == "parts" && prog != nil {
			if f := prog.Config.Parts[sel].File; f != "" {
				return []location{{URI: ds.sn.uri(filepath.ToSlash(filepath.Clean(f)))}}
			}
		}
		if ds.sn.loaded != nil {
			pos := ds.sn.loaded.PosOfKeys(x, sel)
			return []location{ds.sn.locationAt(pos)}
		}
		return nil
	}
	if !n.isStr {
		return nil
	}
	path := n.path
	if prog != nil && len(path) >= 3 && path[0] == "families" && (path[1] == "examples" || path[1] == "rules" && path[len(path)-1] == "family") {
		if f := prog.Families[n.str]; f != nil && f.Path != "" {
			return []location{{URI: ds.sn.uri(f.Path)}}
		}
		return nil
	}
	rel, rerr := source.Clean(n.str)
	if rerr != nil {
		return nil
	}
	if _, ok := ds.sn.text(rel); ok {
		return []location{{URI: ds.sn.uri(rel)}}
	}
	return nil
}

// locationAt is the location of what starts at pos in promptc.cue (a
// position config.Loaded.PosOfKeys returns): the whole field, list
// element or reference, so that an editor highlights it. Where the text
// does not parse, the range is empty.
func (sn *snapshot) locationAt(pos diag.Position) location {
	start := sn.lspPos(pos)
	end := start
	text, _ := sn.text(pos.Path)
	line := sn.line(pos.Path, pos.Line)
	// PosOfKeys counts code points; the parser counts bytes.
	col := len(string([]rune(line)[:min(max(pos.Col-1, 0), utf8.RuneCountInString(line))])) + 1
	if n, ok := cueAt([]byte(text), pos.Line, col); ok {
		if e := n.node.End(); e.IsValid() && e.Line() >= pos.Line {
			eline := lineOf(text, e.Line()-1)
			b := min(max(e.Column()-1, 0), len(eline))
			end = position{Line: e.Line() - 1, Character: utf16Col(eline, utf8.RuneCountInString(eline[:b]))}
		}
	}
	return location{URI: sn.uri(pos.Path), Range: lspRange{start, end}}
}

// references lists, for an asset, every include line that names it, the
// part in promptc.cue whose file it is, and each mode's compose entry
// that sends text of it.
func (s *Server) references(cl *call, p *referenceParams) any {
	ds, ok := s.docState(p.TextDocument.URI, cl)
	if !ok || ds.cfg || ds.sn.loaded == nil {
		return []location{}
	}
	out := []location{}
	for _, in := range ds.sn.includeLines() {
		if in.target != ds.rel {
			continue
		}
		start := ds.sn.lspPos(diag.Position{Path: in.from, Line: in.line, Col: in.col})
		end := ds.sn.lspPos(diag.Position{Path: in.from, Line: in.line, Col: in.col + in.width})
		out = append(out, location{URI: ds.sn.uri(in.from), Range: lspRange{start, end}})
	}
	prog := ds.sn.prog()
	if prog == nil {
		return out
	}
	l := ds.sn.loaded
	for _, name := range sortedKeys(prog.Config.Parts) {
		if f := prog.Config.Parts[name].File; f != "" && filepath.ToSlash(filepath.Clean(f)) == ds.rel {
			out = append(out, ds.sn.locationAt(l.PosOfKeys("parts", name, "file")))
		}
	}
	for _, m := range prog.Modes {
		for i, ref := range m.Config.Compose {
			if ref.Kind == "part" && len(partShares(prog, ref.Name, ds.rel)) > 0 {
				out = append(out, ds.sn.locationAt(l.PosOfKeys("modes", m.Name, "compose", strconv.Itoa(i))))
			}
		}
	}
	return out
}
