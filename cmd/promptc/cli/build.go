package cli

import (
	"errors"
	"fmt"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/promptc/promptc/compiler"
	"github.com/promptc/promptc/compiler/emit"
	"github.com/promptc/promptc/internal/config"
	"github.com/promptc/promptc/internal/diag"
	"github.com/promptc/promptc/lint"
	"github.com/promptc/promptc/lint/printer"
)

// buildLong is the help text of build.
const buildLong = `build compiles the project, checks every budget for every mode, family and
model note, and writes the output directory named in promptc.cue: the Go
package, COSTS.md, costs.json and the operator guide, and the directory of
each other target of output.targets (TypeScript, Python), each under the
same rules. The files are written
all or nothing (temporary files, then renames, rolled back on failure) and
only when their bytes change; files promptc generated before and no longer
generates are removed, and leftovers of an interrupted build are resolved.
Nothing in the directory is believed on its word: a file is replaced or
deleted, a kept copy restored, only when a manifest records the SHA-256 it
holds; a leftover that would act otherwise is reported and nothing is
recovered (exit 1).
A symbolic link, hard link or irregular file in the output directory is
refused, never followed (exit 1). build replaces or deletes only files its
manifest records with their SHA-256: a file it did not write, or one edited
since, is reported and kept (exit 1). The output directory may not hold an
input, or be, lie inside or hold version-control metadata (.git, or a
directory git uses whatever its name) (exit 2).
Each build locks the output directory while it writes; a second build
meanwhile writes nothing (exit 3).

With --check nothing is written: build exits 1 when the output directory (or
a target's) is stale, listing each file build would create, replace or delete (changed,
missing, orphaned, leftover) with what it would do and why, then a diff.

Findings go to stderr, the same that promptc lint prints for the tree
(except OUTPUT_STALE, which --check reports); errors stop the build (exit
1). build, lint, show, costs, resolve and the language server suppress
findings the same way: the lint section of promptc.cue and <!--
promptc:ignore RULE reason --> or promptc:file-ignore directives in the
assets. A credential in an asset (the SECRET rule of lint) is an error
whatever the lint section says; only a directive in the asset lets it
through. Errors that leave the composed text wrong (a missing file or
include, a template that does not parse) cannot be suppressed. A
successful build ends with one line on stderr saying what it wrote
(--quiet omits it).`

// buildOptions holds the flags of build (the format is g.format).
type buildOptions struct {
	check, quiet bool
}

func newBuildCommand(g *globals) *cobra.Command {
	o := &buildOptions{}
	cmd := &cobra.Command{
		Use:   "build [DIR]",
		Short: "Compile the assets, check every budget and write the output directory",
		Long:  buildLong,
		Args:  cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if _, err := printer.Lookup(g.format); err != nil {
				return usagef("--format: %v", err)
			}
			return o.run(g, cmd, args)
		},
	}
	cmd.Flags().BoolVar(&o.check, "check", false, "write nothing; exit 1 if the output directory is stale")
	cmd.Flags().BoolVarP(&o.quiet, "quiet", "q", false, "print nothing on success (no summary line)")
	cmd.Flags().StringVar(&g.format, "format", "text", "format of the findings on stderr: "+strings.Join(printer.Formats(), ", "))
	addJobsFlag(cmd, g)
	return cmd
}

// run compiles the project of args and, when nothing stops it, checks
// (--check) or writes its output directory.
func (o *buildOptions) run(g *globals, cmd *cobra.Command, args []string) error {
	// build --check reads the output directory while the project
	// compiles.
	var pf *emit.Prefetch
	defer func() { pf.Close() }()
	proj, err := g.compileProject(dirArg(args), func(l *config.Loaded) {
		if o.check {
			pf = emit.StartPrefetch(l)
		}
	})
	if err != nil {
		return err
	}
	progs := proj.Programs()
	ds, err := g.buildFindings(cmd, proj)
	if err != nil {
		return err
	}
	if o.check {
		return g.buildCheck(cmd, progs, ds, pf)
	}
	return o.write(g, cmd, progs, ds)
}

