package family

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/promptc/promptc/compiler/jsregex"
	"github.com/promptc/promptc/internal/config"
	"github.com/promptc/promptc/internal/diag"
)

// load writes a promptc.cue made of the common lines and families, and
// loads it.
func load(t *testing.T, families string) *config.Loaded {
	t.Helper()
	dir := t.TempDir()
	src := `version: "v1"
parts: line: family: "line"
modes: focus: compose: [parts.line]
order: ["focus"]
defaultMode: "focus"
families: ` + families + "\n"
	p := filepath.Join(dir, config.FileName)
	if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	l, err := config.LoadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// fam builds a family with notes given as label, literal pairs; each note's
// marker is on line 10, 20, 30, ...
func fam(t *testing.T, name string, notes ...string) *Family {
	t.Helper()
	f := &Family{Name: name, Path: "prompts/families/" + name + Suffix}
	for i := 0; i+1 < len(notes); i += 2 {
		re, err := jsregex.Parse(notes[i+1])
		if err != nil {
			t.Fatal(err)
		}
		n := Note{Label: notes[i], Literal: notes[i+1], Pattern: re}
		n.Pos = diag.Position{Path: f.Path, Line: 10 * (i/2 + 1), Col: 1}
		f.Notes = append(f.Notes, n)
	}
	return f
}

func families(fs ...*Family) map[string]*Family {
	m := map[string]*Family{"neutral": {Name: "neutral"}}
	for _, f := range fs {
		m[f.Name] = f
	}
	return m
}

// check runs CheckExamples and returns "line:col RULE message" for each
// finding (positions in promptc.cue shown as line:col only).
func check(t *testing.T, l *config.Loaded, fams map[string]*Family) []diag.Diagnostic {
	t.Helper()
	return diag.Sort(CheckExamples(l, NewResolver(l.Config.Families), fams, nil))
}

func show(ds []diag.Diagnostic) string {
	var b strings.Builder
	for _, d := range ds {
		b.WriteString(d.Pos.String() + " " + d.Severity.String() + " " + d.Rule + " " + d.Message + "\n")
	}
	return b.String()
}

func TestCheckExamplesClean(t *testing.T) {
	l := load(t, `{
	rules: [
		{family: "claude", name: ["^claude"], provider: ["^anthropic$"]},
		{family: "codex", name: ["^gpt-"]},
	]
	examples: {
		"claude-opus-4":    {family: "claude", note: "Opus"}
		"claude-3":         "claude"
		"anthropic/x":      "claude"
		"gpt-4o":           "codex"
		"unknown-model":    "neutral"
	}
}`)
	ds := check(t, l, families(fam(t, "claude", "Opus", "/opus/i"), fam(t, "codex")))
	if len(ds) > 0 {
		t.Errorf("unexpected findings:\n%s", show(ds))
	}
}

func TestCheckExamplesMismatch(t *testing.T) {
	l := load(t, `{
	rules: [
		{family: "claude", name: ["^claude"]},
		{family: "codex", name: ["^gpt-"]},
		{family: "local", name: ["^gpt-oss"]},
	]
	examples: {
		"claude-3":    "claude"
		"gpt-4o":      "codex"
		"gpt-oss-20b": "local"
		"mystery":     "codex"
	}
}`)
	ds := check(t, l, families(fam(t, "claude"), fam(t, "codex"), fam(t, "local")))
	var mismatches []diag.Diagnostic
	for _, d := range ds {
		if d.Rule == RuleExampleMismatch {
			mismatches = append(mismatches, d)
		}
	}
	if len(mismatches) != 2 {
		t.Fatalf("want 2 mismatches:\n%s", show(ds))
	}
	// The message shows what matched, at the example's key.
	want := []string{
		`example "gpt-oss-20b" resolves to codex (rule 1 name pattern "^gpt-" matched "gpt-oss-20b"), expected local`,
		`example "mystery" resolves to neutral (no rule matched the name, the id or a provider segment; fallback family), expected codex`,
	}
	for i, d := range mismatches {
		if d.Message != want[i] || d.Severity != diag.Error {
			t.Errorf("got %s %q\nwant %q", d.Severity, d.Message, want[i])
		}
		if d.Pos.Path != config.FileName || d.Pos.Col != 3 {
			t.Errorf("%s: want the example's key in promptc.cue", d.Pos)
		}
	}
	if mismatches[0].Pos.Line != 15 || mismatches[1].Pos.Line != 16 {
		t.Errorf("lines %d and %d, want 15 and 16", mismatches[0].Pos.Line, mismatches[1].Pos.Line)
	}
	// The local rule's pattern decides nothing: reported as unexercised.
	if !slices.ContainsFunc(ds, func(d diag.Diagnostic) bool {
		return d.Rule == RuleUnexercised && strings.Contains(d.Message, `"^gpt-oss" of rule 2 (local)`)
	}) {
		t.Errorf("unexercised ^gpt-oss not reported:\n%s", show(ds))
	}
}

func TestCheckExamplesUnexercised(t *testing.T) {
	l := load(t, `{
	rules: [
		{family: "claude", name: ["^claude", "^opus"], provider: ["^anthropic$"]},
		{family: "local", provider: ["^ollama$", "^vllm$"]},
	]
	examples: {
		"claude-3":      "claude"
		"ollama:x:8b":   "local"
		"anthropic/opus": "claude"
	}
}`)
	ds := check(t, l, families(fam(t, "claude"), fam(t, "local")))
	var got []string
	for _, d := range ds {
		if d.Rule != RuleUnexercised {
			t.Errorf("unexpected %s", d)
			continue
		}
		if d.Severity != diag.Warning {
			t.Errorf("%s is a %s, want a warning", d, d.Severity)
		}
		got = append(got, d.Pos.String()+" "+d.Message)
	}
	// "anthropic/opus" is decided by the name pattern ^opus, so the
	// provider pattern ^anthropic$ decides nothing; ^vllm$ neither.
	want := []string{
		`promptc.cue:8:61 provider pattern "^anthropic$" of rule 0 (claude) decides no example; add an example model id to families.examples`,
		`promptc.cue:9:44 provider pattern "^vllm$" of rule 1 (local) decides no example; add an example model id to families.examples`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestCheckExamplesOverlap(t *testing.T) {
	l := load(t, `{
	rules: [
		{family: "local", name: ["^gpt-oss"]},
		{family: "codex", name: ["^gpt-", "oss"]},
		{family: "local2", name: ["^gpt-oss-1"]},
	]
	examples: {
		"gpt-oss-120b": "local"
		"gpt-4o":       "codex"
		"x-oss":        "codex"
	}
}`)
	ds := check(t, l, families(fam(t, "local"), fam(t, "codex"), fam(t, "local2")))
	var overlaps []diag.Diagnostic
	for _, d := range ds {
		if d.Rule == RuleOverlap {
			overlaps = append(overlaps, d)
		}
	}
	if len(overlaps) != 1 {
		t.Fatalf("want one overlap:\n%s", show(ds))
	}
	d := overlaps[0]
	// Each other family once, with the first of its matches.
	want := `example "gpt-oss-120b" is matched by local (rule 0 name pattern "^gpt-oss") and also by codex (rule 1 name pattern "^gpt-"), local2 (rule 2 name pattern "^gpt-oss-1"); local wins because its rule comes first`
	if d.Message != want || d.Severity != diag.Info {
		t.Errorf("got %s %q\nwant info %q", d.Severity, d.Message, want)
	}
	if d.Pos.Line != 13 {
		t.Errorf("at %s, want the example's line 13", d.Pos)
	}
}

func TestCheckExamplesNotes(t *testing.T) {
	l := load(t, `{
	rules: [{family: "claude", name: ["^claude"]}]
	examples: {
		"claude-opus-4":   {family: "claude", note: "Opus 4"}
		"claude-opus-3":   {family: "claude", note: "Opus"}
		"claude-haiku-4":  {family: "claude", note: "Haiku"}
		"claude-sonnet-4": "claude"
		"claude-2":        {family: "claude", note: "Opus"}
	}
}`)
	claude := fam(t, "claude",
		"Opus", "/opus/i",
		"Opus 4", "/opus-4/",
		"Haiku", "/haiku/",
		"Sonnet", "/sonnet/",
		"Sonnet 4", "/sonnet-4/",
		"Never", "/nothing-reaches-this/",
	)
	ds := check(t, l, families(claude))
	got := show(ds)
	want := `promptc.cue:9:3 error EXAMPLE_NOTE_MISMATCH example "claude-opus-4" selects note "Opus" in prompts/families/claude.prompt.md, expected note "Opus 4"
promptc.cue:13:3 error EXAMPLE_NOTE_MISMATCH example "claude-2" selects no note in prompts/families/claude.prompt.md, expected note "Opus"
prompts/families/claude.prompt.md:20:1 warning NOTE_SHADOWED model note "Opus 4" can never be chosen for the examples that reach it (claude-opus-4): note "Opus" above it matches them first; reorder the notes or narrow the earlier pattern
prompts/families/claude.prompt.md:50:1 warning NOTE_SHADOWED model note "Sonnet 4" can never be chosen for the examples that reach it (claude-sonnet-4): note "Sonnet" above it matches them first; reorder the notes or narrow the earlier pattern
prompts/families/claude.prompt.md:60:1 warning NOTE_UNEXERCISED model note "Never" (/nothing-reaches-this/) matches no example of family claude in families.examples: nothing shows it is sent to the models it was written for; add one, for example "<model id>": {family: "claude", note: "Never"}
`
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestCheckExamplesShadowedOnlyWhenNeverChosen(t *testing.T) {
	// An example that reaches the later note and selects it keeps it alive,
	// even when another example is taken by the earlier note.
	l := load(t, `{
	rules: [{family: "gemini", name: ["^gemini"]}]
	examples: {
		"gemini-flash":      "gemini"
		"gemini-flash-lite": "gemini"
	}
}`)
	g := fam(t, "gemini", "Flash", "/flash$/", "Lite", "/flash/")
	if ds := check(t, l, families(g)); len(ds) > 0 {
		t.Errorf("unexpected findings:\n%s", show(ds))
	}
}

func TestCheckExamplesUnknownFamilies(t *testing.T) {
	l := load(t, `{
	rules: [
		{family: "claude", name: ["^claude"]},
		{family: "ghost", name: ["^ghost"]},
	]
	examples: {
		"claude-3": "claude"
		"ghost-1":  "ghost"
		"x":        "phantom"
	}
}`)
	ds := check(t, l, families(fam(t, "claude")))
	var got []string
	for _, d := range ds {
		if d.Rule == RuleUnknownFamily {
			got = append(got, d.Pos.String()+" "+d.Message)
		}
	}
	want := []string{
		`promptc.cue:9:4 rule 1 names family "ghost", which has no family file (known: claude, neutral); add ghost.prompt.md or fix the name`,
		`promptc.cue:13:3 example "ghost-1" expects family "ghost", which has no family file (known: claude, neutral); add ghost.prompt.md or fix the name`,
		`promptc.cue:14:3 example "x" expects family "phantom", which has no family file (known: claude, neutral); add phantom.prompt.md or fix the name`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestCheckExamplesUnreadFamilies checks that a family whose file could
// not be read is not reported as unknown: the read error is the cause,
// reported at the file. A family that truly has no file still is.
func TestCheckExamplesUnreadFamilies(t *testing.T) {
	l := load(t, `{
	rules: [
		{family: "claude", name: ["^claude"]},
		{family: "ghost", name: ["^ghost"]},
	]
	examples: {
		"claude-3": "claude"
		"ghost-1":  {family: "ghost", note: "Big"}
		"x":        "phantom"
	}
}`)
	ds := CheckExamples(l, NewResolver(l.Config.Families), families(fam(t, "claude")), map[string]bool{"ghost": true})
	want := "promptc.cue:14:3 error UNKNOWN_FAMILY example \"x\" expects family \"phantom\", which has no family file (known: claude, neutral); add phantom.prompt.md or fix the name\n"
	if got := show(diag.Sort(ds)); got != want {
		t.Errorf("got\n%swant\n%s", got, want)
	}
}

func TestCheckExamplesNoNote(t *testing.T) {
	l := load(t, `{
	rules: [{family: "local", name: ["^llama", "^qwen"]}]
	examples: {
		"llama-3-8b":  {family: "local", note: null}
		"qwen-2-7b":   {family: "local", note: null}
		"llama-3-70b": {family: "local", note: "Large"}
	}
}`)
	local := fam(t, "local", "Large", "/70b/", "Small", "/7b/")
	got := show(check(t, l, families(local)))
	// llama-3-8b selects nothing, as required; qwen-2-7b selects a note.
	want := `promptc.cue:10:3 error EXAMPLE_NOTE_MISMATCH example "qwen-2-7b" selects note "Small" (/7b/) in prompts/families/local.prompt.md, expected no note
`
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestCheckExamplesNewRuleKinds(t *testing.T) {
	l := load(t, `{
	rules: [
		{family: "local", provider: ["^ollama$"]},
		{family: "codex", id: ["^openai/gpt-5", "^never/"]},
		{family: "deepseek", all: ["deepseek", "v3"]},
		{family: "deepseek", name: ["deepseek"]},
		{family: "kimi", all: ["kimi", "k9"]},
	]
	examples: {
		"openai/gpt-5-codex":      "codex"
		"deepseek-chat-v3":        "deepseek"
		"ollama:deepseek-r1:14b":  "local"
		"deepseek-r1:14b":         "deepseek"
	}
}`)
	ds := check(t, l, families(fam(t, "local"), fam(t, "codex"), fam(t, "deepseek"), fam(t, "kimi")))
	got := show(ds)
	// deepseek-chat-v3 is decided by the all rule, deepseek-r1:14b by the
	// name pattern through its provider segment; the id pattern ^never/
	// and the kimi conjunction decide nothing. In ollama:deepseek-r1:14b the
	// server rule, listed first, wins over deepseek's name pattern.
	want := `promptc.cue:9:43 warning RULE_UNEXERCISED id pattern "^never/" of rule 1 (codex) decides no example; add an example model id to families.examples
promptc.cue:12:20 warning RULE_UNEXERCISED all patterns of rule 4 (kimi) decide no example; add an example model id that every one of them matches to families.examples
promptc.cue:17:3 info RULE_OVERLAP example "ollama:deepseek-r1:14b" is matched by local (rule 0 provider pattern "^ollama$" on provider segment "ollama") and also by deepseek (rule 3 name pattern "deepseek" on provider segment "deepseek-r1"); local wins because its rule comes first
`
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// TestCheckExamplesShadowedByTwo: a note shadowed by several earlier notes
// names each of them once, in note order, however many examples each
// takes.
func TestCheckExamplesShadowedByTwo(t *testing.T) {
	l := load(t, `{
	rules: [{family: "claude", name: ["^claude"]}]
	examples: {
		"claude-opus-4":   "claude"
		"claude-opus-3":   "claude"
		"claude-sonnet-4": "claude"
	}
}`)
	claude := fam(t, "claude",
		"Opus", "/opus/",
		"Sonnet", "/sonnet/",
		"Big", "/opus|sonnet/",
	)
	got := show(check(t, l, families(claude)))
	want := `model note "Big" can never be chosen for the examples that reach it (claude-opus-3, claude-opus-4, claude-sonnet-4): notes "Opus" and "Sonnet" above it match them first;`
	if !strings.Contains(got, want) {
		t.Errorf("got\n%s\nwant a line with\n%s", got, want)
	}
}
