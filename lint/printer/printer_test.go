package printer

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/promptc/promptc/internal/diag"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// fixture is a fixed, deliberately unsorted set of diagnostics that exercises
// every printer feature: all severities, spans on one and several lines, a
// file-level diagnostic with no line, related positions (one repeated),
// characters that need escaping, a rule missing from the metadata and an
// exact duplicate.
func fixture() []diag.Diagnostic {
	budget := diag.Diagnostic{
		Pos:      diag.Position{Path: "prompts/base.md", Line: 12, Col: 5},
		End:      diag.Position{Path: "prompts/base.md", Line: 12, Col: 19},
		Rule:     "BUDGET_OVER",
		Severity: diag.Error,
		Message:  "core + longest model note is 1,310 characters, 110 over the 1,200 budget (family claude, note \"Opus\")",
		Related: []diag.Related{
			{Pos: diag.Position{Path: "prompts/claude.prompt.md", Line: 40, Col: 1}, Message: "related place"},
			{Pos: diag.Position{Path: "prompts/base.md", Line: 3}, Message: "related place"},
		},
	}
	return []diag.Diagnostic{
		{
			Pos:      diag.Position{Path: "prompts/guide.md", Line: 3, Col: 1},
			Rule:     "INCLUDE_DIAMOND",
			Severity: diag.Info,
			Message:  "prompts/shared.md is reached by two include paths; it is included once, at its first place",
			Related: []diag.Related{
				{Pos: diag.Position{Path: "prompts/guide.md", Line: 9, Col: 1}, Message: "related place"},
				{Pos: diag.Position{Path: "prompts/guide.md", Line: 9, Col: 1}, Message: "related place"},
				{Pos: diag.Position{Path: "prompts/shared.md"}, Message: "related place"},
			},
		},
		budget,
		{
			Pos:      diag.Position{Path: "docs/notes, v2: draft.md", Line: 2, Col: 3},
			End:      diag.Position{Path: "docs/notes, v2: draft.md", Line: 4, Col: 1},
			Rule:     "MODEL_NOTE_UNUSED",
			Severity: diag.Warning,
			Message:  "no model id in the examples selects this note (100% shadowed by the note above)\nmove it above <!-- model \"Sonnet\" /sonnet/i --> or delete it",
		},
		{
			Pos:      diag.Position{Path: "generated/prompts.go"},
			Rule:     "GENERATED_STALE",
			Severity: diag.Error,
			Message:  "generated/prompts.go is stale; run promptc build",
		},
		{
			Pos:      diag.Position{Path: "prompts/focus.md", Line: 7, Col: 1},
			Rule:     "IGNORE_NO_REASON",
			Severity: diag.Warning,
			Message:  "promptc:ignore needs a reason after the rule ID",
		},
		budget,
	}
}

// fixtureOptions is rule metadata for the fixture, with one rule listed twice
// and one rule (MODEL_NOTE_UNUSED) missing.
func fixtureOptions() Options {
	return Options{
		Tool:    "promptc",
		Version: "0.1.0",
		Rules: []RuleInfo{
			{ID: "IGNORE_NO_REASON", Category: "ignore", Severity: diag.Warning,
				Summary: "An inline ignore must say why the rule does not apply.",
				Doc:     "An inline ignore comment names a rule ID and a reason. Without a reason a reviewer cannot tell a deliberate exception from a silenced mistake."},
			{ID: "BUDGET_OVER", Category: "budget", Severity: diag.Error,
				Summary: "A part, a sum of parts or a mode is over its budget.",
				Doc:     "Every budget is checked for every family and model note it covers. The message names the combination and how far over it is."},
			{ID: "INCLUDE_DIAMOND", Category: "include", Severity: diag.Info,
				Summary: "A file is included along two paths.",
				HelpURI: "https://github.com/promptc/promptc/blob/main/docs/includes.md#diamonds"},
			{ID: "GENERATED_STALE", Category: "build", Severity: diag.Error,
				Summary: "The generated package does not match the sources."},
			{ID: "BUDGET_OVER", Category: "duplicate entry, ignored"},
		},
		RulesDocURL: "https://github.com/promptc/promptc/blob/main/docs/rules.md",
	}
}

func render(t *testing.T, p Printer, ds []diag.Diagnostic, opt Options) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := p(&buf, ds, opt); err != nil {
		t.Fatalf("printer failed: %v", err)
	}
	return buf.Bytes()
}

func checkGolden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", "golden", name)
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from golden file (run go test -update to accept):\n--- got ---\n%s\n--- want ---\n%s", name, got, want)
	}
}

