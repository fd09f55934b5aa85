package compiler

import "github.com/promptc/promptc/internal/config"

// PartBudget returns the budget of the part called name, as the budget
// check applies it (the part's own, or guide.budget for the generated
// operator guide), and whether it has one. The language server shows the
// headroom it leaves.
func (p *Program) PartBudget(name string) (config.Limit, bool) {
	return p.partBudget(p.Config.Parts[name])
}
