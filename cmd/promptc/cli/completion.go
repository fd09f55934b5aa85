package cli

import (
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/promptc/promptc/compiler"
	"github.com/promptc/promptc/compiler/costs"
	"github.com/promptc/promptc/lint/printer"
)

// formatValues are the --format values of each command that has the flag.
func formatValues(command string) []string {
	switch command {
	case "lint":
		return append(printer.Formats(), formatConfigIgnore)
	case "build":
		return printer.Formats()
	case "costs":
		return slices.Clone(costs.Formats)
	case "show", "claim":
		return []string{"text", "json"}
	}
	return nil
}

// registerCompletions gives shell completion the values of the flags that
// take a name: output formats from the command itself, and modes, families
// and profiles from the project the command line names (the directory
// argument, --config, or the nearest promptc.cue). A project that does not
// load completes nothing.
func registerCompletions(root *cobra.Command, g *globals) {
	project := func(names func(p *compiler.Program) []string) cobra.CompletionFunc {
		return func(cmd *cobra.Command, args []string, prefix string) ([]string, cobra.ShellCompDirective) {
			g.logger = newLogger(g.stderr, false)
			l, err := g.loadConfig(dirArg(args))
			if err != nil {
				return nil, cobra.ShellCompDirectiveNoFileComp
			}
			p, err := compiler.Compile(l, compiler.Options{})
			if err != nil {
				return nil, cobra.ShellCompDirectiveNoFileComp
			}
			return withPrefix(names(p), prefix), cobra.ShellCompDirectiveNoFileComp
		}
	}
	modes := project(func(p *compiler.Program) []string {
		var out []string
		for _, m := range p.Modes {
			out = append(out, m.Name)
		}
		for alias := range p.Config.Aliases {
			out = append(out, alias)
		}
		slices.Sort(out)
		return out
	})
	// A family flag takes auto (follow the model) or a family name.
	families := project(func(p *compiler.Program) []string { return append([]string{compiler.Auto}, p.FamilyNames...) })
	profiles := project(func(p *compiler.Program) []string { return compiler.ProfileNames(p.Config) })
	permissions := project(func(p *compiler.Program) []string { return compiler.PermissionNames(p.Config) })
	for _, c := range root.Commands() {
		if values := formatValues(c.Name()); values != nil && c.Flags().Lookup("format") != nil {
			c.RegisterFlagCompletionFunc("format", cobra.FixedCompletions(values, cobra.ShellCompDirectiveNoFileComp))
		}
		for flag, fn := range map[string]cobra.CompletionFunc{"mode": modes, "family": families, "profile": profiles, "permit": permissions} {
			if c.Flags().Lookup(flag) != nil {
				c.RegisterFlagCompletionFunc(flag, fn)
			}
		}
	}
}

func withPrefix(names []string, prefix string) []string {
	var out []string
	for _, n := range names {
		if strings.HasPrefix(n, prefix) {
			out = append(out, n)
		}
	}
	return out
}
