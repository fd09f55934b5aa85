package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/promptc/promptc/compiler/baseline"
)

// manyChanges returns n changes to distinct prompts, each with a diff of
// its own of about size characters.
func manyChanges(n, size int) []baseline.PromptChange {
	var out []baseline.PromptChange
	for i := range n {
		line := fmt.Sprintf("line %d ", i) + strings.Repeat("x", size)
		out = append(out, baseline.PromptChange{
			Mode: "focus", Family: fmt.Sprintf("f%03d", i), BaseTokens: 10, Tokens: 12,
			Diff: fmt.Sprintf("--- a/focus/f%03d (main)\n+++ b/focus/f%03d\n@@ -1 +1 @@\n-old\n+%s\n", i, i, line),
		})
	}
	return out
}

// comment renders changes as the markdown pull-request comment, which
// must fit GitHub's limit of 65,536 characters.
func comment(t *testing.T, changes []baseline.PromptChange) string {
	t.Helper()
	var b bytes.Buffer
	if err := writeDiffMarkdown(&b, "main", changes); err != nil {
		t.Fatal(err)
	}
	if n := utf8.RuneCountInString(b.String()); n > 65_536 {
		t.Fatalf("the comment has %d characters, over GitHub's 65,536", n)
	}
	return b.String()
}

func TestDiffMarkdownStaysUnderTheCommentLimit(t *testing.T) {
	changes := manyChanges(200, 1000)
	out := comment(t, changes)
	shown := strings.Count(out, "<details>")
	if shown == 0 || shown == len(changes) {
		t.Fatalf("%d of %d sections shown; want some, not all", shown, len(changes))
	}
	note := fmt.Sprintf("_%d more diff(s), for %d prompt(s), are left out", len(changes)-shown, len(changes)-shown)
	if !strings.Contains(out, note) {
		t.Errorf("the comment lacks the note %q; it ends with:\n%s", note, out[len(out)-300:])
	}
	// Every change keeps its table row: only diffs are left out.
	if rows := strings.Count(out, "\n| focus | "); rows != len(changes) {
		t.Errorf("%d table rows, want %d", rows, len(changes))
	}

	// json is never cut.
	var b bytes.Buffer
	if err := writeDiffJSON(&b, "main", changes); err != nil {
		t.Fatal(err)
	}
	var doc struct{ Changes []baseline.PromptChange }
	if err := json.Unmarshal(b.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Changes) != len(changes) {
		t.Errorf("json has %d changes, want %d", len(doc.Changes), len(changes))
	}
}

func TestDiffMarkdownGroupsIdenticalDiffs(t *testing.T) {
	changes := manyChanges(3, 10)
	// The third prompt changed exactly as the first: same hunks, its own
	// file header.
	changes[2].Diff = strings.Replace(changes[0].Diff, "f000", "f002", 2)
	out := comment(t, changes)
	if n := strings.Count(out, "<details>"); n != 2 {
		t.Errorf("%d sections, want 2:\n%s", n, out)
	}
	if !strings.Contains(out, "<details><summary>focus · 2 prompts</summary>\n\n**focus**: f000, f002\n") {
		t.Errorf("the shared section does not name both prompts:\n%s", out)
	}
	if strings.Contains(out, "left out") {
		t.Errorf("a short comment notes left-out diffs:\n%s", out)
	}
}

func TestDiffMarkdownCutsATableOverTheLimit(t *testing.T) {
	changes := manyChanges(3000, 1)
	out := comment(t, changes)
	rows := strings.Count(out, "\n| focus | ")
	note := fmt.Sprintf("_%d more changed prompt(s) and every diff are left out", len(changes)-rows)
	if rows == 0 || !strings.Contains(out, note) {
		t.Errorf("%d rows; the comment lacks the note %q", rows, note)
	}
	if strings.Contains(out, "<details>") {
		t.Error("a comment whose table was cut has diff sections")
	}
}
