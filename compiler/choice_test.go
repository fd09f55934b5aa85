package compiler_test

import (
	"strings"
	"testing"

	"github.com/promptc/promptc/compiler/tokens"
	"github.com/promptc/promptc/internal/testproject"
)

func TestChooseExplicitFamilyWinsAndKeepsItsNote(t *testing.T) {
	p := testproject.FromFiles(t, map[string]string{
		"promptc.cue": `version: "v1"
parts: {
	line: family: "line"
	note: family: "note"
}
families: rules: [{family: "claude", name: ["^claude"]}, {family: "gemini", name: ["^gemini"]}]
modes: focus: compose: [parts.line, parts.note]
order: ["focus"]
defaultMode: "focus"
`,
		"prompts/families/claude.prompt.md": "---\nfamily: claude\nprovenance: x\n---\nClaude line.\n<!-- model \"Sonnet\" /sonnet/ -->\nSonnet note.\n",
		"prompts/families/gemini.prompt.md": "---\nfamily: gemini\nprovenance: x\n---\nGemini line.\n<!-- model \"Pro\" /pro/ -->\nPro note.\n",
	})
	for _, tc := range []struct {
		choice, model, family, note string
	}{
		{"auto", "claude-sonnet-4-5", "claude", "Sonnet"},
		{"", "claude-sonnet-4-5", "claude", "Sonnet"},
		{"gemini", "claude-sonnet-4-5", "gemini", ""},
		{"gemini", "claude-pro", "gemini", "Pro"},
		{"claude", "gemini-2.5-pro", "claude", ""},
		{"auto", "", "neutral", ""},
	} {
		f, note, err := p.Choose(tc.choice, tc.model)
		if err != nil {
			t.Fatalf("Choose(%q, %q): %v", tc.choice, tc.model, err)
		}
		label := ""
		if note >= 0 {
			label = f.Notes[note].Label
		}
		if f.Name != tc.family || label != tc.note {
			t.Errorf("Choose(%q, %q) = %s %q, want %s %q", tc.choice, tc.model, f.Name, label, tc.family, tc.note)
		}
	}
	if _, _, err := p.Choose("gpt", "x"); err == nil || !strings.Contains(err.Error(), `unknown family "gpt" (valid: auto, claude, gemini, neutral)`) {
		t.Errorf("Choose(gpt): %v", err)
	}
}

func TestFamilyNamedAutoIsRefused(t *testing.T) {
	p := testproject.FromFiles(t, map[string]string{
		"promptc.cue": `version: "v1"
parts: line: family: "line"
modes: focus: compose: [parts.line]
order: ["focus"]
defaultMode: "focus"
`,
		"prompts/families/auto.prompt.md": "---\nfamily: auto\nprovenance: x\n---\nAuto line.\n",
	})
	found := false
	for _, d := range p.Diagnostics() {
		if d.Pos.Path == "prompts/families/auto.prompt.md" && strings.Contains(d.Message, `a family cannot be called "auto"`) {
			found = true
		}
	}
	if !found {
		t.Errorf("no diagnostic for auto.prompt.md: %v", p.Diagnostics())
	}
	if _, ok := p.Families["auto"]; ok {
		t.Error("family auto was kept")
	}
}

// countCalls counts how often texts are counted.
type countCalls struct {
	tokens.Counter
	n int
}

func (c *countCalls) Count(text string) int { c.n++; return c.Counter.Count(text) }

// Every cost row asks for the default mode's longest note again; the
// answer is composed once per mode and family, whatever the number of
// questions. Without the memo the costs of M modes compose M² texts.
func TestLongestNoteComposesOncePerModeAndFamily(t *testing.T) {
	p := testproject.FromFiles(t, map[string]string{
		"promptc.cue": `version: "v1"
parts: note: family: "note"
families: rules: [{family: "claude", name: ["^claude"]}]
modes: focus: compose: [parts.note]
order: ["focus"]
defaultMode: "focus"
`,
		"prompts/families/claude.prompt.md": "---\nfamily: claude\nprovenance: x\n---\nClaude line.\n<!-- model \"Sonnet\" /sonnet/ -->\nSonnet note.\n<!-- model \"Opus\" /opus/ -->\nThe Opus note is the longest of the three.\n<!-- model \"Haiku\" /haiku/ -->\nHaiku.\n",
	})
	counter := &countCalls{Counter: p.Counter}
	p.Counter = counter
	m, err := p.Mode("focus")
	if err != nil {
		t.Fatal(err)
	}
	f := p.Families["claude"]
	for range 5 {
		if got := p.LongestNote(m, f); got < 0 || f.Notes[got].Label != "Opus" {
			t.Fatalf("LongestNote = %d, want the Opus note", got)
		}
	}
	if counter.n != len(f.Notes) {
		t.Errorf("5 questions counted %d texts, want %d (one per note, once)", counter.n, len(f.Notes))
	}
}

// The memo of LongestNote is per family too: two families whose longest
// notes sit at different positions each get their own.
func TestLongestNoteRemembersEachFamily(t *testing.T) {
	p := testproject.FromFiles(t, map[string]string{
		"promptc.cue": `version: "v1"
parts: note: family: "note"
families: rules: [{family: "claude", name: ["^claude"]}, {family: "gpt", name: ["^gpt"]}]
modes: focus: compose: [parts.note]
order: ["focus"]
defaultMode: "focus"
`,
		"prompts/families/claude.prompt.md": "---\nfamily: claude\nprovenance: x\n---\nClaude line.\n<!-- model \"Sonnet\" /sonnet/ -->\nSonnet note.\n<!-- model \"Opus\" /opus/ -->\nThe Opus note is the longest of the two.\n",
		"prompts/families/gpt.prompt.md":    "---\nfamily: gpt\nprovenance: x\n---\nGPT line.\n<!-- model \"Five\" /gpt-5/ -->\nThe GPT-5 note is the longest of the two.\n<!-- model \"Mini\" /mini/ -->\nMini.\n",
	})
	m, err := p.Mode("focus")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ family, label string }{{"claude", "Opus"}, {"gpt", "Five"}, {"claude", "Opus"}} {
		f := p.Families[c.family]
		if got := p.LongestNote(m, f); got < 0 || f.Notes[got].Label != c.label {
			t.Errorf("LongestNote(%s) = %d, want the %s note", c.family, got, c.label)
		}
	}
}
