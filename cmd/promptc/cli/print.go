package cli

import (
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/promptc/promptc/compiler/diag"
	"github.com/promptc/promptc/lint/printer"
)

// printText prints diagnostics of at least severity min with the text
// printer: path:line:col: message (RULE), related positions indented.
func (g *globals) printText(w io.Writer, ds []diag.Diagnostic, min diag.Severity) {
	var keep []diag.Diagnostic
	for _, d := range ds {
		if d.Severity >= min {
			keep = append(keep, d)
		}
	}
	printer.Text(w, keep, printer.Options{})
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
