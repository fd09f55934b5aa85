// This file is written by hand, not by promptc: it holds the generated
// package's Request API to its contract, from the outside.
package generated_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	prompts "github.com/promptc/promptc/generated"
	"github.com/promptc/promptc/internal/config"
)

func mustCompose(t *testing.T, r prompts.Request) prompts.Prompt {
	t.Helper()
	p, err := r.Compose()
	if err != nil {
		t.Fatalf("Compose(%+v): %v", r, err)
	}
	return p
}

// TestZeroRequest: the zero Request composes the default mode for a model
// no rule claims, exactly as the explicit request does.
func TestZeroRequest(t *testing.T) {
	zero := mustCompose(t, prompts.Request{})
	explicit := mustCompose(t, prompts.Request{Mode: prompts.DefaultMode, Family: prompts.Auto})
	if zero != explicit {
		t.Errorf("zero Request = %+v, want the default mode's %+v", zero, explicit)
	}
	if zero.Text == "" {
		t.Fatal("the zero Request composes nothing")
	}
	if got := prompts.ModeDefault.String(); got != prompts.DefaultMode.String() {
		t.Errorf("ModeDefault prints %q, want %q", got, prompts.DefaultMode.String())
	}
	if !prompts.ModeDefault.Valid() {
		t.Error("ModeDefault is not Valid")
	}
	n, err := prompts.Request{}.CostNotice()
	if err != nil || n.Mode != prompts.DefaultMode {
		t.Errorf("zero Request's notice = %+v, %v; want DefaultMode's", n, err)
	}
}

func TestRequestAgreesWithSections(t *testing.T) {
	for _, m := range prompts.Modes() {
		r := prompts.Request{Mode: m, Model: benchModel, Slots: benchSlots}
		p := mustCompose(t, r)
		secs, err := r.Sections()
		if err != nil {
			t.Fatal(err)
		}
		texts := make([]string, len(secs))
		for i, s := range secs {
			texts[i] = s.Text
		}
		if want := strings.Join(texts, m.Separator()); p.Text != want {
			t.Errorf("%s: Compose differs from the joined Sections", m)
		}
		// The prefix is whole stable sections, up to the first volatile
		// slot: exactly the joined stable sections before it.
		for i, s := range secs[:p.CacheSections] {
			if !s.Stable {
				t.Errorf("%s: section %d (%s) is in the prefix but not stable", m, i, s.Name)
			}
		}
		if want := strings.Join(texts[:p.CacheSections], m.Separator()); p.Text[:p.CacheEnd] != want {
			t.Errorf("%s: prefix %q, want the stable sections %q", m, p.Text[:p.CacheEnd], want)
		}
		if p.CacheSections < len(secs) && secs[p.CacheSections].Stable {
			t.Errorf("%s: the prefix ends before section %s, which is stable", m, secs[p.CacheSections].Name)
		}
		if p.Text != prompts.Compose(m, prompts.Auto, benchModel, benchSlots) {
			t.Errorf("%s: Request.Compose differs from the positional Compose", m)
		}
	}
}

func TestRequestComposeAllocatesOnce(t *testing.T) {
	r := prompts.Request{Mode: prompts.ModeFull, Model: benchModel, Slots: benchSlots}
	if _, err := r.Compose(); err != nil {
		t.Fatal(err)
	}
	if n := testing.AllocsPerRun(100, func() { r.Compose() }); n > 1 {
		t.Errorf("Request.Compose allocates %.0f times per call, want at most 1", n)
	}
	r.Provider, r.Model = "openrouter", "anthropic/claude-sonnet-4.5"
	r.Compose()
	if n := testing.AllocsPerRun(100, func() { r.Compose() }); n > 1 {
		t.Errorf("Request.Compose with a provider allocates %.0f times per call, want at most 1", n)
	}
}

