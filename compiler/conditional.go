package compiler

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/promptc/promptc/internal/diag"
)

// Rule IDs of the conditional-part checks.
const (
	RuleExampleParts    = "EXAMPLE_PARTS_MISMATCH"
	RuleConditionUnused = "CONDITION_UNEXERCISED"
)

// checkConditional verifies the parts of families.examples: an example
// that lists parts must get exactly those conditional parts, and each name
// must be a conditional part. Every conditional part should be sent to at
// least one example id, so that its patterns are known to match something.
func (b *builder) checkConditional() []diag.Diagnostic {
	var ds []diag.Diagnostic
	names := slices.Sorted(maps.Keys(b.conditions))
	exercised := map[string]bool{}
	ex := b.Config.Families.Examples
	for _, id := range slices.Sorted(maps.Keys(ex)) {
		got := b.ConditionalParts(id)
		for _, n := range got {
			exercised[n] = true
		}
		if ex[id].Parts == nil {
			continue
		}
		pos := func() diag.Position { return b.Loaded.PosOfKeys("families", "examples", id) }
		want := slices.Sorted(slices.Values(*ex[id].Parts))
		var unknown []string
		for _, n := range want {
			if _, ok := b.conditions[n]; !ok {
				unknown = append(unknown, n)
			}
		}
		if len(unknown) > 0 {
			ds = append(ds, diag.Errorf(pos(), RuleExampleParts,
				"example %q lists %s, which %s not a conditional part (conditional parts: %s); list parts that have models patterns",
				id, quoteAll(unknown), plural(len(unknown), "is", "are"), listOrNone(names)))
			continue
		}
		if !slices.Equal(got, slices.Compact(want)) {
			ds = append(ds, diag.Errorf(pos(), RuleExampleParts,
				"example %q gets conditional parts %s, expected %s", id, listOrNone(got), listOrNone(slices.Compact(want))))
		}
	}
	for _, n := range names {
		if !exercised[n] {
			ds = append(ds, diag.Warnf(b.Loaded.PosOfKeys("parts", n, "models"), RuleConditionUnused,
				"conditional part %s is sent to no example model id; add an id its patterns match to families.examples", n))
		}
	}
	return ds
}

func quoteAll(ss []string) string {
	q := make([]string, len(ss))
	for i, s := range ss {
		q[i] = fmt.Sprintf("%q", s)
	}
	return strings.Join(q, ", ")
}

func listOrNone(ss []string) string {
	if len(ss) == 0 {
		return "none"
	}
	return strings.Join(ss, ", ")
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
