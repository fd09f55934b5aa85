// Package guide renders the operator guide: an authored template whose
// placeholders are filled from topic cards, checked against the docs it
// names so that the guide never points a model at a slash command, setting
// or doc file that does not exist.
package guide

import (
	"cmp"
	"fmt"
	"path"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/promptc/promptc/compiler/frontmatter"
	"github.com/promptc/promptc/compiler/include"
	"github.com/promptc/promptc/compiler/source"
	"github.com/promptc/promptc/internal/config"
	"github.com/promptc/promptc/internal/diag"
	"github.com/promptc/promptc/internal/lazyre"
)

// Rule IDs reported while rendering the guide.
const (
	RulePlaceholder = "GUIDE_PLACEHOLDER"
	RuleCard        = "GUIDE_CARD"
	RuleReference   = "GUIDE_REFERENCE"
	RuleFrontmatter = "FRONTMATTER_SCHEMA"
)

// Card is a topic card.
type Card struct {
	Path    string
	Title   string `json:"title"`
	Summary string `json:"summary"`
	Order   int    `json:"order"`
	// Line is the line of the title in the card's frontmatter.
	Line int
}

var placeholderRE = lazyre.New(`\{\{\s*([A-Za-z_][A-Za-z0-9_.-]*)\s*\}\}`)

// Render reads the template, the cards and the docs named by cfg and
// returns the guide's text with the origin of each line (template lines
// from the template, topic lines from their card), and every problem found.
// Includes in the template are expanded with lim when expand is true. A
// placeholder for which keep reports true (a project placeholder, filled
// when the guide is composed) is left in the text. at gives the position
// in promptc.cue of a key path (config.Loaded.PosOfKeys), where a glob of
// cfg that cannot be read is reported.
func Render(fs *source.FS, cfg *config.Guide, lim include.Limits, expand bool, keep func(name string) bool, at func(keys ...string) diag.Position) ([]include.Span, []diag.Diagnostic) {
	var ds []diag.Diagnostic
	tf, err := fs.Read(cfg.Template)
	if err != nil {
		return nil, []diag.Diagnostic{source.ReadDiag(err, cfg.Template)}
	}
	var spans []include.Span
	if expand {
		r, eds := include.Expand(fs, cfg.Template, 1, 0, lim)
		ds = append(ds, eds...)
		spans = r.Spans
	} else {
		spans = include.Raw(tf, 1, 0)
	}
	// promptc's directive lines (<!-- promptc:ignore ... -->) are already
	// gone: Expand and Raw drop them, so they cost no tokens and are not
	// searched for references.
	cards, matched, cds := loadCards(fs, cfg.Cards, at("guide", "cards"))
	ds = append(ds, cds...)
	docs, dds := loadDocs(fs, cfg.Docs, at("guide", "docs"))
	ds = append(ds, dds...)
	ds = append(ds, checkReferences(cfg, spans, docs)...)

	var out []include.Span
	listsTopics := false
	include.EachLine(spans, func(line, path string, num int) bool {
		locs := placeholderRE().FindAllStringSubmatchIndex(line, -1)
		topics := 0
		for _, loc := range locs {
			name := line[loc[2]:loc[3]]
			if name == "topics" {
				topics++
				listsTopics = true
				continue
			}
			if keep != nil && keep(name) && line[loc[0]:loc[1]] == "{{"+name+"}}" {
				continue
			}
			ds = append(ds, diag.Errorf(diag.Position{Path: path, Line: num, Col: utf8.RuneCountInString(line[:loc[0]]) + 1}, RulePlaceholder,
				"unknown placeholder {{%s}} in the operator guide template; the guide's own placeholder is {{topics}}, and project placeholders must be declared in promptc.cue", name))
		}
		if topics == 0 {
			out = append(out, include.Span{Text: line + "\n", Path: path, Line: num})
			return true
		}
		// A line that is only the placeholder becomes one line per card;
		// elsewhere the placeholder becomes the titles, comma-separated.
		if len(locs) == 1 && strings.TrimSpace(line) == line[locs[0][0]:locs[0][1]] {
			for _, c := range cards {
				out = append(out, include.Span{Text: "- " + c.Title + ": " + c.Summary + "\n", Path: c.Path, Line: c.Line})
			}
			return true
		}
		var titles []string
		for _, c := range cards {
			titles = append(titles, c.Title)
		}
		line = placeholderRE().ReplaceAllStringFunc(line, func(m string) string {
			if placeholderRE().FindStringSubmatch(m)[1] == "topics" {
				return strings.Join(titles, ", ")
			}
			return m
		})
		out = append(out, include.Span{Text: line + "\n", Path: path, Line: num})
		return true
	})
	if listsTopics && !matched {
		// A glob that matches nothing is a typo more often than a guide
		// meant to list no topic.
		ds = append(ds, diag.Errorf(at("guide", "cards"), RuleCard, "guide.cards %q matches no file, so the guide's {{topics}} lists no topics; fix the glob, or add a card (a Markdown file with title and summary in its frontmatter)", cfg.Cards))
	}
	return include.TrimBlank(out), ds
}

