package docsample

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const page = "# Page\n\n<!-- output: one -->\n```text\nold\n```\n\n````text\n```\nnot a close\n````\n\n  ~~~markdown\n  x\n y\nz\n  ~~~\n<!-- not output: a formula -->\n```text\na = b\n```\n"

func TestParse(t *testing.T) {
	spans, err := parse("p.md", page)
	if err != nil {
		t.Fatal(err)
	}
	want := []Block{
		{Page: "p.md", Line: 4, Info: "text", Label: "output: one", Body: "old\n"},
		{Page: "p.md", Line: 8, Info: "text", Body: "```\nnot a close\n"},
		{Page: "p.md", Line: 13, Info: "markdown", Body: "x\ny\nz\n"},
		{Page: "p.md", Line: 19, Info: "text", Label: "not output: a formula", Body: "a = b\n"},
	}
	if len(spans) != len(want) {
		t.Fatalf("got %d blocks, want %d: %+v", len(spans), len(want), spans)
	}
	for i, s := range spans {
		if s.Block != want[i] {
			t.Errorf("block %d: got %+v, want %+v", i, s.Block, want[i])
		}
	}
	if _, err := parse("p.md", "```text\nnever closed\n"); err == nil || !strings.Contains(err.Error(), "p.md:1:") {
		t.Errorf("an unclosed fence: got %v", err)
	}
}

func TestLint(t *testing.T) {
	spans, err := parse("p.md", page+"```\nno info\n```\n<!-- cue fragment -->\n```go\nx\n```\n<!-- output: one -->\n```json\n{}\n```\n```sh\nls\n```\n")
	if err != nil {
		t.Fatal(err)
	}
	var blocks []Block
	for _, s := range spans {
		blocks = append(blocks, s.Block)
	}
	got := strings.Join(Lint(blocks), "\n")
	for _, w := range []string{"p.md:8: ```text block without a label", "p.md:13: ```markdown block without a label", "p.md:22: the block has no info string", "p.md:26: <!-- cue fragment --> labels a ```go block", "p.md:30: output one already labels p.md:4"} {
		if !strings.Contains(got, w) {
			t.Errorf("Lint does not say %q:\n%s", w, got)
		}
	}
	if n := strings.Count(got, "\n") + 1; n != 5 {
		t.Errorf("Lint gave %d messages, want 5 (labelled and sh blocks pass):\n%s", n, got)
	}
}

func TestCompareAndUpdate(t *testing.T) {
	root := t.TempDir()
	if err := os.Mkdir(filepath.Join(root, "docs"), 0o755); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(root, "docs", "p.md")
	if err := os.WriteFile(path, []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "README.md"), []byte("# R\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if msg := Compare(root, "one", "old\n", false); msg != "" {
		t.Errorf("an equal sample: %s", msg)
	}
	if msg := Compare(root, "one", "new\n", false); !strings.Contains(msg, "docs/p.md:4 (output: one) differs") || !strings.Contains(msg, "+new") {
		t.Errorf("a changed sample: %q", msg)
	}
	if msg := Compare(root, "two", "x\n", false); !strings.Contains(msg, "labelled <!-- output: two -->") {
		t.Errorf("an unknown sample: %q", msg)
	}
	if msg := Compare(root, "one", "no newline", true); !strings.Contains(msg, "newline") {
		t.Errorf("output without a final newline: %q", msg)
	}
	if msg := Compare(root, "one", "new\nlines\n", true); msg != "" {
		t.Fatalf("update: %s", msg)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if want := strings.Replace(page, "```text\nold\n```", "```text\nnew\nlines\n```", 1); string(b) != want {
		t.Errorf("update wrote\n%s\nwant\n%s", b, want)
	}

	// A block indented in a list item: compared without, written with,
	// the fence's indentation.
	item := "- item:\n\n  <!-- output: two -->\n  ```text\n  old\n  ```\n"
	if err := os.WriteFile(path, []byte(item), 0o644); err != nil {
		t.Fatal(err)
	}
	if msg := Compare(root, "two", "old\n", false); msg != "" {
		t.Errorf("an indented sample: %s", msg)
	}
	if msg := Compare(root, "two", "new\n\nline\n", true); msg != "" {
		t.Fatalf("update of an indented sample: %s", msg)
	}
	if b, err := os.ReadFile(path); err != nil || string(b) != "- item:\n\n  <!-- output: two -->\n  ```text\n  new\n\n  line\n  ```\n" {
		t.Errorf("update of an indented sample wrote %q, %v", b, err)
	}
}
