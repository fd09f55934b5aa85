// This file is written by hand, not by promptc: it measures the generated
// package from the outside, as a harness uses it. promptc build never
// touches files it did not generate.
package generated_test

import (
	"errors"
	"fmt"
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
	if c, err := prompts.ParseChoice("gemini"); err != nil || c != prompts.Force(prompts.FamilyGemini) {
		t.Errorf("ParseChoice(gemini) = %v, %v; want Force(FamilyGemini)", c, err)
	}
	if _, err := prompts.ParseChoice("gpt"); err == nil || !strings.Contains(err.Error(), `unknown family "gpt" (valid: auto, claude,`) {
		t.Errorf("ParseChoice(gpt): %v", err)
	}
	if f, ok := prompts.Auto.Family(); ok {
		t.Errorf("Auto.Family() = %v, true; want false", f)
	}
}

func TestSlotsValidateValueAndInstructionsCap(t *testing.T) {
	// Validate has a value receiver: a composite literal can call it.
	if err := (prompts.Slots{Instructions: strings.Repeat("x", 64000)}).Validate(); err != nil {
		t.Fatalf("64,000 characters of instructions: %v", err)
	}
	err := prompts.Slots{Instructions: strings.Repeat("ü", 64001)}.Validate()
	if err == nil || !strings.Contains(err.Error(), "slot instructions has 64001 characters, over its limit of 64000") {
		t.Fatalf("64,001 characters of instructions: %v", err)
	}
	if err := (prompts.Slots{Instructions: strings.Repeat("x", 200000)}).Validate(); err == nil {
		t.Fatal("200,000 characters of instructions accepted")
	}
}

func TestModeAndFamilyAPI(t *testing.T) {
	for _, m := range prompts.Modes() {
		if !m.Valid() || m.Description() == "" {
			t.Errorf("%s: Valid %v, Description %q", m, m.Valid(), m.Description())
		}
		b, err := m.MarshalText()
		if err != nil || string(b) != m.String() {
			t.Errorf("%s: MarshalText %q, %v", m, b, err)
		}
		var back prompts.Mode
		if err := back.UnmarshalText(b); err != nil || back != m {
			t.Errorf("%s: UnmarshalText gives %s, %v", m, back, err)
		}
	}
	bad := prompts.Mode(42)
	if bad.Valid() || bad.String() != "Mode(42)" || bad.Description() != "" {
		t.Errorf("Mode(42): Valid %v, String %q", bad.Valid(), bad.String())
	}
	if _, err := bad.MarshalText(); !errors.Is(err, prompts.ErrUnknownMode) {
		t.Errorf("Mode(42).MarshalText: %v", err)
	}
	m := prompts.ModeGuide
	if err := m.UnmarshalText([]byte("turbo")); !errors.Is(err, prompts.ErrUnknownMode) || m != prompts.ModeGuide {
		t.Errorf("UnmarshalText(turbo): %v, mode now %s", err, m)
	}
	if err := m.UnmarshalText([]byte("dev-js")); err != nil || m != prompts.ModeFull {
		t.Errorf("UnmarshalText(dev-js): %v, mode %s", err, m)
	}
	if _, err := prompts.ParseMode("turbo"); !errors.Is(err, prompts.ErrUnknownMode) ||
		err.Error() != `unknown prompt mode "turbo" (valid: minimal, focus, guide, full, custom, dev-js)` {
		t.Errorf("ParseMode(turbo): %v", err)
	}

	fams := prompts.Families()
	if len(fams) != 11 || fams[0] != prompts.FamilyClaude || fams[len(fams)-1] != prompts.FamilyNeutral {
		t.Errorf("Families() = %v", fams)
	}
	for _, f := range fams {
		if !f.Valid() || f.Description() == "" {
			t.Errorf("%s: Valid %v, Description %q", f, f.Valid(), f.Description())
		}
		var back prompts.Family
		b, err := f.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		if err := back.UnmarshalText(b); err != nil || back != f {
			t.Errorf("%s: text round trip gives %s, %v", f, back, err)
		}
	}
	if prompts.Family(200).Valid() {
		t.Error("Family(200) is valid")
	}
	if _, err := prompts.ParseFamily("gpt"); !errors.Is(err, prompts.ErrUnknownFamily) {
		t.Errorf("ParseFamily(gpt): %v", err)
	}
	if _, err := prompts.ParseChoice("gpt"); !errors.Is(err, prompts.ErrUnknownFamily) {
		t.Errorf("ParseChoice(gpt): %v", err)
	}
	for _, c := range []prompts.Choice{prompts.Auto, prompts.Force(prompts.FamilyLocal)} {
		b, err := c.MarshalText()
		var back prompts.Choice
		if err != nil || back.UnmarshalText(b) != nil || back != c {
			t.Errorf("%s: text round trip gives %s (%q, %v)", c, back, b, err)
		}
	}
	if _, err := prompts.Force(prompts.Family(200)).MarshalText(); !errors.Is(err, prompts.ErrUnknownFamily) {
		t.Errorf("Force(Family(200)).MarshalText: %v", err)
	}
}

// TestInvalidModeOrChoicePanics checks that Compose, Sections and
// CostNotice refuse a Mode or Choice that names nothing, loudly, instead
// of returning an empty prompt.
func TestInvalidModeOrChoicePanics(t *testing.T) {
	for name, call := range map[string]func(){
		"Compose(Mode(42))":    func() { prompts.Compose(prompts.Mode(42), prompts.Auto, benchModel, prompts.Slots{}) },
		"Sections(Mode(42))":   func() { prompts.Sections(prompts.Mode(42), prompts.Auto, benchModel, prompts.Slots{}) },
		"CostNotice(Mode(42))": func() { prompts.CostNotice(prompts.Mode(42), prompts.Auto, benchModel) },
		"Compose(Force(Family(200)))": func() {
			prompts.Compose(prompts.ModeFocus, prompts.Force(prompts.Family(200)), benchModel, prompts.Slots{})
		},
	} {
		func() {
			defer func() {
				r := recover()
				if r == nil || !strings.Contains(fmt.Sprint(r), "is no ") {
					t.Errorf("%s: recovered %v, want a panic naming the bad value", name, r)
				}
			}()
			call()
		}()
	}
}
