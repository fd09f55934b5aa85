package lsp

import (
	"maps"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/promptc/promptc/internal/testtree"
)

// TestIncludeBackInsideRoot: an include line that climbs out of the
// project root and lands back inside it through the root's own name
// (@../../<root>/prompts/shared/safety.md from prompts/base.md) names the
// file inside, as build reads it: definition goes there, the hover
// describes it and the document link targets it.
func TestIncludeBackInsideRoot(t *testing.T) {
	files := maps.Clone(fixture)
	root := testtree.Write(t, files)
	line := "@../../" + filepath.Base(root) + "/prompts/shared/safety.md"
	if err := os.WriteFile(filepath.Join(root, "prompts", "base.md"), []byte("You are a careful assistant.\n\n"+line+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c := startClient(t, root, Options{})
	c.initialize("")
	at0 := `"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":0}}`
	if got, want := c.rel(c.request("textDocument/definition", c.at("prompts/base.md", 2, 4))), `[{"uri":"prompts/shared/safety.md",`+at0+`}]`; got != want {
		t.Errorf("definition:\n%s\nwant\n%s", got, want)
	}
	if got, want := hoverText(t, c, "prompts/base.md", 2, 3), "**@include** `prompts/shared/safety.md`\n\n"+
		"47 bytes · 47 characters · 12 tokens (chars/4)\n\n"+
		"reached by: `prompts/base.md` → `prompts/shared/safety.md`\n"; got != want {
		t.Errorf("hover:\n%s\nwant\n%s", got, want)
	}
	doc := map[string]any{"textDocument": map[string]any{"uri": c.uri("prompts/base.md")}}
	end := len([]rune(line))
	want := `[{"range":{"start":{"line":2,"character":1},"end":{"line":2,"character":` + strconv.Itoa(end) + `}},"target":"prompts/shared/safety.md"}]`
	if got := c.rel(c.request("textDocument/documentLink", doc)); got != want {
		t.Errorf("links:\n%s\nwant\n%s", got, want)
	}
	c.shutdown()
}
