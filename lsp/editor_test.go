package lsp

import (
	"encoding/json"
	"maps"
	"os"
	"strings"
	"testing"
)

// The composed prompt of a mode opens as a read-only file the client is
// asked to show, and follows the buffers: after an edit and its check,
// the file holds the new composition. promptc/composedPrompt returns the
// same text.
func TestComposedPrompt(t *testing.T) {
	c := newClient(t, fixture)
	c.initialize(`{"window":{"showDocument":{"support":true}}}`)
	c.published()
	spec := map[string]any{"config": c.uri("promptc.cue"), "mode": "focus", "model": "claude-opus-4-1"}
	want := "You are a careful assistant.\n\nNever run destructive commands without asking.\n\n⟨slot instructions⟩\n\nUse the tools you have.\n\nThink before acting."
	var res struct{ Text string }
	if err := json.Unmarshal(c.request("promptc/composedPrompt", spec), &res); err != nil {
		t.Fatal(err)
	}
	if res.Text != want {
		t.Fatalf("composed:\n%q\nwant\n%q", res.Text, want)
	}
	var shown struct{ URI string }
	if err := json.Unmarshal(c.request("workspace/executeCommand", map[string]any{"command": "promptc.showComposed", "arguments": []any{spec}}), &shown); err != nil {
		t.Fatal(err)
	}
	file, ok := uriPath(shown.URI)
	if !ok {
		t.Fatalf("uri %q", shown.URI)
	}
	read := func() string {
		t.Helper()
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	if got := read(); got != want {
		t.Fatalf("file:\n%q\nwant\n%q", got, want)
	}
	if fi, err := os.Stat(file); err != nil || fi.Mode().Perm()&0o222 != 0 {
		t.Fatalf("the file is writable: %v %v", fi.Mode(), err)
	}
	var asked bool
	for _, m := range c.notes {
		if m.Method == "window/showDocument" && strings.Contains(string(m.Params), `"uri":"`+shown.URI+`"`) {
			asked = true
		}
	}
	if !asked {
		t.Fatal("the client was not asked to show the composed prompt")
	}
	c.open("prompts/shared/safety.md", "Ask first.\n")
	c.published()
	if got, want := read(), strings.Replace(want, "Never run destructive commands without asking.", "Ask first.", 1); got != want {
		t.Fatalf("after an edit:\n%q\nwant\n%q", got, want)
	}
	// A mode that does not exist is an error naming it.
	spec["mode"] = "nope"
	if m := c.call("promptc/composedPrompt", spec); m.Error == nil || !strings.Contains(m.Error.Message, "nope") {
		t.Fatalf("unknown mode: %+v", m.Error)
	}
	// The lenses of promptc.cue open each mode's composed prompt.
	got := c.rel(c.request("textDocument/codeLens", map[string]any{"textDocument": map[string]any{"uri": c.uri("promptc.cue")}}))
	if !strings.Contains(got, `"title":"composed prompt of focus for claude-opus-4-1","command":"promptc.showComposed","arguments":[{"config":"promptc.cue","mode":"focus","model":"claude-opus-4-1","profile":""}]`) {
		t.Fatalf("lenses: %s", got)
	}
	c.shutdown()
	if _, err := os.Stat(file); !os.IsNotExist(err) {
		t.Fatalf("the composed prompt outlived the session: %v", err)
	}
}

func TestSymbolsLinksFormatting(t *testing.T) {
	c := newClient(t, fixture)
	c.initialize("")
	doc := func(rel string) map[string]any {
		return map[string]any{"textDocument": map[string]any{"uri": c.uri(rel)}}
	}
	c.open("prompts/base.md", "# Role\n\nYou are a careful assistant.\n\n@shared/safety.md\n@shared/missing.md\n")
	for _, tc := range []struct{ what, method, rel, want string }{
		{"asset symbols", "textDocument/documentSymbol", "prompts/base.md",
			`[{"name":"Role","detail":"#","kind":15,"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":6}},"selectionRange":{"start":{"line":0,"character":0},"end":{"line":0,"character":6}}},` +
				`{"name":"@shared/safety.md","kind":1,"range":{"start":{"line":4,"character":0},"end":{"line":4,"character":17}},"selectionRange":{"start":{"line":4,"character":0},"end":{"line":4,"character":17}}},` +
				`{"name":"@shared/missing.md","kind":1,"range":{"start":{"line":5,"character":0},"end":{"line":5,"character":18}},"selectionRange":{"start":{"line":5,"character":0},"end":{"line":5,"character":18}}}]`},
		{"a model note", "textDocument/documentSymbol", "prompts/families/claude.prompt.md",
			`[{"name":"model note Opus","kind":19,"range":{"start":{"line":6,"character":0},"end":{"line":6,"character":29}},"selectionRange":{"start":{"line":6,"character":0},"end":{"line":6,"character":29}}}]`},
		// Only the include whose file exists is a link; the link covers
		// the path.
		{"links", "textDocument/documentLink", "prompts/base.md",
			`[{"range":{"start":{"line":4,"character":1},"end":{"line":4,"character":17}},"target":"prompts/shared/safety.md"}]`},
		{"an asset is not formatted", "textDocument/formatting", "prompts/base.md", `[]`},
	} {
		if got := c.rel(c.request(tc.method, doc(tc.rel))); got != tc.want {
			t.Errorf("%s:\n%s\nwant\n%s", tc.what, got, tc.want)
		}
	}
	var syms []documentSymbol
	if err := json.Unmarshal(c.request("textDocument/documentSymbol", doc("promptc.cue")), &syms); err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, s := range syms {
		n := s.Name
		for _, ch := range s.Children {
			n += " " + ch.Name
		}
		names = append(names, n)
	}
	if got, want := strings.Join(names, "|"), "version|output dir package|parts base familyLine modelNote|slots instructions|modes minimal focus|order|defaultMode|families files rules examples"; got != want {
		t.Errorf("promptc.cue symbols:\n%s\nwant\n%s", got, want)
	}
	// promptc fmt's formatting, from the buffer: one edit of the whole
	// text; formatted, the text gets none.
	c.open("promptc.cue", strings.Replace(fixture["promptc.cue"], "order: [", "order:    [", 1))
	var edits []textEdit
	if err := json.Unmarshal(c.request("textDocument/formatting", doc("promptc.cue")), &edits); err != nil {
		t.Fatal(err)
	}
	if len(edits) != 1 || edits[0].Range != (lspRange{position{}, position{28, 0}}) || !strings.Contains(edits[0].NewText, "\norder: [\"minimal\", \"focus\"]\n") ||
		!strings.Contains(edits[0].NewText, "\t\t\"llama3.1:8b\":       \"neutral\"\n") {
		t.Fatalf("formatting: %+v", edits)
	}
	c.change("promptc.cue", 2, edits[0].NewText)
	if got := string(c.request("textDocument/formatting", doc("promptc.cue"))); got != "[]" {
		t.Errorf("formatting a formatted text: %s", got)
	}
	c.change("promptc.cue", 3, "version: \"v1\"\nparts: {\n")
	if m := c.call("textDocument/formatting", doc("promptc.cue")); m.Error == nil || m.Error.Code != -32803 || m.Error.Message != "promptc.cue:2:9: the struct opened with `{` at 2:8 is not closed: add `}` here (CONFIG)" {
		t.Errorf("formatting what does not parse: %+v", m.Error)
	}
	c.shutdown()
}

// A client that cannot be asked to show a document is told where the
// composed prompt is.
func TestComposedPromptNamedInMessage(t *testing.T) {
	c := newClient(t, fixture)
	c.initialize("")
	var shown struct{ URI string }
	if err := json.Unmarshal(c.request("workspace/executeCommand", map[string]any{"command": "promptc.showComposed",
		"arguments": []any{map[string]any{"config": c.uri("promptc.cue"), "mode": "minimal"}}}), &shown); err != nil {
		t.Fatal(err)
	}
	file, _ := uriPath(shown.URI)
	var msgs []string
	for _, m := range c.notes {
		if m.Method == "window/showDocument" {
			t.Fatal("a client without window.showDocument was asked to show a document")
		}
		if m.Method == "window/showMessage" {
			var p showMessageParams
			json.Unmarshal(m.Params, &p)
			msgs = append(msgs, p.Message)
		}
	}
	if want := "promptc: the composed prompt is in " + file + " (read-only, rewritten as you type)"; len(msgs) != 1 || msgs[0] != want {
		t.Fatalf("messages %q, want %q", msgs, want)
	}
	c.shutdown()
}

// The custom mode is previewed from custom.example as promptc show --mode
// custom composes it: the user's text ({{cwd}} standing as ⟨cwd⟩), then
// the slots every mode sends and the parts custom.carry lists, in the
// order the modes send them; a lens above custom: opens it.
func TestComposedPromptCustom(t *testing.T) {
	files := maps.Clone(fixture)
	files["promptc.cue"] = strings.Replace(files["promptc.cue"], `defaultMode: "focus"`, `defaultMode: "focus"
custom: {file: ".app/custom.md", fallback: parts.base, example: "custom.md", carry: [parts.base]}`, 1)
	files["custom.md"] = "---\nname: Reviewer\n---\nReview the diff in {{cwd}} only.\n"
	c := newClient(t, files)
	c.initialize(`{}`)
	c.published()
	spec := map[string]any{"config": c.uri("promptc.cue"), "mode": "custom", "model": "claude-opus-4-1"}
	var res struct{ Text string }
	if err := json.Unmarshal(c.request("promptc/composedPrompt", spec), &res); err != nil {
		t.Fatal(err)
	}
	// base is carried where every mode sends it: before the slot.
	want := "Review the diff in ⟨cwd⟩ only.\n\nYou are a careful assistant.\n\nNever run destructive commands without asking.\n\n⟨slot instructions⟩"
	if res.Text != want {
		t.Fatalf("composed:\n%q\nwant\n%q", res.Text, want)
	}
	got := c.rel(c.request("textDocument/codeLens", map[string]any{"textDocument": map[string]any{"uri": c.uri("promptc.cue")}}))
	if !strings.Contains(got, `"title":"composed prompt of custom (from custom.md) for claude-opus-4-1","command":"promptc.showComposed","arguments":[{"config":"promptc.cue","mode":"custom","model":"claude-opus-4-1","profile":""}]`) {
		t.Fatalf("no custom lens in %s", got)
	}
	c.shutdown()
}
