package lsp

import (
	"slices"

	"github.com/promptc/promptc/compiler"
	"github.com/promptc/promptc/compiler/include"
	"github.com/promptc/promptc/internal/diag"
)

// shown returns the findings of sn as the editor shows them: lint's
// findings, each budget finding also on the assets whose text it measures
// (with the budget and the other assets as related positions), capped per
// rule and file as promptc lint prints them (diag.Cap, the code lint's
// printers use).
func (sn *snapshot) shown() []diag.Diagnostic {
	ds := slices.Clone(sn.diags)
	prog := sn.prog()
	if prog != nil && sn.loaded != nil {
		var copies []diag.Diagnostic
		for i, d := range ds {
			if d.Rule != compiler.RuleBudgetOver && d.Rule != compiler.RuleBudgetNear {
				continue
			}
			at := budgetAssets(sn, prog, d.Pos)
			// Clipped: the findings' related lists are shared with the
			// check, which later requests read unchanged.
			d.Related = slices.Clip(d.Related)
			for _, a := range at {
				d.Related = append(d.Related, diag.Relate(a.pos, "%s makes up part %s", a.pos.Path, a.part))
			}
			ds[i].Related = d.Related
			for _, a := range at {
				c := d
				c.Pos, c.End = a.pos, diag.Position{}
				c.Related = append([]diag.Related{diag.Relate(ds[i].Pos, "the budget")}, d.Related...)
				copies = append(copies, c)
			}
		}
		ds = append(ds, copies...)
	}
	return diag.Cap(diag.Sort(ds), diag.MaxPerRuleAndFile)
}

// asset is a file whose text a budget measures: where its text starts in
// the part it makes up.
type asset struct {
	pos  diag.Position
	part string
}

// budgetAssets returns the files whose text the budget declared at pos
// measures, one per file and part, in the order of the parts.
func budgetAssets(sn *snapshot, prog *compiler.Program, pos diag.Position) []asset {
	l := sn.loaded
	c := prog.Config
	var parts []string
	for _, name := range sortedKeys(c.Parts) {
		if _, ok := prog.PartBudget(name); !ok {
			continue
		}
		at := l.PosOfKeys("parts", name, "budget")
		if c.Parts[name].Budget == nil {
			at = l.PosOfKeys("guide", "budget")
		}
		if at == pos {
			parts = append(parts, name)
		}
	}
	for _, name := range sortedKeys(c.Budgets) {
		if l.PosOfKeys("budgets", name) == pos {
			for _, ref := range c.Budgets[name].Sum {
				parts = append(parts, ref.Name)
			}
		}
	}
	for _, m := range prog.Modes {
		if m.Config.Budget != nil && l.PosOfKeys("modes", m.Name, "budget") == pos {
			for _, ref := range m.Config.Compose {
				if ref.Kind == "part" {
					parts = append(parts, ref.Name)
				}
			}
		}
	}
	var out []asset
	seen := map[asset]bool{}
	for _, name := range parts {
		for _, sp := range partSpans(prog, name) {
			a := asset{pos: diag.Position{Path: sp.Path, Line: sp.Line, Col: 1}, part: name}
			key := asset{pos: diag.Position{Path: sp.Path}, part: name}
			if sp.Path == "" || seen[key] {
				continue
			}
			seen[key] = true
			out = append(out, a)
		}
	}
	return out
}

// partSpans returns the spans of every text the part called name sends:
// its own text, or for a family part its section in every family.
func partSpans(p *compiler.Program, name string) []include.Span {
	cp := p.Config.Parts[name]
	if cp.Family == "" {
		if part := p.Parts[name]; part != nil {
			return part.Spans
		}
		return nil
	}
	var out []include.Span
	for _, fn := range p.FamilyNames {
		f := p.Families[fn]
		if f == nil {
			continue
		}
		switch cp.Family {
		case "line":
			out = append(out, f.Line.Spans...)
		case "body":
			out = append(out, f.Body.Spans...)
		case "note":
			for _, n := range f.Notes {
				out = append(out, n.Spans...)
			}
		}
	}
	return out
}
