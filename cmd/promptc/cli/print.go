package cli

import (
	"io"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/promptc/promptc/internal/diag"
	"github.com/promptc/promptc/lint"
	"github.com/promptc/promptc/lint/printer"
)

// printFindings prints diagnostics of at least severity min in the format
// chosen with --format (text unless set), paths relative to the working
// directory. With text and nothing to print it prints nothing.
func (g *globals) printFindings(w io.Writer, ds []diag.Diagnostic, root string, min diag.Severity) error {
	var keep []diag.Diagnostic
	for _, d := range ds {
		if d.Severity >= min {
			keep = append(keep, d)
		}
	}
	format := g.format
	if format == "" {
		format = printer.FormatText
	}
	print, err := printer.Lookup(format)
	if err != nil {
		return usageError{err}
	}
	if format == printer.FormatText && len(keep) == 0 {
		return nil
	}
	return print(w, fromWorkingDir(keep, root), printer.Options{
		Version:     version(),
		Rules:       lint.RuleInfos(),
		RulesDocURL: lint.DocsURL,
	})
}

// fromWorkingDir rewrites diagnostic paths, which are relative to the
// project root, to be relative to the working directory, so that editors,
// GitHub annotations and SARIF uploads find the files when promptc runs
// from above the project (promptc lint assets).
func fromWorkingDir(ds []diag.Diagnostic, root string) []diag.Diagnostic {
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
		d.Related = append([]diag.Position(nil), d.Related...)
		for j := range d.Related {
			fix(&d.Related[j])
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
