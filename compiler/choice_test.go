package compiler_test

import (
	"strings"
	"testing"

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
	for _, d := range p.Diagnostics {
		if d.Pos.Path == "prompts/families/auto.prompt.md" && strings.Contains(d.Message, `a family cannot be called "auto"`) {
			found = true
		}
	}
	if !found {
		t.Errorf("no diagnostic for auto.prompt.md: %v", p.Diagnostics)
	}
	if _, ok := p.Families["auto"]; ok {
		t.Error("family auto was kept")
	}
}
