package cli

import (
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/promptc/promptc/compiler"
	"github.com/promptc/promptc/internal/config"
)

// compile loads the configuration found from dir and compiles the project
// in the profile named by --profile and the permission set named by
// --permit (the defaults when unset), for
// the commands that read a Program (show, costs, resolve). A project with
// errors is not shown or costed: what would be printed is not what build
// ships, so the errors are printed on stderr and compile returns a
// findings error (exit 1).
func (g *globals) compile(dir string) (*compiler.Program, error) {
	progs, err := g.compileAll(dir, false)
	if err != nil {
		return nil, err
	}
	p := progs[0]
	if err := g.refuseErrors(p); err != nil {
		return nil, err
	}
	return p, nil
}

// compileAll compiles the project in every profile when all is true (the
// default profile first, carrying every profile's diagnostics), else in the
// one profile --profile names and the one permission set --permit names
// (the defaults when unset).
func (g *globals) compileAll(dir string, all bool) ([]*compiler.Program, error) {
	return g.compileAllThen(dir, all, nil)
}

// compileAllThen is compileAll calling loaded, when not nil, with the
// configuration before compiling, so that work which needs only the
// configuration runs alongside the compilation.
func (g *globals) compileAllThen(dir string, all bool, loaded func(*config.Loaded)) ([]*compiler.Program, error) {
	if err := g.checkJobs(); err != nil {
		return nil, err
	}
	l, err := g.loadConfig(dir)
	if err != nil {
		return nil, err
	}
	if loaded != nil {
		loaded(l)
	}
	var progs []*compiler.Program
	if all {
		progs, err = compiler.CompileAll(l, compiler.Options{Jobs: g.jobs})
	} else {
		if g.profile != "" && !slices.Contains(compiler.ProfileNames(l.Config), g.profile) {
			return nil, usagef("--profile: unknown profile %q (valid: %s)", g.profile, strings.Join(compiler.ProfileNames(l.Config), ", "))
		}
		if g.permission != "" {
			sets := compiler.PermissionNames(l.Config)
			if sets == nil {
				return nil, usagef("--permit %s: promptc.cue declares no permission sets", g.permission)
			}
			if !slices.Contains(sets, g.permission) {
				return nil, usagef("--permit: unknown permission set %q (valid: %s)", g.permission, strings.Join(sets, ", "))
			}
		}
		var p *compiler.Program
		p, err = compiler.Compile(l, compiler.Options{Profile: g.profile, Permission: g.permission, Jobs: g.jobs})
		progs = []*compiler.Program{p}
	}
	if err != nil {
		return nil, err
	}
	p := progs[0]
	g.logger.Debug("compiled", "root", l.Root, "files", len(p.Files), "modes", len(p.Modes), "families", len(p.FamilyNames), "diagnostics", len(p.Diagnostics))
	return progs, nil
}

// addJobsFlag adds --jobs to a command that compiles the project.
func addJobsFlag(cmd *cobra.Command, g *globals) {
	cmd.Flags().IntVar(&g.jobs, "jobs", 0, "compile and check on at most `N` goroutines at once (0: one per core, GOMAXPROCS)")
}

// checkJobs refuses a negative --jobs: 0 already means every core.
func (g *globals) checkJobs() error {
	if g.jobs < 0 {
		return usagef("--jobs %d: want 0 (one per core) or a positive number", g.jobs)
	}
	return nil
}
