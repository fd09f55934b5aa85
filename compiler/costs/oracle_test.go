package costs_test

import (
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/promptc/promptc/compiler"
	"github.com/promptc/promptc/compiler/costs"
	"github.com/promptc/promptc/internal/config"
	"github.com/promptc/promptc/internal/testproject"
	"github.com/promptc/promptc/internal/testtree"
)

// oracleScripts are the testscripts whose projects the oracle checks
// beside the example: settings, per-note and per-setting placeholder
// values, templates with typical values, conditional parts, profiles,
// joins that depend on the section before and family bodies that keep
// their ends.
var oracleScripts = []string{
	"costs_notice_model_values",
	"costs_typical_settings",
	"build_generated_settings",
	"build_placeholders",
	"build_generated_templates_harness",
	"costs_permissions",
	"build_conditional_parts",
	"build_generated_notice_exact",
	"costs_profiles",
	"build_budget_reachable",
	"build_when_family",
	"costs_notice",
	"show_before_depends_on_previous",
	"show_placeholder_per_setting",
	"show_family_keep_trailing",
}

// TestOracle computes every figure of the costs table and of every
// model's cost notices from the composed text itself: every combination
// of note, setting value and when-input value is composed and counted
// with the project's counter, the largest (or, for no note, the least)
// taken, and the figures costs reports must equal them. Models are every
// example id of the project, each under auto and every forced family.
func TestOracle(t *testing.T) {
	roots := map[string]string{"assets": filepath.Join("..", "..", "assets")}
	for _, name := range oracleScripts {
		a, err := txtar.ParseFile(filepath.Join("..", "..", "testscripts", "testdata", name+".txtar"))
		if err != nil {
			t.Fatal(err)
		}
		files := map[string]string{}
		for _, f := range a.Files {
			files[f.Name] = string(f.Data)
		}
		if _, ok := files[config.FileName]; !ok {
			t.Fatalf("%s: no %s", name, config.FileName)
		}
		roots[name] = testtree.Write(t, files)
	}
	for _, name := range slices.Sorted(maps.Keys(roots)) {
		t.Run(name, func(t *testing.T) {
			proj := testproject.CompileAll(t, roots[name])
			for _, p := range proj.Programs() {
				checkTable(t, p)
				checkNotices(t, p)
			}
		})
	}
}

// whenKeys lists the conditions (a setting or an input, by name) mode m's
// parts test, sorted as MaxWhen takes them, each with its values in order.
type whenKey struct {
	setting bool
	name    string
	values  []any
}

func whenKeys(p *compiler.Program, m *compiler.Mode) []whenKey {
	seen := map[string]bool{}
	var out []whenKey
	for _, r := range m.Config.Compose {
		w := p.Config.Parts[r.Name].When
		if r.Kind != "part" || w == nil || len(w.Family) > 0 {
			// A condition on the family is no choice: the family decides.
			continue
		}
		k := whenKey{setting: w.Setting != "", name: w.Input + w.Setting}
		id := k.name
		if k.setting {
			id = "setting " + id
		}
		if seen[id] {
			continue
		}
		seen[id] = true
		switch in := p.Config.Inputs[w.Input]; {
		case k.setting:
			for _, v := range p.Config.Settings[w.Setting].Values {
				k.values = append(k.values, v)
			}
		case in.Type == config.InputBool:
			k.values = []any{true, false}
		default:
			for _, v := range in.Values {
				k.values = append(k.values, v)
			}
		}
		out = append(out, k)
	}
	// A setting that chooses a placeholder's value is a choice too, of
	// every mode: the text may not hold the placeholder, and then every
	// value gives the same text.
	for _, name := range slices.Sorted(maps.Keys(p.Config.Placeholders)) {
		ph := p.Config.Placeholders[name]
		if ph.Setting == nil || seen["setting "+ph.Setting.Name] {
			continue
		}
		seen["setting "+ph.Setting.Name] = true
		k := whenKey{setting: true, name: ph.Setting.Name}
		for _, v := range p.Config.Settings[ph.Setting.Name].Values {
			k.values = append(k.values, v)
		}
		out = append(out, k)
	}
	slices.SortFunc(out, func(a, b whenKey) int {
		return compareStrings(keyID(a), keyID(b))
	})
	return out
}

