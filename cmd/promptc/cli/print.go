package cli

import (
	"io"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/promptc/promptc/internal/diag"
	"github.com/promptc/promptc/lint"
	"github.com/promptc/promptc/lint/printer"
)

// Every diagnostic promptc prints, configuration errors included, leaves
// through report: one printer, chosen by --format, with paths relative to
// the working directory. lint prints findings to stdout (they are what it
// exists to print); every other command prints them to stderr. A machine
// format (json, sarif, github-actions) is then the only thing on its
// stream, also when the run fails.

// findingsStream returns the stream cmd prints findings on.
func (g *globals) findingsStream(cmd *cobra.Command) io.Writer {
	if cmd != nil && cmd.Name() == "lint" {
		return g.stdout
	}
	return g.stderr
}

// findingsFormat returns the format cmd prints findings in: --format for
// lint and build, whose --format is the findings' format; text for the
// commands whose --format shapes their own output (show, costs).
func (g *globals) findingsFormat(cmd *cobra.Command) string {
	if cmd == nil || (cmd.Name() != "lint" && cmd.Name() != "build") {
		return printer.FormatText
	}
	if _, err := printer.Lookup(g.format); err != nil {
		return printer.FormatText // config-ignore, or a bad --format reported elsewhere
	}
	return g.format
}

// machineFormat reports whether cmd prints findings in a format that a
// program parses, which must then be alone on its stream.
func (g *globals) machineFormat(cmd *cobra.Command) bool {
	return g.findingsFormat(cmd) != printer.FormatText
}

// report prints the diagnostics of ds of at least severity min for cmd, in
// its findings format, on its findings stream, with paths made relative to
// the working directory (ds's paths are relative to root). failure lists
// the problems that stopped the run (see printer.Options.Failure). In text
// format nothing is printed when there is nothing to print.
func (g *globals) report(cmd *cobra.Command, ds []diag.Diagnostic, root string, min diag.Severity, failure []diag.Diagnostic) error {
	var keep []diag.Diagnostic
	for _, d := range ds {
		if d.Severity >= min {
			keep = append(keep, d)
		}
	}
	format := g.findingsFormat(cmd)
	if format == printer.FormatText && len(keep) == 0 && len(failure) == 0 {
		return nil
	}
	print, err := printer.Lookup(format)
	if err != nil {
		return usageError{err}
	}
	w := g.findingsStream(cmd)
	if format == printer.FormatText && len(failure) > 0 {
		// A failure is not a finding: people read it on stderr.
		w = g.stderr
	}
	return print(w, fromWorkingDir(keep, root), printer.Options{
		Color:       format == printer.FormatText && g.colorFor(w),
		Version:     version(),
		Rules:       lint.RuleInfos(),
		RulesDocURL: lint.DocsURL,
		Failure:     fromWorkingDir(failure, root),
	})
}

// fromWorkingDir rewrites diagnostic paths, which are relative to the
// project root, to be relative to the working directory, so that editors,
// GitHub annotations and SARIF uploads find the files when promptc runs
// from above the project (promptc lint assets).
func fromWorkingDir(ds []diag.Diagnostic, root string) []diag.Diagnostic {
	if root == "" {
		return ds
	}
	prefix := relDir(root)
	if prefix == "." || filepath.IsAbs(prefix) {
		return ds
	}
	fix := func(p *diag.Position) {
		if p.Path != "" && !filepath.IsAbs(p.Path) {
			p.Path = path.Join(prefix, p.Path)
		}
	}
	out := make([]diag.Diagnostic, len(ds))
	for i, d := range ds {
		fix(&d.Pos)
		fix(&d.End)
		d.Related = append([]diag.Related(nil), d.Related...)
		for j := range d.Related {
			fix(&d.Related[j].Pos)
		}
		out[i] = d
	}
	return out
}

// relDir shows dir relative to the working directory when it is below it,
// so messages read as the user typed paths.
func relDir(dir string) string {
	wd, err := os.Getwd()
	if err != nil {
		return dir
	}
	if rel, err := filepath.Rel(wd, dir); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return filepath.ToSlash(rel)
	}
	return dir
}
