package config

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// findings records what a check reports, one "path: message" a finding,
// in the order reported.
type findings []string

func (f *findings) bad(path, format string, args ...any) {
	*f = append(*f, path+": "+fmt.Sprintf(format, args...))
}

// want fails t unless the findings are exactly want, each given as a
// "path: message" prefix, in order.
func (f findings) want(t *testing.T, want ...string) {
	t.Helper()
	if len(f) != len(want) {
		t.Fatalf("findings:\n%s\nwant %d: %q", strings.Join(f, "\n"), len(want), want)
	}
	for i, w := range want {
		if !strings.HasPrefix(f[i], w) {
			t.Errorf("finding %d = %q, want it to start with %q", i, f[i], w)
		}
	}
}

func ptr[T any](v T) *T { return &v }

// TestCheckPartsConditionalLimit: a project may have maxConditional parts
// with models patterns; one more is reported once, at the first part past
// the limit in name order.
func TestCheckPartsConditionalLimit(t *testing.T) {
	for _, c := range []struct {
		n    int
		want []string
	}{
		{maxConditional - 1, nil},
		{maxConditional, nil},
		{maxConditional + 1, []string{fmt.Sprintf("parts.p%03d.models: more than %d conditional parts", maxConditional, maxConditional)}},
		{maxConditional + 2, []string{fmt.Sprintf("parts.p%03d.models: more than %d conditional parts", maxConditional, maxConditional)}},
	} {
		t.Run(fmt.Sprint(c.n), func(t *testing.T) {
			cfg := &Config{Parts: map[string]Part{"plain": {File: "plain.md"}}}
			for i := range c.n {
				cfg.Parts[fmt.Sprintf("p%03d", i)] = Part{File: "p.md", Models: []string{"^gpt"}}
			}
			var f findings
			checkParts(f.bad, cfg)
			f.want(t, c.want...)
		})
	}
}

// TestCheckModeConditionalLimit: a mode may send maxModeConditional
// conditional parts; the next one is reported at its compose index, and
// parts without models do not count.
func TestCheckModeConditionalLimit(t *testing.T) {
	for _, n := range []int{maxModeConditional - 1, maxModeConditional, maxModeConditional + 1} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			cfg := &Config{Parts: map[string]Part{"plain": {File: "plain.md"}}}
			m := Mode{Compose: []Ref{{Name: "plain", Kind: "part"}}}
			for i := range n {
				name := fmt.Sprintf("c%d", i)
				cfg.Parts[name] = Part{File: "c.md", Models: []string{"^gpt"}}
				m.Compose = append(m.Compose, Ref{Name: name, Kind: "part"})
			}
			cfg.Modes = map[string]Mode{"focus": m}
			var f findings
			checkMode(f.bad, cfg, "focus")
			if n <= maxModeConditional {
				f.want(t)
				return
			}
			f.want(t, fmt.Sprintf("modes.focus.compose.%d: mode focus sends more than %d conditional parts", n, maxModeConditional))
		})
	}
}

// TestCheckTypical: a typical value (counted in code points) and a typical
// length may be at most maxChars, and only one of them is given.
func TestCheckTypical(t *testing.T) {
	const maxChars = 4
	for _, c := range []struct {
		name         string
		typical      *string
		typicalChars *int
		want         []string
	}{
		{"neither", nil, nil, nil},
		{"typical below", ptr("abc"), nil, nil},
		{"typical at", ptr("éééé"), nil, nil},
		{"typical above", ptr("ééééé"), nil, []string{"in.typical: the typical value is 5 characters, more than maxChars 4"}},
		{"typicalChars below", nil, ptr(maxChars - 1), nil},
		{"typicalChars at", nil, ptr(maxChars), nil},
		{"typicalChars above", nil, ptr(maxChars + 1), []string{"in.typicalChars: typicalChars 5 is more than maxChars 4"}},
		{"both", ptr("a"), ptr(1), []string{"in.typicalChars: give typical or typicalChars, not both"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var f findings
			checkTypical(f.bad, "in", maxChars, c.typical, c.typicalChars)
			f.want(t, c.want...)
		})
	}
}

