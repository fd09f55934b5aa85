package genruntime

import (
	"go/format"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
)

// The stub project of tables.go: alpha selects by model name or by the
// provider alphacorp; plain by ids under "plain/"; everything else falls
// back to plain.

func TestResolveOnStub(t *testing.T) {
	for _, c := range []struct {
		id     string
		family Family
		note   string
	}{
		{"alpha-big", FamilyAlpha, "Big"},
		{"ALPHA-small-2", FamilyAlpha, "Small"},
		{"alpha-medium", FamilyAlpha, ""},
		{"alphacorp/other-big", FamilyAlpha, "Big"}, // provider, phase 2
		{"gw/alphacorp:x", FamilyAlpha, ""},         // provider further out
		{"plain/alpha-x", FamilyAlpha, ""},          // both rules match in phase 1: the first listed wins
		{"plain/other", FamilyPlain, ""},            // id pattern
		{"xplain/other", FamilyPlain, ""},           // fallback
		{"xalphacorp/other", FamilyPlain, ""},       // both patterns are anchored
		{"alphacorpx/other", FamilyAlpha, ""},       // a name pattern matches a provider segment too
		{"", FamilyPlain, ""},
		{"/", FamilyPlain, ""},
		{"::alpha", FamilyAlpha, ""},
	} {
		f, note := Resolve(c.id)
		if f != c.family || note != c.note {
			t.Errorf("Resolve(%q) = %s, %q; want %s, %q", c.id, f, note, c.family, c.note)
		}
	}
}

func TestComposeOnStub(t *testing.T) {
	slots := Slots{Memory: "Remember this.", Who: "Ann"}
	for _, c := range []struct {
		mode   Mode
		choice Choice
		id     string
		want   string
	}{
		{ModeShort, Auto, "alpha-big", "Base text for Ann.\n\nAlpha line."},
		{ModeShort, Auto, "other", "Base text for Ann.\n\nPlain line."},
		{ModeLong, Auto, "alpha-big", "Base text for Ann.\nAlpha body.\nBig note.\nRemember this.\n"},
		// The conditional part follows the model id, not the family.
		{ModeLong, Auto, "alpha-small", "Base text for Ann.\nAlpha body.\nSmall note.\nOnly for small models.\nRemember this.\n"},
		{ModeLong, Auto, "small", "Base text for Ann.\nPlain body.\nOnly for small models.\nRemember this.\n"},
		// A forced family takes its own note for the id.
		{ModeLong, Force(FamilyAlpha), "other-small", "Base text for Ann.\nAlpha body.\nSmall note.\nOnly for small models.\nRemember this.\n"},
		{ModeLong, Force(FamilyPlain), "alpha-big", "Base text for Ann.\nPlain body.\nRemember this.\n"},
	} {
		got := Compose(c.mode, c.choice, c.id, slots)
		if got != c.want {
			t.Errorf("Compose(%s, %s, %q) = %q, want %q", c.mode, c.choice, c.id, got, c.want)
		}
		joined := ""
		for _, s := range Sections(c.mode, c.choice, c.id, slots) {
			joined += s.Before + s.Text
		}
		if joined != "" {
			joined += wireOf(c.mode).end
		}
		if joined != c.want {
			t.Errorf("Sections(%s, %s, %q) join to %q, want %q", c.mode, c.choice, c.id, joined, c.want)
		}
	}
}

func TestComposeSkipsEmptySections(t *testing.T) {
	// No placeholder value and no slot: the base keeps its text around the
	// hole, the empty slot is no section and adds no separator.
	got := Compose(ModeLong, Auto, "plain/x", Slots{})
	if want := "Base text for .\nPlain body.\n"; got != want {
		t.Errorf("Compose = %q, want %q", got, want)
	}
}

func TestSectionSources(t *testing.T) {
	secs := Sections(ModeLong, Auto, "alpha-big", Slots{Memory: "m"})
	want := []struct{ name, source string }{{"base", "base.md:1"}, {"body", "alpha.prompt.md:5"}, {"note", "alpha.prompt.md:9"}, {"memory", ""}}
	if len(secs) != len(want) {
		t.Fatalf("got %d sections, want %d", len(secs), len(want))
	}
	for i, w := range want {
		if secs[i].Name != w.name || secs[i].Source != w.source || secs[i].Slot != (w.name == "memory") {
			t.Errorf("section %d = %+v, want %s from %q", i, secs[i], w.name, w.source)
		}
	}
}

