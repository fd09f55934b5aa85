package family

import (
	"fmt"
	"regexp"
	"strings"

	config "github.com/promptc/promptc/cue"
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
	for _, s := range strings.FieldsFunc(id[:i], func(r rune) bool { return r == '/' || r == ':' }) {
		providers = append(providers, s)
	}
	return providers, name
}

// Resolve maps id to a family: the first rule with a name pattern matching
// the model name wins; else the first rule with a provider pattern matching
// a provider segment (nearest the name first); else the fallback family.
func (r *Resolver) Resolve(id string) Resolution {
	providers, name := Split(id)
	res := Resolution{ModelID: id, Name: name, Providers: providers}
	for i, rule := range r.rules {
		for _, re := range rule.name {
			if re.MatchString(name) {
				res.Family, res.By, res.Rule, res.Pattern, res.Matched = rule.family, ByName, i, re.String(), name
				return res
			}
		}
	}
	for j := len(providers) - 1; j >= 0; j-- {
		for i, rule := range r.rules {
			for _, re := range rule.provider {
				if re.MatchString(providers[j]) {
					res.Family, res.By, res.Rule, res.Pattern, res.Matched = rule.family, ByProvider, i, re.String(), providers[j]
					return res
				}
			}
		}
	}
	res.Family, res.By, res.Rule = r.fallback, ByFallback, -1
	return res
}

// Matches lists every (rule, kind, pattern) that would match id in the
// name phase or, when no name pattern matches, the provider phase; the
// first entry is the one Resolve uses. It explains overlaps.
func (r *Resolver) Matches(id string) []Resolution {
	providers, name := Split(id)
	var out []Resolution
	for i, rule := range r.rules {
		for _, re := range rule.name {
			if re.MatchString(name) {
				out = append(out, Resolution{ModelID: id, Name: name, Providers: providers, Family: rule.family, By: ByName, Rule: i, Pattern: re.String(), Matched: name})
			}
		}
	}
	if len(out) > 0 {
		return out
	}
	for j := len(providers) - 1; j >= 0; j-- {
		for i, rule := range r.rules {
			for _, re := range rule.provider {
				if re.MatchString(providers[j]) {
					out = append(out, Resolution{ModelID: id, Name: name, Providers: providers, Family: rule.family, By: ByProvider, Rule: i, Pattern: re.String(), Matched: providers[j]})
				}
			}
		}
	}
	return out
}
