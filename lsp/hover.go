package lsp

import (
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/promptc/promptc/compiler"
	"github.com/promptc/promptc/compiler/family"
	"github.com/promptc/promptc/compiler/include"
	"github.com/promptc/promptc/compiler/markdown"
	"github.com/promptc/promptc/internal/config"
)

// docState is what a request about one document reads: the project's
// current check and the document's text as the editor holds it.
type docState struct {
	sn   *snapshot
	rel  string // project path
	text string
	// cfg is set for promptc.cue itself.
	cfg bool
}

// docState returns the state of the document at uri, from a check that
// saw every edit received before the request cl (see Server.refresh);
// ok is false outside any project, or when the request was cancelled.
func (s *Server) docState(uri string, cl *call) (*docState, bool) {
	path, ok := uriPath(uri)
	if !ok {
		return nil, false
	}
	s.mu.Lock()
	d := s.docs[uri]
	s.mu.Unlock()
	var proj *project
	if d != nil {
		proj = d.proj
	} else {
		proj = s.findProject(path)
	}
	if proj == nil {
		return nil, false
	}
	rel, ok := relTo(proj.root, path)
	if !ok {
		return nil, false
	}
	sn := s.refresh(proj, cl)
	if sn == nil {
		return nil, false
	}
	text, ok := sn.text(rel)
	if !ok {
		return nil, false
	}
	return &docState{sn: sn, rel: rel, text: text, cfg: rel == sn.cfg}, true
}

// lineKind returns the Markdown block kind of line i (0-based) of text.
func lineKind(text string, i int) markdown.Kind {
	lines := markdown.Scan([]byte(text))
	if i < 0 || i >= len(lines) {
		return markdown.Text
	}
	return lines[i].Kind
}

func (s *Server) hover(cl *call, p *textDocumentPositionParams) any {
	ds, ok := s.docState(p.TextDocument.URI, cl)
	if !ok {
		return nil
	}
	prog := ds.sn.prog()
	stale := ""
	if prog == nil {
		// promptc.cue does not load (it is being typed): the last version
		// that did still says what each file sends, marked as such.
		if good := s.lastLoaded(ds.sn); good != nil && good.prog() != nil {
			prog = good.prog()
			stale = "_" + ds.sn.cfg + " does not load now (see its findings): this is from the last version that did._\n\n"
		} else {
			return hover{Contents: markupContent{Kind: "markdown", Value: "_" + ds.sn.cfg + " does not load (see its findings): sizes and tokens show once it does._\n"}}
		}
	}
	var md string
	if ds.cfg {
		md = hoverConfig(ds, prog, p.Position)
	} else {
		line := lineOf(ds.text, p.Position.Line)
		if target, ok := include.IsInclude(line); ok && lineKind(ds.text, p.Position.Line) == markdown.Text {
			md = hoverInclude(ds, prog, include.ResolveIn(ds.sn.root, ds.rel, target))
		} else if n, f := noteAt(prog, ds.rel, p.Position.Line+1); n >= 0 {
			md = hoverNote(prog, f, n)
		} else {
			md = hoverFile(prog, ds.rel)
		}
	}
	if md == "" {
		return nil
	}
	return hover{Contents: markupContent{Kind: "markdown", Value: stale + md}}
}

// hoverInclude describes the file an include line names: its path, its
// size, and the chain of includes that reaches the including file.
func hoverInclude(ds *docState, prog *compiler.Program, target string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "**@include** `%s`\n\n", target)
	if text, ok := ds.sn.text(target); ok {
		size := len(text)
		for _, p := range ds.sn.progs {
			if f := p.Files[target]; f != nil {
				size = f.Size
				break
			}
		}
		fmt.Fprintf(&b, "%s bytes · %s characters · %s tokens (%s)\n\n", compiler.Thousands(size),
			compiler.Thousands(utf8.RuneCountInString(text)), compiler.Thousands(prog.Counter.Count(text)), prog.Counter.Name())
	} else {
		b.WriteString("not read: see the finding on this line\n\n")
	}
	path := append(chain(ds.sn.includeLines(), ds.rel), target)
	if len(path) == 1 {
		path = []string{ds.rel, target}
	}
	b.WriteString("reached by: " + strings.Join(quoteAll(path), " → ") + "\n")
	return b.String()
}

func quoteAll(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = "`" + s + "`"
	}
	return out
}

// noteAt returns the index of the model note whose marker is on line num
// of the family file rel, and the family, or -1.
func noteAt(prog *compiler.Program, rel string, num int) (int, *family.Family) {
	for _, name := range prog.FamilyNames {
		f := prog.Families[name]
		if f == nil || f.Path != rel {
			continue
		}
		for i, n := range f.Notes {
			if n.Pos.Line == num {
				return i, f
			}
		}
	}
	return -1, nil
}