// buildFindings returns the findings build shows for proj (lint.Build:
// every finding lint shows for the tree, and what build refuses whatever
// the lint section says), prints them (in a machine format
// only when there are errors: otherwise they end the document printed
// later) and returns a findings error when any is an error.
func (g *globals) buildFindings(cmd *cobra.Command, proj *compiler.Project) ([]diag.Diagnostic, error) {
	p := proj.Default()
	// What lint shows for the tree, and what stops a build whatever the
	// lint section says (a credential, a compile error).
	ds, err := lint.Build(proj, g.jobs)
	if err != nil {
		return nil, err
	}
	n := diag.Count(ds, diag.Error)
	// In a machine format the findings are printed once, at the
	// end, with what the output directory adds, so the document
	// stays alone on its stream.
	machine := g.machineFormat(cmd)
	if n > 0 || !machine {
		if err := g.report(cmd, ds, p.Loaded.Root, diag.Info, nil); err != nil {
			return nil, err
		}
	}
	if n > 0 {
		if !machine {
			fmt.Fprintf(g.stderr, "promptc: build failed: %d error(s); nothing written\n", n)
		}
		return nil, findingsError{n}
	}
	return ds, nil
}

// buildCheck compares the output directory of progs with what build would
// write (its reading started by pf) and reports each stale file, with a
// diff in text; nothing is written. found are the build's findings, which
// a machine format prints with the stale files.
func (g *globals) buildCheck(cmd *cobra.Command, progs []*compiler.Program, found []diag.Diagnostic, pf *emit.Prefetch) error {
	p := progs[0]
	rel := relDir(emit.Dir(p))
	changes, err := emit.Stale(progs, pf)
	if err != nil {
		return g.outputError(cmd, p, found, err, "nothing checked")
	}
	var stale []staleFile
	for _, c := range changes {
		stale = append(stale, staleFile{p.Config.Output.Dir, rel, c})
	}
	targets := p.Config.Output.TargetList()
	sets, err := emit.TargetFiles(progs, targets)
	if err != nil {
		return err
	}
	for i, t := range targets {
		tc, err := emit.StaleTarget(p, t, sets[i])
		if err != nil {
			return g.outputError(cmd, p, found, err, "nothing checked")
		}
		for _, c := range tc {
			stale = append(stale, staleFile{t.Dir, relDir(filepath.Join(p.Loaded.Root, filepath.FromSlash(t.Dir))), c})
		}
	}
	if g.machineFormat(cmd) {
		// One document: the findings and each stale file.
		return g.reportStale(cmd, p, found, stale)
	}
	if len(stale) == 0 {
		return nil
	}
	for _, s := range stale {
		fmt.Fprintf(g.stderr, "%s: %s; %s\n", filepath.ToSlash(filepath.Join(s.rel, s.c.Name)), s.c.Kind, s.c.Why)
	}
	for _, s := range stale {
		g.stderr.Write(s.c.Diff)
	}
	fmt.Fprintf(g.stderr, "promptc: %s is stale; run: promptc build %s\n", rel, relDir(p.Loaded.Root))
	return findingsError{len(stale)}
}

// staleFile is a file of the output directory or of a target's directory
// that differs from what build would write: dir is the directory as
// promptc.cue names it, rel as the command line shows it.
type staleFile struct {
	dir, rel string
	c        emit.Change
}

