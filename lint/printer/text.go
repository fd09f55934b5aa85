package printer

import (
	"cmp"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/promptc/promptc/internal/diag"
)

// Text writes one line per diagnostic in the form
//
//	path:line:col: message (RULE_ID)
//
// Warnings and infos carry a "warning: " or "info: " prefix before the
// message; errors have none. Unknown line or column numbers are left out of
// the position. Each related position follows on its own line, indented by a
// tab, as "path:line:col: message"; further lines of a multi-line message are
// indented the same way, so every unindented line starts a new diagnostic.
// Nothing is written for zero diagnostics.
//
// With opt.Color the same text carries ANSI colours, for a terminal: the
// position bold, "warning:" yellow, "info:" blue and the rule ID red for
// an error, dim otherwise. Stripped of its escape sequences it is the
// plain text byte for byte.
func Text(w io.Writer, ds []diag.Diagnostic, opt Options) error {
	paint := func(code, s string) string {
		if !opt.Color {
			return s
		}
		return "\x1b[" + code + "m" + s + "\x1b[0m"
	}
	var b strings.Builder
	for _, d := range sorted(append(slices.Clip(ds), opt.Failure...)) {
		b.WriteString(paint("1", position(d.Pos).String()))
		b.WriteString(": ")
		switch severityName(d.Severity) {
		case "warning":
			b.WriteString(paint("33", "warning:") + " ")
		case "info":
			b.WriteString(paint("34", "info:") + " ")
		}
		b.WriteString(strings.ReplaceAll(strings.TrimRight(d.Message, "\n"), "\n", "\n\t"))
		if d.Rule != "" {
			code := "2"
			if d.Severity == diag.Error {
				code = "31"
			}
			fmt.Fprintf(&b, " (%s)", paint(code, d.Rule))
		}
		b.WriteByte('\n')
		for _, r := range d.Related {
			fmt.Fprintf(&b, "\t%s: %s\n", position(r.Pos), cmp.Or(r.Message, "related"))
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}
