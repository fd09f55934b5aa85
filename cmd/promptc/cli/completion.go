package cli

import (
	"context"
	"maps"
	"os/exec"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/promptc/promptc/compiler"
	"github.com/promptc/promptc/compiler/costs"
	"github.com/promptc/promptc/internal/scaffold"
	"github.com/promptc/promptc/lint"
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
	case "show", "claim", "resolve":
		return []string{"text", "json"}
	case "diff":
		return slices.Clone(diffFormats)
	}
	return nil
}

// registerCompletions gives shell completion the values of the flags that
// take a name: output formats, init's templates and lint's rule IDs from
// the program itself, and modes, families and profiles from the project the command line names (the directory
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
	modes := project(modeNames)
	// --mode also takes the custom mode, in a project that declares one
	// (show previews it from custom.example); a list of modes to watch
	// (--fail-on-change) names modes of promptc.cue only.
	modeFlag := project(func(p *compiler.Program) []string {
		out := modeNames(p)
		if p.Config.Custom != nil && !slices.Contains(out, compiler.CustomModeName) {
			out = append(out, compiler.CustomModeName)
			slices.Sort(out)
		}
		return out
	})
	// A family flag takes auto (follow the model) or a family name.
	families := project(func(p *compiler.Program) []string { return append([]string{compiler.Auto}, p.FamilyNames...) })
	profiles := project(func(p *compiler.Program) []string { return compiler.ProfileNames(p.Config) })
	permissions := project(func(p *compiler.Program) []string { return compiler.PermissionNames(p.Config) })
	// A model id: the ones the examples table names, which are the ids the
	// project cares about.
	models := project(func(p *compiler.Program) []string { return slices.Sorted(maps.Keys(p.Config.Families.Examples)) })
	// --fail-on-change takes a comma-separated list of modes (or *): the
	// last name is completed, after the ones already typed.
	modeList := func(cmd *cobra.Command, args []string, prefix string) ([]string, cobra.ShellCompDirective) {
		done, last := "", prefix
		if i := strings.LastIndex(prefix, ","); i >= 0 {
			done, last = prefix[:i+1], prefix[i+1:]
		}
		names, directive := modes(cmd, args, last)
		if done == "" && strings.HasPrefix("*", last) {
			names = append([]string{"*"}, names...)
		}
		for i, n := range names {
			names[i] = done + n
		}
		return names, directive
	}
	var ruleIDs []string
	for _, r := range lint.Rules() {
		ruleIDs = append(ruleIDs, r.ID)
	}
	fixed := map[[2]string][]string{
		{"init", "from"}:    scaffold.Templates,
		{"lint", "explain"}: ruleIDs,
	}
	for _, c := range root.Commands() {
		for key, values := range fixed {
			if key[0] == c.Name() && c.Flags().Lookup(key[1]) != nil {
				c.RegisterFlagCompletionFunc(key[1], cobra.FixedCompletions(values, cobra.ShellCompDirectiveNoFileComp))
			}
		}
		if c.Flags().Lookup("fail-on-change") != nil {
			c.RegisterFlagCompletionFunc("fail-on-change", modeList)
		}
		if values := formatValues(c.Name()); values != nil && c.Flags().Lookup("format") != nil {
			c.RegisterFlagCompletionFunc("format", cobra.FixedCompletions(values, cobra.ShellCompDirectiveNoFileComp))
		}
		if c.Flags().Lookup("base") != nil {
			c.RegisterFlagCompletionFunc("base", gitRefs)
		}
		for flag, fn := range map[string]cobra.CompletionFunc{"mode": modeFlag, "family": families, "profile": profiles, "permit": permissions, "model": models} {
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

// gitRefsTimeout bounds the git command that lists refs for completion: a
// shell waits for it on every tab, and a repository on a slow or hung file
// system must not freeze the prompt.
const gitRefsTimeout = 2 * time.Second

// gitRefs completes --base with the branches, remote branches and tags of
// the git repository holding the directory argument (or the working
// directory), and HEAD. Without git, outside a repository or past the
// timeout, it completes HEAD alone.
func gitRefs(cmd *cobra.Command, args []string, prefix string) ([]string, cobra.ShellCompDirective) {
	refs := []string{"HEAD"}
	ctx, cancel := context.WithTimeout(context.Background(), gitRefsTimeout)
	defer cancel()
	git := exec.CommandContext(ctx, "git", "for-each-ref", "--format=%(refname:short)", "refs/heads", "refs/remotes", "refs/tags")
	git.Dir = dirArg(args)
	if out, err := git.Output(); err == nil {
		for _, r := range strings.Split(string(out), "\n") {
			if r != "" && !strings.HasSuffix(r, "/HEAD") {
				refs = append(refs, r)
			}
		}
	}
	return withPrefix(refs, prefix), cobra.ShellCompDirectiveNoFileComp
}

// modeNames lists the modes and aliases of p, sorted.
func modeNames(p *compiler.Program) []string {
	var out []string
	for _, m := range p.Modes {
		out = append(out, m.Name)
	}
	for alias := range p.Config.Aliases {
		out = append(out, alias)
	}
	slices.Sort(out)
	return out
}
