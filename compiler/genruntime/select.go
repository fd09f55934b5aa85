package genruntime

// This file is promptc's selection of a family rule for a model id, and it
// is also copied, as source, into every generated package (see Files), so
// that `promptc resolve`, the build-time examples check and the generated
// Resolve cannot disagree. It must use nothing but the regexp and strings
// packages, must name nothing else of this package, and its names start
// with "sel" so that they cannot collide with the generated package's.

import (
	"regexp"
	"strings"
)

// selRule is one family rule, its pattern lists compiled: name patterns
// match the model name, provider patterns a provider segment, id patterns
// the whole id, and every pattern of all the whole id at once.
type selRule struct {
	name, provider, id, all []*regexp.Regexp
}

// selBy says which pattern list of a rule matched, and against what.
type selBy uint8

const (
	// selByName: a name pattern matched the model name.
	selByName selBy = iota
	// selByID: an id pattern matched the whole id.
	selByID
	// selByAll: every pattern of the all list matched the whole id.
	selByAll
	// selByProviderName: a name pattern matched a provider segment.
	selByProviderName
	// selByProvider: a provider pattern matched a provider segment.
	selByProvider
	// selByProviderOnName: a provider pattern matched the model name (a
	// bare id naming a provider: anthropic, openai).
	selByProviderOnName
)

// selMatch is one match: rule is the index of the rule, by how it matched,
// index the pattern's index in its list (0 for all), and for a provider
// segment, segStart and segEnd are the segment's byte offsets in the id.
type selMatch struct {
	rule, index      int
	by               selBy
	segStart, segEnd int
}

// selMatches calls yield with every match of the first phase of selection
// that has one, in order, until yield returns false. The model name is the
// part of id after its last "/" or ":"; the segments before it, split at
// "/" and ":", are its providers. provEnd is the length of the provider a
// request gives apart from its model (id is then provider + "/" + model),
// 0 when it gives none.
//
//  1. Every rule, in order: its name patterns against the name, its id
//     patterns against the whole id, then its all list against the whole
//     id.
//  2. Only when phase 1 has no match: every rule, in order, against each
//     provider segment, the one nearest the name first, with its name
//     patterns and then its provider patterns. Because rules stay the
//     outer loop, a rule listed earlier wins over a later rule that
//     matches a nearer segment: rule order is how a project states
//     precedence between two words of one prefix. When the request gives
//     its provider apart, provider patterns see that provider alone,
//     never a segment of the model id (openrouter with openai/gpt-4o:
//     "^openai$" does not match).
//  3. Only when phases 1 and 2 have no match: every rule, in order, with
//     its provider patterns against the name, so that a bare id naming a
//     provider (anthropic, openai) gets that provider's family.
//
// The first match is the selection; a model no rule matches gets the
// fallback family. selMatches allocates nothing itself.
func selMatches(rules []selRule, id string, provEnd int, yield func(selMatch) bool) {
	name, cut := id, strings.LastIndexAny(id, "/:")
	if cut >= 0 {
		name = id[cut+1:]
	}
	found := false
	for i := range rules {
		r := &rules[i]
		for j, re := range r.name {
			if re.MatchString(name) {
				found = true
				if !yield(selMatch{rule: i, index: j, by: selByName}) {
					return
				}
			}
		}
		for j, re := range r.id {
			if re.MatchString(id) {
				found = true
				if !yield(selMatch{rule: i, index: j, by: selByID}) {
					return
				}
			}
		}
		if len(r.all) > 0 && selAllMatch(r.all, id) {
			found = true
			if !yield(selMatch{rule: i, by: selByAll}) {
				return
			}
		}
	}
	if found {
		return
	}
	for i := range rules {
		r := &rules[i]
		for end := cut; end > 0; {
			start := strings.LastIndexAny(id[:end], "/:") + 1
			if seg := id[start:end]; seg != "" {
				for j, re := range r.name {
					if re.MatchString(seg) {
						found = true
						if !yield(selMatch{rule: i, index: j, by: selByProviderName, segStart: start, segEnd: end}) {
							return
						}
					}
				}
				if provEnd == 0 || end <= provEnd {
					for j, re := range r.provider {
						if re.MatchString(seg) {
							found = true
							if !yield(selMatch{rule: i, index: j, by: selByProvider, segStart: start, segEnd: end}) {
								return
							}
						}
					}
				}
			}
			end = start - 1
		}
	}
	if found {
		return
	}
	for i := range rules {
		for j, re := range rules[i].provider {
			if re.MatchString(name) && !yield(selMatch{rule: i, index: j, by: selByProviderOnName, segStart: cut + 1, segEnd: len(id)}) {
				return
			}
		}
	}
}

// selFirst returns the index of the rule that selects id (provEnd as
// selMatches takes it), and -1 when no rule does (the fallback family).
func selFirst(rules []selRule, id string, provEnd int) int {
	rule := -1
	selMatches(rules, id, provEnd, func(m selMatch) bool {
		rule = m.rule
		return false
	})
	return rule
}

// selAllMatch reports whether every pattern of res matches s.
func selAllMatch(res []*regexp.Regexp, s string) bool {
	for _, re := range res {
		if !re.MatchString(s) {
			return false
		}
	}
	return true
}
