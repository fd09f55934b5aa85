package lint_test

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/promptc/promptc/compiler"
	"github.com/promptc/promptc/compiler/family"
	"github.com/promptc/promptc/internal/testproject"
)

// directiveLine matches the directive lines the project below holds.
var directiveLine = regexp.MustCompile(`(?m)^<!-- promptc:[^\n]*-->\n`)

// TestDirectivesCostNothing composes every mode for every family and note of
// a project whose part files, family file (line, body and notes), guide
// template and card carry directives, and of the same project with the
// directive lines deleted: the texts sent must be identical, so directives
// cost no tokens.
func TestDirectivesCostNothing(t *testing.T) {
	files := map[string]string{
		"promptc.cue": `version: "v1"
parts: {
	base: file: "base.md"
	core: {file: "base.md", block: "core"}
	line: family: "line"
	body: family: "body"
	note: family: "note"
	guide: generated: "guide"
}
modes: focus: compose: [parts.base, parts.line, parts.note]
modes: full: compose: [parts.base, parts.core, parts.line, parts.body, parts.note, parts.guide]
order: ["focus", "full"]
defaultMode: "focus"
families: rules: [{family: "claude", name: ["^claude"]}]
families: examples: "claude-opus-4": {family: "claude", note: "Opus"}
guide: {template: "guide.md", cards: "cards/*.md", docs: "docs/*.md"}
`,
		"base.md": `<!-- promptc:file-ignore STATIC_DYNAMIC dates below are fixed -->
You are a careful assistant.
<!-- promptc:ignore TEXT_TRAILING_SPACE kept on purpose -->
Work in small steps.

<!-- core -->
<!-- promptc:ignore SECRET not a key -->
Say what you will do.
`,
		"prompts/families/claude.prompt.md": `---
family: claude
provenance: original text
---
<!-- promptc:ignore STATIC_DYNAMIC the short line -->
Prefer small edits.

<!-- promptc:ignore STATIC_DYNAMIC the body -->
Run the tests.

<!-- model "Opus" /opus/i -->
<!-- promptc:ignore STATIC_DYNAMIC the note -->
Think longer.
`,
		"guide.md": `<!-- promptc:ignore GUIDE_REFERENCE the template -->
Topics:
{{topics}}
`,
		"cards/a.md": `---
title: Modes
summary: what each mode sends
---
<!-- promptc:ignore STATIC_DYNAMIC a card -->
Body.
`,
		"docs/a.md": "Docs.\n",
	}
	with := compileFiles(t, files)
	without := map[string]string{}
	for p, text := range files {
		without[p] = directiveLine.ReplaceAllString(text, "")
	}
	plain := compileFiles(t, without)
	n := 0
	for _, m := range with.Modes {
		pm, err := plain.Mode(m.Name)
		if err != nil {
			t.Fatal(err)
		}
		for _, fn := range with.FamilyNames {
			for _, note := range compiler.NoteChoices(with.Families[fn]) {
				got := with.Static(m, compiler.Selection{Family: with.Families[fn], Note: note})
				want := plain.Static(pm, compiler.Selection{Family: plain.Families[fn], Note: note})
				if strings.Contains(got, "promptc:") || got != want {
					t.Errorf("mode %s, family %s, note %d:\nwith directives:\n%s\nwithout:\n%s", m.Name, fn, note, got, want)
				}
				n++
			}
		}
	}
	if n < 4 {
		t.Fatalf("only %d combinations composed", n)
	}
}

func compileFiles(t *testing.T, files map[string]string) *compiler.Program {
	t.Helper()
	return testproject.Compile(t, writeProject(t, files))
}

func writeProject(t testing.TB, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	for p, text := range files {
		fp := filepath.Join(root, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(fp), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(fp, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// TestDirectivePrefilter: every line the compiler takes for a directive
// (family.IsDirective) holds "<!-- promptc:", the text fileDirectives
// searches a file for before reading its lines, on random lines of
// comment openings and closings, white space and directive words.
func TestDirectivePrefilter(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	pieces := []string{"<!--", "<!-- ", "<!--\t", "promptc:", " promptc:", "ignore", " X reason", "-->", " -->", " ", "\t", "<", "!", "-", "p"}
	directives := 0
	for range 200000 {
		var b strings.Builder
		for range r.IntN(7) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		line := b.String()
		if family.IsDirective(line) {
			directives++
			if !strings.Contains(line, "<!-- promptc:") {
				t.Fatalf("%q is a directive without %q", line, "<!-- promptc:")
			}
		}
	}
	if directives == 0 {
		t.Fatal("no random line was a directive")
	}
}