// loadCards reads every card and sorts them by order, then title, then
// path; a glob that cannot be read is reported at pos. matched reports
// whether the glob matched a file, or a link out of the project (which is
// reported as such).
func loadCards(fs *source.FS, glob string, pos diag.Position) (cards []Card, matched bool, ds []diag.Diagnostic) {
	paths, outside, err := fs.GlobOutside(glob)
	for _, link := range outside {
		ds = append(ds, source.OutsideLinkDiag(link, fmt.Sprintf("the glob guide.cards %q", glob)))
	}
	if err != nil {
		return nil, true, append(ds, diag.Errorf(pos, RuleCard, "guide.cards %q: %v", glob, err))
	}
	matched = len(paths) > 0 || len(outside) > 0
	for _, p := range paths {
		f, err := fs.Read(p)
		if err != nil {
			ds = append(ds, source.ReadDiag(err, p))
			continue
		}
		fm, _, ok := frontmatter.Split(f.Text)
		if !ok {
			ds = append(ds, diag.Errorf(diag.Position{Path: p, Line: 1, Col: 1}, RuleCard,
				"card has no frontmatter: start it with a --- line, title:, summary: and order:, and a closing --- line"))
			continue
		}
		c := Card{Path: p}
		if cds := frontmatter.Refuse(p, fm, RuleCard); cds != nil {
			ds = append(ds, cds...)
			continue
		}
		if cds := frontmatter.DecodeHeader(p, fm, "#Card", RuleCard, &c); len(cds) > 0 {
			ds = append(ds, cds...)
			continue
		}
		tree, _ := frontmatter.Parse(p, f.Text)
		c.Line = tree.Pos([]string{"title"}).Line
		// A block scalar (summary: >) ends with a newline that is not part
		// of the text.
		c.Title = strings.TrimSpace(c.Title)
		c.Summary = strings.TrimSpace(c.Summary)
		usable := true
		for _, k := range []struct{ key, val string }{{"title", c.Title}, {"summary", c.Summary}} {
			switch {
			case k.val == "":
				ds = append(ds, diag.Errorf(tree.Pos([]string{k.key}), RuleCard, "card %s is blank", k.key))
				usable = false
			case strings.ContainsAny(k.val, "\r\n"):
				ds = append(ds, diag.Errorf(tree.Pos([]string{k.key}), RuleCard, "card %s must be one line", k.key))
				usable = false
			}
		}
		if usable {
			cards = append(cards, c)
		}
	}
	slices.SortFunc(cards, func(a, b Card) int {
		return cmp.Or(cmp.Compare(a.Order, b.Order), cmp.Compare(a.Title, b.Title), cmp.Compare(a.Path, b.Path))
	})
	return cards, matched, ds
}

