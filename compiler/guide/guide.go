// Package guide renders the operator guide: an authored template whose
// placeholders are filled from topic cards, checked against the docs it
// names so that the guide never points a model at a slash command, setting
// or doc file that does not exist.
package guide

import (
	"cmp"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/promptc/promptc/compiler/diag"
	"github.com/promptc/promptc/compiler/family"
	"github.com/promptc/promptc/compiler/include"
	"github.com/promptc/promptc/compiler/source"
	config "github.com/promptc/promptc/cue"
)

// Rule IDs reported while rendering the guide.
const (
	RulePlaceholder = "GUIDE_PLACEHOLDER"
	RuleCard        = "GUIDE_CARD"
	RuleReference   = "GUIDE_REFERENCE"
	RuleFrontmatter = "FRONTMATTER_SCHEMA"
)

// DefaultBudget is the guide's ceiling in characters when neither the part
// nor guide.budget sets one.
const DefaultBudget = 1500

// Card is a topic card.
type Card struct {
	Path    string
	Title   string `json:"title"`
	Summary string `json:"summary"`
	Order   int    `json:"order"`
	// Line is the line of the title in the card's frontmatter.
	Line int
}

var placeholderRE = regexp.MustCompile(`\{\{\s*([A-Za-z_][A-Za-z0-9_.-]*)\s*\}\}`)

// Render reads the template, the cards and the docs named by cfg and
// returns the guide's text with the origin of each line (template lines
// from the template, topic lines from their card), and every problem found.
// Includes in the template are expanded with lim when expand is true.
func Render(fs *source.FS, cfg *config.Guide, lim include.Limits, expand bool) ([]include.Span, []diag.Diagnostic) {
	var ds []diag.Diagnostic
	tf, err := fs.Read(cfg.Template)
	if err != nil {
		return nil, []diag.Diagnostic{readDiag(err, cfg.Template)}
	}
	var spans []include.Span
	if expand {
		r, eds := include.Expand(fs, cfg.Template, 1, 0, lim)
		ds = append(ds, eds...)
		spans = r.Spans
	} else {
		spans = include.Raw(tf, 1, 0)
	}
	// promptc's directive lines (<!-- promptc:ignore ... -->) are never sent,
	// so they cost no tokens and are not searched for references.
	spans = include.Filter(spans, family.IsDirective)
	cards, cds := loadCards(fs, cfg.Cards)
	ds = append(ds, cds...)
	docs, dds := loadDocs(fs, cfg.Docs)
	ds = append(ds, dds...)
	ds = append(ds, checkReferences(cfg, spans, docs)...)

	var out []include.Span
	include.EachLine(spans, func(line, path string, num int) bool {
		locs := placeholderRE.FindAllStringSubmatchIndex(line, -1)
		for _, loc := range locs {
			name := line[loc[2]:loc[3]]
			if name != "topics" {
				ds = append(ds, diag.Errorf(diag.Position{Path: path, Line: num, Col: utf8.RuneCountInString(line[:loc[0]]) + 1}, RulePlaceholder,
					"unknown placeholder {{%s}} in the operator guide template; the only placeholder is {{topics}}", name))
			}
		}
		if strings.TrimSpace(line) == "{{topics}}" {
			for _, c := range cards {
				out = append(out, include.Span{Text: "- " + c.Title + ": " + c.Summary + "\n", Path: c.Path, Line: c.Line})
			}
			return true
		}
		if strings.Contains(line, "{{topics}}") {
			var titles []string
			for _, c := range cards {
				titles = append(titles, c.Title)
			}
			line = strings.ReplaceAll(line, "{{topics}}", strings.Join(titles, ", "))
		}
		out = append(out, include.Span{Text: line + "\n", Path: path, Line: num})
		return true
	})
	return include.TrimBlank(out), ds
}

