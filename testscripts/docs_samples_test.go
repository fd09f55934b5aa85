package testscripts

import (
	"encoding/json"
	"os"
	"regexp"
	"strings"
	"testing"
)

// readFile returns a repository file's text, failing the test when it
// cannot be read.
func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// fencedAfter returns the body of the first fenced block that follows the
// line containing marker.
func fencedAfter(t *testing.T, doc, marker string) string {
	t.Helper()
	i := strings.Index(doc, marker)
	if i < 0 {
		t.Fatalf("marker %q not found", marker)
	}
	rest := doc[i:]
	start := strings.Index(rest, "```")
	if start < 0 {
		t.Fatalf("no fenced block after %q", marker)
	}
	rest = rest[start:]
	rest = rest[strings.IndexByte(rest, '\n')+1:]
	end := strings.Index(rest, "```")
	if end < 0 {
		t.Fatalf("unclosed fenced block after %q", marker)
	}
	return rest[:end]
}

// TestOutputsDocMatchesGeneratedCosts keeps the samples in docs/outputs.md
// equal to what promptc writes and prints for the example project: the
// COSTS.md rows, the costs.json entry and the cost notice lines.
func TestOutputsDocMatchesGeneratedCosts(t *testing.T) {
	doc := readFile(t, "../docs/outputs.md")
	costsMD := readFile(t, "../generated/COSTS.md")
	row := regexp.MustCompile(`(?m)^\| (minimal|focus|guide|full) \| [a-z]+ \| [\d,]+ \|.*$`)
	sample := fencedAfter(t, doc, "From `generated/COSTS.md`")
	rows := row.FindAllString(sample, -1)
	if len(rows) == 0 {
		t.Fatal("no COSTS.md rows in the sample")
	}
	for _, r := range rows {
		if !strings.Contains(costsMD, "\n"+r+"\n") {
			t.Errorf("docs/outputs.md shows a COSTS.md row that generated/COSTS.md does not have:\n%s", r)
		}
	}

	var entry struct{ Costs []map[string]any }
	if err := json.Unmarshal([]byte(fencedAfter(t, doc, "One\nentry of `generated/costs.json`")), &entry); err != nil {
		t.Fatalf("costs.json sample: %v", err)
	}
	var all struct{ Costs []map[string]any }
	if err := json.Unmarshal([]byte(readFile(t, "../generated/costs.json")), &all); err != nil {
		t.Fatal(err)
	}
	for _, want := range entry.Costs {
		found := false
		for _, got := range all.Costs {
			if got["mode"] == want["mode"] && got["family"] == want["family"] {
				found = true
				gb, err := json.Marshal(got)
				if err != nil {
					t.Fatal(err)
				}
				wb, err := json.Marshal(want)
				if err != nil {
					t.Fatal(err)
				}
				if string(gb) != string(wb) {
					t.Errorf("costs.json sample differs from generated/costs.json:\ndoc:       %s\ngenerated: %s", wb, gb)
				}
			}
		}
		if !found {
			t.Errorf("costs.json sample %v has no generated entry", want)
		}
	}

	notice := fencedAfter(t, doc, "## Cost notices")
	cmd, want, _ := strings.Cut(notice, "\n")
	args := strings.Fields(strings.TrimPrefix(cmd, "$ promptc "))
	for i, a := range args {
		if a == "assets" {
			args[i] = "../assets"
		}
	}
	if got := capture(t, args...); got != want {
		t.Errorf("docs/outputs.md shows for %q:\n%s\npromptc prints:\n%s", cmd, want, got)
	}
}

// TestModesDocMatchesShow keeps the show example of docs/modes-and-budgets.md
// equal to what promptc prints: its header and section lines (the doc
// leaves the previews out).
func TestModesDocMatchesShow(t *testing.T) {
	doc := readFile(t, "../docs/modes-and-budgets.md")
	const cmd = "$ promptc show assets --mode focus --model claude-sonnet-4-5\n"
	want := fencedAfter(t, doc, "section by section, with the bytes")
	if !strings.HasPrefix(want, cmd) {
		t.Fatalf("the example does not start with %q", cmd)
	}
	var got strings.Builder
	out := capture(t, "show", "../assets", "--mode", "focus", "--model", "claude-sonnet-4-5")
	for i, line := range strings.Split(out, "\n") {
		if i == 0 {
			got.WriteString(line + "\n\n")
		} else if strings.HasPrefix(line, "## ") {
			got.WriteString(line + "\n")
		}
	}
	if want[len(cmd):] != got.String() {
		t.Errorf("docs/modes-and-budgets.md shows\n%s\npromptc prints\n%s", want[len(cmd):], got.String())
	}
}
