// This file is written by hand, not by promptc: it keeps the examples of
// docs/generated-api.md equal to what the package does.
package generated_test

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	prompts "github.com/promptc/promptc/generated"
	"github.com/promptc/promptc/internal/docsample"
)

var update = flag.Bool("update", false, "rewrite the samples of docs/generated-api.md from what the package does")

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
	docsample.Check(t, "..", "sections-sample", b.String(), *update)
}

// TestDocParseModeError keeps the error ParseMode returns for an unknown
// mode as the page shows it.
func TestDocParseModeError(t *testing.T) {
	_, err := prompts.ParseMode("turbo")
	if err == nil {
		t.Fatal("ParseMode accepts turbo")
	}
	docsample.Check(t, "..", "parse-mode-error", err.Error()+"\n", *update)
}

// TestHarnessLoopDoc compiles the harness loop of docs/generated-api.md
// against this package, in a temporary module and a project whose custom
// file is named Reviewer, runs it, and compares its output with the output
// the page shows.
func TestHarnessLoopDoc(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a Go program")
	}
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	program := docBlock(t, "## A harness loop\n")
	dir := t.TempDir()
	src, err := os.ReadFile("prompts_gen.go")
	if err != nil {
		t.Fatal(err)
	}
	for name, text := range map[string]string{
		"go.mod":                   "module example.com/harness\n\ngo 1.26\n",
		"generated/prompts_gen.go": string(src),
		"main.go":                  program,
		".tern/prompts/custom.md":  "---\nname: Reviewer\n---\nReview the code in {{cwd}}; change nothing.\n",
	} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command(gobin, "run", ".")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("the harness loop does not run: %v\n%s", err, out)
	}
	docsample.Check(t, "..", "harness-loop", string(out), *update)
}