// write renders progs and writes the output directory, logging each file
// written, removed or resolved, and ends with the findings (in a machine
// format: found, the build's findings) or the summary line (unless
// --quiet).
func (o *buildOptions) write(g *globals, cmd *cobra.Command, progs []*compiler.Program, found []diag.Diagnostic) error {
	p := progs[0]
	rel := relDir(emit.Dir(p))
	files, err := emit.Render(progs, emit.InputHash(p))
	if err != nil {
		return err
	}
	// Every target is rendered before anything is written: a project no
	// target can carry writes nothing.
	targets := p.Config.Output.TargetList()
	targetSets, err := emit.TargetFiles(progs, targets)
	if err != nil {
		return err
	}
	res, err := emit.Write(p, files)
	if res != nil {
		for _, n := range res.Cleaned {
			g.logger.Debug("resolved leftover of an interrupted build", "file", filepath.Join(rel, n))
		}
		for _, n := range res.Written {
			g.logger.Debug("wrote", "file", filepath.Join(rel, n))
		}
		for _, n := range res.Removed {
			g.logger.Debug("removed", "file", filepath.Join(rel, n))
		}
	}
	if err != nil {
		return g.outputError(cmd, p, found, err, "nothing written")
	}
	summaries := []string{buildSummary(rel, len(files), res)}
	for i, t := range targets {
		tfiles := targetSets[i]
		trel := relDir(filepath.Join(p.Loaded.Root, filepath.FromSlash(t.Dir)))
		tres, err := emit.WriteTarget(p, t, tfiles)
		if tres != nil {
			for _, n := range tres.Written {
				g.logger.Debug("wrote", "file", filepath.Join(trel, n))
			}
			for _, n := range tres.Removed {
				g.logger.Debug("removed", "file", filepath.Join(trel, n))
			}
		}
		if err != nil {
			return g.outputError(cmd, p, found, err, "the "+t.Language+" package not written")
		}
		summaries = append(summaries, buildSummary(trel, len(tfiles), tres))
	}
	if g.machineFormat(cmd) {
		return g.report(cmd, found, p.Loaded.Root, diag.Info, nil)
	}
	if !o.quiet {
		for _, s := range summaries {
			fmt.Fprintln(g.stderr, s)
		}
	}
	return nil
}

// reportStale prints, in a machine format, the build's findings found (of
// the project whose default program is p) together with one OUTPUT_STALE
// error per file of the output directory that differs from what build
// would write, so the document stays the only thing on its stream. It
// returns a findings error when anything is stale.
func (g *globals) reportStale(cmd *cobra.Command, p *compiler.Program, found []diag.Diagnostic, changes []staleFile) error {
	ds := slices.Clone(found)
	for _, s := range changes {
		name := path.Join(s.dir, s.c.Name)
		ds = append(ds, diag.Errorf(diag.Position{Path: name}, lint.RuleOutputStale,
			"%s is %s (%s): the output directory is stale; run promptc build", name, s.c.Kind, s.c.Why))
	}
	if err := g.report(cmd, ds, p.Loaded.Root, diag.Info, nil); err != nil {
		return err
	}
	if len(changes) > 0 {
		return findingsError{len(changes)}
	}
	return nil
}

// outputError reports an output directory that build refuses to read or
// write (a planted link, a directory where a file belongs) as findings,
// exit 1; other errors (configuration, I/O) are returned as they are. In a
// machine format the document also holds the build's findings found (of
// the project whose default program is p), not printed yet.
func (g *globals) outputError(cmd *cobra.Command, p *compiler.Program, found []diag.Diagnostic, err error, outcome string) error {
	var ue *emit.UnsafeError
	if !errors.As(err, &ue) {
		return err
	}
	ds := ue.Diagnostics
	machine := g.machineFormat(cmd)
	if machine {
		ds = append(slices.Clone(found), ds...)
	}
	if perr := g.report(cmd, ds, p.Loaded.Root, diag.Info, nil); perr != nil {
		return perr
	}
	if !machine {
		fmt.Fprintf(g.stderr, "promptc: build failed: %d error(s) in the output directory; %s\n", len(ue.Diagnostics), outcome)
	}
	return findingsError{len(ue.Diagnostics)}
}

// buildSummary is the line a successful build ends with: what changed in
// the output directory rel, of total files, so that a build that wrote
// nothing is told apart from one that did without listing the directory.
func buildSummary(rel string, total int, res *emit.Result) string {
	dir := filepath.ToSlash(rel) + "/"
	if len(res.Written) == 0 && len(res.Removed) == 0 {
		return fmt.Sprintf("promptc: %s is up to date (%s)", dir, plural(total, "file"))
	}
	var parts []string
	if n := len(res.Written); n > 0 {
		parts = append(parts, fmt.Sprintf("wrote %s to %s", plural(n, "file"), dir))
	}
	if n := len(res.Removed); n > 0 {
		parts = append(parts, fmt.Sprintf("removed %s no longer generated from %s", plural(n, "file"), dir))
	}
	return fmt.Sprintf("promptc: %s (%d unchanged)", strings.Join(parts, ", "), total-len(res.Written))
}