// TestSourceIsThePackagesCode: what generated packages carry is these
// files' declarations, each exactly once, formatted, and nothing of the
// stub.
func TestSourceIsThePackagesCode(t *testing.T) {
	imports, decls := Source(Parts{})
	if got, want := strings.Join(imports, " "), "errors fmt regexp strings sync unicode/utf8"; got != want {
		t.Errorf("imports = %q, want %q", got, want)
	}
	for _, name := range []string{"func selMatches(", "func resolveFamily(", "func Compose(", "type familyData struct"} {
		if n := strings.Count(decls, name); n != 1 {
			t.Errorf("%q occurs %d times in Source, want 1", name, n)
		}
	}
	for _, stub := range []string{"\npackage ", "\nimport ", "FamilyAlpha", "func itemsOf(", "type Slots struct"} {
		if strings.Contains(decls, stub) {
			t.Errorf("Source holds %q", stub)
		}
	}
	if _, err := format.Source([]byte("package p\n\n" + decls)); err != nil {
		t.Errorf("Source does not parse: %v", err)
	}
}

// oracle is model selection written from its specification alone, without
// select.go's shared loop: the property test holds select.go to it. A
// provider given apart ("" for none) comes before the model in the id;
// provider patterns see its segments only, and a provider pattern matches
// the name last of all.
func oracle(rules []Rule, provider, model string) int {
	id := model
	if provider != "" {
		id = provider + "/" + model
	}
	var providers []string
	name := id
	if i := strings.LastIndexAny(id, "/:"); i >= 0 {
		name = id[i+1:]
		providers = strings.FieldsFunc(id[:i], func(r rune) bool { return r == '/' || r == ':' })
	}
	given := len(providers)
	if provider != "" {
		given = len(strings.FieldsFunc(provider, func(r rune) bool { return r == '/' || r == ':' }))
	}
	any := func(res []*regexp.Regexp, s string) bool {
		for _, re := range res {
			if re.MatchString(s) {
				return true
			}
		}
		return false
	}
	for i, r := range rules {
		all := len(r.All) > 0
		for _, re := range r.All {
			all = all && re.MatchString(id)
		}
		if any(r.Name, name) || any(r.ID, id) || all {
			return i
		}
	}
	for i, r := range rules {
		for s := len(providers) - 1; s >= 0; s-- {
			if any(r.Name, providers[s]) || s < given && any(r.Provider, providers[s]) {
				return i
			}
		}
	}
	for i, r := range rules {
		if any(r.Provider, name) {
			return i
		}
	}
	return -1
}

// TestSelectAgreesWithOracle runs random rule sets on random ids made of
// the same words, so that matches, overlaps and provider segments are
// frequent: Select, the first of Matches and the oracle must agree.
func TestSelectAgreesWithOracle(t *testing.T) {
	words := []string{"gpt", "claude", "ollama", "qwen", "x", "o1", "r1"}
	pats := []string{"^gpt", "(?i)^claude", "^ollama$", "qwen", "^x$", "^o[0-9]", "r1", "-", "^$", "/", ":"}
	rng := rand.New(rand.NewPCG(1, 2))
	pick := func(n int) []*regexp.Regexp {
		var out []*regexp.Regexp
		for range rng.IntN(n + 1) {
			out = append(out, regexp.MustCompile(pats[rng.IntN(len(pats))]))
		}
		return out
	}
	decided := map[int]int{}
	for range 3000 {
		rules := make([]Rule, 1+rng.IntN(4))
		for i := range rules {
			rules[i] = Rule{Name: pick(2), Provider: pick(1), ID: pick(1), All: pick(2)}
		}
		var b strings.Builder
		for j := range 1 + rng.IntN(4) {
			if j > 0 {
				b.WriteByte("/:"[rng.IntN(2)])
			}
			// Now and then an empty segment: a leading or doubled separator.
			if rng.IntN(5) == 0 {
				b.WriteByte("/:"[rng.IntN(2)])
			}
			b.WriteString(words[rng.IntN(len(words))])
			if rng.IntN(3) == 0 {
				b.WriteString("-" + words[rng.IntN(len(words))])
			}
		}
		model, provider := b.String(), ""
		if rng.IntN(2) == 0 {
			// Half the requests give a provider apart.
			provider = words[rng.IntN(len(words))]
		}
		id := model
		if provider != "" {
			id = provider + "/" + model
		}
		want := oracle(rules, provider, model)
		decided[want]++
		if got := Select(rules, id, len(provider)); got != want {
			t.Fatalf("Select(%q, provider %q) = %d, oracle %d", id, provider, got, want)
		}
		first := -1
		if ms := Matches(rules, id, len(provider), true); len(ms) > 0 {
			first = ms[0].Rule
		}
		if first != want {
			t.Fatalf("Matches(%q, provider %q)[0] = %d, oracle %d", id, provider, first, want)
		}
	}
	// The cases reach every outcome: the fallback and each rule index.
	for i := -1; i < 4; i++ {
		if decided[i] == 0 {
			t.Errorf("no case decided by %d: %v", i, decided)
		}
	}
}

