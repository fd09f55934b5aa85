package genruntime

// This file is part of the fixed code of every generated package: gogen
// copies its declarations, without the package clause and imports, after
// the package's data tables. See the package documentation.

import (
	"fmt"
	"regexp"
	"sync"
)

// compiled holds the regular expressions, compiled on first use so that a
// program importing the package pays nothing until it resolves a model.
var compiled struct {
	once  sync.Once
	rules [len(rules)]selRule
	notes [len(families)][]*regexp.Regexp
	parts [len(conditions)][]*regexp.Regexp
	// settings holds each per-model setting's rules, in selRule form.
	settings [len(settingTables)][]selRule
}

func compile() {
	compiled.once.Do(func() {
		for i, r := range rules {
			compiled.rules[i] = selRule{name: mustCompile(r.name), provider: mustCompile(r.provider), id: mustCompile(r.id), all: mustCompile(r.all)}
		}
		for i, f := range families {
			for _, n := range f.notes {
				compiled.notes[i] = append(compiled.notes[i], regexp.MustCompile(n.pattern))
			}
		}
		for i, c := range conditions {
			compiled.parts[i] = mustCompile(c)
		}
		for i, st := range settingTables {
			for _, r := range st.rules {
				compiled.settings[i] = append(compiled.settings[i], selRule{name: mustCompile(r.name), provider: mustCompile(r.provider), id: mustCompile(r.id), all: mustCompile(r.all)})
			}
		}
	})
}

// mustCompile compiles patterns that promptc has already compiled at
// build time, so none can fail here.
func mustCompile(patterns []string) []*regexp.Regexp {
	var out []*regexp.Regexp
	for _, p := range patterns {
		out = append(out, regexp.MustCompile(p))
	}
	return out
}

// Resolve maps a model id to its family and the label of the model note it
// selects ("" when none matches). Rules are tried in order, in three
// phases: first against the model name (the part after the last "/" or
// ":") with their name patterns and against the whole id with their id
// patterns and all lists; when none matches, against the provider
// segments before the name, nearest first, with their name and provider
// patterns; when still none, with their provider patterns against the
// name (a bare id naming a provider: anthropic, openai). A model no rule
// claims gets FallbackFamily. A Request's Provider, given apart from its
// Model, is the only text its provider patterns see.
func Resolve(modelID string) (Family, string) {
	r := resolve(modelID)
	if r.note < 0 {
		return r.family, ""
	}
	return r.family, families[r.family].notes[r.note].label
}

// resolution is what a model id selects: its family, its note (-1 for
// none), as bit i, whether conditional part i (of conditions) is sent,
// and, for setting i (of settingTables), the index of its value.
type resolution struct {
	family   Family
	note     int
	parts    uint64
	settings [len(settingTables)]int
}

// last remembers the most recent resolution: a harness composes for the
// same model on call after call, and matching the patterns is the most
// expensive step of Compose. Keeping it under a mutex rather than behind
// a pointer keeps resolution free of allocations; the id joined from a
// provider and a model is built on a miss only.
var last struct {
	sync.Mutex
	provider, model string
	id              string
	res             resolution
	ok              bool
}

// resolve is resolveFor without a provider.
func resolve(id string) resolution {
	r, _ := resolveFor("", id)
	return r
}

// modelID is the id a model of a provider is resolved on: the model
// alone, or provider + "/" + model, so that the provider is the outermost
// provider segment of the id.
func modelID(provider, model string) string {
	if provider == "" {
		return model
	}
	return provider + "/" + model
}

// resolveFor resolves the model of a provider and returns the resolution
// and the id it was made on: the model alone, or, with a provider,
// provider + "/" + model, so that the provider is the outermost provider
// segment of the id.
func resolveFor(provider, model string) (resolution, string) {
	last.Lock()
	if last.ok && last.provider == provider && last.model == model {
		r, id := last.res, last.id
		last.Unlock()
		return r, id
	}
	last.Unlock()
	id := modelID(provider, model)
	compile()
	f := resolveFamily(id, len(provider))
	r := resolution{family: f, note: noteFor(f, id)}
	for i := range compiled.parts {
		if anyMatch(compiled.parts[i], id) {
			r.parts |= 1 << i
		}
	}
	for i := range compiled.settings {
		r.settings[i] = settingFor(i, id, len(provider))
	}
	last.Lock()
	last.provider, last.model, last.id, last.res, last.ok = provider, model, id, r, true
	last.Unlock()
	return r, id
}

// settingFor returns the index of setting i's value for id: the value of
// the first of its rules that selects id (selFirst, the selection of the
// family rules; provEnd the length of a provider given apart), else its
// default.
func settingFor(i int, id string, provEnd int) int {
	if j := selFirst(compiled.settings[i], id, provEnd); j >= 0 {
		return settingTables[i].rules[j].value
	}
	return settingTables[i].def
}

// noteFor returns the index of family f's first note whose pattern matches
// id, -1 for none.
func noteFor(f Family, id string) int {
	for i, re := range compiled.notes[f] {
		if re.MatchString(id) {
			return i
		}
	}
	return -1
}

// resolveFamily returns the family of the first rule that selects id (see
// selMatches; provEnd the length of a provider given apart),
// FallbackFamily when none does.
func resolveFamily(id string, provEnd int) Family {
	if i := selFirst(compiled.rules[:], id, provEnd); i >= 0 {
		return rules[i].family
	}
	return FallbackFamily
}

// anyMatch reports whether one of res matches s.
func anyMatch(res []*regexp.Regexp, s string) bool {
	for _, re := range res {
		if re.MatchString(s) {
			return true
		}
	}
	return false
}

// Choice is the family a prompt is composed for: Auto follows the model
// id of each call; Force(f) always uses family f, whatever the model. The
// zero value is Auto.
type Choice uint16

// Auto follows the model: the family is the one Resolve gives for the
// model id of each call, so changing models changes the guidance.
const Auto Choice = 0

// Force returns the choice of family f: it wins over the model. The model
// id still selects f's own model note, when one of f's notes matches it.
func Force(f Family) Choice { return Choice(f) + 1 }

// Family returns the forced family, and false for Auto.
func (c Choice) Family() (Family, bool) {
	if c == Auto {
		return 0, false
	}
	return Family(c - 1), true
}

// Valid reports whether c is Auto or forces one of the package's families.
func (c Choice) Valid() bool {
	f, ok := c.Family()
	return !ok || f.Valid()
}

// String returns "auto" or the forced family's name.
func (c Choice) String() string {
	if f, ok := c.Family(); ok {
		return f.String()
	}
	return "auto"
}

// choose returns what choice c gives for the model of a provider (see
// resolveFor): the family, its note (-1 for none) and the conditional
// parts the id gets, whatever the family. A choice of no family panics:
// see Compose.
func choose(c Choice, provider, model string) resolution {
	r, id := resolveFor(provider, model)
	f, ok := c.Family()
	if !ok {
		return r
	}
	if !f.Valid() {
		panic(fmt.Sprintf("prompts: choice of %s, which is no family", f))
	}
	compile()
	r.family, r.note = f, noteFor(f, id)
	return r
}
