package guide

import (
	"slices"
	"strings"
	"testing"

	"github.com/promptc/promptc/internal/testtree"

	"github.com/promptc/promptc/compiler/frontmatter"
	"github.com/promptc/promptc/compiler/include"
	"github.com/promptc/promptc/compiler/source"
	"github.com/promptc/promptc/internal/config"
	"github.com/promptc/promptc/internal/diag"
)

// project writes files (path -> text) below a fresh directory and opens it.
func project(t *testing.T, files map[string]string) *source.FS {
	t.Helper()
	fs, err := source.Open(testtree.Write(t, files))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { fs.Close() })
	return fs
}

func card(title, summary string, order int) string {
	s := "---\ntitle: " + title + "\nsummary: " + summary + "\n"
	if order != 0 {
		s += "order: " + itoa(order) + "\n"
	}
	return s + "---\nMore.\n"
}

func itoa(n int) string {
	if n < 0 {
		return "-" + itoa(-n)
	}
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + itoa(n%10)
}

func guideConfig(refs map[string]config.Reference) *config.Guide {
	return &config.Guide{
		Template:   "guide.md",
		Cards:      "cards/*.md",
		Docs:       "docs/**/*.md",
		Output:     "operator-guide.md",
		References: refs,
	}
}

var (
	commandRef = config.Reference{Pattern: "(?:^|[\\s(`])(/[a-z][a-z-]*)", In: "text"}
	settingRef = config.Reference{Pattern: `settings\.[A-Za-z][A-Za-z.]*[A-Za-z]`, In: "text"}
	docRef     = config.Reference{Pattern: `docs/[A-Za-z0-9_/-]+\.md`, In: "file"}
)

// render runs Render with includes expanded and returns the text and the
// diagnostics as "path:line:col RULE" strings plus messages.
func render(t *testing.T, fs *source.FS, cfg *config.Guide) (string, []include.Span, []diag.Diagnostic) {
	t.Helper()
	spans, ds := Render(fs, cfg, include.Limits{}, true, nil, keyPos)
	return include.Text(spans), spans, diag.Sort(ds)
}

// keyPos stands for config.Loaded.PosOfKeys: guide.cards at line 2,
// guide.docs at line 3, anything else at the file alone.
func keyPos(keys ...string) diag.Position {
	switch strings.Join(keys, ".") {
	case "guide.cards":
		return diag.Position{Path: "promptc.cue", Line: 2, Col: 3}
	case "guide.docs":
		return diag.Position{Path: "promptc.cue", Line: 3, Col: 3}
	}
	return diag.Position{Path: "promptc.cue"}
}

func positions(ds []diag.Diagnostic) []string {
	var out []string
	for _, d := range ds {
		out = append(out, d.Pos.String()+" "+d.Rule)
	}
	return out
}

func TestRenderPlaceholders(t *testing.T) {
	fs := project(t, map[string]string{
		"guide.md":   "Topics: {{topics}}.\n\n{{topics}}\n\n  {{ topics }}  \nKeep {{nope}} and {{ other.name }}.\n{{topics}}{{topics}}\n",
		"cards/a.md": card("Alpha", "first", 1),
		"cards/b.md": card("Beta", "second", 2),
	})
	text, spans, ds := render(t, fs, guideConfig(nil))
	want := "Topics: Alpha, Beta.\n\n" +
		"- Alpha: first\n- Beta: second\n\n" +
		"- Alpha: first\n- Beta: second\n" +
		"Keep {{nope}} and {{ other.name }}.\n" +
		"Alpha, BetaAlpha, Beta"
	if text != want {
		t.Errorf("text:\n%s\nwant:\n%s", text, want)
	}
	got := positions(ds)
	wantDs := []string{"guide.md:6:6 GUIDE_PLACEHOLDER", "guide.md:6:19 GUIDE_PLACEHOLDER"}
	if !slices.Equal(got, wantDs) {
		t.Errorf("diagnostics %q, want %q", got, wantDs)
	}
	if !strings.Contains(ds[1].Message, "{{other.name}}") {
		t.Errorf("message %q does not name the placeholder", ds[1].Message)
	}
	// Topic lines come from their card's title line; template lines from
	// the template.
	type origin struct {
		path string
		line int
	}
	var lines []origin
	include.EachLine(spans, func(_, path string, num int) bool {
		lines = append(lines, origin{path, num})
		return true
	})
	if lines[0] != (origin{"guide.md", 1}) || lines[2] != (origin{"cards/a.md", 2}) || lines[3] != (origin{"cards/b.md", 2}) {
		t.Errorf("origins %v", lines)
	}
}

