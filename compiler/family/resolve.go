package family

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/promptc/promptc/compiler/genruntime"
	"github.com/promptc/promptc/internal/config"
)

// How a resolution was decided.
const (
	// ByName: a name pattern matched the model name.
	ByName = "name"
	// ByID: an id pattern matched the whole model id.
	ByID = "id"
	// ByAll: every pattern of a rule's all list matched the whole id.
	ByAll = "all"
	// ByProvider: no rule matched the name or the whole id, and a name or
	// provider pattern matched a provider segment.
	ByProvider = "provider"
	// ByProviderOnName: nothing else matched, and a provider pattern
	// matched the model name (a bare id naming a provider: anthropic).
	ByProviderOnName = genruntime.ByProviderOnName
	// ByFallback: no rule matched at all.
	ByFallback = "fallback"
)

// Pattern lists of a rule, as Resolution.Field names them.
const (
	FieldName     = "name"
	FieldProvider = "provider"
	FieldID       = "id"
	FieldAll      = "all"
)

// Resolution explains how a model id maps to a family.
type Resolution struct {
	ModelID string `json:"model"`
	// Name is the model name: the part after the last "/" or ":".
	Name string `json:"name"`
	// Providers are the segments before the name, outermost first.
	Providers []string `json:"providers"`
	Family    string   `json:"family"`
	// By is "name", "id", "all", "provider", "provider-on-name" or
	// "fallback".
	By string `json:"by"`
	// Rule is the index of the deciding rule in families.rules, -1 for the
	// fallback.
	Rule int `json:"rule"`
	// Field is the deciding rule's pattern list: "name", "provider", "id"
	// or "all". A provider segment may be decided by a name pattern.
	Field string `json:"field,omitempty"`
	// Index is the deciding pattern's index in that list (0 for "all").
	Index int `json:"index"`
	// Segment is the index in Providers of the segment that decided, or -1
	// when no segment did.
	Segment int `json:"segment"`
	// Pattern is the deciding pattern (for "all", every pattern, quoted and
	// joined with " & ") and Matched the text it matched: the name, the
	// whole id or the segment.
	Pattern string `json:"pattern,omitempty"`
	Matched string `json:"matched,omitempty"`
}

// Why describes the decision in words, e.g. `rule 3 name pattern "^gpt-"
// matched "gpt-4o"` or `rule 10 name pattern "^qwen" matched provider
// segment "qwen2.5-coder"`.
func (r Resolution) Why() string {
	switch r.By {
	case ByFallback:
		return "no rule matched the name, the id or a provider segment; fallback family"
	case ByID:
		return fmt.Sprintf("rule %d id pattern %q matched the whole id", r.Rule, r.Pattern)
	case ByAll:
		return fmt.Sprintf("rule %d all patterns %s matched the whole id", r.Rule, r.Pattern)
	case ByProvider:
		return fmt.Sprintf("rule %d %s pattern %q matched provider segment %q", r.Rule, r.Field, r.Pattern, r.Matched)
	case ByProviderOnName:
		return fmt.Sprintf("rule %d provider pattern %q matched the model name %q (no rule matched it as a name)", r.Rule, r.Pattern, r.Matched)
	}
	return fmt.Sprintf("rule %d %s pattern %q matched %q", r.Rule, r.Field, r.Pattern, r.Matched)
}

// deciding names the rule and pattern of a match, without the text it
// matched unless that is a provider segment: `rule 2 name pattern "^gpt-"`.
func (r Resolution) deciding() string {
	switch r.By {
	case ByAll:
		return fmt.Sprintf("rule %d all patterns %s", r.Rule, r.Pattern)
	case ByProvider:
		return fmt.Sprintf("rule %d %s pattern %q on provider segment %q", r.Rule, r.Field, r.Pattern, r.Matched)
	case ByProviderOnName:
		return fmt.Sprintf("rule %d provider pattern %q on the model name", r.Rule, r.Pattern)
	}
	return fmt.Sprintf("rule %d %s pattern %q", r.Rule, r.Field, r.Pattern)
}