// TestCheckInputsTypicalItems: a list input's typicalItems may be at most
// its maxItems.
func TestCheckInputsTypicalItems(t *testing.T) {
	const maxItems = 3
	for _, c := range []struct {
		typical int
		want    []string
	}{
		{maxItems - 1, nil},
		{maxItems, nil},
		{maxItems + 1, []string{"inputs.Files.typicalItems: typicalItems 4 is more than maxItems 3"}},
	} {
		t.Run(fmt.Sprint(c.typical), func(t *testing.T) {
			cfg := &Config{Inputs: map[string]Input{"Files": {
				Type: InputList, MaxItems: ptr(maxItems), TypicalItems: ptr(c.typical),
				Fields: map[string]Input{"Path": {Type: InputString, MaxChars: ptr(10)}},
			}}}
			var f findings
			checkInputs(f.bad, cfg)
			f.want(t, c.want...)
		})
	}
}

// TestCheckPartSource: a part takes its text from exactly one source, and
// the fields that shape a file's text need a file.
func TestCheckPartSource(t *testing.T) {
	for _, c := range []struct {
		name  string
		part  Part
		tools *Tools
		want  []string
	}{
		{"a file", Part{File: "a.md", Block: "b", Omit: []string{"c"}}, nil, nil},
		{"a whole file kept trailing", Part{File: "a.md", KeepTrailing: true}, nil, nil},
		{"no source", Part{}, nil, []string{"parts.x: a part needs exactly one of file, template, generated, family or pointer (found 0)"}},
		{"two sources", Part{File: "a.md", Family: "f"}, nil, []string{"parts.x: a part needs exactly one of file, template, generated, family or pointer (found 2)"}},
		{"omit without file", Part{Template: "t", Omit: []string{"c"}}, nil, []string{"parts.x.omit: omit takes blocks out of a file"}},
		{"block without file", Part{Template: "t", Block: "b"}, nil, []string{`parts.x.block: block "b" needs a file`}},
		{"keepTrailing of a block", Part{File: "a.md", Block: "b", KeepTrailing: true}, nil, []string{"parts.x.keepTrailing: keepTrailing keeps the end of a file"}},
		{"keepTrailing without file", Part{Template: "t", KeepTrailing: true}, nil, []string{"parts.x.keepTrailing: keepTrailing keeps the end of a file"}},
		{"blank trigger", Part{Pointer: &Pointer{Trigger: " \t", Source: "docs/x.md"}}, nil, []string{"parts.x.pointer.trigger: the trigger of pointer x is only white space, so the model could not tell when to read docs/x.md"}},
		{"a trigger", Part{Pointer: &Pointer{Trigger: "billing", Source: "docs/x.md"}}, nil, nil},
		{"tools without a catalogue", Part{Generated: "tools"}, nil, []string{"parts.x.generated: part x renders the tool catalogue, but promptc.cue has no tools: catalogue"}},
		{"tools with a catalogue", Part{Generated: "tools"}, &Tools{}, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			var f findings
			checkPartSource(f.bad, &Config{Parts: map[string]Part{"x": c.part}, Tools: c.tools}, "x")
			f.want(t, c.want...)
		})
	}
}

// TestCheckModeRefs: order, defaultMode, aliases and tiers name declared
// modes; order lists each once and an alias hides no mode.
func TestCheckModeRefs(t *testing.T) {
	modes := map[string]Mode{"focus": {}, "plan": {}}
	for _, c := range []struct {
		name string
		cfg  Config
		want []string
	}{
		{"all declared", Config{Order: []string{"focus", "plan"}, DefaultMode: "focus", Aliases: map[string]string{"f": "focus"}, Tiers: map[string]string{"cheap": "plan"}}, nil},
		{"order unknown and twice", Config{Order: []string{"focus", "fcous", "focus"}, DefaultMode: "focus"}, []string{
			`order.1: "fcous" is not a declared mode (valid modes: focus, plan)`,
			`order.2: mode "focus" is listed twice`,
		}},
		{"default unknown", Config{DefaultMode: "x"}, []string{`defaultMode: "x" is not a declared mode`}},
		{"alias hides a mode", Config{DefaultMode: "focus", Aliases: map[string]string{"plan": "focus"}}, []string{`aliases.plan: alias "plan" hides the mode of the same name`}},
		{"alias and tier unknown", Config{DefaultMode: "focus", Aliases: map[string]string{"my alias": "x"}, Tiers: map[string]string{"cheap": "y"}}, []string{
			`aliases."my alias": "x" is not a declared mode`,
			`tiers.cheap: "y" is not a declared mode`,
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			c.cfg.Modes = modes
			var f findings
			checkModeRefs(f.bad, &c.cfg)
			f.want(t, c.want...)
		})
	}
}

