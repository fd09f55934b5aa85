package lsp

import (
	"encoding/json"
	"fmt"
	"maps"
	"strings"
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
			"| minimal | 46 | 12 | base |\n| focus | 46 | 12 | base |\n\n" +
			"tokens counted as chars/4\n\nbudgets:\n\n- part base: 76 of 200 characters, 124 left\n"},
		{"prompts/families/claude.prompt.md", 4, 5, "**prompts/families/claude.prompt.md**\n\n" +
			"| mode | characters | tokens | parts |\n| --- | ---: | ---: | --- |\n" +
			"| focus | 43 | 11 | familyLine (claude line), modelNote (claude note \"Opus\") |\n\n" +
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

// rel makes a result readable and independent of the temporary folder:
// the project's URIs lose their prefix.
func (c *client) rel(res json.RawMessage) string {
	return strings.ReplaceAll(string(res), pathURI(c.root)+"/", "")
}

func TestNavigationLensesCompletion(t *testing.T) {
	c := newClient(t, fixture)
	c.initialize("")
	doc := func(rel string) map[string]any {
		return map[string]any{"textDocument": map[string]any{"uri": c.uri(rel)}}
	}
	at0 := `"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":0}}`
	for _, tc := range []struct {
		what, method string
		params       any
		want         string
	}{
		{"lens of a family file", "textDocument/codeLens", doc("prompts/families/claude.prompt.md"),
			`[{` + at0 + `,"command":{"title":"tokens per call: focus 11 (chars/4)","command":""}}]`},
		{"lens of an included file", "textDocument/codeLens", doc("prompts/shared/safety.md"),
			`[{` + at0 + `,"command":{"title":"tokens per call: minimal 12 · focus 12 (chars/4)","command":""}}]`},
		{"definition of an include line", "textDocument/definition", c.at("prompts/base.md", 2, 4),
			`[{"uri":"prompts/shared/safety.md",` + at0 + `}]`},
		{"definition of a part's file", "textDocument/definition", c.at("promptc.cue", 4, 20),
			`[{"uri":"prompts/base.md",` + at0 + `}]`},
		{"definition of parts.base in a mode", "textDocument/definition", c.at("promptc.cue", 11, 30),
			`[{"uri":"prompts/base.md",` + at0 + `}]`},
		{"definition of slots.instructions", "textDocument/definition", c.at("promptc.cue", 11, 40),
			`[{"uri":"promptc.cue","range":{"start":{"line":8,"character":7},"end":{"line":8,"character":57}}}]`},
		{"definition of a rule's family", "textDocument/definition", c.at("promptc.cue", 20, 14),
			`[{"uri":"prompts/families/claude.prompt.md",` + at0 + `}]`},
		// References in promptc.cue cover the field or the reference
		// (parts.base), not an empty range at its start.
		{"references of an included file", "textDocument/references", c.at("prompts/shared/safety.md", 0, 0),
			`[{"uri":"prompts/base.md","range":{"start":{"line":2,"character":0},"end":{"line":2,"character":17}}},` +
				`{"uri":"promptc.cue","range":{"start":{"line":11,"character":20},"end":{"line":11,"character":30}}},` +
				`{"uri":"promptc.cue","range":{"start":{"line":12,"character":18},"end":{"line":12,"character":28}}}]`},
		{"references of a part's file", "textDocument/references", c.at("prompts/base.md", 0, 0),
			`[{"uri":"promptc.cue","range":{"start":{"line":4,"character":8},"end":{"line":4,"character":31}}},` +
				`{"uri":"promptc.cue","range":{"start":{"line":11,"character":20},"end":{"line":11,"character":30}}},` +
				`{"uri":"promptc.cue","range":{"start":{"line":12,"character":18},"end":{"line":12,"character":28}}}]`},
	} {
		if got := c.rel(c.request(tc.method, tc.params)); got != tc.want {
			t.Errorf("%s:\n%s\nwant\n%s", tc.what, got, tc.want)
		}
	}

	c.open("prompts/families/claude.prompt.md", fixture["prompts/families/claude.prompt.md"]+"\n@../sh\n<!-- promptc:ignore TEXT_T\n")
	c.open("promptc.cue", fixture["promptc.cue"]+"x: parts.f\ny: defaultMode: \"f\n")
	for _, tc := range []struct {
		what   string
		params any
		want   string
	}{
		{"an include path, relative to the including file", c.at("prompts/families/claude.prompt.md", 9, 6),
			`{"isIncomplete":false,"items":[{"label":"../shared/safety.md","kind":17,"textEdit":{"range":{"start":{"line":9,"character":1},"end":{"line":9,"character":6}},"newText":"../shared/safety.md"}}]}`},
		{"a rule ID in an ignore directive", c.at("prompts/families/claude.prompt.md", 10, 26),
			`{"isIncomplete":false,"items":[` +
				`{"label":"TEXT_TAB","kind":21,"detail":"Tab characters in prompt text, when the project forbids them.","textEdit":{"range":{"start":{"line":10,"character":20},"end":{"line":10,"character":26}},"newText":"TEXT_TAB"}},` +
				`{"label":"TEXT_TRAILING_SPACE","kind":21,"detail":"Lines should not end in spaces or tabs.","textEdit":{"range":{"start":{"line":10,"character":20},"end":{"line":10,"character":26}},"newText":"TEXT_TRAILING_SPACE"}}]}`},
		// promptc.cue does not load while typed: the names come from the
		// last check where it did.
		{"a part name", c.at("promptc.cue", 28, 10),
			`{"isIncomplete":false,"items":[{"label":"familyLine","kind":6,"textEdit":{"range":{"start":{"line":28,"character":9},"end":{"line":28,"character":10}},"newText":"familyLine"}}]}`},
		{"a mode name", c.at("promptc.cue", 29, 18),
			`{"isIncomplete":false,"items":[{"label":"focus","kind":13,"textEdit":{"range":{"start":{"line":29,"character":17},"end":{"line":29,"character":18}},"newText":"focus"}}]}`},
	} {
		if got := c.rel(c.request("textDocument/completion", tc.params)); got != tc.want {
			t.Errorf("completion of %s:\n%s\nwant\n%s", tc.what, got, tc.want)
		}
	}
	c.shutdown()
}

func TestQuickFixes(t *testing.T) {
	c := newClient(t, fixture)
	c.initialize(`{"workspace":{"workspaceEdit":{"resourceOperations":["create"]}}}`)
	c.open("prompts/base.md", "You are\u200b careful. \n\n@shared/new.md\n")
	ds := c.published()[c.uri("prompts/base.md")]
	if len(ds) != 3 {
		t.Fatalf("findings:\n%s", brief(ds))
	}
	actions := func(d diagnostic) []codeAction {
		res := c.request("textDocument/codeAction", map[string]any{"textDocument": map[string]any{"uri": c.uri("prompts/base.md")},
			"range": d.Range, "context": map[string]any{"diagnostics": []diagnostic{d}}})
		var out []codeAction
		if err := json.Unmarshal(res, &out); err != nil {
			t.Fatal(err)
		}
		return out
	}
	summary := func(as []codeAction) string {
		var b strings.Builder
		for _, a := range as {
			e, _ := json.Marshal(a.Edit)
			b.WriteString(a.Title + " " + c.rel(e))
			if a.Command != nil {
				b.WriteString(" then " + a.Command.Command)
			}
			b.WriteString("\n")
		}
		return b.String()
	}
	ignore := func(rule string) string {
		return "Ignore " + rule + ` here (promptc:ignore, with a reason to write) {"changes":{"prompts/base.md":[{"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":0}},"newText":"\u003c!-- promptc:ignore ` + rule + ` TODO say why this is acceptable --\u003e\n"}]}}` + "\n"
	}
	want := []string{
		`Delete the hidden character {"changes":{"prompts/base.md":[{"range":{"start":{"line":0,"character":7},"end":{"line":0,"character":8}},"newText":""}]}}` + "\n" + ignore("INVISIBLE_ZERO_WIDTH"),
		`Delete the trailing white space {"changes":{"prompts/base.md":[{"range":{"start":{"line":0,"character":17},"end":{"line":0,"character":18}},"newText":""}]}}` + "\n" + ignore("TEXT_TRAILING_SPACE"),
		// No ignoreIfExists (Neovim then opens a buffer and creates
		// nothing); an empty edit of the new file, so that clients load
		// it; a re-check after it.
		`Create prompts/shared/new.md {"documentChanges":[{"kind":"create","options":{"overwrite":false},"uri":"prompts/shared/new.md"},{"edits":[{"newText":"","range":{"end":{"character":0,"line":0},"start":{"character":0,"line":0}}}],"textDocument":{"uri":"prompts/shared/new.md","version":null}}]} then promptc.recheck` + "\n" +
			strings.ReplaceAll(ignore("INCLUDE_NOT_FOUND"), `"line":0`, `"line":2`),
	}
	for i, d := range ds {
		if got := summary(actions(d)); got != want[i] {
			t.Errorf("actions for %s:\n%s\nwant\n%s", d.Code, got, want[i])
		}
	}
	// Without findings in the request (Helix sends none when the cursor
	// is just past a finding's end), the fixes of the range's lines: line
	// 2 only, for a range that ends at the start of line 3.
	res := c.request("textDocument/codeAction", map[string]any{"textDocument": map[string]any{"uri": c.uri("prompts/base.md")},
		"range": lspRange{position{2, 14}, position{3, 0}}, "context": map[string]any{"diagnostics": []diagnostic{}}})
	var bare []codeAction
	if err := json.Unmarshal(res, &bare); err != nil {
		t.Fatal(err)
	}
	if got := summary(bare); got != want[2] {
		t.Errorf("actions for the lines of a range, no findings sent:\n%s\nwant\n%s", got, want[2])
	}
	// A range on the empty line 1 offers nothing; one from line 0's end
	// to line 1's start spans line 0 alone.
	res = c.request("textDocument/codeAction", map[string]any{"textDocument": map[string]any{"uri": c.uri("prompts/base.md")},
		"range": lspRange{position{1, 0}, position{1, 0}}, "context": map[string]any{"diagnostics": []diagnostic{}}})
	if string(res) != "[]" {
		t.Errorf("actions on an empty line with no findings: %s", res)
	}
	res = c.request("textDocument/codeAction", map[string]any{"textDocument": map[string]any{"uri": c.uri("prompts/base.md")},
		"range": lspRange{position{0, 18}, position{1, 0}}, "context": map[string]any{"diagnostics": []diagnostic{}}})
	bare = nil // a fresh decoding: Unmarshal into reused values merges fields
	if err := json.Unmarshal(res, &bare); err != nil {
		t.Fatal(err)
	}
	if got := summary(bare); got != want[0]+want[1] {
		t.Errorf("actions for line 0 by a range ending at line 1's start:\n%s\nwant\n%s", got, want[0]+want[1])
	}
	// A finding the buffer no longer has gets no fix: its range would
	// point at other text.
	c.change("prompts/base.md", 2, "You are careful.\n\n@shared/safety.md\n")
	if got := actions(ds[1]); len(got) != 0 {
		t.Errorf("stale finding: %s", summary(got))
	}
	c.shutdown()
}

// TestHoverBudgetBoundary hovers an included file while the part that
// includes it is one character under its budget, exactly at it, and one
// over: "left" down to 0, and "over" only past the budget (never
// "0 over").
func TestHoverBudgetBoundary(t *testing.T) {
	c := newClient(t, fixture)
	c.initialize("")
	// The size of part base with a one-character safety.md tells how long
	// safety.md must be for each case.
	c.open("prompts/shared/safety.md", "x\n")
	var size, limit int
	got := hoverText(t, c, "prompts/shared/safety.md", 0, 0)
	if _, err := fmt.Sscanf(got[strings.Index(got, "- part base: "):], "- part base: %d of %d characters", &size, &limit); err != nil {
		t.Fatalf("%v in\n%s", err, got)
	}
	for _, tc := range []struct {
		n    int // characters of part base
		want string
	}{
		{limit - 1, fmt.Sprintf("- part base: %d of %d characters, 1 left\n", limit-1, limit)},
		{limit, fmt.Sprintf("- part base: %d of %d characters, 0 left\n", limit, limit)},
		{limit + 1, fmt.Sprintf("- part base: %d of %d characters, **1 over**\n", limit+1, limit)},
	} {
		c.open("prompts/shared/safety.md", strings.Repeat("x", 1+tc.n-size)+"\n")
		got := hoverText(t, c, "prompts/shared/safety.md", 0, 0)
		if !strings.HasSuffix(got, "budgets:\n\n"+tc.want) {
			t.Errorf("base at %d characters: hover\n%s\nwant it to end with\n%s", tc.n, got, tc.want)
		}
	}
	c.shutdown()
}

// TestHoverNoteBudget: a hover on a family file with two model notes
// measures the largest note it sends, the second here, against the note
// part's budget: that note's size, not the family's first note's.
func TestHoverNoteBudget(t *testing.T) {
	files := maps.Clone(fixture)
	files["promptc.cue"] = strings.Replace(fixture["promptc.cue"], `modelNote: {family: "note"}`, `modelNote: {family: "note", budget: chars: 100}`, 1)
	files["prompts/families/claude.prompt.md"] = fixture["prompts/families/claude.prompt.md"] + "\n<!-- model \"Haiku\" /haiku/i -->\nKeep every answer short and to the point.\n"
	c := newClient(t, files)
	c.initialize("")
	got := hoverText(t, c, "prompts/families/claude.prompt.md", 0, 0)
	want := "budgets:\n\n" +
		"- part familyLine (claude line): 23 of 300 characters, 277 left\n" +
		"- part modelNote (claude note \"Haiku\"): 41 of 100 characters, 59 left\n"
	if !strings.HasSuffix(got, want) {
		t.Errorf("hover:\n%s\nwant it to end with\n%s", got, want)
	}
	c.shutdown()
}
