package lsp

import (
	"encoding/json"
	"testing"
)

func hoverText(t *testing.T, c *client, rel string, line, char int) string {
	t.Helper()
	res := c.request("textDocument/hover", c.at(rel, line, char))
	if string(res) == "null" {
		return ""
	}
	var h hover
	if err := json.Unmarshal(res, &h); err != nil {
		t.Fatal(err)
	}
	if h.Contents.Kind != "markdown" {
		t.Fatalf("hover kind %q", h.Contents.Kind)
	}
	return h.Contents.Value
}

func TestHover(t *testing.T) {
	c := newClient(t, fixture)
	c.initialize("")
	for _, tc := range []struct {
		rel        string
		line, char int
		want       string
	}{
		{"prompts/base.md", 2, 3, "**@include** `prompts/shared/safety.md`\n\n" +
			"47 bytes · 47 characters · 12 tokens (chars/4)\n\n" +
			"reached by: `prompts/base.md` → `prompts/shared/safety.md`\n"},
		{"prompts/shared/safety.md", 0, 0, "**prompts/shared/safety.md**\n\n" +
			"| mode | characters | tokens | parts |\n| --- | ---: | ---: | --- |\n" +
			"| minimal | 47 | 12 | base |\n| focus | 47 | 12 | base |\n\n" +
			"tokens counted as chars/4\n\nbudgets:\n\n- part base: 76 of 200 characters, 124 left\n"},
		{"prompts/families/claude.prompt.md", 4, 5, "**prompts/families/claude.prompt.md**\n\n" +
			"| mode | characters | tokens | parts |\n| --- | ---: | ---: | --- |\n" +
			"| focus | 45 | 12 | familyLine (claude line), modelNote (claude note \"Opus\") |\n\n" +
			"tokens counted as chars/4\n\nbudgets:\n\n- part familyLine (claude line): 23 of 300 characters, 277 left\n"},
		// The marker of a model note: the example ids it decides.
		{"prompts/families/claude.prompt.md", 6, 5, "**model note** \"Opus\" `/opus/i` of family claude\n\n" +
			"20 characters · 5 tokens (chars/4)\n\ndecides 1 example id: `claude-opus-4-1`\n"},
		// A family rule in promptc.cue: the example ids it decides.
		{"promptc.cue", 20, 5, "**rule 0** → family claude\n\ndecides 2 example ids:\n\n" +
			"- `claude-opus-4-1` (rule 0 name pattern \"(?i)^claude\" matched \"claude-opus-4-1\")\n" +
			"- `claude-sonnet-4-5` (rule 0 name pattern \"(?i)^claude\" matched \"claude-sonnet-4-5\")\n"},
		// Nothing to say about the version field.
		{"promptc.cue", 0, 3, ""},
	} {
		if got := hoverText(t, c, tc.rel, tc.line, tc.char); got != tc.want {
			t.Errorf("hover %s:%d:%d:\n%s\nwant\n%s", tc.rel, tc.line, tc.char, got, tc.want)
		}
	}
	// An edit shows at once: the hover reads the buffer, not the disk.
	c.open("prompts/shared/safety.md", "Ask first.\n")
	if got, want := hoverText(t, c, "prompts/base.md", 2, 3), "**@include** `prompts/shared/safety.md`\n\n"+
		"11 bytes · 11 characters · 3 tokens (chars/4)\n\n"+
		"reached by: `prompts/base.md` → `prompts/shared/safety.md`\n"; got != want {
		t.Errorf("after an edit:\n%s\nwant\n%s", got, want)
	}
	c.shutdown()
}