func keyID(k whenKey) string {
	if k.setting {
		return "setting " + k.name
	}
	return k.name
}

func compareStrings(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// assignments lists every combination of the keys' values in
// lexicographic order; a setting in fixed keeps that value.
func assignments(keys []whenKey, fixed map[string]string) []map[string]any {
	out := []map[string]any{{}}
	for _, k := range keys {
		vals := k.values
		if v, ok := fixed[k.name]; ok && k.setting {
			vals = []any{v}
		}
		var next []map[string]any
		for _, a := range out {
			for _, v := range vals {
				n := maps.Clone(a)
				n[keyID(k)] = v
				next = append(next, n)
			}
		}
		out = next
	}
	return out
}

// reachable lists the assignments of m's conditions with the settings
// fixed gives, or without it, with the setting values of an example id or
// the defaults (values no id gets together are no text any model is
// sent).
func reachable(p *compiler.Program, m *compiler.Mode, fixed map[string]string) []map[string]any {
	keys := whenKeys(p, m)
	if fixed != nil {
		return assignments(keys, fixed)
	}
	seen := map[string]bool{}
	var out []map[string]any
	for _, settings := range reachedSettings(p) {
		for _, a := range assignments(keys, settings) {
			k := fmt.Sprint(a)
			if !seen[k] {
				seen[k] = true
				out = append(out, a)
			}
		}
	}
	return out
}

// reachedSettings lists the settings of every example id, and the
// defaults.
func reachedSettings(p *compiler.Program) []map[string]string {
	defaults := map[string]string{}
	for name, st := range p.Config.Settings {
		defaults[name] = st.Default
	}
	out := []map[string]string{defaults}
	for _, id := range exampleIDs(p) {
		out = append(out, p.SettingsFor(id))
	}
	return out
}

// settingsOf returns the setting values of assignment a, by setting
// name: a placeholder valued per setting takes its value from them.
func settingsOf(a map[string]any) map[string]string {
	out := map[string]string{}
	for k, v := range a {
		if name, ok := strings.CutPrefix(k, "setting "); ok {
			out[name] = v.(string)
		}
	}
	return out
}

// whenOf sends a part whose condition holds for assignment a.
func whenOf(p *compiler.Program, a map[string]any) func(string) bool {
	return func(part string) bool {
		w := p.Config.Parts[part].When
		if w == nil {
			return true
		}
		if w.Setting != "" {
			return w.Holds(a["setting "+w.Setting])
		}
		return w.Holds(a[w.Input])
	}
}

// typicalWhen sends a part on a setting as a does and a part on an input
// as the typical inputs do.
func typicalWhen(p *compiler.Program, a map[string]any, typical map[string]any) func(string) bool {
	return func(part string) bool {
		w := p.Config.Parts[part].When
		switch {
		case w == nil:
			return true
		case w.Setting != "":
			return w.Holds(a["setting "+w.Setting])
		}
		return w.Holds(typical[w.Input])
	}
}

// measured is one composed text, counted.
type measured struct {
	tokens, chars int
	sel           compiler.Selection
	assign        map[string]any
}

func (a measured) more(b measured) bool {
	return a.tokens > b.tokens || a.tokens == b.tokens && a.chars > b.chars
}

// widest composes m for every note in notes and every assignment of its
// conditions (settings in fixed kept) and returns the largest text.
func widest(p *compiler.Program, m *compiler.Mode, base compiler.Selection, notes []int, fixed map[string]string) measured {
	best := measured{tokens: -1}
	for _, note := range notes {
		for _, a := range reachable(p, m, fixed) {
			s := base
			s.Note, s.When = note, whenOf(p, a)
			if st := settingsOf(a); len(st) > 0 {
				s.Settings = st
			}
			text := p.Static(m, s)
			got := measured{p.Counter.Count(text), utf8.RuneCountInString(text), s, a}
			if got.more(best) {
				best = got
			}
		}
	}
	return best
}

func checkTable(t *testing.T, p *compiler.Program) {
	t.Helper()
	rows := costs.PerFamily(p)
	base, _ := p.Mode(p.Config.DefaultMode)
	i := 0
	for _, m := range p.Modes {
		for _, fn := range p.FamilyNames {
			f := p.Families[fn]
			r := rows[i]
			i++
			where := p.Profile() + "/" + m.Name + "/" + fn
			if r.Mode != m.Name || r.Family != fn {
				t.Fatalf("%s: row %d is %s/%s", where, i, r.Mode, r.Family)
			}
			sel := compiler.Selection{Family: f, Conditional: compiler.EveryConditional, Runtime: p.RuntimeAtMax}
			w := widest(p, m, sel, compiler.NoteChoices(f), nil)
			if r.Tokens != w.tokens || r.Chars != w.chars {
				t.Errorf("%s: tokens %d, chars %d; composed text: %d, %d", where, r.Tokens, r.Chars, w.tokens, w.chars)
			}
			// The prefix of the same text.
			if got := p.Counter.Count(p.Prefix(m, w.sel)); r.PrefixTokens != got {
				t.Errorf("%s: prefix %d; composed: %d", where, r.PrefixTokens, got)
			}
			// Typical: the same note and settings, the inputs typical.
			ts := w.sel
			ts.Inputs = p.TypicalInputs()
			ts.When = typicalWhen(p, w.assign, ts.Inputs)
			typ := p.Counter.Count(p.Static(m, ts))
			if got := value(r.TypicalTokens, r.Tokens); got != typ {
				t.Errorf("%s: typical %d; composed: %d", where, got, typ)
			}
			if typ > r.Tokens {
				t.Errorf("%s: typical %d above the maximum %d", where, typ, r.Tokens)
			}
			if got, want := value(r.TypicalPrefixTokens, r.PrefixTokens), p.Counter.Count(p.Prefix(m, ts)); got != want {
				t.Errorf("%s: typical prefix %d; composed: %d", where, got, want)
			}
			// No note: the least over every condition, no note, no
			// conditional part.
			least := -1
			for _, a := range reachable(p, m, nil) {
				ls := compiler.Selection{Family: f, Note: compiler.NoNote, Runtime: p.RuntimeAtMax, When: whenOf(p, a)}
				if st := settingsOf(a); len(st) > 0 {
					ls.Settings = st
				}
				n := p.Counter.Count(p.Static(m, ls))
				if least < 0 || n < least {
					least = n
				}
			}
			if r.TokensNoNote != least {
				t.Errorf("%s: no note %d; composed: %d", where, r.TokensNoNote, least)
			}
			if base != nil {
				bw := widest(p, base, sel, compiler.NoteChoices(f), nil)
				if r.OverFocus == nil || *r.OverFocus != w.tokens-bw.tokens {
					t.Errorf("%s: over %v; composed: %d", where, r.OverFocus, w.tokens-bw.tokens)
				}
			}
		}
	}
}

func value(p *int, def int) int {
	if p == nil {
		return def
	}
	return *p
}

// exampleIDs lists every model id the project's examples name.
func exampleIDs(p *compiler.Program) []string {
	ids := map[string]bool{}
	for id := range p.Config.Families.Examples {
		ids[id] = true
	}
	for _, st := range p.Config.Settings {
		for id := range st.Examples {
			ids[id] = true
		}
	}
	return slices.Sorted(maps.Keys(ids))
}

func checkNotices(t *testing.T, p *compiler.Program) {
	t.Helper()
	base, _ := p.Mode(p.Config.DefaultMode)
	choices := append([]string{compiler.Auto}, p.FamilyNames...)
	for _, id := range exampleIDs(p) {
		for _, choice := range choices {
			r, err := costs.Report(p, choice, id)
			if err != nil {
				t.Fatal(err)
			}
			sel, err := p.Select(choice, id)
			if err != nil {
				t.Fatal(err)
			}
			sel.Runtime = p.RuntimeAtMax
			for i, m := range p.Modes {
				where := p.Profile() + "/" + id + "/" + choice + "/" + m.Name
				w := widest(p, m, sel, []int{sel.Note}, sel.Settings)
				n := r.Notices[i]
				if n.Mode != m.Name || n.Tokens != w.tokens {
					t.Errorf("%s: notice %s %d tokens; composed text: %d", where, n.Mode, n.Tokens, w.tokens)
				}
				if base != nil {
					bw := widest(p, base, sel, []int{sel.Note}, sel.Settings)
					if n.Over != w.tokens-bw.tokens {
						t.Errorf("%s: notice over %d; composed: %d", where, n.Over, w.tokens-bw.tokens)
					}
				}
			}
		}
	}
}