// TestCacheEndMatchesCosts: with the stable slots empty and the inputs at
// the choice the costs table counts (its maximum: the longest style block,
// the packaged base), the prefix of every mode for every family, for a
// model that selects the note the table counted, has the tokens of the
// table's prefix column.
func TestCacheEndMatchesCosts(t *testing.T) {
	l, err := config.LoadFile("../assets/promptc.cue")
	if err != nil {
		t.Fatal(err)
	}
	ids := []string{"no-such-model-at-all"}
	for id := range l.Config.Families.Examples {
		ids = append(ids, id)
	}
	checked := 0
	for _, c := range prompts.Costs() {
		id := ""
		for _, candidate := range ids {
			res, err := prompts.Request{Family: prompts.Force(c.Family), Model: candidate}.Resolve()
			if err != nil {
				t.Fatal(err)
			}
			if res.Note == c.Note {
				id = candidate
				break
			}
		}
		if id == "" {
			continue
		}
		p := mustCompose(t, prompts.Request{Mode: c.Mode, Family: prompts.Force(c.Family), Model: id, Inputs: prompts.Inputs{Style: prompts.StyleLearning}})
		chars := len([]rune(p.Text[:p.CacheEnd]))
		if got := (chars + 3) / 4; got != c.PrefixTokens {
			t.Errorf("%s/%s (%s): prefix has %d tokens, costs say %d", c.Mode, c.Family, id, got, c.PrefixTokens)
		}
		checked++
	}
	t.Logf("checked %d of %d cost rows", checked, len(prompts.Costs()))
	if checked != len(prompts.Costs()) {
		t.Errorf("checked %d of %d cost rows", checked, len(prompts.Costs()))
	}
}

func TestRequestValidateReportsEveryProblem(t *testing.T) {
	r := prompts.Request{Mode: prompts.Mode(200), Family: prompts.Choice(300)}
	err := r.Validate()
	for _, want := range []error{prompts.ErrUnknownMode, prompts.ErrUnknownFamily} {
		if !errors.Is(err, want) {
			t.Errorf("Validate() = %v, does not wrap %v", err, want)
		}
	}
	for _, field := range []string{"Request.Mode", "Request.Family"} {
		if !strings.Contains(fmt.Sprint(err), field) {
			t.Errorf("Validate() = %v, does not name %s", err, field)
		}
	}
	if _, err := r.Compose(); !errors.Is(err, prompts.ErrUnknownMode) || !errors.Is(err, prompts.ErrUnknownFamily) {
		t.Errorf("Compose of a bad request: %v", err)
	}
	if err := (prompts.Request{}).Validate(); err != nil {
		t.Errorf("the zero Request does not validate: %v", err)
	}
	if err := (prompts.Request{Mode: prompts.ModeCustom}).Validate(); !errors.Is(err, prompts.ErrNoCustom) {
		t.Errorf("custom mode without Custom: Validate() = %v, want ErrNoCustom", err)
	}
}

func TestRequestProvider(t *testing.T) {
	for _, c := range []struct{ provider, model string }{
		{"openrouter", "anthropic/claude-sonnet-4.5"},
		{"ollama", "llama3.1:8b"},
		{"openai", "some-new-model"},
	} {
		joined := mustCompose(t, prompts.Request{Model: c.provider + "/" + c.model})
		split := mustCompose(t, prompts.Request{Provider: c.provider, Model: c.model})
		if joined != split {
			t.Errorf("provider %q model %q composes otherwise than the joined id", c.provider, c.model)
		}
		res, err := prompts.Request{Provider: c.provider, Model: c.model}.Resolve()
		if err != nil || res.ModelID != c.provider+"/"+c.model {
			t.Errorf("Resolve = %+v, %v", res, err)
		}
		f, note := prompts.Resolve(c.provider + "/" + c.model)
		if res.Family != f || res.Note != note || res.Forced {
			t.Errorf("Resolve(%s, %s) = %+v, the id resolves to %s %q", c.provider, c.model, res, f, note)
		}
	}
}

