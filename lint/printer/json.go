package printer

import (
	"bytes"
	"encoding/json"
	"io"
	"slices"

	"github.com/promptc/promptc/internal/diag"
)

// The JSON report. Field order here is the key order in the output; the
// published schema is cue/lint.schema.json.
type jsonReport struct {
	Diagnostics []jsonDiagnostic `json:"diagnostics"`
	Summary     jsonSummary      `json:"summary"`
}

type jsonDiagnostic struct {
	Path      string        `json:"path"`
	Line      int           `json:"line"`
	Column    int           `json:"column"`
	EndLine   int           `json:"endLine"`
	EndColumn int           `json:"endColumn"`
	Rule      string        `json:"rule"`
	Severity  string        `json:"severity"`
	Message   string        `json:"message"`
	Related   []jsonRelated `json:"related"`
}

type jsonRelated struct {
	Path    string `json:"path"`
	Line    int    `json:"line"`
	Column  int    `json:"column"`
	Message string `json:"message"`
}

type jsonSummary struct {
	Errors   int `json:"errors"`
	Warnings int `json:"warnings"`
	Infos    int `json:"infos"`
}

// JSON writes one JSON object, indented by two spaces and ending in a
// newline:
//
//	{"diagnostics": [{"path", "line", "column", "endLine", "endColumn",
//	  "rule", "severity", "message",
//	  "related": [{"path", "line", "column", "message"}]}],
//	 "summary": {"errors", "warnings", "infos"}}
//
// Every key is always present, in that order. Line and column numbers are
// 1-based and 0 means unknown; endColumn is exclusive, like diag.Diagnostic's
// End. Severity is "error", "warning" or "info". Zero diagnostics print an
// empty array and a zero summary. The summary counts every finding, also
// those beyond the cap of diag.MaxPerRuleAndFile per rule and file, which
// are listed as one finding that counts them. The output conforms to the
// JSON Schema published as cue/lint.schema.json.
func JSON(w io.Writer, ds []diag.Diagnostic, opt Options) error {
	rep := jsonReport{Diagnostics: []jsonDiagnostic{}}
	all := append(slices.Clip(ds), opt.Failure...)
	for _, d := range sorted(all) {
		s := spanOf(d)
		jd := jsonDiagnostic{
			Path:      s.path,
			Line:      s.line,
			Column:    s.col,
			EndLine:   s.endLine,
			EndColumn: s.endCol,
			Rule:      d.Rule,
			Severity:  severityName(d.Severity),
			Message:   d.Message,
			Related:   make([]jsonRelated, 0, len(d.Related)),
		}
		for _, r := range d.Related {
			p := position(r.Pos)
			jd.Related = append(jd.Related, jsonRelated{Path: p.Path, Line: p.Line, Column: p.Col, Message: r.Message})
		}
		rep.Diagnostics = append(rep.Diagnostics, jd)
	}
	// The summary counts every finding, those the cap leaves out too, as
	// the exit code does.
	for _, d := range diag.Sort(slices.Clone(all)) {
		switch severityName(d.Severity) {
		case "error":
			rep.Summary.Errors++
		case "warning":
			rep.Summary.Warnings++
		default:
			rep.Summary.Infos++
		}
	}
	return writeJSON(w, rep)
}

// writeJSON encodes v with two-space indentation, without HTML escaping (so
// "<!-- -->" in a message stays readable), followed by a newline.
func writeJSON(w io.Writer, v any) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return err
	}
	_, err := w.Write(buf.Bytes())
	return err
}
