// Written by hand: the example project's output styles, as the generated
// package sends them.
package generated_test

import (
	"os"
	"strings"
	"testing"

	prompts "github.com/promptc/promptc/generated"
)

// TestOutputStylesInEveryMode: each style other than the default adds its
// own tone block (the text of its file) to every mode, once, the custom
// mode too (custom.carry), after the user's text; the default
// style and the empty value send the same prompt, with no block; and the
// caveman block says what it keeps exact.
func TestOutputStylesInEveryMode(t *testing.T) {
	blocks := map[prompts.Style]string{}
	for _, s := range []prompts.Style{prompts.StyleExplanatory, prompts.StyleLearning, prompts.StyleTerse, prompts.StyleCaveman} {
		b, err := os.ReadFile("../assets/prompts/styles/" + string(s) + ".md")
		if err != nil {
			t.Fatal(err)
		}
		blocks[s] = strings.TrimSpace(string(b))
	}
	dir := t.TempDir()
	if err := os.MkdirAll(dir+"/.tern/prompts", 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dir+"/"+prompts.CustomFile, []byte("# Mine\n\nMy own rules.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	custom := prompts.LoadCustom(dir, prompts.CustomFile)
	if !custom.Usable {
		t.Fatalf("custom file not usable: %s", custom.Reason)
	}
	for _, m := range append(prompts.Modes(), prompts.ModeCustom) {
		req := prompts.Request{Mode: m, Model: "claude-sonnet-4.5", Custom: &custom}
		empty := mustCompose(t, req).Text
		req.Inputs.Style = prompts.StyleDefault
		if got := mustCompose(t, req).Text; got != empty {
			t.Errorf("%s: the default style changes the prompt", m)
		}
		for s, block := range blocks {
			req.Inputs.Style = s
			text := mustCompose(t, req).Text
			if n := strings.Count(text, block); n != 1 {
				t.Errorf("%s, style %s: the block is sent %d times, want once", m, s, n)
			}
			for other, ob := range blocks {
				if other != s && strings.Contains(text, ob) {
					t.Errorf("%s, style %s: the %s block is sent too", m, s, other)
				}
			}
			if strings.Contains(empty, block) {
				t.Errorf("%s: the %s block is sent without the style", m, s)
			}
			if m == prompts.ModeCustom && !strings.HasPrefix(text, "# Mine\n\nMy own rules.\n\n"+block) {
				t.Errorf("custom, style %s: the block does not follow the user's text: %q", s, text)
			}
		}
	}
	for _, kept := range []string{"code", "path", "number", "verif", "uncertain"} {
		if !strings.Contains(strings.ToLower(blocks[prompts.StyleCaveman]), kept) {
			t.Errorf("the caveman block does not say it keeps %q exact", kept)
		}
	}
}
