package lsp

import (
	"fmt"
	"strings"
	"testing"
)

// Findings are capped per rule and file as promptc lint prints them: 20,
// then one that counts the rest.
func TestPublishedCapPerRule(t *testing.T) {
	c := newClient(t, fixture)
	c.initialize("")
	c.published()
	c.open("prompts/base.md", strings.Repeat("x \n", 25)+"\n@shared/safety.md\n")
	ds := c.published()[c.uri("prompts/base.md")]
	if len(ds) != 21 {
		t.Fatalf("%d findings, want 20 and one that counts the rest:\n%s", len(ds), brief(ds))
	}
	if got, want := brief(ds[20:]), "20:1-20:1 2 TEXT_TRAILING_SPACE 5 more TEXT_TRAILING_SPACE findings in this file are not shown (only the first 20 of each rule in each file are); fix these, or suppress the rule for the file, and run again\n"; got != want {
		t.Fatalf("the last finding:\n%swant\n%s", got, want)
	}
	c.shutdown()
}

// A budget finding is published on promptc.cue, where the budget is
// declared, and on each asset whose text it measures, each copy naming
// the budget and the assets as related positions.
func TestBudgetFindingOnItsAssets(t *testing.T) {
	c := newClient(t, fixture)
	c.initialize("")
	c.published()
	c.open("prompts/base.md", strings.Repeat("Be careful. ", 20)+"\n\n@shared/safety.md\n")
	got := c.published()
	rel := func(d diagnostic) string {
		var b strings.Builder
		b.WriteString(brief([]diagnostic{d}))
		for _, r := range d.RelatedInformation {
			b.WriteString("  " + strings.TrimPrefix(r.Location.URI, pathURI(c.root)+"/") + ":" + brief([]diagnostic{{Range: r.Location.Range}})[:7] + " " + r.Message + "\n")
		}
		return b.String()
	}
	msg := "0:0-0:0 1 BUDGET_OVER part base over budget for every family: 288 characters, ceiling 200, over by 88\n"
	want := map[string]string{
		"promptc.cue": strings.Replace(msg, "0:0-0:0", "4:33-4:33", 1) +
			"  prompts/base.md:0:0-0:0 part base\n" +
			"  prompts/base.md:0:0-0:0 prompts/base.md makes up part base\n" +
			"  prompts/shared/safety.md:0:0-0:0 prompts/shared/safety.md makes up part base\n",
		"prompts/base.md": msg +
			"  promptc.cue:4:33-4: the budget\n" +
			"  prompts/base.md:0:0-0:0 part base\n" +
			"  prompts/base.md:0:0-0:0 prompts/base.md makes up part base\n" +
			"  prompts/shared/safety.md:0:0-0:0 prompts/shared/safety.md makes up part base\n",
	}
	for file, w := range want {
		var b strings.Builder
		for _, d := range got[c.uri(file)] {
			if d.Code == "BUDGET_OVER" {
				b.WriteString(rel(d))
			}
		}
		if b.String() != w {
			t.Errorf("%s:\n%s\nwant\n%s", file, b.String(), w)
		}
	}
	if ds := got[c.uri("prompts/shared/safety.md")]; len(ds) != 1 || ds[0].Code != "BUDGET_OVER" {
		t.Errorf("safety.md: %s", brief(ds))
	}
	c.shutdown()
}

