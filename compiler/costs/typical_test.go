package costs_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/promptc/promptc/compiler/costs"
	"github.com/promptc/promptc/internal/testproject"
)

// rowLines renders rows as the costs table does, one string per row.
func rowLines(t *testing.T, rows []costs.Row) string {
	t.Helper()
	var b strings.Builder
	if err := costs.Write(&b, "table", rows); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func dump(rows []costs.Row) string {
	var b strings.Builder
	for _, r := range rows {
		typ, typPrefix := "-", "-"
		if r.TypicalTokens != nil {
			typ = fmt.Sprint(*r.TypicalTokens)
		}
		if r.TypicalPrefixTokens != nil {
			typPrefix = fmt.Sprint(*r.TypicalPrefixTokens)
		}
		fmt.Fprintf(&b, "%s %s tokens %d typ %s chars %d noNote %d prefix %d typ %s note %q\n",
			r.Mode, r.Family, r.Tokens, typ, r.Chars, r.TokensNoNote, r.PrefixTokens, typPrefix, r.Note)
	}
	return b.String()
}

// TestTypicalPrefixOnlyWhenItDiffers: a mode whose run-time input comes
// after its cacheable prefix has typical tokens apart from its maximum
// but one prefix, shown once; a mode whose input sends a part before the
// volatile text shows the typical prefix beside the maximum's.
func TestTypicalPrefixOnlyWhenItDiffers(t *testing.T) {
	p := testproject.FromFiles(t, map[string]string{
		"promptc.cue": `version: "v1"
inputs: {
	Dir: {type: "string", maxChars: 40, typical: "/src"}
	Git: {type: "bool", typical: false, stable: true}
}
parts: {
	head: file: "head.md"
	git: {file: "git.md", when: {input: "Git"}}
	dir: template: "dir.tmpl"
}
modes: {
	after: compose: [parts.head, parts.dir]
	before: compose: [parts.head, parts.git, parts.dir]
}
order: ["after", "before"]
defaultMode: "after"
`,
		"head.md":  "The head of every prompt, sent first.\n",
		"git.md":   "The working directory is a git repository: commit with care.\n",
		"dir.tmpl": "Dir: {{.Dir}}",
	})
	// head: 37 characters, 10 tokens, the prefix of both modes at the
	// maximum of after's; "Dir: " and 40 characters, 45, or "Dir: /src",
	// 9; git (stable, so in the prefix) 60 characters, sent at the
	// maximum, not with its typical value false; parts joined by a blank
	// line. after: 84 characters, 21 tokens, typically 48, 12, the prefix
	// 10 either way; before: 146, 37, typically 12, the prefix 99, 25, or
	// typically head alone.
	want := "" +
		"MODE    FAMILY  TOKENS           NO NOTE  OVER AFTER  CHARS  PREFIX           NOTE  COUNTED\n" +
		"after   *       12 typ / 21 max  21       0           84     10                     chars/4 (estimate)\n" +
		"before  *       12 typ / 37 max  21       +16         146    10 typ / 25 max        chars/4 (estimate)\n"
	if got := rowLines(t, costs.Table(p)); got != want {
		t.Errorf("table:\n%s\nwant:\n%s", got, want)
	}
}

// TestMarkdownLegendForATypicalPrefixAlone: the legend of typ and max
// comes with a table where only a prefix has both figures.
func TestMarkdownLegendForATypicalPrefixAlone(t *testing.T) {
	rows := []costs.Row{{Mode: "focus", Family: "*", Tokens: 30, TokensNoNote: 30, Chars: 120, PrefixTokens: 25, TypicalPrefixTokens: intp(10), Counter: "chars/4"}}
	want := "# Prompt costs\n\n" +
		"Static tokens each mode puts in front of every model call, per family (`*`: a mode that sends no family part, the same for every family), without the text the harness supplies at call time (instructions, skills, memory). Estimated as characters over four, rounded up.\n\n" +
		costs.TypMaxLine + "\n\n" +
		"| mode | family | tokens | no note | over default | chars | prefix | note |\n" +
		"| --- | --- | --- | --- | --- | --- | --- | --- |\n" +
		"| focus | * | 30 | 30 | - | 120 | 10 typ / 25 max |  |\n"
	if got := costs.Markdown(rows); got != want {
		t.Errorf("Markdown:\n%s\nwant:\n%s", got, want)
	}
}

// TestNoteOnlyForAModeThatSendsNotes: a family's row names the note
// counted only in a mode that sends the family's notes; a mode that only
// takes a placeholder's per-note value counts that value at its longest
// but sends no note to name.
func TestNoteOnlyForAModeThatSendsNotes(t *testing.T) {
	p := testproject.FromFiles(t, map[string]string{
		"promptc.cue": `version: "v1"
parts: {
	base: file: "base.md"
	note: family: "note"
}
placeholders: model: {value: "a model", note: Long: "the model called Long"}
families: rules: [{family: "x", name: ["^x"]}]
modes: {
	bare: compose: [parts.base]
	noted: compose: [parts.base, parts.note]
}
order: ["bare", "noted"]
defaultMode: "bare"
`,
		"base.md":                      "Base for {{model}}.\n",
		"prompts/families/x.prompt.md": "Line x.\n\n<!-- model \"Long\" /l/ -->\nThe long note of x.\n",
	})
	var got []string
	for _, r := range costs.PerFamily(p) {
		got = append(got, fmt.Sprintf("%s/%s %d %q", r.Mode, r.Family, r.Chars, r.Note))
	}
	// "Base for a model." 17 characters; "Base for the model called Long."
	// 31, and in noted, a blank line and x's note (19), 52.
	want := `bare/neutral 17 "" bare/x 31 "" noted/neutral 17 "" noted/x 52 "Long"`
	if strings.Join(got, " ") != want {
		t.Errorf("notes %s, want %s", strings.Join(got, " "), want)
	}
}

// TestMaximumTieBrokenByCharacters: of two setting combinations whose
// texts count the same tokens, the maximum is the one with more
// characters, whichever comes first.
func TestMaximumTieBrokenByCharacters(t *testing.T) {
	for _, c := range []struct{ a, b string }{{"aaa", "bbbb"}, {"aaaa", "bbb"}} {
		p := testproject.FromFiles(t, map[string]string{
			"promptc.cue": `version: "v1"
settings: S: {values: ["a", "b"], default: "a", rules: [{value: "b", name: ["^p"]}], examples: {"p-1": "b"}}
parts: {
	a: {file: "a.md", when: {setting: "S", is: ["a"]}}
	b: {file: "b.md", when: {setting: "S", is: ["b"]}}
}
modes: focus: compose: [parts.a, parts.b]
order: ["focus"]
defaultMode: "focus"
`,
			"a.md": c.a + "\n",
			"b.md": c.b + "\n",
		})
		rows := costs.Table(p)
		if len(rows) != 1 || rows[0].Tokens != 1 || rows[0].Chars != 4 || rows[0].TokensNoNote != 1 {
			t.Errorf("S=a %q, S=b %q: %s want 1 token, 4 characters, 1 without a note", c.a, c.b, dump(rows))
		}
	}
}

// TestTableFamilyRowsByTypicalFigures: a mode that sends no family part
// is a row per family when the families' typical figures differ, even
// with the same maximum and least.
func TestTableFamilyRowsByTypicalFigures(t *testing.T) {
	p := testproject.FromFiles(t, map[string]string{
		"promptc.cue": `version: "v1"
inputs: {
	Dir: {type: "string", maxChars: 40, typical: "/src"}
	Style: {type: "enum", values: ["a", "b", "c"], typical: "b"}
}
parts: {
	dir: template: "dir.tmpl"
	a: {file: "a.md", when: {input: "Style", is: ["a"]}}
	b: {file: "b.md", when: {input: "Style", is: ["b"]}}
}
placeholders: {
	onA: {value: "12345678", family: x: ""}
	onB: {value: "", family: x: "12345678"}
}
families: rules: [{family: "x", name: ["^x"]}]
modes: focus: compose: [parts.dir, parts.a, parts.b]
order: ["focus"]
defaultMode: "focus"
`,
		"dir.tmpl":                     "Dir: {{.Dir}}",
		"a.md":                         "A {{onA}}.\n",
		"b.md":                         "B {{onB}}.\n",
		"prompts/families/x.prompt.md": "Line x.\n",
	})
	// The maximum: "Dir: " and 40 characters, then "A 12345678." for
	// neutral (Style a) or "B 12345678." for x (Style b): 58 characters,
	// 15 tokens each; the least (Style c) the directory alone, 45, 12.
	// Typically (Style b, "/src") neutral sends "Dir: /src" and "B .",
	// 14 characters, 4 tokens; x "Dir: /src" and "B 12345678.", 22, 6.
	want := "" +
		"MODE   FAMILY   TOKENS          NO NOTE  OVER FOCUS  CHARS  PREFIX  NOTE  COUNTED\n" +
		"focus  neutral  4 typ / 15 max  12       0           58     0             chars/4 (estimate)\n" +
		"focus  x        6 typ / 15 max  12       0           58     0             chars/4 (estimate)\n"
	if got := rowLines(t, costs.Table(p)); got != want {
		t.Errorf("table:\n%s\nwant:\n%s", got, want)
	}
}
