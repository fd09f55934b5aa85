package lint

import (
	"cmp"
	"slices"
	"strings"

	"github.com/promptc/promptc/internal/diag"
	"github.com/promptc/promptc/lint/printer"
)

// Category groups rules by what they protect. Config lint.use and
// lint.except accept a category wherever they accept a rule ID.
type Category string

// The categories, in the order they are documented.
const (
	// Minimal rules find what makes promptc compose the wrong text or no
	// text at all. build refuses the same errors; every project should
	// pass them.
	Minimal Category = "MINIMAL"
	// Standard rules keep the assets tidy and reviewable: hygiene,
	// dead files and parts, resolution rules that no example exercises.
	Standard Category = "STANDARD"
	// Budget rules bound what every call costs: size ceilings and text
	// that defeats provider caching.
	Budget Category = "BUDGET"
	// Security rules find what must never reach a model or a log:
	// credentials, invisible and direction-changing characters, paths out
	// of the project.
	Security Category = "SECURITY"
	// Suppression rules check the inline ignore directives themselves.
	Suppression Category = "SUPPRESSION"
)

// CategoryInfo describes a category.
type CategoryInfo struct {
	Name    Category
	Summary string
}

var categories = []CategoryInfo{
	{Minimal, "Problems that make promptc compose the wrong text or none: configuration, reads, includes, family files, model resolution, the mode lattice, the operator guide and stale output. build refuses the same errors."},
	{Standard, "Hygiene and maintainability: white space, line endings, files and parts nothing uses, duplicated text, resolution rules and notes that no example exercises."},
	{Budget, "What each call costs: size ceilings on parts, sums and modes, and dynamic text that breaks provider caching."},
	{Security, "What must never reach a model or a log: credentials, invisible or direction-changing characters, paths that leave the project."},
	{Suppression, "The ignore directives themselves: each needs a known rule, a reason, and something to suppress."},
}

// Categories lists every category in documentation order.
func Categories() []CategoryInfo { return slices.Clone(categories) }

// IsCategory reports whether s names a category.
func IsCategory(s string) bool {
	return slices.ContainsFunc(categories, func(c CategoryInfo) bool { return string(c.Name) == s })
}

// Rule is one rule of the registry.
type Rule struct {
	// ID is the stable UPPER_SNAKE identifier printed with every finding
	// and used in ignores.
	ID string
	// Category groups the rule with related ones.
	Category Category
	// Severity is the severity the rule reports with.
	Severity diag.Severity
	// Summary says in one line what the rule checks and why.
	Summary string
	// Doc explains the rule: what is reported, why it matters, how to fix
	// it. Paragraphs are separated by blank lines.
	Doc string
	// Bad and Good are example projects in txtar form: "-- path --"
	// lines, each followed by that file's text (or the part of it that
	// matters).
	Bad, Good string
	// Compiler is the package of the module ("compiler/source") that
	// declares the rule's ID and reports its findings while compiling or
	// writing output, or "" for a rule only lint finds. Lint passes the
	// compiler's findings on; for such a rule it runs no check of its own
	// unless check is set too.
	Compiler string
	// check is how lint finds the rule's findings; nil for a rule only the
	// compiler reports.
	check check
}

// DocsURL is the address of the rules documentation; a rule's section is
// DocsURL + "#" + ID.
const DocsURL = "https://github.com/promptc/promptc/blob/main/docs/rules.md"

// HelpURI returns the documentation address of the rule.
func (r Rule) HelpURI() string { return DocsURL + "#" + r.ID }

// byID indexes registry, built once at package initialisation.
var byID = func() map[string]int {
	m := make(map[string]int, len(registry))
	for i, r := range registry {
		m[r.ID] = i
	}
	return m
}()

// Rules returns every rule, sorted by category (in documentation order),
// then by ID.
func Rules() []Rule {
	out := slices.Clone(registry)
	slices.SortFunc(out, func(a, b Rule) int {
		return cmp.Or(cmp.Compare(categoryIndex(a.Category), categoryIndex(b.Category)), cmp.Compare(a.ID, b.ID))
	})
	return out
}

func categoryIndex(c Category) int {
	return slices.IndexFunc(categories, func(ci CategoryInfo) bool { return ci.Name == c })
}

// Lookup returns the rule with the given ID.
func Lookup(id string) (Rule, bool) {
	if i, ok := byID[id]; ok {
		return registry[i], true
	}
	return Rule{}, false
}

// Suggest returns the registered ID closest to id (case-insensitively, by
// edit distance), or "" when none is close enough to be a likely typo.
func Suggest(id string) string { return suggest(id, false) }

// suggest is Suggest, considering category names too when categories is
// set.
func suggest(id string, withCategories bool) string {
	want := strings.ToUpper(id)
	if _, ok := Lookup(want); ok {
		return want
	}
	names := make([]string, 0, len(registry)+len(categories))
	for _, r := range registry {
		names = append(names, r.ID)
	}
	if withCategories {
		for _, c := range categories {
			names = append(names, string(c.Name))
		}
	}
	return diag.Closest(want, names, 3)
}

// RuleInfos returns the registry as printer metadata (for SARIF's
// tool.driver.rules), each rule linking to its section of the docs.
func RuleInfos() []printer.RuleInfo {
	out := make([]printer.RuleInfo, 0, len(registry))
	for _, r := range Rules() {
		out = append(out, printer.RuleInfo{
			ID:       r.ID,
			Category: string(r.Category),
			Summary:  r.Summary,
			Doc:      r.Doc,
			Severity: r.Severity,
			HelpURI:  r.HelpURI(),
		})
	}
	return out
}