// While promptc.cue does not load, a hover says so and answers from the
// last version that did; with none, it says what is wrong instead of
// nothing.
func TestHoverWithBrokenConfig(t *testing.T) {
	c := newClient(t, fixture)
	c.initialize("")
	c.published()
	hoverText(t, c, "prompts/shared/safety.md", 0, 0)
	c.open("promptc.cue", fixture["promptc.cue"]+"broken: {\n")
	got := hoverText(t, c, "prompts/shared/safety.md", 0, 0)
	want := "_promptc.cue does not load now (see its findings): this is from the last version that did._\n\n**prompts/shared/safety.md**\n\n"
	if !strings.HasPrefix(got, want) {
		t.Fatalf("hover:\n%s\nwant it to start\n%s", got, want)
	}
	c.shutdown()

	c = newClient(t, map[string]string{"promptc.cue": "version: \"v1\"\nbroken: {\n", "a.md": "text\n"})
	c.initialize("")
	if got, want := hoverText(t, c, "a.md", 0, 0), "_promptc.cue does not load (see its findings): sizes and tokens show once it does._\n"; got != want {
		t.Fatalf("hover with no good version:\n%s\nwant\n%s", got, want)
	}
	c.shutdown()
}

// Tokens of a file in a mode are counted section by section, as promptc
// show counts them: two shares of 23 and 21 characters are 6 + 6 tokens
// (chars/4, rounded up each), not the 11 of the 44 characters joined.
func TestTokensPerSection(t *testing.T) {
	files := map[string]string{}
	for k, v := range fixture {
		files[k] = v
	}
	files["prompts/families/claude.prompt.md"] = strings.Replace(fixture["prompts/families/claude.prompt.md"], "Think before acting.", "Think before acting!!", 1)
	c := newClient(t, files)
	c.initialize("")
	got := c.rel(c.request("textDocument/codeLens", map[string]any{"textDocument": map[string]any{"uri": c.uri("prompts/families/claude.prompt.md")}}))
	if want := `"title":"tokens per call: focus 12 (chars/4)"`; !strings.Contains(got, want) {
		t.Fatalf("lens %s, want %s", got, want)
	}
	c.shutdown()
}

// A part without a budget of its own, the generated guide, is measured by
// guide.budget: its finding is published where guide.budget is declared
// and on each file the guide's text comes from (its template and a card),
// each copy naming that budget; a file the guide reads but does not send
// (a doc) gets none.
func TestGuideBudgetOnItsAssets(t *testing.T) {
	c := newClient(t, map[string]string{
		"promptc.cue": `version: "v1"
parts: base: file: "base.md"
parts: operatorGuide: generated: "guide"
modes: focus: compose: [parts.base, parts.operatorGuide]
order: ["focus"]
defaultMode: "focus"
guide: {
	template: "guide.template.md"
	cards:    "cards/*.md"
	docs:     "docs/**/*.md"
	budget: chars: 40
}
`,
		"base.md":           "Be helpful.\n",
		"guide.template.md": "Topics:\n{{topics}}\n",
		"cards/modes.md":    "---\ntitle: Modes\nsummary: what each prompt mode sends\norder: 1\n---\nMore about Modes.\n",
		"docs/modes.md":     "Modes.\n",
	})
	c.initialize("")
	got := c.published()
	msg := " 1 BUDGET_OVER part operatorGuide over budget for every family: 44 characters, ceiling 40, over by 4\n"
	want := map[string]string{
		"promptc.cue":       "10:1-10:1" + msg,
		"guide.template.md": "0:0-0:0" + msg + "  promptc.cue 10:1 the budget\n",
		"cards/modes.md":    "1:0-1:0" + msg + "  promptc.cue 10:1 the budget\n",
		"docs/modes.md":     "",
		"base.md":           "",
	}
	for file, w := range want {
		var b strings.Builder
		for _, d := range got[c.uri(file)] {
			if d.Code != "BUDGET_OVER" {
				continue
			}
			b.WriteString(brief([]diagnostic{d}))
			if r := d.RelatedInformation; file != "promptc.cue" && len(r) > 0 {
				fmt.Fprintf(&b, "  %s %d:%d %s\n", strings.TrimPrefix(r[0].Location.URI, pathURI(c.root)+"/"), r[0].Location.Range.Start.Line, r[0].Location.Range.Start.Character, r[0].Message)
			}
		}
		if b.String() != w {
			t.Errorf("%s:\n%s\nwant\n%s", file, b.String(), w)
		}
	}
	c.shutdown()
}