// hoverNote lists the example ids whose model note is note n of f, as the
// compiler selects it.
func hoverNote(prog *compiler.Program, f *family.Family, n int) string {
	note := f.Notes[n]
	var ids []string
	for _, id := range slices.Sorted(maps.Keys(prog.Config.Families.Examples)) {
		if g, i := prog.FamilyFor(id); g != nil && g.Name == f.Name && i == n {
			ids = append(ids, "`"+id+"`")
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "**model note** %q `%s` of family %s\n\n", note.Label, note.Literal, f.Name)
	t := note.Text()
	fmt.Fprintf(&b, "%s characters · %s tokens (%s)\n\n", compiler.Thousands(utf8.RuneCountInString(t)), compiler.Thousands(prog.Counter.Count(t)), prog.Counter.Name())
	if len(ids) == 0 {
		b.WriteString("decides no example id of families.examples\n")
	} else {
		fmt.Fprintf(&b, "decides %d example %s: %s\n", len(ids), plural(len(ids), "id", "ids"), strings.Join(ids, ", "))
	}
	return b.String()
}

// hoverFile describes what an asset sends: characters and tokens in each
// mode that sends it, by part, and the headroom left in each part budget.
func hoverFile(prog *compiler.Program, rel string) string {
	shares := modeShares(prog, rel)
	var b strings.Builder
	fmt.Fprintf(&b, "**%s**\n\n", rel)
	if len(shares) == 0 {
		b.WriteString("sent in no mode\n")
		return b.String()
	}
	b.WriteString("| mode | characters | tokens | parts |\n| --- | ---: | ---: | --- |\n")
	for _, ms := range shares {
		var parts []string
		for _, sh := range ms.shares {
			name := sh.part
			if sh.section != "" {
				name += " (" + sh.section + ")"
			}
			parts = append(parts, name)
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s |\n", ms.mode, compiler.Thousands(ms.chars()), compiler.Thousands(ms.tokens(prog)), strings.Join(parts, ", "))
	}
	fmt.Fprintf(&b, "\ntokens counted as %s\n", prog.Counter.Name())
	if h := headroom(prog, rel); h != "" {
		b.WriteString("\n" + h)
	}
	return b.String()
}

// headroom describes each budgeted part rel is sent in: its size, its
// budget and what is left.
func headroom(prog *compiler.Program, rel string) string {
	var b strings.Builder
	for _, name := range slices.Sorted(maps.Keys(prog.Config.Parts)) {
		lim, ok := prog.PartBudget(name)
		if !ok {
			continue
		}
		cp := prog.Config.Parts[name]
		var size int
		var what string
		if cp.Family == "" {
			part := prog.Parts[name]
			if part == nil {
				continue
			}
			if _, in := fromFile(part.Spans, rel); !in {
				continue
			}
			size, what = prog.Measure(lim, part.Text), "part "+name
		} else {
			sh := partShares(prog, name, rel)
			if len(sh) == 0 {
				continue
			}
			// The family section as a whole, not only rel's lines.
			size, what = familySize(prog, lim, cp.Family, sh[0].section), "part "+name+" ("+sh[0].section+")"
		}
		limit, unit := lim.Chars, "characters"
		if lim.Tokens > 0 {
			limit, unit = lim.Tokens, "tokens"
		}
		left := limit - size
		state := fmt.Sprintf("%s left", compiler.Thousands(left))
		if left < 0 {
			state = fmt.Sprintf("**%s over**", compiler.Thousands(-left))
		}
		fmt.Fprintf(&b, "- %s: %s of %s %s, %s\n", what, compiler.Thousands(size), compiler.Thousands(limit), unit, state)
	}
	if b.Len() == 0 {
		return ""
	}
	return "budgets:\n\n" + b.String()
}

// familySize measures the family section named by section ("claude line",
// `claude note "Opus"`) in lim's unit.
func familySize(prog *compiler.Program, lim config.Limit, kind, section string) int {
	name, rest, _ := strings.Cut(section, " ")
	f := prog.Families[name]
	if f == nil {
		return 0
	}
	switch kind {
	case "line":
		return prog.Measure(lim, f.Line.Text())
	case "body":
		return prog.Measure(lim, f.Body.Text())
	}
	for _, n := range f.Notes {
		if rest == fmt.Sprintf("note %q", n.Label) {
			return prog.Measure(lim, n.Text())
		}
	}
	return 0
}

// hoverConfig describes the value under the cursor in promptc.cue: for a
// family rule, the example ids it decides; for a part, what it sends.
func hoverConfig(ds *docState, prog *compiler.Program, pos position) string {
	line := lineOf(ds.text, pos.Line)
	n, ok := cueAt([]byte(ds.text), pos.Line+1, byteCol(line, pos.Character)+1)
	if !ok {
		return ""
	}
	path := n.path
	switch {
	case len(path) >= 3 && path[0] == "families" && path[1] == "rules":
		i, err := strconv.Atoi(path[2])
		if err != nil {
			return ""
		}
		return hoverRule(prog, i)
	case len(path) >= 2 && path[0] == "parts":
		if f := prog.Config.Parts[path[1]].File; f != "" {
			return hoverFile(prog, filepath.ToSlash(filepath.Clean(f)))
		}
	}
	return ""
}

// hoverRule lists the example ids that rule i of families.rules decides,
// as promptc resolve decides them.
func hoverRule(prog *compiler.Program, i int) string {
	var ids []string
	for _, id := range slices.Sorted(maps.Keys(prog.Config.Families.Examples)) {
		if r := prog.Resolver.Resolve(id); r.Rule == i {
			ids = append(ids, fmt.Sprintf("`%s` (%s)", id, r.Why()))
		}
	}
	var b strings.Builder
	if i < len(prog.Config.Families.Rules) {
		fmt.Fprintf(&b, "**rule %d** → family %s\n\n", i, prog.Config.Families.Rules[i].Family)
	}
	if len(ids) == 0 {
		b.WriteString("decides no example id of families.examples\n")
		return b.String()
	}
	fmt.Fprintf(&b, "decides %d example %s:\n\n", len(ids), plural(len(ids), "id", "ids"))
	for _, id := range ids {
		b.WriteString("- " + id + "\n")
	}
	return b.String()
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