// doc is a file of guide.docs: its path and text.
type doc struct {
	path string
	text string
}

// loadDocs reads every file glob matches; a glob that cannot be read is
// reported at pos.
func loadDocs(fs *source.FS, glob string, pos diag.Position) ([]doc, []diag.Diagnostic) {
	var ds []diag.Diagnostic
	paths, outside, err := fs.GlobOutside(glob)
	for _, link := range outside {
		ds = append(ds, source.OutsideLinkDiag(link, fmt.Sprintf("the glob guide.docs %q", glob)))
	}
	if err != nil {
		return nil, append(ds, diag.Errorf(pos, RuleReference, "guide.docs %q: %v", glob, err))
	}
	var docs []doc
	for _, p := range paths {
		f, err := fs.Read(p)
		if err != nil {
			ds = append(ds, source.ReadDiag(err, p))
			continue
		}
		docs = append(docs, doc{p, f.Text})
	}
	return docs, ds
}

// checkReferences finds every reference of every configured kind in the
// template (code spans included) and reports those the docs lack.
func checkReferences(cfg *config.Guide, spans []include.Span, docs []doc) []diag.Diagnostic {
	var ds []diag.Diagnostic
	kinds := slices.Sorted(func(yield func(string) bool) {
		for k := range cfg.References {
			if !yield(k) {
				return
			}
		}
	})
	for _, kind := range kinds {
		ref := cfg.References[kind]
		re, err := regexp.Compile(ref.Pattern)
		if err != nil {
			continue // reported by the config checks
		}
		var named map[string]bool // the values the docs name, for "text"
		if ref.In == "text" {
			named = map[string]bool{}
			for _, d := range docs {
				for _, line := range strings.Split(d.text, "\n") {
					for _, v := range matches(re, line) {
						named[line[v[0]:v[1]]] = true
					}
				}
			}
		}
		include.EachLine(spans, func(line, path string, num int) bool {
			for _, v := range matches(re, line) {
				start, end := v[0], v[1]
				value := line[start:end]
				if found(ref.In, value, docs, named) {
					continue
				}
				where := "is named in no docs file"
				if ref.In == "file" {
					where = "is not a docs file"
				}
				ds = append(ds, diag.Diagnostic{
					Pos:      diag.Position{Path: path, Line: num, Col: utf8.RuneCountInString(line[:start]) + 1},
					End:      diag.Position{Path: path, Line: num, Col: utf8.RuneCountInString(line[:end]) + 1},
					Rule:     RuleReference,
					Severity: diag.Error,
					Message:  fmt.Sprintf("%s reference %q %s (guide.docs: %s); document it there or fix the reference", kind, value, where, cfg.Docs),
				})
			}
			return true
		})
	}
	return ds
}

// matches returns the byte ranges of the references re finds in line: the
// first capture group when the pattern has one and it took part in the
// match, else the whole match. Empty matches are no reference.
func matches(re *regexp.Regexp, line string) [][2]int {
	var out [][2]int
	for _, loc := range re.FindAllStringSubmatchIndex(line, -1) {
		start, end := loc[0], loc[1]
		if len(loc) >= 4 && loc[2] >= 0 {
			start, end = loc[2], loc[3]
		}
		if start < end {
			out = append(out, [2]int{start, end})
		}
	}
	return out
}

// found reports whether the docs hold value: for "file", a docs file with
// that path; for "text", a docs file naming it, that is where the kind's
// own pattern finds exactly that value (so /mode is not found in a doc
// that names only /model, nor /settings inside docs/settings.md).
func found(in, value string, docs []doc, named map[string]bool) bool {
	switch in {
	case "file":
		p := path.Clean(value)
		for _, d := range docs {
			if d.path == p {
				return true
			}
		}
	case "text":
		return named[value]
	}
	return false
}

// String describes a card for debugging.
func (c Card) String() string { return fmt.Sprintf("%s (%d) %s", c.Title, c.Order, c.Path) }
