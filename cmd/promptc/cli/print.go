package cli

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"

	"github.com/promptc/promptc/compiler/diag"
)

// printText prints diagnostics of at least severity min in the text form
// path:line:col: message (RULE), with related positions indented below.
func (g *globals) printText(w io.Writer, ds []diag.Diagnostic, min diag.Severity) {
	for _, d := range ds {
		if d.Severity < min {
			continue
		}
		prefix := ""
		if d.Severity != diag.Error {
			prefix = d.Severity.String() + ": "
		}
		fmt.Fprintf(w, "%s: %s%s (%s)\n", d.Pos, prefix, d.Message, d.Rule)
		for _, r := range d.Related {
			fmt.Fprintf(w, "\t%s: related\n", r)
		}
	}
}

// relDir shows dir relative to the working directory when it is below it,
// so messages read as the user typed paths.
func relDir(dir string) string {
	wd, err := os.Getwd()
	if err != nil {
		return dir
	}
	if rel, err := filepath.Rel(wd, dir); err == nil {
		return filepath.ToSlash(rel)
	}
	return dir
}

func sortStrings(s []string) { slices.Sort(s) }