func TestGolden(t *testing.T) {
	for _, format := range Formats() {
		t.Run(format, func(t *testing.T) {
			p, err := Lookup(format)
			if err != nil {
				t.Fatal(err)
			}
			checkGolden(t, format+".golden", render(t, p, fixture(), fixtureOptions()))
		})
	}
}

func TestGoldenEmpty(t *testing.T) {
	for _, format := range Formats() {
		t.Run(format, func(t *testing.T) {
			p, err := Lookup(format)
			if err != nil {
				t.Fatal(err)
			}
			got := render(t, p, nil, Options{})
			switch format {
			case FormatText, FormatGitHubActions:
				if len(got) != 0 {
					t.Errorf("want no output for zero diagnostics, got %q", got)
				}
			default:
				checkGolden(t, format+"-empty.golden", got)
			}
		})
	}
}

func TestDeterministicAndInputUntouched(t *testing.T) {
	in := fixture()
	before := fixture()
	shuffled := slices.Clone(in)
	slices.Reverse(shuffled)
	for _, format := range Formats() {
		p, err := Lookup(format)
		if err != nil {
			t.Fatal(err)
		}
		a := render(t, p, in, fixtureOptions())
		b := render(t, p, shuffled, fixtureOptions())
		if !bytes.Equal(a, b) {
			t.Errorf("%s: output depends on input order", format)
		}
	}
	for i := range in {
		if diag.Compare(in[i], before[i]) != 0 || !slices.Equal(in[i].Related, before[i].Related) {
			t.Fatalf("printers modified their input at %d", i)
		}
	}
}

func TestLookup(t *testing.T) {
	want := []string{"text", "json", "github-actions", "sarif"}
	if got := Formats(); !slices.Equal(got, want) {
		t.Errorf("Formats() = %v, want %v", got, want)
	}
	Formats()[0] = "changed"
	if Formats()[0] != "text" {
		t.Error("Formats returns shared storage")
	}
	for _, f := range want {
		if p, err := Lookup(f); err != nil || p == nil {
			t.Errorf("Lookup(%q) = %v, %v", f, p, err)
		}
	}
	_, err := Lookup("xml")
	if err == nil {
		t.Fatal("Lookup(xml) succeeded")
	}
	for _, f := range append(want, `"xml"`) {
		if !strings.Contains(err.Error(), f) {
			t.Errorf("error %q does not mention %s", err, f)
		}
	}
}

func TestTextLines(t *testing.T) {
	ds := []diag.Diagnostic{
		diag.Errorf(diag.Position{Path: "a.md", Line: 1, Col: 2}, "E_RULE", "bad"),
		diag.Warnf(diag.Position{Path: "b.md", Line: 3}, "W_RULE", "iffy"),
		diag.Infof(diag.Position{Path: "c.md"}, "I_RULE", "fyi"),
	}
	ds[0].Related = []diag.Related{{Pos: diag.Position{Path: "z.md", Line: 9, Col: 1}, Message: "the other place"}}
	got := string(render(t, Text, ds, Options{}))
	want := "a.md:1:2: bad (E_RULE)\n" +
		"\tz.md:9:1: the other place\n" +
		"b.md:3: warning: iffy (W_RULE)\n" +
		"c.md: info: fyi (I_RULE)\n"
	if got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
	// An error line reads exactly as diag.Diagnostic.String documents.
	if line, _, _ := strings.Cut(got, "\n"); line != ds[0].String() {
		t.Errorf("error line %q differs from Diagnostic.String %q", line, ds[0].String())
	}
}

func TestGitHubActionsEscaping(t *testing.T) {
	if got, want := escapeData("100%\r\nnext: a,b"), "100%25%0D%0Anext: a,b"; got != want {
		t.Errorf("escapeData = %q, want %q", got, want)
	}
	if got, want := escapeProperty("a%b\r\nc:d,e"), "a%25b%0D%0Ac%3Ad%2Ce"; got != want {
		t.Errorf("escapeProperty = %q, want %q", got, want)
	}
}

