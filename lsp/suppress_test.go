package lsp

import (
	"maps"
	"strings"
	"testing"
)

// TestDiagnosticsHonourSuppressions: the language server publishes what
// lint reports, with the suppressions every command applies: a date in
// static text under <!-- promptc:ignore STATIC_DYNAMIC reason -->, in a
// file with <!-- promptc:file-ignore STATIC_DYNAMIC reason -->, or in a
// file lint.ignoreOnly names, is not published; without them it is.
func TestDiagnosticsHonourSuppressions(t *testing.T) {
	files := maps.Clone(fixture)
	files["promptc.cue"] += "lint: ignoreOnly: STATIC_DYNAMIC: [\"prompts/shared/safety.md\"]\n"
	files["prompts/shared/safety.md"] = "Released 2025-01-01.\n"
	c := newClient(t, files)
	c.initialize("")
	if got := c.published(); len(got) != 0 {
		t.Fatalf("suppressed by lint.ignoreOnly, yet published %v", got)
	}
	const date = "Dates look like 2025-01-01.\n"
	for i, text := range []string{
		"<!-- promptc:ignore STATIC_DYNAMIC a sample date -->\n" + date + "\n@shared/safety.md\n",
		"<!-- promptc:file-ignore STATIC_DYNAMIC sample dates -->\n" + date + "\n@shared/safety.md\n",
	} {
		if i == 0 {
			c.open("prompts/base.md", text)
		} else {
			c.change("prompts/base.md", i+1, text)
		}
		for uri, ds := range c.published() {
			if len(ds) != 0 {
				t.Errorf("directive %d: published for %s: %v", i, uri, brief(ds))
			}
		}
	}
	c.change("prompts/base.md", 3, date+"\n@shared/safety.md\n")
	got := brief(c.published()[c.uri("prompts/base.md")])
	if !strings.Contains(got, "0:16-0:16 1 STATIC_DYNAMIC ") {
		t.Errorf("without a directive: published %q, want the date at 0:16", got)
	}
	c.shutdown()
}
