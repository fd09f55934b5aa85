package lsp

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/promptc/promptc/compiler"
	"github.com/promptc/promptc/compiler/family"
	"github.com/promptc/promptc/compiler/include"
	"github.com/promptc/promptc/compiler/markdown"
)

// What the hovers, lenses and references know about a file: where its
// text is sent, and which include lines reach it. All of it is read from
// the compiled Program (the spans of every part and family section record
// the file of each line), never worked out again from the text.

// share is what one file contributes to one part as a mode sends it.
type share struct {
	part string
	// section names the family section for a family part ("line",
	// "body", or the note's label), "" for other parts.
	section string
	chars   int
	text    string
}

// modeShare is what a file contributes to one mode.
type modeShare struct {
	mode   string
	shares []share
}

func (m modeShare) chars() int {
	n := 0
	for _, s := range m.shares {
		n += s.chars
	}
	return n
}

// tokens counts the file's share of the mode as promptc show and costs
// count a mode: section by section, each share on its own (a token
// counter rounds per text, so counting the shares joined would differ).
func (m modeShare) tokens(p *compiler.Program) int {
	n := 0
	for _, s := range m.shares {
		n += p.Counter.Count(s.text)
	}
	return n
}

// fromFile returns the text of the spans that come from file rel, as
// sent: the newline that ends the last span of a part is not sent
// (include.Text), so it is not counted either.
func fromFile(spans []include.Span, rel string) (string, bool) {
	var b strings.Builder
	found := false
	for _, sp := range spans {
		if sp.Path == rel {
			b.WriteString(sp.Text)
			found = true
		}
	}
	t := b.String()
	if found && spans[len(spans)-1].Path == rel {
		t = strings.TrimSuffix(t, "\n")
	}
	return t, found
}

// familiesOf returns the families whose text includes file rel, by name.
func familiesOf(p *compiler.Program, rel string) []*family.Family {
	var out []*family.Family
	for _, name := range p.FamilyNames {
		if f := p.Families[name]; f != nil && slices.Contains(f.Files, rel) {
			out = append(out, f)
		}
	}
	return out
}

// partShares returns what rel contributes to the part called name: one
// share for a file or generated part; for a family part, one per family
// section it is in (the longest note, for notes, as budgets count).
func partShares(p *compiler.Program, name, rel string) []share {
	cp := p.Config.Parts[name]
	if cp.Family == "" {
		part := p.Parts[name]
		if part == nil {
			return nil
		}
		if t, ok := fromFile(part.Spans, rel); ok {
			return []share{{part: name, chars: utf8.RuneCountInString(t), text: t}}
		}
		return nil
	}
	var out []share
	for _, f := range familiesOf(p, rel) {
		var best *share
		consider := func(section string, spans []include.Span) {
			if t, ok := fromFile(spans, rel); ok {
				s := share{part: name, section: f.Name + " " + section, chars: utf8.RuneCountInString(t), text: t}
				if best == nil || s.chars > best.chars {
					best = &s
				}
			}
		}
		switch cp.Family {
		case "line":
			consider("line", f.Line.Spans)
		case "body":
			consider("body", f.Body.Spans)
		case "note":
			for _, n := range f.Notes {
				consider(fmt.Sprintf("note %q", n.Label), n.Spans)
			}
		}
		if best != nil {
			out = append(out, *best)
		}
	}
	return out
}

// modeShares returns, for each mode in lattice order, what rel
// contributes to it; modes it contributes nothing to are left out.
func modeShares(p *compiler.Program, rel string) []modeShare {
	var out []modeShare
	for _, m := range p.Modes {
		ms := modeShare{mode: m.Name}
		for _, ref := range m.Config.Compose {
			if ref.Kind == "part" {
				ms.shares = append(ms.shares, partShares(p, ref.Name, rel)...)
			}
		}
		if len(ms.shares) > 0 {
			out = append(out, ms)
		}
	}
	return out
}

// includeLine is an include line of a project file.
type includeLine struct {
	from   string // the including file
	line   int    // 1-based
	col    int    // 1-based code-point column of "@"
	width  int    // code points of the trimmed line
	target string // the resolved project path
}

// includeLines returns every include line of every file read (in any
// profile, the editor's text for open files), sorted by file and line.
func (sn *snapshot) includeLines() []includeLine {
	if sn.loaded == nil || !sn.loaded.Config.Includes.Enabled {
		return nil
	}
	files := map[string]bool{}
	for _, p := range sn.progs {
		for rel := range p.Files {
			files[rel] = true
		}
	}
	var out []includeLine
	for _, rel := range slices.Sorted(maps.Keys(files)) {
		text, _ := sn.text(rel)
		out = append(out, scanIncludes(sn.root, rel, text)...)
	}
	return out
}

// scanIncludes returns the include lines of the file rel of the project
// at root, each target resolved as build resolves it (a path that climbs
// out of the root and lands back inside names the file inside).
func scanIncludes(root, rel, text string) []includeLine {
	if !strings.Contains(text, "@") {
		return nil
	}
	var out []includeLine
	for _, ln := range markdown.Scan([]byte(text)) {
		if ln.Kind != markdown.Text {
			continue
		}
		raw := strings.TrimSuffix(text[ln.Start:ln.End], "\r")
		if target, ok := include.IsInclude(raw); ok {
			lead := len(raw) - len(strings.TrimLeft(raw, " \t"))
			out = append(out, includeLine{from: rel, line: int(ln.Num), col: lead + 1,
				width: utf8.RuneCountInString(strings.Trim(raw, " \t")), target: include.ResolveIn(root, rel, target)})
		}
	}
	return out
}

// chain returns the shortest chain of include lines that reaches rel from
// a file no include line names (a part's or family's own file, a guide
// card): that file first, rel last. It is nil when no include line names
// rel.
func chain(incs []includeLine, rel string) []string {
	parents := map[string][]string{}
	for _, in := range incs {
		parents[in.target] = append(parents[in.target], in.from)
	}
	if len(parents[rel]) == 0 {
		return nil
	}
	prev := map[string]string{rel: ""}
	queue := []string{rel}
	for len(queue) > 0 {
		cur := queue[0]
		queue = queue[1:]
		if len(parents[cur]) == 0 {
			var out []string
			for n := cur; n != ""; n = prev[n] {
				out = append(out, n)
			}
			return out
		}
		for _, par := range parents[cur] {
			if _, seen := prev[par]; !seen {
				prev[par] = cur
				queue = append(queue, par)
			}
		}
	}
	return nil
}

// sortedKeys returns the keys of m in order.
func sortedKeys[V any](m map[string]V) []string { return slices.Sorted(maps.Keys(m)) }