func TestGitHubActionsColumns(t *testing.T) {
	one := diag.Diagnostic{
		Pos: diag.Position{Path: "a.md", Line: 2, Col: 3}, End: diag.Position{Line: 2, Col: 8},
		Rule: "R", Severity: diag.Warning, Message: "m",
	}
	multi := one
	multi.End = diag.Position{Line: 5, Col: 1}
	multi.Message = "m2"
	info := diag.Infof(diag.Position{Path: "b.md"}, "I", "n")
	got := string(render(t, GitHubActions, []diag.Diagnostic{one, multi, info}, Options{}))
	want := "::warning file=a.md,line=2,col=3,endLine=2,endColumn=8,title=R::m\n" +
		"::warning file=a.md,line=2,endLine=5,title=R::m2\n" +
		"::notice file=b.md,title=I::n\n"
	if got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

func TestSpanDropsUnusableEnd(t *testing.T) {
	start := diag.Position{Path: "a.md", Line: 5, Col: 4}
	for _, end := range []diag.Position{
		{Path: "other.md", Line: 6, Col: 1}, // another file
		{Line: 4, Col: 9},                   // before the start line
		{Line: 5, Col: 2},                   // before the start column
	} {
		if s := spanOf(diag.Diagnostic{Pos: start, End: end}); s.endLine != 0 || s.endCol != 0 {
			t.Errorf("end %+v kept as %d:%d", end, s.endLine, s.endCol)
		}
	}
	if s := spanOf(diag.Diagnostic{Pos: start, End: diag.Position{Line: 5, Col: 4}}); s.endLine != 5 || s.endCol != 4 {
		t.Errorf("empty span dropped: %+v", s)
	}
}

func TestArtifactURI(t *testing.T) {
	for _, tc := range []struct{ in, uri, base string }{
		{"prompts/base.md", "prompts/base.md", "%SRCROOT%"},
		{`prompts\win.md`, "prompts/win.md", "%SRCROOT%"},
		{"./a/b.md", "a/b.md", "%SRCROOT%"},
		{"docs/my notes#1?.md", "docs/my%20notes%231%3F.md", "%SRCROOT%"},
		{"c:colon.md", "./c:colon.md", "%SRCROOT%"},
		{"/abs/x.md", "file:///abs/x.md", ""},
	} {
		uri, base := artifactURI(tc.in)
		if uri != tc.uri || base != tc.base {
			t.Errorf("artifactURI(%q) = %q, %q; want %q, %q", tc.in, uri, base, tc.uri, tc.base)
		}
	}
}

func TestTruncate(t *testing.T) {
	if got := truncate("short", 10); got != "short" {
		t.Errorf("got %q", got)
	}
	got := truncate(strings.Repeat("é", 20), 10)
	if n := len([]rune(got)); n != 10 || !strings.HasSuffix(got, "…") {
		t.Errorf("truncate gave %q (%d runes)", got, n)
	}
}

// TestFailureIsReportedInEveryFormat checks that problems that stopped a
// run reach every format: SARIF as notifications of an unsuccessful
// invocation (and not as results), the others like findings.
func TestFailureIsReportedInEveryFormat(t *testing.T) {
	failure := []diag.Diagnostic{diag.Errorf(diag.Position{Path: "promptc.cue", Line: 2, Col: 9}, "CONFIG", "tokens: bad value")}
	finding := []diag.Diagnostic{diag.Warnf(diag.Position{Path: "a.md", Line: 1}, "W_RULE", "iffy")}

	type sarifLog struct {
		Runs []struct {
			Invocations []struct {
				ExecutionSuccessful        bool `json:"executionSuccessful"`
				ToolExecutionNotifications []struct {
					Level   string `json:"level"`
					Message struct {
						Text string `json:"text"`
					} `json:"message"`
					Descriptor struct {
						ID string `json:"id"`
					} `json:"descriptor"`
					Locations []json.RawMessage `json:"locations"`
				} `json:"toolExecutionNotifications"`
			} `json:"invocations"`
			Results []json.RawMessage `json:"results"`
		} `json:"runs"`
	}
	var log sarifLog
	if err := json.Unmarshal(render(t, SARIF, finding, Options{Failure: failure}), &log); err != nil {
		t.Fatal(err)
	}
	if len(log.Runs) != 1 || len(log.Runs[0].Invocations) != 1 {
		t.Fatalf("want one run with one invocation, got %+v", log)
	}
	inv := log.Runs[0].Invocations[0]
	if inv.ExecutionSuccessful {
		t.Error("executionSuccessful is true for a failed run")
	}
	if len(inv.ToolExecutionNotifications) != 1 {
		t.Fatalf("want 1 notification, got %d", len(inv.ToolExecutionNotifications))
	}
	n := inv.ToolExecutionNotifications[0]
	if n.Level != "error" || n.Message.Text != "tokens: bad value" || n.Descriptor.ID != "CONFIG" || len(n.Locations) != 1 {
		t.Errorf("notification = %+v", n)
	}
	if len(log.Runs[0].Results) != 1 {
		t.Errorf("want the one finding as a result and the failure not, got %d results", len(log.Runs[0].Results))
	}

	log = sarifLog{}
	if err := json.Unmarshal(render(t, SARIF, nil, Options{}), &log); err != nil {
		t.Fatal(err)
	}
	if inv := log.Runs[0].Invocations[0]; !inv.ExecutionSuccessful || len(inv.ToolExecutionNotifications) != 0 {
		t.Errorf("a run without failure: %+v", inv)
	}

	text := string(render(t, Text, nil, Options{Failure: failure}))
	if text != "promptc.cue:2:9: tokens: bad value (CONFIG)\n" {
		t.Errorf("text = %q", text)
	}
	js := string(render(t, JSON, nil, Options{Failure: failure}))
	if !strings.Contains(js, `"rule": "CONFIG"`) || !strings.Contains(js, `"errors": 1`) {
		t.Errorf("json = %s", js)
	}
	gh := string(render(t, GitHubActions, nil, Options{Failure: failure}))
	if gh != "::error file=promptc.cue,line=2,col=9,title=CONFIG::tokens: bad value\n" {
		t.Errorf("github-actions = %q", gh)
	}
}

// TestEveryFormatCapsRepeatedFindings checks that each format prints at
// most diag.MaxPerRuleAndFile findings of one rule in one file, then one
// that counts the rest.
func TestEveryFormatCapsRepeatedFindings(t *testing.T) {
	var ds []diag.Diagnostic
	for i := 30; i >= 1; i-- { // unsorted on purpose
		ds = append(ds, diag.Diagnostic{Pos: diag.Position{Path: "big.md", Line: i, Col: 1},
			Rule: "TEXT_TRAILING_SPACE", Severity: diag.Warning, Message: fmt.Sprintf("trailing m%02d", i)})
	}
	ds = append(ds, diag.Diagnostic{Pos: diag.Position{Path: "big.md", Line: 30, Col: 2},
		Rule: "SECRET", Severity: diag.Error, Message: "other rule"})
	for _, f := range Formats() {
		p, err := Lookup(f)
		if err != nil {
			t.Fatal(err)
		}
		out := string(render(t, p, ds, Options{}))
		for _, want := range []string{"trailing m01", "trailing m20", "10 more TEXT_TRAILING_SPACE findings in this file are not shown", "other rule"} {
			if !strings.Contains(out, want) {
				t.Errorf("%s: output lacks %q", f, want)
			}
		}
		if strings.Contains(out, "trailing m21") {
			t.Errorf("%s: output shows the 21st finding", f)
		}
		if f == FormatJSON && !strings.Contains(out, `"summary": {
    "errors": 1,
    "warnings": 30,`) {
			t.Errorf("json summary does not count the findings left out:\n%s", out)
		}
	}
}

func TestSemanticVersion(t *testing.T) {
	for v, want := range map[string]string{
		"1.2.3": "1.2.3", "v1.2.3": "1.2.3", "0.0.0-dev+0123abc.dirty": "0.0.0-dev+0123abc.dirty",
		"devel": "", "1.2": "", "01.2.3": "", "1.2.3-": "",
	} {
		if got := semanticVersion(v); got != want {
			t.Errorf("semanticVersion(%q) = %q, want %q", v, got, want)
		}
	}
}

// TestTextColor: coloured text is the plain text with escape sequences
// around the position, the severity word and the rule ID, nothing else.
func TestTextColor(t *testing.T) {
	ds := []diag.Diagnostic{
		{Pos: diag.Position{Path: "a.md", Line: 1, Col: 2}, Rule: "E_RULE", Severity: diag.Error, Message: "bad"},
		{Pos: diag.Position{Path: "b.md", Line: 3}, Rule: "W_RULE", Severity: diag.Warning, Message: "iffy"},
		{Pos: diag.Position{Path: "c.md"}, Rule: "I_RULE", Severity: diag.Info, Message: "fyi"},
	}
	var plain, color strings.Builder
	if err := Text(&plain, ds, Options{}); err != nil {
		t.Fatal(err)
	}
	if err := Text(&color, ds, Options{Color: true}); err != nil {
		t.Fatal(err)
	}
	want := "\x1b[1ma.md:1:2\x1b[0m: bad (\x1b[31mE_RULE\x1b[0m)\n" +
		"\x1b[1mb.md:3\x1b[0m: \x1b[33mwarning:\x1b[0m iffy (\x1b[2mW_RULE\x1b[0m)\n" +
		"\x1b[1mc.md\x1b[0m: \x1b[34minfo:\x1b[0m fyi (\x1b[2mI_RULE\x1b[0m)\n"
	if color.String() != want {
		t.Errorf("coloured text:\n%q\nwant\n%q", color.String(), want)
	}
	stripped := regexp.MustCompile("\x1b\\[[0-9]*m").ReplaceAllString(color.String(), "")
	if stripped != plain.String() {
		t.Errorf("stripped of colours:\n%q\nplain:\n%q", stripped, plain.String())
	}
	if strings.Contains(plain.String(), "\x1b") {
		t.Error("plain text holds an escape sequence")
	}
}
