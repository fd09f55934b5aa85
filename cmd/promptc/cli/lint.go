package cli

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/promptc/promptc/compiler"
	"github.com/promptc/promptc/compiler/emit"
	"github.com/promptc/promptc/compiler/gogen"
	"github.com/promptc/promptc/internal/config"
	"github.com/promptc/promptc/internal/diag"
	"github.com/promptc/promptc/lint"
	"github.com/promptc/promptc/lint/printer"
)

// formatConfigIgnore prints a lint.ignoreOnly block instead of findings.
const formatConfigIgnore = "config-ignore"

// lintLong is the help text of lint.
const lintLong = `lint compiles the project, runs every rule on it and prints the findings to
stdout. It exits 1 when there are errors (or, with --strict, warnings), 0
otherwise. It never writes a file.

DIR is the project directory (the one holding promptc.cue); without it the
nearest promptc.cue above the working directory is used. FILES limit what is
reported, not what is checked: includes and budgets span files, so the whole
project is always compiled, and only findings in the given files (or below
the given directories) are printed.

Findings are suppressed by lint.use, lint.except, lint.ignore and
lint.ignoreOnly in promptc.cue, and by directives in the assets:

  <!-- promptc:ignore RULE_ID reason -->       the next line and the rest of its block
  <!-- promptc:file-ignore RULE_ID reason -->  the whole file

Formats: text, json, github-actions, sarif; config-ignore prints a
lint.ignoreOnly block that silences the current findings, to adopt lint on
an existing project. --list-rules lists every rule (--format json for
details) and --explain RULE_ID documents one.`

// lintOptions holds the flags of lint (the format is g.format).
type lintOptions struct {
	strict, listRules, fix bool
	explain                string
}

func newLintCommand(g *globals) *cobra.Command {
	o := &lintOptions{}
	cmd := &cobra.Command{
		Use:   "lint [DIR] [FILES...]",
		Short: "Run every check on the assets and report findings; writes nothing",
		Long:  lintLong,
		Args:  cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			// Listing and explaining rules read no project, and no other
			// flag.
			if o.listRules {
				return g.listRules(o.explain)
			}
			if o.explain != "" {
				return g.explainRule(o.explain)
			}
			if err := o.validate(g); err != nil {
				return err
			}
			return o.run(g, cmd, args)
		},
	}
	o.addFlags(cmd, g)
	return cmd
}

// addFlags defines the flags of lint on cmd, binding them to o (and the
// format and jobs to g).
func (o *lintOptions) addFlags(cmd *cobra.Command, g *globals) {
	f := cmd.Flags()
	f.StringVar(&g.format, "format", "text", "output format: "+strings.Join(append(printer.Formats(), formatConfigIgnore), ", "))
	f.BoolVar(&o.strict, "strict", false, "exit 1 on warnings too")
	f.BoolVar(&o.fix, "fix", false, "remove trailing white space and hidden characters, add a missing final newline, then report what is left")
	f.BoolVar(&o.listRules, "list-rules", false, "list every rule (text or --format json) and exit")
	f.StringVar(&o.explain, "explain", "", "print the documentation of `RULE_ID` and exit")
	addJobsFlag(cmd, g)
}

// validate refuses a command line lint cannot run (exit 2): an unknown
// format, --fix with config-ignore, a bad --jobs.
func (o *lintOptions) validate(g *globals) error {
	if g.format != formatConfigIgnore {
		if _, err := printer.Lookup(g.format); err != nil {
			return usagef("--format: %v", withConfigIgnore(err))
		}
	}
	if o.fix && g.format == formatConfigIgnore {
		return usagef("--fix and --format %s cannot be combined: fix first, then adopt what is left", formatConfigIgnore)
	}
	return g.checkJobs()
}

// run lints the project and files of args, fixing first with --fix, and
// prints the findings; it returns a findings error when any fails the
// run (errors, or warnings too with --strict).
func (o *lintOptions) run(g *globals, cmd *cobra.Command, args []string) error {
	dir, files := splitDirArg(args)
	l, p, ds, err := g.lintProject(dir, files)
	if err != nil || p == nil {
		return err
	}
	if o.fix {
		if l, p, ds, err = g.fixThenLint(dir, files, l, p, ds); err != nil || p == nil {
			return err
		}
	}
	g.logger.Debug("linted", "root", l.Root, "files", len(p.proj.Default().Files), "findings", len(ds))
	if g.format == formatConfigIgnore {
		_, err := fmt.Fprint(g.stdout, lint.ConfigIgnore(ds))
		return err
	}
	if err := g.report(cmd, ds, l.Root, diag.Info, nil); err != nil {
		return err
	}
	failing := diag.Count(ds, diag.Error)
	if o.strict {
		failing = diag.Count(ds, diag.Warning)
	}
	if failing > 0 {
		return findingsError{failing}
	}
	return nil
}

