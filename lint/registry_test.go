package lint_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/promptc/promptc/lint"
)

var upperSnake = regexp.MustCompile(`^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$`)

// TestRegistryEntries checks that every rule is complete: a well-formed
// unique ID, a known category, a one-line summary, a doc text, and bad and
// good examples that are txtar archives of at least one file.
func TestRegistryEntries(t *testing.T) {
	seen := map[string]bool{}
	for _, r := range lint.Rules() {
		if !upperSnake.MatchString(r.ID) {
			t.Errorf("%q is not an UPPER_SNAKE ID", r.ID)
		}
		if seen[r.ID] {
			t.Errorf("%s is registered twice", r.ID)
		}
		seen[r.ID] = true
		if !lint.IsCategory(string(r.Category)) {
			t.Errorf("%s: unknown category %q", r.ID, r.Category)
		}
		if r.Summary == "" || strings.Contains(r.Summary, "\n") || !strings.HasSuffix(r.Summary, ".") {
			t.Errorf("%s: the summary must be one sentence on one line: %q", r.ID, r.Summary)
		}
		if len(r.Doc) < 80 {
			t.Errorf("%s: the doc text is too short to explain the rule", r.ID)
		}
		for name, ex := range map[string]string{"bad": r.Bad, "good": r.Good} {
			a := txtar.Parse([]byte(ex))
			if len(a.Files) == 0 || strings.TrimSpace(string(a.Comment)) != "" {
				t.Errorf("%s: the %s example must be -- path -- sections only", r.ID, name)
			}
		}
		if r.Bad == r.Good {
			t.Errorf("%s: the bad and good examples are the same", r.ID)
		}
	}
	for _, c := range lint.Categories() {
		n := 0
		for _, r := range lint.Rules() {
			if r.Category == c.Name {
				n++
			}
		}
		if n == 0 {
			t.Errorf("category %s has no rules", c.Name)
		}
	}
}

func TestSuggest(t *testing.T) {
	for in, want := range map[string]string{
		"STATIC_DYNAMC":       "STATIC_DYNAMIC",
		"text_trailing_space": "TEXT_TRAILING_SPACE",
		"SECRETS":             "SECRET",
		"COMPLETELY_ELSE":     "",
	} {
		if got := lint.Suggest(in); got != want {
			t.Errorf("Suggest(%q) = %q, want %q", in, got, want)
		}
	}
}
