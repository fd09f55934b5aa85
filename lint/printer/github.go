package printer

import (
	"cmp"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/promptc/promptc/internal/diag"
)

// GitHubActions writes one GitHub Actions workflow command per diagnostic,
// which the runner turns into an annotation on the file:
//
//	::error file=PATH,line=L,col=C,endLine=EL,endColumn=EC,title=RULE_ID::message
//
// Errors use the error command, warnings the warning command and infos the
// notice command. Properties whose value is unknown are left out; so are col
// and endColumn when the span covers several lines, since annotations support
// columns only within one line. endColumn is exclusive, as in
// diag.Diagnostic. Related positions are appended to the message as lines of
// the form "related: path:line:col". Property values and the message are
// escaped as the runner requires ('%', CR and LF everywhere, and ':' and ','
// in property values). Nothing is written for zero diagnostics.
func GitHubActions(w io.Writer, ds []diag.Diagnostic, opt Options) error {
	var b strings.Builder
	for _, d := range sorted(append(slices.Clip(ds), opt.Failure...)) {
		s := spanOf(d)
		var props []string
		if s.path != "" {
			props = append(props, "file="+escapeProperty(s.path))
		}
		sameLine := s.endLine == 0 || s.endLine == s.line
		if s.line > 0 {
			props = append(props, "line="+strconv.Itoa(s.line))
			if s.col > 0 && sameLine {
				props = append(props, "col="+strconv.Itoa(s.col))
			}
		}
		if s.endLine > 0 {
			props = append(props, "endLine="+strconv.Itoa(s.endLine))
			if s.endCol > 0 && sameLine {
				props = append(props, "endColumn="+strconv.Itoa(s.endCol))
			}
		}
		if d.Rule != "" {
			props = append(props, "title="+escapeProperty(d.Rule))
		}

		msg := d.Message
		for _, r := range d.Related {
			msg += "\n" + position(r.Pos).String() + ": " + cmp.Or(r.Message, "related")
		}

		b.WriteString("::")
		b.WriteString(actionsCommand(d.Severity))
		if len(props) > 0 {
			b.WriteByte(' ')
			b.WriteString(strings.Join(props, ","))
		}
		b.WriteString("::")
		b.WriteString(escapeData(msg))
		b.WriteByte('\n')
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// actionsCommand names the workflow command for a severity.
func actionsCommand(s diag.Severity) string {
	switch severityName(s) {
	case "error":
		return "error"
	case "warning":
		return "warning"
	}
	return "notice"
}

var (
	dataEscaper     = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A")
	propertyEscaper = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C")
)

// escapeData escapes a workflow command's message.
func escapeData(s string) string { return dataEscaper.Replace(s) }

// escapeProperty escapes a workflow command's property value.
func escapeProperty(s string) string { return propertyEscaper.Replace(s) }
