package lint

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/bmatcuk/doublestar/v4"

	"github.com/promptc/promptc/internal/config"
	"github.com/promptc/promptc/internal/diag"
)

// selection is the lint section of promptc.cue, validated against the
// registry: which rules run and which paths are ignored.
type selection struct {
	use        map[string]bool // nil means every rule
	except     map[string]bool
	ignore     []string
	ignoreOnly map[string][]string
}

// newSelection validates and expands lint.use, lint.except, lint.ignore and
// lint.ignoreOnly. Unknown rule IDs or categories and malformed globs are
// configuration errors, positioned at the value in promptc.cue.
func newSelection(l *config.Loaded) (*selection, error) {
	c := l.Config.Lint
	var ds []diag.Diagnostic
	bad := func(pos diag.Position, format string, args ...any) {
		ds = append(ds, diag.Errorf(pos, config.RuleConfig, format, args...))
	}
	expand := func(field string, names []string) map[string]bool {
		set := map[string]bool{}
		for i, n := range names {
			if IsCategory(n) {
				for _, r := range registry {
					if string(r.Category) == n {
						set[r.ID] = true
					}
				}
				continue
			}
			if _, ok := Lookup(n); ok {
				set[n] = true
				continue
			}
			bad(l.PosOfKeys("lint", field, strconv.Itoa(i)), "lint.%s.%d: %s", field, i, unknownRule(n, true))
		}
		return set
	}
	s := &selection{ignoreOnly: map[string][]string{}}
	if len(c.Use) > 0 {
		s.use = expand("use", c.Use)
	}
	s.except = expand("except", c.Except)
	for i, n := range c.Except {
		if lv := suppressionOf(n); lv >= suppressInPlace {
			bad(l.PosOfKeys("lint", "except", strconv.Itoa(i)), "lint.except.%d: %s", i, lv.refusal(n))
		}
	}
	globs := func(keys []string, pats []string) []string {
		var out []string
		for i, g := range pats {
			if !doublestar.ValidatePattern(g) {
				k := append(slices.Clone(keys), strconv.Itoa(i))
				bad(l.PosOfKeys(k...), "%s: glob %q is malformed", strings.Join(k, "."), g)
				continue
			}
			out = append(out, strings.TrimPrefix(g, "./"))
		}
		return out
	}
	s.ignore = globs([]string{"lint", "ignore"}, c.Ignore)
	for _, rule := range slices.Sorted(maps.Keys(c.IgnoreOnly)) {
		if _, ok := Lookup(rule); !ok {
			bad(l.PosOfKeys("lint", "ignoreOnly", rule), "lint.ignoreOnly.%s: %s", rule, unknownRule(rule, false))
			continue
		}
		if lv := suppressionOf(rule); lv >= suppressInPlace {
			bad(l.PosOfKeys("lint", "ignoreOnly", rule), "lint.ignoreOnly.%s: %s", rule, lv.refusal(rule))
			continue
		}
		s.ignoreOnly[rule] = globs([]string{"lint", "ignoreOnly", rule}, c.IgnoreOnly[rule])
	}
	if len(ds) > 0 {
		return nil, &config.Error{Diagnostics: diag.Sort(ds)}
	}
	return s, nil
}

// unknownRule explains an unknown rule ID, suggesting the closest one.
func unknownRule(id string, categories bool) string {
	what := "rule ID"
	if categories {
		what = "rule ID or category"
	}
	msg := fmt.Sprintf("unknown %s %q", what, id)
	if s := suggest(id, categories); s != "" {
		msg += fmt.Sprintf(" (did you mean %s?)", s)
	}
	msg += "; promptc lint --list-rules lists them"
	if categories {
		msg += ", and the categories are " + categoryList()
	}
	return msg
}

func categoryList() string {
	var names []string
	for _, c := range categories {
		names = append(names, string(c.Name))
	}
	return strings.Join(names, ", ")
}

// ChecksOutput reports whether Run, given an OutputCheck, checks the
// output directory of l: whether OUTPUT_STALE or OUTPUT_UNSAFE is enabled.
// A caller that would read the directory ahead (emit.Prefetch) asks first,
// so that a project that turned both rules off never has it read. (A
// selection Run would refuse counts as checking: Run reports the error.)
func ChecksOutput(l *config.Loaded) bool {
	sel, err := newSelection(l)
	return err != nil || sel.runs(outputCheck{})
}

// enabled reports whether findings of rule are reported at all. Rules the
// registry does not know, and rules the lint section cannot suppress
// (suppressionOf), are always reported.
func (s *selection) enabled(rule string) bool {
	if _, ok := Lookup(rule); !ok || suppressionOf(rule) >= suppressInPlace {
		return true
	}
	if s.use != nil && !s.use[rule] {
		return false
	}
	return !s.except[rule]
}

// ignored reports whether d's file is ignored by lint.ignore, or by
// lint.ignoreOnly for d's rule, for a rule the lint section can suppress.
func (s *selection) ignored(d diag.Diagnostic) bool {
	if suppressionOf(d.Rule) >= suppressInPlace {
		return false
	}
	return matchAny(s.ignore, d.Pos.Path) || matchAny(s.ignoreOnly[d.Rule], d.Pos.Path)
}

func matchAny(globs []string, p string) bool {
	for _, g := range globs {
		if ok, _ := doublestar.Match(g, p); ok {
			return true
		}
	}
	return false
}
