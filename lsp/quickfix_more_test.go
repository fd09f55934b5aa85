package lsp

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/promptc/promptc/internal/testtree"
)

// codeActionTitles asks for the code actions of rel over r, with the
// findings ds in the request, and returns their titles.
func codeActionTitles(t *testing.T, c *client, rel string, r lspRange, ds []diagnostic) []string {
	t.Helper()
	if ds == nil {
		ds = []diagnostic{}
	}
	res := c.request("textDocument/codeAction", map[string]any{"textDocument": map[string]any{"uri": c.uri(rel)},
		"range": r, "context": map[string]any{"diagnostics": ds}})
	var as []codeAction
	if err := json.Unmarshal(res, &as); err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, a := range as {
		out = append(out, a.Title)
	}
	return out
}

// With no findings in the request, a cursor (an empty range) at the start
// of a line offers the fixes of that line: an empty range spans its own
// line, only a range that ends at a later line's start leaves that line
// out.
func TestQuickFixesAtLineStart(t *testing.T) {
	c := newClient(t, fixture)
	c.initialize(`{"workspace":{"workspaceEdit":{"resourceOperations":["create"]}}}`)
	c.open("prompts/base.md", "You are careful.\n\nBe brief. \n")
	if ds := c.published()[c.uri("prompts/base.md")]; len(ds) != 1 || ds[0].Code != "TEXT_TRAILING_SPACE" || ds[0].Range.Start.Line != 2 {
		t.Fatalf("findings:\n%s", brief(ds))
	}
	want := "Delete the trailing white space|Ignore TEXT_TRAILING_SPACE here (promptc:ignore, with a reason to write)"
	for _, tc := range []struct {
		what string
		r    lspRange
		want string
	}{
		{"a cursor at the start of the line", lspRange{position{2, 0}, position{2, 0}}, want},
		{"a cursor inside the line", lspRange{position{2, 4}, position{2, 4}}, want},
		{"a range from the line's start to the next line's", lspRange{position{2, 0}, position{3, 0}}, want},
		{"a cursor at the start of the line before", lspRange{position{1, 0}, position{1, 0}}, ""},
		{"a range ending at the line's start", lspRange{position{0, 3}, position{2, 0}}, ""},
	} {
		if got := strings.Join(codeActionTitles(t, c, "prompts/base.md", tc.r, nil), "|"); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.what, got, tc.want)
		}
	}
	c.shutdown()
}

// The fix that creates a missing include's file names the file build
// would read: an include that climbs out of the root and back in through
// its name creates the file inside.
func TestQuickFixCreatesIncludeBackInsideRoot(t *testing.T) {
	root := testtree.Write(t, fixture)
	c := startClient(t, root, Options{})
	c.initialize(`{"workspace":{"workspaceEdit":{"resourceOperations":["create"]}}}`)
	line := "@../../" + filepath.Base(root) + "/prompts/shared/new.md"
	c.open("prompts/base.md", "You are careful.\n\n"+line+"\n")
	ds := c.published()[c.uri("prompts/base.md")]
	if len(ds) != 1 || ds[0].Code != "INCLUDE_NOT_FOUND" {
		t.Fatalf("findings:\n%s", brief(ds))
	}
	got := codeActionTitles(t, c, "prompts/base.md", ds[0].Range, ds)
	if want := "Create prompts/shared/new.md|Ignore INCLUDE_NOT_FOUND here (promptc:ignore, with a reason to write)"; strings.Join(got, "|") != want {
		t.Fatalf("actions %q, want %q", got, want)
	}
	c.shutdown()
}