// TestCheckMode: a mode ends its text one way, puts text before what it
// sends only, and lists each part or slot once.
func TestCheckMode(t *testing.T) {
	compose := []Ref{{Name: "a", Kind: "part"}, {Name: "s", Kind: "slot"}}
	for _, c := range []struct {
		name string
		mode Mode
		want []string
	}{
		{"fine", Mode{Compose: compose, End: ptr("\n"), Before: map[string]string{"s": "\n\n"}}, nil},
		{"end and finalNewline", Mode{Compose: compose, End: ptr(""), FinalNewline: true}, []string{"modes.m.end: mode m sets both end and finalNewline"}},
		{"before what it does not send", Mode{Compose: compose, Before: map[string]string{"b": "x"}}, []string{`modes.m.before.b: mode m does not send "b"`}},
		{"listed twice", Mode{Compose: append(compose, Ref{Name: "s", Kind: "slot"})}, []string{`modes.m.compose.2: slot "s" is listed twice`}},
		{"budget with neither limit", Mode{Compose: compose, Budget: &Limit{}}, []string{"modes.m.budget: a budget needs exactly one of chars or tokens"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var f findings
			checkMode(f.bad, &Config{Parts: map[string]Part{"a": {File: "a.md"}}, Modes: map[string]Mode{"m": c.mode}}, "m")
			f.want(t, c.want...)
		})
	}
}

// TestCheckLimit: a budget gives exactly one of chars and tokens.
func TestCheckLimit(t *testing.T) {
	for _, c := range []struct {
		limit Limit
		bad   bool
	}{
		{Limit{Chars: 1}, false},
		{Limit{Tokens: 1}, false},
		{Limit{}, true},
		{Limit{Chars: 1, Tokens: 1}, true},
	} {
		var f findings
		checkLimit(f.bad, "b", c.limit)
		if got := len(f) == 1; got != c.bad || len(f) > 1 {
			t.Errorf("checkLimit(%+v) = %q, want a finding: %v", c.limit, f, c.bad)
		}
	}
}

// TestCheckFullTools: a profile describes in full only catalogue tools,
// each once.
func TestCheckFullTools(t *testing.T) {
	profiles := func(full ...string) *Profiles {
		return &Profiles{Default: "p", Values: map[string]Profile{"p": {FullTools: full}}}
	}
	catalogue := &Tools{Catalogue: map[string]Tool{"grep": {}, "read": {}}}
	for _, c := range []struct {
		name  string
		tools *Tools
		full  []string
		want  []string
	}{
		{"known", catalogue, []string{"grep", "read"}, nil},
		{"twice", catalogue, []string{"grep", "read", "grep"}, []string{`profiles.values.p.fullTools.2: tool "grep" is listed twice (first at fullTools.0)`}},
		{"unknown", catalogue, []string{"edit"}, []string{`profiles.values.p.fullTools.0: "edit" is not in tools.catalogue (valid: grep, read)`}},
		{"no catalogue", nil, []string{"grep"}, []string{`profiles.values.p.fullTools.0: names tool "grep", but promptc.cue has no tools: catalogue`}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var f findings
			checkFullTools(f.bad, &Config{Tools: c.tools, Profiles: profiles(c.full...)}, "p")
			f.want(t, c.want...)
		})
	}
}

// TestCheckRunsEveryConcern: check reaches each concern's function: a
// project with one mistake of each kind gets one finding per kind.
func TestCheckRunsEveryConcern(t *testing.T) {
	src := minimal + `parts: both: {file: "a.md", template: "t"}
aliases: focus: "focus"
budgets: total: {sum: [parts.base], chars: 10, tokens: 10}
pointerTemplate: "{{trigger}}"
`
	_, err := LoadBytes(t.TempDir()+"/"+FileName, []byte(src))
	got := configError(t, err)
	for _, w := range []string{
		"parts.both: a part needs exactly one of",
		`aliases.focus: alias "focus" hides the mode of the same name`,
		"budgets.total: a budget needs exactly one of chars or tokens",
		"pointerTemplate: the template has no {{source}}",
	} {
		if !slices.ContainsFunc(got, func(m string) bool { return strings.Contains(m, w) }) {
			t.Errorf("no finding %q in:\n%s", w, strings.Join(got, "\n"))
		}
	}
}