func TestMatchesExplains(t *testing.T) {
	re := regexp.MustCompile
	rules := []Rule{
		{Name: []*regexp.Regexp{re("^b")}},
		{Provider: []*regexp.Regexp{re("^p$")}, Name: []*regexp.Regexp{re("^q")}},
		{All: []*regexp.Regexp{re("a"), re("z")}},
		{ID: []*regexp.Regexp{re("^q/")}},
	}
	for _, c := range []struct {
		id   string
		want []Match
	}{
		{"b1", []Match{{Rule: 0, By: ByName, Field: FieldName}}},
		{"az", []Match{{Rule: 2, By: ByAll, Field: FieldAll}}},
		// A match in phase 1, of any kind, means no phase 2.
		{"p/az", []Match{{Rule: 2, By: ByAll, Field: FieldAll}}},
		{"p/b", []Match{{Rule: 0, By: ByName, Field: FieldName}}},
		{"q/x", []Match{{Rule: 3, By: ByID, Field: FieldID}}},
		{"q/b", []Match{{Rule: 0, By: ByName, Field: FieldName}, {Rule: 3, By: ByID, Field: FieldID}}},
		// Phase 2: the nearest segment first, name patterns before
		// provider patterns.
		{"p/q1/c", []Match{{Rule: 1, By: ByProvider, Field: FieldName, Segment: "q1", SegmentStart: 2}, {Rule: 1, By: ByProvider, Field: FieldProvider, Segment: "p"}}},
		{"c", nil},
		// Phase 3: a bare id a provider pattern matches.
		{"p", []Match{{Rule: 1, By: ByProviderOnName, Field: FieldProvider}}},
	} {
		got := Matches(rules, c.id, 0, false)
		if len(got) != len(c.want) {
			t.Errorf("Matches(%q) = %+v, want %+v", c.id, got, c.want)
			continue
		}
		for i := range got {
			if got[i] != c.want[i] {
				t.Errorf("Matches(%q)[%d] = %+v, want %+v", c.id, i, got[i], c.want[i])
			}
		}
	}
}

func TestRequestFieldsOnStub(t *testing.T) {
	for _, c := range []struct {
		r    Request
		want string
	}{
		// short: base (reads who) and the line.
		{Request{Mode: ModeShort, Model: "alpha-big"}, "who"},
		// long: base, body, note, the conditional part (not for a big
		// model), the memory slot.
		{Request{Mode: ModeLong, Model: "alpha-big"}, "who memory"},
		{Request{Model: "alpha-small"}, "who memory"}, // the zero Mode is long here
	} {
		fs, err := c.r.Fields()
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, f := range fs {
			names = append(names, f.Name)
		}
		if got := strings.Join(names, " "); got != c.want {
			t.Errorf("Fields(%+v) = %q, want %q", c.r, got, c.want)
		}
	}
	fs, _ := Request{Mode: ModeLong}.Fields()
	if fs[0] != placeholderFields[0] || fs[1] != slotFields[0] {
		t.Errorf("Fields = %+v, want the declared limits", fs)
	}
	if _, err := (Request{Mode: Mode(9)}).Fields(); err == nil {
		t.Error("Fields of no mode: no error")
	}
}

func TestRequestPromptOnStub(t *testing.T) {
	// The memory slot is volatile: the prefix ends before its separator,
	// and it ends there even when the slot is empty.
	for _, slots := range []Slots{{Memory: "m", Who: "Ann"}, {Who: "Ann"}} {
		p, err := Request{Mode: ModeLong, Model: "alpha-big", Slots: slots}.Compose()
		if err != nil {
			t.Fatal(err)
		}
		if want := "Base text for "; p.Text[:p.CacheEnd] != want || p.CacheSections != 0 {
			// who is a run-time placeholder: the prefix stops at its value.
			t.Errorf("prefix %q (%d sections), want %q", p.Text[:p.CacheEnd], p.CacheSections, want)
		}
	}
	// With the placeholder's part left out of the mode, the slot ends it.
	modeItems[1][0], modeItems[1][1] = modeItems[1][1], modeItems[1][0] // body first
	defer func() { modeItems[1][0], modeItems[1][1] = modeItems[1][1], modeItems[1][0] }()
	p, _ := Request{Mode: ModeLong, Model: "alpha-big", Slots: Slots{Who: "Ann"}}.Compose()
	if want := "Alpha body.\nBase text for "; p.Text[:p.CacheEnd] != want || p.CacheSections != 1 {
		t.Errorf("prefix %q (%d sections), want %q after 1 section", p.Text[:p.CacheEnd], p.CacheSections, want)
	}
}

