package costs

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/promptc/promptc/compiler"
)

// Formats lists the table formats Write accepts.
var Formats = []string{"table", "markdown", "json", "csv"}

// Write renders rows in format: "table" (aligned columns), "markdown",
// "json" ({"costs": [...]}, see cue/costs.schema.json) or "csv".
func Write(w io.Writer, format string, rows []Row) error {
	switch format {
	case "table", "text", "":
		return writeTable(w, rows)
	case "markdown":
		_, err := io.WriteString(w, Markdown(rows))
		return err
	case "json":
		b, err := JSON(rows)
		if err != nil {
			return err
		}
		_, err = w.Write(b)
		return err
	case "csv":
		return writeCSV(w, rows)
	}
	return fmt.Errorf("unknown costs format %q (valid: %s)", format, strings.Join(Formats, ", "))
}

// header is the heading of the human-facing tables; the fifth column is
// named after the default mode the rows are measured against ("over
// focus", "over agent"), "over default" when there is none.
func header(rows []Row) []string {
	base := "default"
	for _, r := range rows {
		if r.Base != "" {
			base = r.Base
			break
		}
	}
	return []string{"mode", "family", "tokens", "no note", "over " + base, "chars", "prefix", "note", "counted"}
}

func cells(r Row) []string {
	counted := r.Counter
	if !r.Exact {
		counted += " (estimate)"
	}
	// The conditional parts counted follow the note, each with a "+".
	note := r.Note
	for _, c := range r.Conditional {
		note = strings.TrimSpace(note + " +" + c)
	}
	tokens := compiler.Thousands(r.Tokens)
	if r.TypicalTokens != nil {
		// Typical and maximum side by side, where the inputs make them
		// differ.
		tokens = compiler.Thousands(*r.TypicalTokens) + " typ / " + tokens + " max"
	}
	prefix := compiler.Thousands(r.PrefixTokens)
	if r.TypicalPrefixTokens != nil {
		prefix = compiler.Thousands(*r.TypicalPrefixTokens) + " typ / " + prefix + " max"
	}
	return []string{r.Mode, r.Family, tokens, compiler.Thousands(r.TokensNoNote),
		signed(r.OverFocus), compiler.Thousands(r.Chars), prefix, note, counted}
}

// signed writes a difference with its sign, "-" when there is none.
func signed(n *int) string {
	switch {
	case n == nil:
		return "-"
	case *n > 0:
		return "+" + compiler.Thousands(*n)
	}
	return compiler.Thousands(*n)
}

func writeTable(w io.Writer, rows []Row) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, strings.ToUpper(strings.Join(header(rows), "\t")))
	for _, r := range rows {
		fmt.Fprintln(tw, strings.Join(cells(r), "\t"))
	}
	return tw.Flush()
}

// TypMaxLine says what the typical and maximum figures of the table mean;
// COSTS.md carries it when a row has both.
const TypMaxLine = "`typ`: the run-time inputs at their typical values; `max`: every input at its maximum and each `when` condition on the value that sends the most text (the family's most expensive note, every conditional part); both with one value per setting, as one model gets it, so typical is never above maximum. `no note`: the least a call gets (no note, no conditional part, each `when` condition on the value that sends the least)."

// Markdown renders rows as a Markdown document (COSTS.md).
func Markdown(rows []Row) string {
	var b strings.Builder
	b.WriteString("# Prompt costs\n\n")
	b.WriteString("Static tokens each mode puts in front of every model call, per family (`*`: a mode that sends no family part, the same for every family), without the text the harness supplies at call time (instructions, skills, memory). ")
	if len(rows) > 0 {
		if rows[0].Exact {
			fmt.Fprintf(&b, "Counted exactly with %s.\n\n", rows[0].Counter)
		} else {
			b.WriteString("Estimated as characters over four, rounded up.\n\n")
		}
	}
	if slices.ContainsFunc(rows, func(r Row) bool { return r.TypicalTokens != nil || r.TypicalPrefixTokens != nil }) {
		b.WriteString(TypMaxLine + "\n\n")
	}
	head := header(rows)
	b.WriteString("| " + strings.Join(head[:len(head)-1], " | ") + " |\n")
	b.WriteString("|" + strings.Repeat(" --- |", len(head)-1) + "\n")
	for _, r := range rows {
		c := cells(r)
		b.WriteString("| " + strings.Join(c[:len(c)-1], " | ") + " |\n")
	}
	return b.String()
}

// JSON renders rows as {"costs": [...]}, indented, newline-terminated.
func JSON(rows []Row) ([]byte, error) { return JSONWithPointers(rows, nil) }

// JSONWithPointers renders {"costs": [...], "pointers": [...]}, leaving
// pointers out when there are none.
func JSONWithPointers(rows []Row, pointers []PointerCost) ([]byte, error) {
	if rows == nil {
		rows = []Row{}
	}
	b, err := json.MarshalIndent(struct {
		Costs    []Row         `json:"costs"`
		Pointers []PointerCost `json:"pointers,omitempty"`
	}{rows, pointers}, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

func writeCSV(w io.Writer, rows []Row) error {
	cw := csv.NewWriter(w)
	cw.Write([]string{"mode", "family", "tokens", "tokensNoNote", "overFocus", "chars", "prefixTokens", "note", "counter", "exact"})
	for _, r := range rows {
		over := ""
		if r.OverFocus != nil {
			over = strconv.Itoa(*r.OverFocus)
		}
		cw.Write([]string{r.Mode, r.Family, strconv.Itoa(r.Tokens), strconv.Itoa(r.TokensNoNote), over,
			strconv.Itoa(r.Chars), strconv.Itoa(r.PrefixTokens), r.Note, r.Counter, strconv.FormatBool(r.Exact)})
	}
	cw.Flush()
	return cw.Error()
}
