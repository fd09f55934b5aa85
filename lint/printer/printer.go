// Package printer renders promptc diagnostics for the people and tools that
// read them: plain text for terminals, JSON for scripts, GitHub Actions
// workflow commands for pull-request annotations, and SARIF 2.1.0 for
// code-scanning services.
//
// Every printer works on a sorted, de-duplicated copy of its input (see
// diag.Sort), so one set of diagnostics always prints the same bytes, and no
// printer modifies the slice it is given. Each prints at most
// diag.MaxPerRuleAndFile findings of one rule in one file and one more that
// counts the rest (see diag.Cap), in every format alike.
package printer

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/promptc/promptc/internal/diag"
)

// RuleInfo describes a rule for printers that embed rule metadata (the SARIF
// printer's tool.driver.rules).
type RuleInfo struct {
	// ID is the rule's stable UPPER_SNAKE identifier.
	ID string
	// Category groups related rules, for example "budget" or "include".
	Category string
	// Summary is one sentence saying what the rule checks.
	Summary string
	// Doc is the rule's full documentation in plain text.
	Doc string
	// Severity is the severity the rule reports with by default.
	Severity diag.Severity
	// HelpURI, when set, is the rule's documentation address. It takes
	// precedence over Options.RulesDocURL.
	HelpURI string
}

// Options carries what a printer may need besides the diagnostics. The zero
// value is usable.
type Options struct {
	// Color asks the text format for ANSI colours; the other formats
	// ignore it. Set it only for a terminal.
	Color bool
	// Tool is the tool name; empty means "promptc".
	Tool string
	// Version is the tool version; empty leaves it out of the output.
	Version string
	// InformationURI is an absolute URL describing the tool; empty means
	// DefaultInformationURI.
	InformationURI string
	// Rules lists rule metadata; it may be empty.
	Rules []RuleInfo
	// RulesDocURL is the base address of the rules documentation. A rule's
	// help address is RulesDocURL + "#" + ID, for example
	// "https://example.org/docs/rules.md#BUDGET_OVER". SARIF requires an
	// absolute URI there, so a relative base (such as "docs/rules.md") is
	// written into the rule's help text instead of its helpUri.
	RulesDocURL string
	// Failure, when set, lists the problems that stopped the run before
	// it could check the project (a configuration error, an unreadable
	// file): the run did not complete. SARIF reports them as tool
	// execution notifications of an unsuccessful invocation, with no
	// results; the other formats print them like findings.
	Failure []diag.Diagnostic
}

// Printer writes diagnostics to w in one output format.
type Printer func(w io.Writer, ds []diag.Diagnostic, opt Options) error

// Names of the output formats accepted by Lookup.
const (
	FormatText          = "text"
	FormatJSON          = "json"
	FormatGitHubActions = "github-actions"
	FormatSARIF         = "sarif"
)

// DefaultTool is the tool name printed when Options.Tool is empty.
const DefaultTool = "promptc"

// DefaultInformationURI is the tool's home, printed in SARIF logs when
// Options.InformationURI is empty.
const DefaultInformationURI = "https://github.com/promptc/promptc"

var formats = []string{FormatText, FormatJSON, FormatGitHubActions, FormatSARIF}

var printers = map[string]Printer{
	FormatText:          Text,
	FormatJSON:          JSON,
	FormatGitHubActions: GitHubActions,
	FormatSARIF:         SARIF,
}

// Formats returns the names of the available output formats, in the order
// they are documented.
func Formats() []string { return slices.Clone(formats) }

// Lookup returns the printer for format. An unknown format is an error that
// lists the valid ones.
func Lookup(format string) (Printer, error) {
	if p, ok := printers[format]; ok {
		return p, nil
	}
	return nil, fmt.Errorf("unknown output format %q (valid: %s)", format, strings.Join(formats, ", "))
}

// sorted returns a sorted, de-duplicated copy of ds, capped per rule and
// file.
func sorted(ds []diag.Diagnostic) []diag.Diagnostic {
	return diag.Cap(diag.Sort(slices.Clone(ds)), diag.MaxPerRuleAndFile)
}

// span is a diagnostic's location with unknown parts set to zero and an end
// kept only when it is usable: same file, known line, not before the start.
type span struct {
	path            string
	line, col       int
	endLine, endCol int
}

func spanOf(d diag.Diagnostic) span {
	s := span{path: d.Pos.Path, line: max(d.Pos.Line, 0), col: max(d.Pos.Col, 0)}
	if s.line == 0 {
		s.col = 0
		return s
	}
	e := d.End
	if e.Line <= 0 || (e.Path != "" && e.Path != d.Pos.Path) || e.Line < s.line {
		return s
	}
	ec := max(e.Col, 0)
	if e.Line == s.line && ec > 0 && s.col > 0 && ec < s.col {
		return s
	}
	s.endLine, s.endCol = e.Line, ec
	return s
}

// position returns p with negative line and column numbers treated as
// unknown.
func position(p diag.Position) diag.Position {
	p.Line = max(p.Line, 0)
	if p.Line == 0 {
		p.Col = 0
	}
	p.Col = max(p.Col, 0)
	return p
}

// severityName maps a severity to "error", "warning" or "info"; values above
// Error count as errors.
func severityName(s diag.Severity) string {
	switch {
	case s >= diag.Error:
		return "error"
	case s == diag.Warning:
		return "warning"
	}
	return "info"
}
