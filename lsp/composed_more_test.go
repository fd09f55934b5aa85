package lsp

import (
	"encoding/json"
	"maps"
	"os"
	"strings"
	"testing"
)

// composedText asks for the composed prompt of spec.
func composedText(t *testing.T, c *client, spec map[string]any) string {
	t.Helper()
	var res struct{ Text string }
	if err := json.Unmarshal(c.request("promptc/composedPrompt", spec), &res); err != nil {
		t.Fatal(err)
	}
	return res.Text
}

// Without custom:, "custom" is an ordinary name: a mode called so is
// previewed as that mode, and no lens offers a custom mode.
func TestComposedPromptModeNamedCustom(t *testing.T) {
	files := maps.Clone(fixture)
	files["promptc.cue"] = strings.Replace(files["promptc.cue"], "\tminimal: compose: [parts.base, slots.instructions]\n",
		"\tminimal: compose: [parts.base, slots.instructions]\n\tcustom: compose: [slots.instructions, parts.base]\n", 1)
	files["promptc.cue"] = strings.Replace(files["promptc.cue"], `order: ["minimal", "focus"]`, `order: ["minimal", "custom", "focus"]`, 1)
	c := newClient(t, files)
	c.initialize(`{}`)
	c.published()
	got := composedText(t, c, map[string]any{"config": c.uri("promptc.cue"), "mode": "custom"})
	if want := "⟨slot instructions⟩\n\nYou are a careful assistant.\n\nNever run destructive commands without asking."; got != want {
		t.Fatalf("composed:\n%q\nwant\n%q", got, want)
	}
	lenses := c.rel(c.request("textDocument/codeLens", map[string]any{"textDocument": map[string]any{"uri": c.uri("promptc.cue")}}))
	if n := strings.Count(lenses, `"command":"promptc.showComposed"`); n != 3 || strings.Contains(lenses, "(from") {
		t.Fatalf("want one lens per mode (3), none for a custom mode:\n%s", lenses)
	}
	c.shutdown()
}

// custom: without an example has nothing to preview the custom mode from:
// no lens offers it, and asking for it is an error that says why.
func TestComposedPromptCustomWithoutExample(t *testing.T) {
	files := maps.Clone(fixture)
	files["promptc.cue"] = strings.Replace(files["promptc.cue"], `defaultMode: "focus"`, `defaultMode: "focus"
custom: {file: ".app/custom.md", fallback: parts.base, carry: []}`, 1)
	c := newClient(t, files)
	c.initialize(`{}`)
	c.published()
	lenses := c.rel(c.request("textDocument/codeLens", map[string]any{"textDocument": map[string]any{"uri": c.uri("promptc.cue")}}))
	if n := strings.Count(lenses, `"command":"promptc.showComposed"`); n != 2 || strings.Contains(lenses, `"mode":"custom"`) {
		t.Fatalf("want the two modes' lenses and none for custom:\n%s", lenses)
	}
	m := c.call("promptc/composedPrompt", map[string]any{"config": c.uri("promptc.cue"), "mode": "custom"})
	if m.Error == nil || m.Error.Message != "promptc.cue declares no custom.example to preview the custom mode from" {
		t.Fatalf("error: %+v", m.Error)
	}
	c.shutdown()
}

// A composed prompt follows its own project: a check of another project
// in the same workspace, with a mode of the same name, leaves it as it is.
func TestComposedPromptFollowsItsProject(t *testing.T) {
	files := maps.Clone(fixture)
	files["other/promptc.cue"] = `version: "v1"
output: {dir: "generated", package: "other"}
parts: base: file: "base.md"
modes: focus: compose: [parts.base]
defaultMode: "focus"
`
	files["other/base.md"] = "The other project.\n"
	c := newClient(t, files)
	c.initialize(`{}`)
	c.published()
	var shown struct{ URI string }
	spec := map[string]any{"config": c.uri("promptc.cue"), "mode": "focus", "model": "claude-opus-4-1"}
	if err := json.Unmarshal(c.request("workspace/executeCommand", map[string]any{"command": "promptc.showComposed", "arguments": []any{spec}}), &shown); err != nil {
		t.Fatal(err)
	}
	file, _ := uriPath(shown.URI)
	want := "You are a careful assistant.\n\nNever run destructive commands without asking.\n\n⟨slot instructions⟩\n\nUse the tools you have.\n\nThink before acting."
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
	c.open("other/base.md", "The other project, edited.\n")
	c.published()
	other := composedText(t, c, map[string]any{"config": c.uri("other/promptc.cue"), "mode": "focus"})
	if other != "The other project, edited." {
		t.Fatalf("the other project composes %q", other)
	}
	if got := read(); got != want {
		t.Fatalf("after a check of another project:\n%q\nwant\n%q", got, want)
	}
	c.shutdown()
}