func TestRenderCardOrder(t *testing.T) {
	fs := project(t, map[string]string{
		"guide.md":          "{{topics}}\n",
		"cards/1.md":        card("Zeta", "order 1", 1),
		"cards/2.md":        card("Alpha", "order 1", 1),
		"cards/3.md":        card("Aardvark", "order 9", 9),
		"cards/4.md":        card("Settings", "no order", 0),
		"cards/5.md":        card("Negative", "order -1", -1),
		"cards/6.md":        card("Alpha", "same title, later path", 1),
		"cards/sub/skip.md": card("Nested", "not matched by cards/*.md", 0),
		"cards/quoted.md":   "---\norder: 3\n\"title\": Quoted key\nsummary: >\n  folded\n  summary\n---\n",
	})
	text, spans, ds := render(t, fs, guideConfig(nil))
	if len(ds) > 0 {
		t.Fatalf("unexpected diagnostics %v", ds)
	}
	want := strings.Join([]string{
		"- Negative: order -1",
		"- Settings: no order",
		"- Alpha: order 1",
		"- Alpha: same title, later path",
		"- Zeta: order 1",
		"- Quoted key: folded summary",
		"- Aardvark: order 9",
	}, "\n")
	if text != want {
		t.Errorf("text:\n%s\nwant:\n%s", text, want)
	}
	for _, s := range spans {
		if s.Path == "cards/quoted.md" && s.Line != 3 {
			t.Errorf("quoted card's topic line comes from line %d, want 3 (its title)", s.Line)
		}
	}
}

func TestRenderCardErrors(t *testing.T) {
	fs := project(t, map[string]string{
		"guide.md":             "{{topics}}\n",
		"cards/good.md":        card("Good", "fine", 1),
		"cards/no-title.md":    "---\nsummary: s\n---\n",
		"cards/no-summary.md":  "---\ntitle: T\n---\n",
		"cards/empty.md":       "---\ntitle: T\nsummary: \"\"\n---\n",
		"cards/blank.md":       "---\ntitle: \"   \"\nsummary: s\n---\n",
		"cards/two-lines.md":   "---\ntitle: T\nsummary: |\n  one\n  two\n---\n",
		"cards/title-lines.md": "---\norder: 1\ntitle: |\n  one\n  two\nsummary: s\n---\n",
		"cards/no-header.md":   "# Heading\n",
		"cards/unclosed.md":    "---\ntitle: T\n",
		"cards/bad-order.md":   "---\ntitle: T\nsummary: s\norder: first\n---\n",
		"cards/bad-yaml.md":    "---\ntitle: [\n---\n",
		"cards/self-merge.md":  "---\ntitle: T\nsummary: s\nm: &m\n  <<: *m\n---\n",
	})
	text, _, ds := render(t, fs, guideConfig(nil))
	if text != "- Good: fine" {
		t.Errorf("text %q: cards with errors must not be listed", text)
	}
	// CUE may explain one bad value twice (order: first conflicts with the
	// default 0 and with int); one position is enough here.
	got := slices.Compact(positions(ds))
	want := []string{
		"cards/bad-order.md:4:8 GUIDE_CARD",
		"cards/bad-yaml.md:2:1 GUIDE_CARD",
		"cards/blank.md:2:1 GUIDE_CARD",
		"cards/empty.md:3:10 GUIDE_CARD",
		"cards/no-header.md:1:1 GUIDE_CARD",
		"cards/no-summary.md:1:1 GUIDE_CARD",
		"cards/no-title.md:1:1 GUIDE_CARD",
		"cards/self-merge.md:5:3 GUIDE_CARD",
		"cards/title-lines.md:3:1 GUIDE_CARD",
		"cards/two-lines.md:3:1 GUIDE_CARD",
		"cards/unclosed.md:1:1 GUIDE_CARD",
	}
	if !slices.Equal(got, want) {
		t.Errorf("diagnostics\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for _, d := range ds {
		if d.Severity != diag.Error {
			t.Errorf("%s is a %s, want an error", d, d.Severity)
		}
	}
}

func TestRenderReferences(t *testing.T) {
	files := map[string]string{
		"cards/a.md":              card("A", "a", 0),
		"docs/modes.md":           "Run `/prompt-mode` or /model. Keys: settings.ui.theme.\n",
		"docs/deep/nested/x.md":   "Nested doc (docs/settings.md is named here, not present).\n",
		"notes/docs/elsewhere.md": "Outside the docs glob.\n",
		"docs/settings.md.txt":    "Not a .md file.\n",
	}
	refs := map[string]config.Reference{"command": commandRef, "setting": settingRef, "doc": docRef}
	tests := []struct {
		name, line string
		want       []string // "col kind value"
	}{
		{"found", "Use /prompt-mode, /model and settings.ui.theme.", nil},
		{"code span", "Use `/prompt-mode` and `/nope`.", []string{"25 command /nope"}},
		{"at line start", "/nope first", []string{"1 command /nope"}},
		{"in parentheses", "(see /nope)", []string{"6 command /nope"}},
		{"prefix of a documented command", "Use /prompt.", []string{"5 command /prompt"}},
		{"extension of a documented command", "Use /models.", []string{"5 command /models"}},
		{"path is no command", "Open docs/modes.md.", nil},
		{"setting prefix", "Set settings.ui.", []string{"5 setting settings.ui"}},
		{"setting longer", "Set settings.ui.theme.dark", []string{"5 setting settings.ui.theme.dark"}},
		{"nested doc file", "See docs/deep/nested/x.md.", nil},
		{"missing doc file", "See docs/settings.md.", []string{"5 doc docs/settings.md"}},
		{"doc file outside the glob", "See notes/docs/elsewhere.md.", []string{"11 doc docs/elsewhere.md"}},
		{"columns count code points", "Répondez à /nope.", []string{"12 command /nope"}},
		{"several on a line", "/a, /b and docs/c.md", []string{"1 command /a", "5 command /b", "12 doc docs/c.md"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			fs := project(t, withFile(files, "guide.md", "{{topics}}\n\n"+tc.line+"\n"))
			_, _, ds := render(t, fs, guideConfig(refs))
			var got []string
			for _, d := range ds {
				if d.Rule != RuleReference {
					t.Errorf("unexpected %s", d)
					continue
				}
				if d.Pos.Path != "guide.md" || d.Pos.Line != 3 {
					t.Errorf("%s: want guide.md:3", d)
				}
				kind, value := refParts(t, d.Message)
				got = append(got, itoa(d.Pos.Col)+" "+kind+" "+value)
				if d.End.Col-d.Pos.Col != len([]rune(value)) {
					t.Errorf("%s: span %d..%d does not cover %q", d, d.Pos.Col, d.End.Col, value)
				}
			}
			slices.Sort(got)
			want := slices.Clone(tc.want)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("line %q: got %q, want %q", tc.line, got, want)
			}
		})
	}
}

