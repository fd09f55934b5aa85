// This file is written by hand, not by promptc: it keeps the examples of
// docs/generated-api.md equal to what the package does.
package generated_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	prompts "github.com/promptc/promptc/generated"
)

// docBlock returns the body of the first fenced block after the line
// containing marker in docs/generated-api.md.
func docBlock(t *testing.T, marker string) string {
	t.Helper()
	b, err := os.ReadFile("../docs/generated-api.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	i := strings.Index(doc, marker)
	if i < 0 {
		t.Fatalf("docs/generated-api.md: %q not found", marker)
	}
	rest := doc[i+len(marker):]
	rest = rest[strings.Index(rest, "```"):]
	rest = rest[strings.IndexByte(rest, '\n')+1:]
	return rest[:strings.Index(rest, "```")]
}

func TestDocSectionsSample(t *testing.T) {
	var b strings.Builder
	for _, s := range prompts.Sections(prompts.ModeFocus, prompts.Auto, "claude-sonnet-4-5", prompts.Slots{Memory: "The user prefers British spelling."}) {
		fmt.Fprintf(&b, "%-14s %-38s %5d slot=%v\n", s.Name, s.Source, len(s.Text), s.Slot)
	}
	want := docBlock(t, "fmt.Printf(\"%-14s %-38s %5d slot=%v\\n\", s.Name, s.Source, len(s.Text), s.Slot)\n}\n```\n")
	if b.String() != want {
		t.Errorf("docs/generated-api.md shows\n%s\nSections gives\n%s", want, b.String())
	}
}