// loadCards reads every card and sorts them by order, then title, then path.
func loadCards(fs *source.FS, glob string) ([]Card, []diag.Diagnostic) {
	var ds []diag.Diagnostic
	paths, err := fs.Glob(glob)
	if err != nil {
		return nil, []diag.Diagnostic{diag.Errorf(diag.Position{Path: config.FileName}, RuleCard, "guide.cards %q: %v", glob, err)}
	}
	var cards []Card
	for _, p := range paths {
		f, err := fs.Read(p)
		if err != nil {
			ds = append(ds, readDiag(err, p))
			continue
		}
		fm, _, ok := config.SplitFrontmatter(f.Text)
		if !ok {
			ds = append(ds, diag.Errorf(diag.Position{Path: p, Line: 1, Col: 1}, RuleCard,
				"card has no frontmatter: start it with a --- line, title:, summary: and order:, and a closing --- line"))
			continue
		}
		c := Card{Path: p}
		if cds := config.DecodeFrontmatter(p, fm, "#Card", RuleCard, &c); len(cds) > 0 {
			ds = append(ds, cds...)
			continue
		}
		c.Line = keyLine(fm, "title")
		if strings.ContainsAny(c.Summary, "\n") {
			ds = append(ds, diag.Errorf(diag.Position{Path: p, Line: keyLine(fm, "summary"), Col: 1}, RuleCard, "card summary must be one line"))
		}
		cards = append(cards, c)
	}
	slices.SortFunc(cards, func(a, b Card) int {
		return cmp.Or(cmp.Compare(a.Order, b.Order), cmp.Compare(a.Title, b.Title), cmp.Compare(a.Path, b.Path))
	})
	return cards, ds
}

// keyLine finds the file line of a top-level key in frontmatter (the header
// starts on line 2), or 1 when absent.
func keyLine(fm config.Frontmatter, key string) int {
	for i, l := range strings.Split(fm.YAML, "\n") {
		if strings.HasPrefix(l, key+":") {
			return i + 2
		}
	}
	return 1
}

type doc struct {
	path string
	text string
}

func loadDocs(fs *source.FS, glob string) ([]doc, []diag.Diagnostic) {
	paths, err := fs.Glob(glob)
	if err != nil {
		return nil, []diag.Diagnostic{diag.Errorf(diag.Position{Path: config.FileName}, RuleReference, "guide.docs %q: %v", glob, err)}
	}
	var ds []diag.Diagnostic
	var docs []doc
	for _, p := range paths {
		f, err := fs.Read(p)
		if err != nil {
			ds = append(ds, readDiag(err, p))
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
		include.EachLine(spans, func(line, path string, num int) bool {
			for _, loc := range re.FindAllStringSubmatchIndex(line, -1) {
				start, end := loc[0], loc[1]
				if len(loc) >= 4 && loc[2] >= 0 {
					start, end = loc[2], loc[3]
				}
				value := line[start:end]
				if found(ref.In, value, docs) {
					continue
				}
				where := "is named in no docs file"
				if ref.In == "file" {
					where = "is not a docs file"
				}
				ds = append(ds, diag.Errorf(diag.Position{Path: path, Line: num, Col: utf8.RuneCountInString(line[:start]) + 1}, RuleReference,
					"%s reference %q %s (guide.docs: %s); document it there or fix the reference", kind, value, where, cfg.Docs))
			}
			return true
		})
	}
	return ds
}

func found(in, value string, docs []doc) bool {
	for _, d := range docs {
		if in == "file" && d.path == value {
			return true
		}
		if in == "text" && strings.Contains(d.text, value) {
			return true
		}
	}
	return false
}

func readDiag(err error, p string) diag.Diagnostic {
	if re, ok := err.(*source.ReadError); ok {
		return re.Diag
	}
	return diag.Errorf(diag.Position{Path: p}, RuleCard, "cannot read %s: %v", p, err)
}

// String describes a card for debugging.
func (c Card) String() string { return fmt.Sprintf("%s (%d) %s", c.Title, c.Order, c.Path) }