// refParts extracts the kind and the value from a GUIDE_REFERENCE message.
func refParts(t *testing.T, msg string) (kind, value string) {
	t.Helper()
	kind, rest, ok := strings.Cut(msg, " reference \"")
	if !ok {
		t.Fatalf("message %q does not name a kind and value", msg)
	}
	value, _, _ = strings.Cut(rest, "\"")
	return kind, value
}

func withFile(files map[string]string, p, text string) map[string]string {
	out := map[string]string{p: text}
	for k, v := range files {
		out[k] = v
	}
	return out
}

func TestRenderReferenceWholeMatch(t *testing.T) {
	// Without a capture group the whole match is the value; an empty match
	// is no reference.
	fs := project(t, map[string]string{
		"guide.md":   "Call TOOL_A and TOOL_B.\n",
		"docs/x.md":  "TOOL_A is documented.\n",
		"cards/a.md": card("A", "a", 0),
	})
	cfg := guideConfig(map[string]config.Reference{
		"tool":  {Pattern: `TOOL_[A-Z]`, In: "text"},
		"empty": {Pattern: `x*`, In: "text"},
	})
	_, _, ds := render(t, fs, cfg)
	got := positions(ds)
	if want := []string{"guide.md:1:17 GUIDE_REFERENCE"}; !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestRenderIncludesAndDirectives(t *testing.T) {
	fs := project(t, map[string]string{
		"guide.md":       "Intro /prompt-mode.\n<!-- promptc:ignore GUIDE_REFERENCE quoted on purpose: /nope -->\n@shared/part.md\n",
		"shared/part.md": "Shared text naming /missing.\n",
		"docs/a.md":      "/prompt-mode\n",
		"cards/a.md":     card("A", "a", 0),
	})
	cfg := guideConfig(map[string]config.Reference{"command": commandRef})
	text, _, ds := render(t, fs, cfg)
	if want := "Intro /prompt-mode.\nShared text naming /missing."; text != want {
		t.Errorf("text %q, want %q", text, want)
	}
	// The directive line is neither sent nor checked; the included line is
	// reported in its own file.
	got := positions(ds)
	if want := []string{"shared/part.md:1:20 GUIDE_REFERENCE"}; !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}

	// Without expansion the include line stays as written.
	spans, _ := Render(fs, cfg, include.Limits{}, false, nil, keyPos)
	if got := include.Text(spans); !strings.Contains(got, "@shared/part.md") {
		t.Errorf("unexpanded text %q lacks the include line", got)
	}
}