// TestTemplatePartsOnStub: template parts render exactly what
// text/template renders with the request's inputs, a when part follows
// its input, and the prefix ends before the first part that reads an
// input that is not stable.
func TestTemplatePartsOnStub(t *testing.T) {
	for _, c := range []struct {
		in        Inputs
		want      string
		cacheEnd  int
		cacheSecs int
	}{
		{Inputs{Dir: "/src"}, "Alpha line.\nDir: /src\nno files", 21, 2},
		// git declares its own before: a blank line.
		{Inputs{Dir: "/src", IsGitRepo: true}, "Alpha line.\nDir: /src (git)\n\nCommit with git.\nno files", 45, 3},
		{Inputs{Dir: "/w", Files: []FilesItem{{"a.go", "package a"}, {"b.md", "# B"}}},
			"Alpha line.\nDir: /w\n<file path=\"a.go\">package a</file>\n<file path=\"b.md\"># B</file>\n", 19, 2},
	} {
		r := Request{Mode: ModeAgent, Model: "alpha-x", Inputs: c.in}
		p, err := r.Compose()
		if err != nil {
			t.Fatal(err)
		}
		if p.Text != c.want || p.CacheEnd != c.cacheEnd || p.CacheSections != c.cacheSecs {
			t.Errorf("Compose(%+v) = %q (prefix %d, %d sections), want %q (prefix %d, %d sections)", c.in, p.Text, p.CacheEnd, p.CacheSections, c.want, c.cacheEnd, c.cacheSecs)
		}
		secs, err := r.Sections()
		if err != nil {
			t.Fatal(err)
		}
		joined := ""
		for _, s := range secs {
			joined += s.Before + s.Text
			if want := s.Name != "files"; s.Stable != want {
				t.Errorf("section %s stable = %v", s.Name, s.Stable)
			}
		}
		if joined != p.Text {
			t.Errorf("Sections join to %q, want %q", joined, p.Text)
		}
	}
	if err := (Request{Inputs: Inputs{Files: make([]FilesItem, 3)}}).Validate(); err == nil || !strings.Contains(err.Error(), "Inputs.Files: 3 items") {
		t.Errorf("Validate of 3 files: %v", err)
	}
}

// TestFieldsListInputs: a mode's fields include the inputs its template
// parts read and those its when conditions test, each once, in the order
// the prompt reads them, with their declared limits, a list's item fields
// after it.
func TestFieldsListInputs(t *testing.T) {
	fs, err := Request{Mode: ModeAgent, Model: "alpha-x"}.Fields()
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range fs {
		names = append(names, f.Name)
		if !f.Input {
			t.Errorf("%s is not marked an input", f.Name)
		}
	}
	if want := "Dir IsGitRepo Files Files[].Path Files[].Content"; strings.Join(names, " ") != want {
		t.Errorf("Fields = %q, want %q", strings.Join(names, " "), want)
	}
	if fs[2].MaxItems != 2 || fs[0].MaxChars != 40 || !fs[0].Stable || fs[2].Stable || fs[3].MaxChars != 20 || fs[4].MaxChars != 40 {
		t.Errorf("limits lost: %+v", fs)
	}
}

// TestSettingsOnStub: the stub's setting Examples is "end" for the ids its
// rules select (a small model by name, the provider alphacorp in the
// second phase) and its default "inline" otherwise, whatever family the
// request forces; Resolve reports it, and the agent mode sends the part
// conditioned on "end" exactly then.
func TestSettingsOnStub(t *testing.T) {
	const endPart = "Examples follow at the end."
	for _, c := range []struct {
		id     string
		choice Choice
		want   string
	}{
		{"alpha-small", Auto, "end"},
		{"alpha-big", Auto, "inline"},
		{"alphacorp/other", Auto, "end"}, // provider rule, phase 2
		{"alpha-small", Force(FamilyPlain), "end"},
		{"other", Auto, "inline"}, // default
	} {
		res, err := Request{Model: c.id, Family: c.choice}.Resolve()
		if err != nil {
			t.Fatal(err)
		}
		if res.Settings.Examples != c.want {
			t.Errorf("%s (%s): Settings.Examples = %q, want %q", c.id, c.choice, res.Settings.Examples, c.want)
		}
		p, err := Request{Mode: ModeAgent, Model: c.id, Family: c.choice}.Compose()
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Contains(p.Text, endPart); got != (c.want == "end") {
			t.Errorf("%s (%s): part sent = %v, want %v in %q", c.id, c.choice, got, c.want == "end", p.Text)
		}
	}
}
