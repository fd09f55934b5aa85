package lint

import (
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"slices"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/promptc/promptc/internal/diag"
)

// WriteList writes every rule as an aligned table: ID, category, severity
// and summary, one rule a line, sorted as Rules sorts them.
func WriteList(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, r := range Rules() {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", r.ID, r.Category, r.Severity, r.Summary)
	}
	return tw.Flush()
}

type jsonRule struct {
	ID       string `json:"id"`
	Category string `json:"category"`
	Severity string `json:"severity"`
	Summary  string `json:"summary"`
	Doc      string `json:"doc"`
	Bad      string `json:"bad"`
	Good     string `json:"good"`
	HelpURI  string `json:"helpUri"`
}

type jsonCategory struct {
	Name    string `json:"name"`
	Summary string `json:"summary"`
}

func toJSON(r Rule) jsonRule {
	return jsonRule{r.ID, string(r.Category), r.Severity.String(), r.Summary, r.Doc, r.Bad, r.Good, r.HelpURI()}
}

// WriteListJSON writes {"categories": [...], "rules": [...]}, indented by
// two spaces.
func WriteListJSON(w io.Writer) error {
	var out struct {
		Categories []jsonCategory `json:"categories"`
		Rules      []jsonRule     `json:"rules"`
	}
	for _, c := range categories {
		out.Categories = append(out.Categories, jsonCategory{string(c.Name), c.Summary})
	}
	for _, r := range Rules() {
		out.Rules = append(out.Rules, toJSON(r))
	}
	return writeJSON(w, out)
}

// WriteExplainJSON writes one rule as a JSON object.
func WriteExplainJSON(w io.Writer, r Rule) error { return writeJSON(w, toJSON(r)) }

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// WriteExplain writes a rule's documentation for a terminal: the header,
// the doc text wrapped at 80 columns, the bad and good examples and the
// address of its section in docs/rules.md.
func WriteExplain(w io.Writer, r Rule) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%s (category %s, %s)\n\n", r.ID, r.Category, r.Severity)
	b.WriteString(wrap(r.Summary, 80))
	b.WriteString("\n")
	for _, para := range strings.Split(r.Doc, "\n\n") {
		b.WriteString("\n")
		b.WriteString(wrap(para, 80))
		b.WriteString("\n")
	}
	for _, ex := range []struct{ title, text string }{{"Bad:", r.Bad}, {"Good:", r.Good}} {
		fmt.Fprintf(&b, "\n%s\n", ex.title)
		for _, l := range strings.Split(strings.TrimRight(ex.text, "\n"), "\n") {
			b.WriteString(strings.TrimRight("    "+l, " "))
			b.WriteString("\n")
		}
	}
	fmt.Fprintf(&b, "\nDocumentation: %s\n", r.HelpURI())
	_, err := io.WriteString(w, b.String())
	return err
}

// wrap breaks text into lines of at most width columns at spaces.
func wrap(text string, width int) string {
	var b strings.Builder
	n := 0
	for _, word := range strings.Fields(text) {
		l := len([]rune(word))
		if n > 0 && n+1+l > width {
			b.WriteByte('\n')
			n = 0
		} else if n > 0 {
			b.WriteByte(' ')
			n++
		}
		b.WriteString(word)
		n += l
	}
	return b.String()
}

// ConfigIgnore returns a lint.ignoreOnly block for promptc.cue that
// silences every finding in ds the lint section may suppress
// (suppressionOf): for each rule, the files it reports in. The findings it
// cannot silence follow as comments, one per rule and file, saying what
// to do instead. It returns "" for no findings. Glob metacharacters in
// paths are escaped.
func ConfigIgnore(ds []diag.Diagnostic) string {
	paths := map[string]map[string]bool{}
	kept := map[string]map[string]bool{}
	for _, d := range ds {
		m := paths
		if suppressionOf(d.Rule) >= suppressInPlace {
			m = kept
		}
		if m[d.Rule] == nil {
			m[d.Rule] = map[string]bool{}
		}
		m[d.Rule][d.Pos.Path] = true
	}
	if len(paths) == 0 && len(kept) == 0 {
		return ""
	}
	var b strings.Builder
	if len(paths) > 0 {
		b.WriteString("// Silences the current findings; add it to promptc.cue (merging it with an\n")
		b.WriteString("// existing lint.ignoreOnly by hand) and remove entries as they are fixed.\n")
		b.WriteString("lint: ignoreOnly: {\n")
		for _, r := range slices.Sorted(maps.Keys(paths)) {
			ps := make([]string, 0, len(paths[r]))
			for p := range paths[r] {
				ps = append(ps, strconv.Quote(escapeGlob(p)))
			}
			sort.Strings(ps)
			fmt.Fprintf(&b, "\t%s: [%s]\n", r, strings.Join(ps, ", "))
		}
		b.WriteString("}\n")
	}
	for _, r := range slices.Sorted(maps.Keys(kept)) {
		for _, p := range slices.Sorted(maps.Keys(kept[r])) {
			fmt.Fprintf(&b, "// Not silenced: %s in %s %s\n", r, p, Suppressible(r))
		}
	}
	return b.String()
}

// escapeGlob escapes the doublestar metacharacters of a literal path.
func escapeGlob(p string) string {
	var b strings.Builder
	for _, r := range p {
		if strings.ContainsRune(`*?[]{}\`, r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}