func TestRenderDocsGlob(t *testing.T) {
	fs := project(t, map[string]string{
		"guide.md":            "See docs/a.md, docs/sub/b.md and docs/.hidden/c.md; run /deep.\n",
		"docs/a.md":           "A.\n",
		"docs/sub/b.md":       "B names /deep.\n",
		"docs/.hidden/c.md":   "Hidden docs are not docs.\n",
		"docs/sub/readme.txt": "/txt is not in a .md doc\n",
		"cards/a.md":          card("A", "a", 0),
	})
	// Dots allowed, so that the hidden path is a reference.
	doc := config.Reference{Pattern: `docs/[A-Za-z0-9_./-]+\.md`, In: "file"}
	cfg := guideConfig(map[string]config.Reference{"command": commandRef, "doc": doc})
	_, _, ds := render(t, fs, cfg)
	got := positions(ds)
	if want := []string{"guide.md:1:34 GUIDE_REFERENCE"}; !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}

	// A narrower docs glob drops the nested file and the command it names.
	cfg.Docs = "docs/*.md"
	_, _, ds = render(t, fs, cfg)
	got = positions(ds)
	if want := []string{"guide.md:1:16 GUIDE_REFERENCE", "guide.md:1:34 GUIDE_REFERENCE", "guide.md:1:57 GUIDE_REFERENCE"}; !slices.Equal(got, want) {
		t.Errorf("narrow glob: got %q, want %q", got, want)
	}
}

func TestRenderReadErrors(t *testing.T) {
	fs := project(t, map[string]string{"cards/a.md": card("A", "a", 0)})
	spans, ds := Render(fs, guideConfig(nil), include.Limits{}, true, nil, keyPos)
	if spans != nil || len(ds) != 1 || ds[0].Pos.Path != "guide.md" || ds[0].Rule != source.RuleNotFound {
		t.Errorf("missing template: spans %v, diagnostics %v", spans, ds)
	}

	fs = project(t, map[string]string{"guide.md": "{{topics}}\n"})
	cfg := guideConfig(nil)
	cfg.Cards = "../cards/*.md"
	cfg.Docs = "/abs/*.md"
	_, ds = Render(fs, cfg, include.Limits{}, true, nil, keyPos)
	got := positions(ds)
	if want := []string{"promptc.cue:2:3 GUIDE_CARD", "promptc.cue:3:3 GUIDE_REFERENCE"}; !slices.Equal(got, want) {
		t.Errorf("bad globs: got %q, want %q", got, want)
	}
}

func TestFrontmatterRuleID(t *testing.T) {
	// The lint registry lists the rule under this package's constant; the
	// frontmatter package reports it.
	if RuleFrontmatter != frontmatter.Rule {
		t.Errorf("RuleFrontmatter = %q, frontmatter.Rule = %q", RuleFrontmatter, frontmatter.Rule)
	}
}

// TestRenderCardsGlobMatchesNothing: a cards glob that matches no file is
// a GUIDE_CARD error at guide.cards, once; one that matches a card, or
// whose only match lies behind a link out of the project (reported as
// such), is not.
func TestRenderCardsGlobMatchesNothing(t *testing.T) {
	fs := project(t, map[string]string{"guide.md": "{{topics}}\n", "cards/a.md": card("A", "a", 0)})
	cfg := guideConfig(nil)
	cfg.Cards = "card/*.md"
	_, ds := Render(fs, cfg, include.Limits{}, true, nil, keyPos)
	if got, want := positions(ds), []string{"promptc.cue:2:3 GUIDE_CARD"}; !slices.Equal(got, want) {
		t.Fatalf("got %q, want %q", got, want)
	}
	if want := `guide.cards "card/*.md" matches no file, so the guide's {{topics}} lists no topics; fix the glob, or add a card (a Markdown file with title and summary in its frontmatter)`; ds[0].Message != want {
		t.Errorf("message %q, want %q", ds[0].Message, want)
	}
	cfg.Cards = "cards/*.md"
	if _, ds := Render(fs, cfg, include.Limits{}, true, nil, keyPos); len(ds) != 0 {
		t.Errorf("a glob matching one card: %v", ds)
	}
}
