// Package diag defines the one diagnostic type that every promptc stage
// produces and every printer consumes.
//
// A Diagnostic names a position in a project file (path relative to the
// project root, 1-based line and column counted in Unicode code points), a
// stable rule ID, a severity and a message that says what is wrong and what
// to do about it.
package diag

import (
	"cmp"
	"fmt"
	"slices"
)

// Severity orders how serious a diagnostic is. The zero value is Info.
type Severity int

// Severities, from least to most serious.
const (
	Info Severity = iota
	Warning
	Error
)

// String returns "info", "warning" or "error".
func (s Severity) String() string {
	switch s {
	case Warning:
		return "warning"
	case Error:
		return "error"
	default:
		return "info"
	}
}

// MarshalText encodes the severity as its name, so JSON output reads
// "error" rather than 2.
func (s Severity) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText is the inverse of MarshalText.
func (s *Severity) UnmarshalText(b []byte) error {
	v, err := ParseSeverity(string(b))
	*s = v
	return err
}

// ParseSeverity maps "info", "warning" and "error" to their Severity; any
// other text is reported as an error naming the valid values.
func ParseSeverity(s string) (Severity, error) {
	switch s {
	case "info":
		return Info, nil
	case "warning":
		return Warning, nil
	case "error":
		return Error, nil
	}
	return Info, fmt.Errorf("unknown severity %q (valid: info, warning, error)", s)
}

// Position is a place in a project file. Path is slash-separated and relative
// to the project root; Line and Col are 1-based, and 0 means "unknown".
type Position struct {
	Path string `json:"path"`
	Line int    `json:"line,omitempty"`
	Col  int    `json:"column,omitempty"`
}

// String renders the position as path:line:col, leaving out unknown parts.
func (p Position) String() string {
	switch {
	case p.Line == 0:
		return p.Path
	case p.Col == 0:
		return fmt.Sprintf("%s:%d", p.Path, p.Line)
	}
	return fmt.Sprintf("%s:%d:%d", p.Path, p.Line, p.Col)
}

// Related is a secondary position of a diagnostic with a message of its
// own saying why it matters ("schema constraint", "largest part", "first
// included here"), so that every printer can show it next to the place.
type Related struct {
	Pos     Position `json:"pos"`
	Message string   `json:"message"`
}

// Relate returns a Related at pos with a formatted message.
func Relate(pos Position, format string, args ...any) Related {
	return Related{Pos: pos, Message: fmt.Sprintf(format, args...)}
}

// Diagnostic is one finding. Pos is where it is reported; End, when set, is
// where the reported span ends (inclusive line, exclusive column). Related
// lists secondary positions, each with its message (for example the schema
// line a config error came from, or the largest part contributing to a
// budget).
type Diagnostic struct {
	Pos      Position  `json:"pos"`
	End      Position  `json:"end,omitzero"`
	Rule     string    `json:"rule"`
	Severity Severity  `json:"severity"`
	Message  string    `json:"message"`
	Related  []Related `json:"related,omitempty"`
}

// String renders the diagnostic in the text printer's form:
// path:line:col: message (RULE).
func (d Diagnostic) String() string {
	return fmt.Sprintf("%s: %s (%s)", d.Pos, d.Message, d.Rule)
}

// Compare orders diagnostics by path, line, column, rule and message, the
// order every printer uses so output is deterministic.
func Compare(a, b Diagnostic) int {
	return cmp.Or(
		cmp.Compare(a.Pos.Path, b.Pos.Path),
		cmp.Compare(a.Pos.Line, b.Pos.Line),
		cmp.Compare(a.Pos.Col, b.Pos.Col),
		cmp.Compare(a.Rule, b.Rule),
		cmp.Compare(a.Message, b.Message),
	)
}

// Sort sorts ds in place with Compare and removes exact duplicates, which
// arise when one bad value is reached along several paths.
func Sort(ds []Diagnostic) []Diagnostic {
	slices.SortStableFunc(ds, Compare)
	return slices.CompactFunc(ds, func(a, b Diagnostic) bool {
		return Compare(a, b) == 0 && a.Severity == b.Severity
	})
}

// Count returns how many diagnostics have at least severity min.
func Count(ds []Diagnostic, min Severity) int {
	n := 0
	for _, d := range ds {
		if d.Severity >= min {
			n++
		}
	}
	return n
}

// Errorf builds an error-severity diagnostic at pos.
func Errorf(pos Position, rule, format string, args ...any) Diagnostic {
	return Diagnostic{Pos: pos, Rule: rule, Severity: Error, Message: fmt.Sprintf(format, args...)}
}

// Warnf builds a warning-severity diagnostic at pos.
func Warnf(pos Position, rule, format string, args ...any) Diagnostic {
	return Diagnostic{Pos: pos, Rule: rule, Severity: Warning, Message: fmt.Sprintf(format, args...)}
}

// Infof builds an info-severity diagnostic at pos.
func Infof(pos Position, rule, format string, args ...any) Diagnostic {
	return Diagnostic{Pos: pos, Rule: rule, Severity: Info, Message: fmt.Sprintf(format, args...)}
}

// MaxPerRuleAndFile is how many findings of one rule in one file are
// shown. A machine-made or pasted file can hold the same problem on every
// line; a hundred thousand findings help no one and bury the others.
const MaxPerRuleAndFile = 20

// Cap returns ds, which must be sorted with Sort, keeping at most limit
// findings of each rule in each file (by Pos.Path). The rest of a group
// is replaced by one finding of the same rule, at the position of the
// first one left out, with the highest severity among those left out, that
// says how many more there are. ds is not modified; the result is sorted.
// limit < 1 keeps everything.
func Cap(ds []Diagnostic, limit int) []Diagnostic {
	if limit < 1 || len(ds) <= limit {
		return ds
	}
	type group struct{ path, rule string }
	seen := map[group]int{}
	hidden := map[group]*Diagnostic{}
	var order []group
	out := make([]Diagnostic, 0, len(ds))
	for _, d := range ds {
		g := group{d.Pos.Path, d.Rule}
		seen[g]++
		if seen[g] <= limit {
			out = append(out, d)
			continue
		}
		h := hidden[g]
		if h == nil {
			h = &Diagnostic{Pos: d.Pos, Rule: d.Rule, Severity: d.Severity}
			hidden[g] = h
			order = append(order, g)
		}
		h.Severity = max(h.Severity, d.Severity)
	}
	if len(order) == 0 {
		return ds
	}
	for _, g := range order {
		h := hidden[g]
		// The position names the file (relative to wherever the printer
		// makes it), so the message does not.
		if n := seen[g] - limit; n == 1 {
			h.Message = fmt.Sprintf("1 more %s finding in this file is not shown", g.rule)
		} else {
			h.Message = fmt.Sprintf("%d more %s findings in this file are not shown", n, g.rule)
		}
		h.Message += fmt.Sprintf(" (only the first %d of each rule in each file are); fix these, or suppress the rule for the file, and run again", limit)
		out = append(out, *h)
	}
	return Sort(out)
}
