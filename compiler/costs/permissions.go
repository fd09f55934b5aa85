package costs

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/promptc/promptc/compiler"
)

// PermissionCosts is the standing prompt of every mode in every profile
// under every permission set: what a session pays per call depends on
// which tools its set lets the tools part list.
type PermissionCosts struct {
	// Columns names each program: "profile/set", or "set" when the
	// project declares no profiles.
	Columns []string
	// Modes holds, per mode in lattice order, the tokens per call of each
	// column: the most any family's call in the mode costs.
	Modes []PermissionRow
	// Tools holds the tokens of each tool catalogue part in each column,
	// by part name.
	Tools []PermissionRow
	// Counter says how tokens were counted.
	Counter string
}

// PermissionRow is one mode's (or tools part's) tokens per column.
type PermissionRow struct {
	Name   string
	Tokens []int
}

// ByPermission computes PermissionCosts from a project compiled in every
// profile and permission set: one column per program, in
// compiler.CompileAll's order.
func ByPermission(proj *compiler.Project) PermissionCosts {
	progs := proj.Programs()
	p := proj.Default()
	c := PermissionCosts{Counter: p.Counter.Name()}
	for _, q := range progs {
		col := q.Permission()
		if q.Profile() != "" {
			col = q.Profile() + "/" + col
		}
		c.Columns = append(c.Columns, col)
	}
	for _, m := range p.Modes {
		row := PermissionRow{Name: m.Name}
		for _, q := range progs {
			most := 0
			for _, r := range PerFamily(q) {
				if r.Mode == m.Name {
					most = max(most, r.Tokens)
				}
			}
			row.Tokens = append(row.Tokens, most)
		}
		c.Modes = append(c.Modes, row)
	}
	for _, name := range slices.Sorted(maps.Keys(p.Config.Parts)) {
		if p.Config.Parts[name].Generated != "tools" {
			continue
		}
		row := PermissionRow{Name: name + " part"}
		for _, q := range progs {
			n := 0
			if part := q.Parts[name]; part != nil {
				n = q.Counter.Count(part.Text)
			}
			row.Tokens = append(row.Tokens, n)
		}
		c.Tools = append(c.Tools, row)
	}
	return c
}

// WritePermissionCosts prints the table, then what its numbers are.
func WritePermissionCosts(w io.Writer, c PermissionCosts) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "MODE\t%s\n", strings.Join(c.Columns, "\t"))
	for _, r := range append(slices.Clone(c.Modes), c.Tools...) {
		cells := make([]string, len(r.Tokens))
		for i, n := range r.Tokens {
			cells[i] = compiler.Thousands(n)
		}
		fmt.Fprintf(tw, "%s\t%s\n", r.Name, strings.Join(cells, "\t"))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	_, err := fmt.Fprintf(w, "\nStanding-prompt tokens per call (%s): for each mode, the most any family's call costs, in each profile under each permission set; a set's tools part lists only the tools it permits.\n", c.Counter)
	return err
}