// Resolver maps model ids to families with the configured rules. It is
// immutable and safe for concurrent use.
type Resolver struct {
	rules    []genruntime.Rule
	families []string
	// allText is each rule's all list as Resolution.Pattern shows it.
	allText  []string
	fallback string
}

// NewResolver compiles the rules of cfg. Patterns are assumed valid: the
// config loader has already reported those that do not compile, and they
// are skipped here. A rule whose all list has a pattern that does not
// compile never matches by all.
func NewResolver(cfg config.Families) *Resolver {
	r := &Resolver{fallback: cfg.Fallback}
	compile := func(ps []string) []*regexp.Regexp {
		var out []*regexp.Regexp
		for _, p := range ps {
			if re, err := regexp.Compile(p); err == nil {
				out = append(out, re)
			}
		}
		return out
	}
	for _, rule := range cfg.Rules {
		mr := genruntime.Rule{Name: compile(rule.Name), Provider: compile(rule.Provider), ID: compile(rule.ID)}
		if all := compile(rule.All); len(all) == len(rule.All) {
			mr.All = all
		}
		q := make([]string, len(rule.All))
		for i, p := range rule.All {
			q[i] = fmt.Sprintf("%q", p)
		}
		r.rules = append(r.rules, mr)
		r.families = append(r.families, rule.Family)
		r.allText = append(r.allText, strings.Join(q, " & "))
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
	providers = splitProviders(id[:i])
	return providers, name
}

func splitProviders(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return r == '/' || r == ':' })
}

// Resolve maps id to a family: the first match of genruntime's selection
// (see genruntime.Matches for its two phases, the same code a generated
// package runs), else the fallback family. Because rule order decides,
// a rule listed earlier states precedence between two words of one
// prefix: with a rule for the server ollama above the deepseek rule,
// ollama:deepseek-r1:14b is decided by ollama; below it, by deepseek-r1.
func (r *Resolver) Resolve(id string) Resolution { return r.ResolveFor("", id) }

// ResolveFor is Resolve for a model of a provider given apart, as a
// generated package's Request{Provider, Model} resolves it: the id is
// provider + "/" + model, and provider patterns see the provider alone,
// never a segment of the model id. An empty provider is Resolve.
func (r *Resolver) ResolveFor(provider, model string) Resolution {
	id := model
	if provider != "" {
		id = provider + "/" + model
	}
	if ms := r.matches(id, len(provider), true); len(ms) > 0 {
		return ms[0]
	}
	providers, name := Split(id)
	return Resolution{ModelID: id, Name: name, Providers: providers, Family: r.fallback, By: ByFallback, Rule: -1, Segment: -1}
}

// Matches lists every rule pattern that matches id in the first phase of
// Resolve that has a match, in rule order; the first entry is the one
// Resolve uses. It explains overlaps.
func (r *Resolver) Matches(id string) []Resolution { return r.matches(id, 0, false) }

func (r *Resolver) matches(id string, provEnd int, first bool) []Resolution {
	providers, name := Split(id)
	var out []Resolution
	for _, m := range genruntime.Matches(r.rules, id, provEnd, first) {
		res := Resolution{ModelID: id, Name: name, Providers: providers, Family: r.families[m.Rule],
			By: m.By, Rule: m.Rule, Field: m.Field, Index: m.Index, Segment: -1}
		rule := r.rules[m.Rule]
		switch m.Field {
		case FieldName:
			res.Pattern, res.Matched = rule.Name[m.Index].String(), name
		case FieldID:
			res.Pattern, res.Matched = rule.ID[m.Index].String(), id
		case FieldAll:
			res.Pattern, res.Matched = r.allText[m.Rule], id
		case FieldProvider:
			res.Pattern = rule.Provider[m.Index].String()
		}
		switch m.By {
		case ByProvider:
			res.Segment, res.Matched = len(splitProviders(id[:m.SegmentStart])), m.Segment
		case ByProviderOnName:
			res.Matched = name
		}
		out = append(out, res)
	}
	return out
}
