package lsp

import (
	"strings"
	"testing"
)

// A budget's warning near its ceiling is published on the assets it
// measures too, as its excess is: both say where the text to shorten is.
func TestBudgetNearOnItsAssets(t *testing.T) {
	c := newClient(t, fixture)
	c.initialize("")
	c.published()
	// 144 characters of base.md's own and 48 of the rest: 192 of 200.
	c.open("prompts/base.md", strings.Repeat("Be careful. ", 12)+"\n\n@shared/safety.md\n")
	got := c.published()
	for _, file := range []string{"promptc.cue", "prompts/base.md", "prompts/shared/safety.md"} {
		var near []diagnostic
		for _, d := range got[c.uri(file)] {
			if d.Code == "BUDGET_NEAR" {
				near = append(near, d)
			}
		}
		if len(near) != 1 || !strings.Contains(near[0].Message, "part base") {
			t.Errorf("%s: BUDGET_NEAR findings %s, want one for part base", file, brief(near))
		}
	}
	c.shutdown()
}

// A file that sends the part's text in several stretches (lines around an
// include) gets the budget finding once, and is named once among the
// assets.
func TestBudgetFindingOncePerAsset(t *testing.T) {
	c := newClient(t, fixture)
	c.initialize("")
	c.published()
	c.open("prompts/base.md", strings.Repeat("Be careful. ", 20)+"\n\n@shared/safety.md\n\nAsk first.\n")
	got := c.published()
	var over []diagnostic
	for _, d := range got[c.uri("prompts/base.md")] {
		if d.Code == "BUDGET_OVER" {
			over = append(over, d)
		}
	}
	if len(over) != 1 {
		t.Fatalf("base.md: %d BUDGET_OVER findings, want 1:\n%s", len(over), brief(over))
	}
	n := 0
	for _, r := range over[0].RelatedInformation {
		if strings.HasPrefix(r.Message, "prompts/base.md makes up") {
			n++
		}
	}
	if n != 1 {
		t.Errorf("base.md named %d times among the assets, want once", n)
	}
	c.shutdown()
}
