// This file is written by hand, not by promptc: it measures the generated
// package from the outside, as a harness uses it. promptc build never
// touches files it did not generate.
package generated_test

import (
	"strings"
	"testing"

	prompts "github.com/promptc/promptc/generated"
)

const benchModel = "openrouter/anthropic/claude-sonnet-4.5"

var benchSlots = prompts.Slots{
	Instructions:  "Follow the repository's AGENTS.md: run make test before committing.",
	Skills:        "skills: release-notes, db-migrations",
	Capability:    "Tools: browser, websearch; deferred through tool_search: lsp, secrets.",
	FamilyContext: "CLAUDE.md: prefer small commits.",
	Memory:        "The user prefers British spelling.",
}

// joinSections is the floor Compose is measured against: strings.Join over
// the same section texts.
func joinSections(mode prompts.Mode) string {
	secs := prompts.Sections(mode, prompts.Auto, benchModel, benchSlots)
	texts := make([]string, len(secs))
	for i, s := range secs {
		texts[i] = s.Text
	}
	return strings.Join(texts, "\n\n")
}

func TestComposeEqualsJoinedSections(t *testing.T) {
	for _, m := range prompts.Modes() {
		if got, want := prompts.Compose(m, prompts.Auto, benchModel, benchSlots), joinSections(m); got != want {
			t.Errorf("%s: Compose differs from the joined Sections", m)
		}
	}
}

func TestComposeAllocatesOnce(t *testing.T) {
	prompts.Compose(prompts.ModeFull, prompts.Auto, benchModel, benchSlots) // compile patterns
	for _, m := range prompts.Modes() {
		for _, c := range []prompts.Choice{prompts.Auto, prompts.Force(prompts.FamilyGemini)} {
			if n := testing.AllocsPerRun(100, func() { prompts.Compose(m, c, benchModel, benchSlots) }); n > 1 {
				t.Errorf("Compose(%s, %s) allocates %.0f times per call, want at most 1", m, c, n)
			}
		}
	}
}

func TestResolveAllocatesNothing(t *testing.T) {
	for _, id := range []string{benchModel, "gpt-5-mini", "ollama:llama3.1:8b", "unknown-model"} {
		prompts.Resolve(id)
		if n := testing.AllocsPerRun(100, func() { prompts.Resolve(id) }); n != 0 {
			t.Errorf("Resolve(%q) allocates %.0f times per call, want 0", id, n)
		}
	}
}

func BenchmarkComposeFull(b *testing.B) {
	b.ReportAllocs()
	b.SetBytes(int64(len(prompts.Compose(prompts.ModeFull, prompts.Auto, benchModel, benchSlots))))
	for b.Loop() {
		prompts.Compose(prompts.ModeFull, prompts.Auto, benchModel, benchSlots)
	}
}

// BenchmarkJoinFull is the floor for BenchmarkComposeFull: joining the
// already-resolved section texts, with no resolution at all.
func BenchmarkJoinFull(b *testing.B) {
	secs := prompts.Sections(prompts.ModeFull, prompts.Auto, benchModel, benchSlots)
	texts := make([]string, len(secs))
	for i, s := range secs {
		texts[i] = s.Text
	}
	b.ReportAllocs()
	b.SetBytes(int64(len(strings.Join(texts, "\n\n"))))
	for b.Loop() {
		_ = strings.Join(texts, "\n\n")
	}
}

func BenchmarkResolve(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		prompts.Resolve(benchModel)
	}
}

func TestSlotsValidate(t *testing.T) {
	ok := prompts.Slots{Capability: strings.Repeat("x", 350)}
	if err := ok.Validate(); err != nil {
		t.Fatalf("350 characters: %v", err)
	}
	long := prompts.Slots{Capability: strings.Repeat("é", 351)}
	if err := long.Validate(); err == nil || !strings.Contains(err.Error(), "slot capability has 351 characters, over its limit of 350") {
		t.Fatalf("351 characters: %v", err)
	}
}

// BenchmarkResolveAlternating alternates two model ids, so that every call
// misses the remembered last resolution and matches the patterns.
func BenchmarkResolveAlternating(b *testing.B) {
	ids := [2]string{benchModel, "ollama:llama3.1:8b"}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		prompts.Resolve(ids[i&1])
		i++
	}
}

func TestResolveRemembersOnlyTheSameID(t *testing.T) {
	for range 3 {
		for id, want := range map[string]string{benchModel: "claude", "ollama:llama3.1:8b": "local", "gpt-5-mini": "codex", "unknown-model": "neutral"} {
			if f, _ := prompts.Resolve(id); f.String() != want {
				t.Fatalf("Resolve(%q) = %s, want %s", id, f, want)
			}
		}
	}
}

// TestChoiceForcesFamily checks that Auto follows the model, that a forced
// family wins over it and keeps the model's note within that family, and
// that a choice round-trips through its name.
func TestChoiceForcesFamily(t *testing.T) {
	const sonnet = "claude-sonnet-4-5"
	auto := prompts.Sections(prompts.ModeFocus, prompts.Auto, sonnet, prompts.Slots{})
	forced := prompts.Sections(prompts.ModeFocus, prompts.Force(prompts.FamilyGemini), sonnet, prompts.Slots{})
	source := func(secs []prompts.Section, name string) string {
		for _, s := range secs {
			if s.Name == name {
				return s.Source
			}
		}
		return ""
	}
	if got := source(auto, "familyLine"); !strings.HasPrefix(got, "prompts/families/claude.prompt.md:") {
		t.Errorf("auto familyLine from %q, want claude's file", got)
	}
	if got := source(forced, "familyLine"); !strings.HasPrefix(got, "prompts/families/gemini.prompt.md:") {
		t.Errorf("forced gemini familyLine from %q, want gemini's file", got)
	}
	if got := source(forced, "modelNote"); got != "" {
		t.Errorf("forced gemini for %s sends a note from %q; no gemini note matches it", sonnet, got)
	}
	pro := prompts.Sections(prompts.ModeFocus, prompts.Force(prompts.FamilyGemini), "gemini-2.5-pro", prompts.Slots{})
	if got := source(pro, "modelNote"); !strings.HasPrefix(got, "prompts/families/gemini.prompt.md:") {
		t.Errorf("forced gemini for gemini-2.5-pro: note from %q, want gemini's Pro note", got)
	}
	for _, s := range []string{"auto", "gemini", "neutral"} {
		c, err := prompts.ParseChoice(s)
		if err != nil || c.String() != s {
			t.Errorf("ParseChoice(%q) = %v, %v", s, c, err)
		}
	}
	if c, _ := prompts.ParseChoice("gemini"); c != prompts.Force(prompts.FamilyGemini) {
		t.Errorf("ParseChoice(gemini) = %v, want Force(FamilyGemini)", c)
	}
	if _, err := prompts.ParseChoice("gpt"); err == nil || !strings.Contains(err.Error(), `unknown family "gpt" (valid: auto, claude,`) {
		t.Errorf("ParseChoice(gpt): %v", err)
	}
	if f, ok := prompts.Auto.Family(); ok {
		t.Errorf("Auto.Family() = %v, true; want false", f)
	}
}