func TestRequestResolveForcedNote(t *testing.T) {
	res, err := prompts.Request{Family: prompts.Force(prompts.FamilyGemini), Model: "anthropic/claude-opus-4"}.Resolve()
	if err != nil {
		t.Fatal(err)
	}
	if res.Family != prompts.FamilyGemini || !res.Forced || res.Note != "" {
		t.Errorf("forced gemini on an opus id: %+v", res)
	}
	res, err = prompts.Request{Family: prompts.Force(prompts.FamilyGemini), Model: "vendor/x-flash"}.Resolve()
	if err != nil || res.Note != "Flash" || !res.Forced {
		t.Errorf("forced gemini on a flash id: %+v, %v", res, err)
	}
	if _, err := (prompts.Request{Family: prompts.Choice(250)}).Resolve(); !errors.Is(err, prompts.ErrUnknownFamily) {
		t.Errorf("Resolve of no family: %v", err)
	}
}

func TestRequestCustomFallbackIsVisible(t *testing.T) {
	dir := t.TempDir()
	unusable := prompts.LoadCustom(dir, prompts.CustomFile) // missing
	p, err := prompts.Request{Mode: prompts.ModeCustom, Custom: &unusable}.Compose()
	if err != nil || !p.CustomFallback || !strings.HasPrefix(p.Text, boundary(t)) {
		t.Errorf("unusable custom file: %+v, %v", p, err)
	}
	writeCustom(t, dir, "# Mine\nDo it my way.\n")
	usable := prompts.LoadCustom(dir, prompts.CustomFile)
	p, err = prompts.Request{Mode: prompts.ModeCustom, Custom: &usable}.Compose()
	if err != nil || p.CustomFallback || !strings.HasPrefix(p.Text, "# Mine\nDo it my way.") {
		t.Errorf("usable custom file: %+v, %v", p, err)
	}
	if _, err := (prompts.Request{Mode: prompts.ModeCustom}).Compose(); !errors.Is(err, prompts.ErrNoCustom) {
		t.Errorf("custom mode without Custom: %v", err)
	}
}

// BenchmarkRequestComposeFull is BenchmarkComposeFull through a Request:
// the same one allocation, and the cacheable prefix on top.
func BenchmarkRequestComposeFull(b *testing.B) {
	r := prompts.Request{Mode: prompts.ModeFull, Model: benchModel, Slots: benchSlots}
	p, err := r.Compose()
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.SetBytes(int64(len(p.Text)))
	for b.Loop() {
		r.Compose()
	}
}

func TestRequestFieldsOfTheExample(t *testing.T) {
	fs, err := prompts.Request{Mode: prompts.ModeFocus, Model: benchModel}.Fields()
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range fs {
		names = append(names, f.Name)
	}
	want := "HasSystemMD SystemMD instructions appendSystem skills Style capability memory"
	if got := strings.Join(names, " "); got != want {
		t.Errorf("focus reads %q, want %q", got, want)
	}
}

// SYSTEM.md has no cap in Tern: the example plans its budgets with a
// SystemMD of 1,800 characters and declares no limit, so a 5,000-character
// file validates and is sent whole in place of the base prompt; Fields
// reports the planning figure and no limit.
func TestSystemMDPlannedNotCapped(t *testing.T) {
	big := strings.Repeat("Use tabs. ", 500)
	r := prompts.Request{Mode: prompts.ModeFocus, Model: benchModel, Inputs: prompts.Inputs{HasSystemMD: true, SystemMD: big}}
	if err := r.Validate(); err != nil {
		t.Fatalf("Validate refused a %d-character SystemMD: %v", len(big), err)
	}
	if p := mustCompose(t, r); !strings.Contains(p.Text, big) {
		t.Errorf("the composed prompt does not carry the whole SystemMD")
	}
	fs, err := r.Fields()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range fs {
		if f.Name == "SystemMD" && (f.MaxChars != 1800 || f.LimitChars != 0) {
			t.Errorf("SystemMD: MaxChars %d, LimitChars %d; want 1800 and no limit", f.MaxChars, f.LimitChars)
		}
	}
}
