package family

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/promptc/promptc/internal/config"
)

// How a resolution was decided.
const (
	ByName     = "name"
	ByProvider = "provider"
	ByFallback = "fallback"
)

// Resolution explains how a model id maps to a family.
type Resolution struct {
	ModelID string `json:"model"`
	// Name is the model name: the part after the last "/" or ":".
	Name string `json:"name"`
	// Providers are the segments before the name, outermost first.
	Providers []string `json:"providers"`
	Family    string   `json:"family"`
	// By is "name", "provider" or "fallback".
	By string `json:"by"`
	// Rule is the index of the deciding rule in families.rules, -1 for the
	// fallback.
	Rule int `json:"rule"`
	// Pattern is the deciding pattern and Matched the text it matched.
	Pattern string `json:"pattern,omitempty"`
	Matched string `json:"matched,omitempty"`
}

// Why describes the decision in words, e.g. `rule 3 name pattern "^gpt-"
// matched "gpt-4o"`.
func (r Resolution) Why() string {
	if r.By == ByFallback {
		return "no rule matched the name or a provider; fallback family"
	}
	return fmt.Sprintf("rule %d %s pattern %q matched %q", r.Rule, r.By, r.Pattern, r.Matched)
}

type compiledRule struct {
	family   string
	name     []*regexp.Regexp
	provider []*regexp.Regexp
}

// Resolver maps model ids to families with the configured rules. It is
// immutable and safe for concurrent use.
type Resolver struct {
	rules    []compiledRule
	fallback string
}

// NewResolver compiles the rules of cfg. Patterns are assumed valid: the
// config loader has already reported those that do not compile, and they
// are skipped here.
func NewResolver(cfg config.Families) *Resolver {
	r := &Resolver{fallback: cfg.Fallback}
	for _, rule := range cfg.Rules {
		cr := compiledRule{family: rule.Family}
		for _, p := range rule.Name {
			if re, err := regexp.Compile(p); err == nil {
				cr.name = append(cr.name, re)
			}
		}
		for _, p := range rule.Provider {
			if re, err := regexp.Compile(p); err == nil {
				cr.provider = append(cr.provider, re)
			}
		}
		r.rules = append(r.rules, cr)
	}
	return r
}

// Split separates a model id into its provider segments and model name. The
// name is the part after the last "/" or ":"; the segments before it, split
// at "/" and ":", are the providers.
func Split(id string) (providers []string, name string) {
	i := strings.LastIndexAny(id, "/:")
	if i < 0 {
		return nil, id
	}
	name = id[i+1:]
	providers = strings.FieldsFunc(id[:i], func(r rune) bool { return r == '/' || r == ':' })
	return providers, name
}

// Resolve maps id to a family. The model name is matched against every
// rule's name patterns first (rule order); then each provider segment,
// nearest the name first, against every rule's provider patterns; else
// the fallback family. So ollama:deepseek-r1:14b (name "14b") is decided
// by its server, ollama, not by the model it serves.
func (r *Resolver) Resolve(id string) Resolution {
	if ms := r.matches(id, true); len(ms) > 0 {
		return ms[0]
	}
	providers, name := Split(id)
	return Resolution{ModelID: id, Name: name, Providers: providers, Family: r.fallback, By: ByFallback, Rule: -1}
}

// Matches lists every rule pattern that matches id in the first phase of
// Resolve that has a match; the first entry is the one Resolve uses. It
// explains overlaps.
func (r *Resolver) Matches(id string) []Resolution { return r.matches(id, false) }

func (r *Resolver) matches(id string, first bool) []Resolution {
	providers, name := Split(id)
	var out []Resolution
	try := func(text, by string, pick func(compiledRule) []*regexp.Regexp) bool {
		for i, rule := range r.rules {
			for _, re := range pick(rule) {
				if re.MatchString(text) {
					out = append(out, Resolution{ModelID: id, Name: name, Providers: providers, Family: rule.family, By: by, Rule: i, Pattern: re.String(), Matched: text})
					if first {
						return true
					}
				}
			}
		}
		return len(out) > 0
	}
	nameOf := func(c compiledRule) []*regexp.Regexp { return c.name }
	providerOf := func(c compiledRule) []*regexp.Regexp { return c.provider }
	if try(name, ByName, nameOf) {
		return out
	}
	for j := len(providers) - 1; j >= 0; j-- {
		if try(providers[j], ByProvider, providerOf) {
			return out
		}
	}
	return out
}
