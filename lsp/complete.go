package lsp

import (
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/promptc/promptc/compiler/source"
	"github.com/promptc/promptc/internal/lazyre"
	"github.com/promptc/promptc/lint"
)

// maxItems bounds a completion list; a client filters it as the user
// types.
const maxItems = 500

var (
	// ignoreRE matches a directive being typed, up to the rule ID under
	// the cursor.
	ignoreRE = lazyre.New(`<!--\s*promptc:(?:file-)?ignore\s+(?:[A-Za-z0-9_]+,)*([A-Za-z0-9_]*)$`)
	// refRE matches parts.NAME or slots.NAME being typed in promptc.cue.
	refRE = lazyre.New(`\b(parts|slots)\.([A-Za-z0-9_]*)$`)
	// openStringRE matches the start of a string being typed after a
	// field that names a mode or a family.
	openStringRE = lazyre.New(`\b(defaultMode|order|family|fallback)\b[^"]*(?:"[^"]*"[^"]*)*"([A-Za-z0-9_.-]*)$`)
)

// triggerCharacters are the characters after which a client asks for
// completion unprompted: "@" starts an include line, "." follows parts
// and slots in promptc.cue. Every other place (a rule ID after
// promptc:ignore, a mode name in quotes) completes when the user asks, or
// as the client completes words; a space or a quote would send a request
// for nearly every word of prose.
var triggerCharacters = []string{"@", "."}

// completion offers include paths after "@" at the start of a line, rule
// IDs in a promptc:ignore directive, and in promptc.cue the names of
// parts and slots (after parts. and slots.), modes (defaultMode, order)
// and families (family, fallback). It runs on the message loop and never
// checks: the buffer's text says where the cursor is, and the names come
// from the last check that ran to its end (or none yet: then only include
// paths and rule IDs, which need no check).
func (s *Server) completion(_ *call, p *textDocumentPositionParams) any {
	ds, ok := s.lastState(p.TextDocument.URI)
	if !ok {
		return completionList{Items: []completionItem{}}
	}
	line := lineOf(ds.text, p.Position.Line)
	prefix := line[:byteCol(line, p.Position.Character)]
	// replace is the range of the word being typed, of n UTF-16 units
	// before the cursor.
	replace := func(word string) lspRange {
		start := p.Position
		start.Character -= utf16Col(word, len([]rune(word)))
		return lspRange{start, p.Position}
	}
	var items []completionItem
	add := func(label, detail string, kind int, word string) {
		if !strings.HasPrefix(strings.ToLower(label), strings.ToLower(word)) {
			return
		}
		r := replace(word)
		items = append(items, completionItem{Label: label, Kind: kind, Detail: detail, TextEdit: &textEdit{Range: r, NewText: label}})
	}
	if ds.cfg {
		sn := s.lastLoaded(ds.sn)
		if sn == nil {
			return completionList{Items: []completionItem{}}
		}
		c := sn.loaded.Config
		if m := refRE().FindStringSubmatch(prefix); m != nil {
			if m[1] == "parts" {
				for _, name := range sortedKeys(c.Parts) {
					add(name, c.Parts[name].Description, completionVariable, m[2])
				}
			} else {
				for _, name := range sortedKeys(c.Slots) {
					add(name, c.Slots[name].Description, completionVariable, m[2])
				}
			}
		} else if m := openStringRE().FindStringSubmatch(prefix); m != nil {
			if m[1] == "family" || m[1] == "fallback" {
				if prog := sn.prog(); prog != nil {
					for _, name := range prog.FamilyNames {
						add(name, prog.Families[name].Path, completionEnum, m[2])
					}
				}
			} else {
				for _, name := range sortedKeys(c.Modes) {
					add(name, c.Modes[name].Description, completionEnum, m[2])
				}
			}
		}
		return completionList{Items: nonNil(items)}
	}
	if m := ignoreRE().FindStringSubmatch(prefix); m != nil {
		for _, r := range lint.Rules() {
			if r.Category != lint.Suppression {
				add(r.ID, r.Summary, completionConstant, m[1])
			}
		}
		return completionList{Items: nonNil(items)}
	}
	t := strings.TrimLeft(prefix, " \t")
	if strings.HasPrefix(t, "@") && !strings.ContainsAny(t[1:], " \t@") {
		for _, target := range s.includeTargets(ds) {
			add(target, "", completionFile, t[1:])
			if len(items) == maxItems {
				return completionList{IsIncomplete: true, Items: items}
			}
		}
	}
	return completionList{Items: nonNil(items)}
}

// lastState is the state of an open document as completion reads it:
// the buffer's text, and the project's last finished check (a check with
// no result yet when none finished).
func (s *Server) lastState(uri string) (*docState, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	d := s.docs[uri]
	if d == nil || d.proj == nil {
		return nil, false
	}
	rel, ok := relTo(d.proj.root, d.path)
	if !ok {
		return nil, false
	}
	sn := d.proj.snap
	if sn == nil {
		sn = &snapshot{root: d.proj.root, cfg: filepath.Base(d.proj.file)}
	}
	return &docState{sn: sn, rel: rel, text: d.text, cfg: rel == sn.cfg}, true
}

func nonNil(items []completionItem) []completionItem {
	if items == nil {
		return []completionItem{}
	}
	return items
}

// lastLoaded returns sn when promptc.cue loaded, else the last check of
// the same project where it did: names stay completable while the file
// is half typed. It is nil when promptc.cue never loaded.
func (s *Server) lastLoaded(sn *snapshot) *snapshot {
	if sn.loaded != nil {
		return sn
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, p := range s.projects {
		if p.root == sn.root {
			return p.good
		}
	}
	return nil
}

// includeTargets lists the Markdown and text files of the project (open
// buffers included, hidden folders not), each written relative to the
// folder of the document, as an include line names it.
func (s *Server) includeTargets(ds *docState) []string {
	fsys, err := source.Open(ds.sn.root)
	if err != nil {
		return nil
	}
	defer fsys.Close()
	var files []string
	for _, glob := range []string{"**/*.md", "**/*.txt"} {
		m, _ := fsys.Glob(glob)
		files = append(files, m...)
	}
	for rel := range ds.sn.overlay {
		files = append(files, rel)
	}
	slices.Sort(files)
	files = slices.Compact(files)
	dir := path.Dir(ds.rel)
	var out []string
	for _, f := range files {
		if f == ds.rel || f == ds.sn.cfg {
			continue
		}
		out = append(out, relPath(dir, f))
	}
	return out
}

// relPath writes the project path target relative to the folder dir, with
// ".." where it climbs.
func relPath(dir, target string) string {
	if dir == "." {
		return target
	}
	d := strings.Split(dir, "/")
	t := strings.Split(target, "/")
	i := 0
	for i < len(d) && i < len(t)-1 && d[i] == t[i] {
		i++
	}
	return strings.Repeat("../", len(d)-i) + strings.Join(t[i:], "/")
}
