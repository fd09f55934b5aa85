package cli

import (
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/promptc/promptc/compiler"
	"github.com/promptc/promptc/internal/config"
	"github.com/promptc/promptc/internal/diag"
)

// compile loads the configuration found from dir and compiles the project
// in the profile named by --profile and the permission set named by
// --permit (the defaults when unset), for
// the commands that read a Program (show, costs, resolve). A project with
// errors after its suppressions (refuseErrors) is not shown or costed:
// what would be printed is not what build ships, so the errors are
// printed on stderr and compile returns a findings error (exit 1).
func (g *globals) compile(dir string) (*compiler.Program, error) {
	l, err := g.loadChecked(dir, nil)
	if err != nil {
		return nil, err
	}
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
	p, err := compiler.Compile(l, compiler.Options{Profile: g.profile, Permission: g.permission, Jobs: g.jobs})
	if err != nil {
		return nil, err
	}
	ds := p.Diagnostics()
	g.logCompiled(p, ds)
	if err := g.refuseErrors([]*compiler.Program{p}, ds); err != nil {
		return nil, err
	}
	return p, nil
}

// compileProject compiles the project found from dir in every profile and
// permission set, calling loaded, when not nil, with the configuration
// before compiling, so that work which needs only the configuration runs
// alongside the compilation.
func (g *globals) compileProject(dir string, loaded func(*config.Loaded)) (*compiler.Project, error) {
	l, err := g.loadChecked(dir, loaded)
	if err != nil {
		return nil, err
	}
	proj, err := compiler.CompileAll(l, compiler.Options{Jobs: g.jobs})
	if err != nil {
		return nil, err
	}
	g.logCompiled(proj.Default(), proj.Diagnostics())
	return proj, nil
}

// loadChecked refuses a bad --jobs, then loads the configuration found
// from dir and hands it to loaded when not nil.
func (g *globals) loadChecked(dir string, loaded func(*config.Loaded)) (*config.Loaded, error) {
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
	return l, nil
}

// logCompiled logs what compiling found: p is the program compiled (the
// default one of a project), ds every finding.
func (g *globals) logCompiled(p *compiler.Program, ds []diag.Diagnostic) {
	g.logger.Debug("compiled", "root", p.Loaded.Root, "files", len(p.Files), "modes", len(p.Modes), "families", len(p.FamilyNames), "diagnostics", len(ds))
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
