package compiler

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/promptc/promptc/compiler/family"
	"github.com/promptc/promptc/internal/diag"
)

// checkFamilyWhens reports every family a part's when: {family: [...]}
// names that has no family file, at the name: such a part would never be
// sent, and the generated package could not name the family.
func (b *builder) checkFamilyWhens() []diag.Diagnostic {
	var ds []diag.Diagnostic
	for _, name := range slices.Sorted(maps.Keys(b.Config.Parts)) {
		w := b.Config.Parts[name].When
		if w == nil {
			continue
		}
		for i, f := range w.Family {
			if _, ok := b.Families[f]; ok || b.unreadFamilies[f] {
				continue
			}
			ds = append(ds, diag.Errorf(b.Loaded.PosOfKeys("parts", name, "when", "family", fmt.Sprint(i)), family.RuleUnknownFamily,
				"part %s is sent with family %q, which has no family file (known: %s); add %s%s or fix the name",
				name, f, strings.Join(b.FamilyNames, ", "), f, family.Suffix))
		}
	}
	return ds
}