// fixThenLint applies the fixes of the findings ds of p (linted in l)
// and, when it changed a file, lints dir and files again: what is left, in
// the files as they are now. Without a change it returns what it was given.
func (g *globals) fixThenLint(dir string, files []string, l *config.Loaded, p *linted, ds []diag.Diagnostic) (*config.Loaded, *linted, []diag.Diagnostic, error) {
	fixes, err := lint.Fixes(p.proj, ds, p.opts)
	if err != nil {
		return nil, nil, nil, err
	}
	if n, err := g.applyFixes(l.Root, fixes); err != nil || n == 0 {
		return l, p, ds, err
	}
	return g.lintProject(dir, files)
}

func withConfigIgnore(err error) string {
	msg := err.Error()
	if strings.HasSuffix(msg, ")") {
		return strings.TrimSuffix(msg, ")") + ", " + formatConfigIgnore + ")"
	}
	return msg
}

// listRules prints the registry as a table or, with --format json, as JSON.
func (g *globals) listRules(explain string) error {
	if explain != "" {
		return usagef("--list-rules and --explain cannot be combined")
	}
	switch g.format {
	case "text":
		return lint.WriteList(g.stdout)
	case "json":
		return lint.WriteListJSON(g.stdout)
	}
	return usagef("--list-rules prints text or json, not %q", g.format)
}

// explainRule prints the documentation of one rule; the ID is matched
// without regard to letter case.
func (g *globals) explainRule(id string) error {
	r, ok := lint.Lookup(strings.ToUpper(strings.TrimSpace(id)))
	if !ok {
		hint := ""
		if s := lint.Suggest(id); s != "" {
			hint = fmt.Sprintf(" (did you mean %s?)", s)
		}
		return usagef("unknown rule %q%s; run promptc lint --list-rules to list every rule", id, hint)
	}
	switch g.format {
	case "text":
		return lint.WriteExplain(g.stdout, r)
	case "json":
		return lint.WriteExplainJSON(g.stdout, r)
	}
	return usagef("--explain prints text or json, not %q", g.format)
}

// linted is a lint run: the project it checked and the options it ran with.
type linted struct {
	proj *compiler.Project
	opts lint.Options
}

// lintProject loads, compiles and lints the project found from dir,
// reporting on files (all when empty). A nil *linted with a nil error
// means that no file given is inside the project: there is nothing to
// report.
func (g *globals) lintProject(dir string, files []string) (*config.Loaded, *linted, []diag.Diagnostic, error) {
	l, err := g.loadConfig(dir)
	if err != nil {
		return nil, nil, nil, err
	}
	only, err := projectFiles(l.Root, files)
	if err != nil {
		return nil, nil, nil, err
	}
	if len(files) > 0 && len(only) == 0 {
		g.logger.Debug("no file given is inside the project; nothing to report", "root", l.Root)
		return l, nil, nil, nil
	}
	// The output directory is read while the project compiles,
	// when lint checks it.
	var pf *emit.Prefetch
	if lint.ChecksOutput(l) {
		pf = emit.StartPrefetch(l)
		defer pf.Close()
	}
	// Every profile: a budget must hold in each, and a file read only
	// by one profile is still part of the project.
	proj, err := compiler.CompileAll(l, compiler.Options{Jobs: g.jobs})
	if err != nil {
		return nil, nil, nil, err
	}
	opts := lint.Options{Files: only, Output: emit.StaleFiles(proj.Programs(), pf), Names: gogen.Clashes, Jobs: g.jobs}
	ds, err := lint.Run(proj, opts)
	if err != nil {
		return nil, nil, nil, err
	}
	return l, &linted{proj: proj, opts: opts}, ds, nil
}

// splitDirArg separates the optional project directory from the rest of
// the arguments (lint's files, resolve's model ids): the first argument is
// the directory when it is one.
func splitDirArg(args []string) (dir string, files []string) {
	if len(args) > 0 {
		if fi, err := os.Stat(args[0]); err == nil && fi.IsDir() {
			return args[0], args[1:]
		}
	}
	return "", args
}

// projectFiles converts command-line paths (relative to the working
// directory) to slash-separated paths relative to root. A path that does
// not exist is a usage error; one outside the project is left out, since
// nothing there is reported.
func projectFiles(root string, files []string) ([]string, error) {
	var out []string
	for _, f := range files {
		if _, err := os.Stat(f); err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return nil, usagef("%s does not exist", f)
			}
			return nil, err
		}
		abs, err := filepath.Abs(f)
		if err != nil {
			return nil, err
		}
		rel, err := filepath.Rel(root, abs)
		if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			continue
		}
		out = append(out, filepath.ToSlash(rel))
	}
	slices.Sort(out)
	return slices.Compact(out), nil
}
