package costs_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/promptc/promptc/compiler/costs"
	"github.com/promptc/promptc/internal/testproject"
	"github.com/promptc/promptc/internal/testtree"
)

// TestMarkdownWithoutRows: the Markdown of no rows is the heading, the
// sentence and an empty table, without a word about the counter.
func TestMarkdownWithoutRows(t *testing.T) {
	want := "# Prompt costs\n\n" +
		"Static tokens each mode puts in front of every model call, per family (`*`: a mode that sends no family part, the same for every family), without the text the harness supplies at call time (instructions, skills, memory). " +
		"| mode | family | tokens | no note | over default | chars | prefix | note |\n" +
		"| --- | --- | --- | --- | --- | --- | --- | --- |\n"
	if got := costs.Markdown(nil); got != want {
		t.Errorf("Markdown(nil) =\n%q\nwant\n%q", got, want)
	}
}

// TestReportNamesNoteZero: the notice report names the note the model
// selects, the family's first note included, and none for a model no
// note matches.
func TestReportNamesNoteZero(t *testing.T) {
	p := testproject.FromFiles(t, map[string]string{
		"promptc.cue": `version: "v1"
parts: note: family: "note"
families: rules: [{family: "x", name: ["^x"]}]
modes: focus: compose: [parts.note]
order: ["focus"]
defaultMode: "focus"
`,
		"prompts/families/x.prompt.md": "Line x.\n\n<!-- model \"First\" /f/ -->\nFirst note.\n\n<!-- model \"Second\" /s/ -->\nSecond.\n",
	})
	for _, c := range []struct{ model, family, note string }{
		{"x-f", "x", "First"},
		{"x-s", "x", "Second"},
		{"x-other", "x", ""},
		{"y", "neutral", ""},
	} {
		r, err := costs.Report(p, "", c.model)
		if err != nil {
			t.Fatal(err)
		}
		if r.Family != c.family || r.Note != c.note || r.Choice != "auto" {
			t.Errorf("Report(%s): family %s, note %q, choice %s; want %s, %q, auto", c.model, r.Family, r.Note, r.Choice, c.family, c.note)
		}
	}
}

// TestNoticesBelowTheDefaultModeAbove: a mode ranked above the default
// mode but smaller shows its difference with a minus sign.
func TestNoticesBelowTheDefaultModeAbove(t *testing.T) {
	p := testproject.FromFiles(t, map[string]string{
		"promptc.cue": `version: "v1"
parts: {
	big: file: "big.md"
	small: file: "small.md"
}
modes: {
	focus: compose: [parts.big]
	lean: compose: [parts.small]
}
order: ["focus", "lean"]
defaultMode: "focus"
`,
		"big.md":   strings.Repeat("b", 40) + "\n",
		"small.md": strings.Repeat("s", 8) + "\n",
	})
	var got []string
	for _, n := range costs.NoticesFor(p, costs.Widest(p, p.Modes[0], p.Families["neutral"])) {
		got = append(got, n.Line)
	}
	want := "focus · 10 tokens per call\nlean · -8 tokens per call (2 total)"
	if strings.Join(got, "\n") != want {
		t.Errorf("notices:\n%s\nwant:\n%s", strings.Join(got, "\n"), want)
	}
}

// TestTypicalTokensOnlyWhenTheyDiffer: a mode that reads run-time inputs
// shows its typical tokens only when they differ from the maximum; a row
// lists the conditional parts it counts.
func TestTypicalTokensOnlyWhenTheyDiffer(t *testing.T) {
	p := testproject.FromFiles(t, map[string]string{
		"promptc.cue": `version: "v1"
inputs: {
	Dir: {type: "string", maxChars: 40, stable: true, typical: "/src"}
	Fixed: {type: "string", maxChars: 4, stable: true, typical: "abcd"}
}
parts: {
	dir: template: "dir.tmpl"
	fixed: template: "fixed.tmpl"
	patch: {file: "patch.md", models: ["^gpt-"]}
}
modes: {
	varies: compose: [parts.dir]
	same: compose: [parts.fixed, parts.patch]
}
order: ["same", "varies"]
defaultMode: "same"
`,
		"dir.tmpl":   "Dir: {{.Dir}}",
		"fixed.tmpl": "Fixed: {{.Fixed}}",
		"patch.md":   "Patch.\n",
	})
	var got []string
	for _, r := range costs.Table(p) {
		typical := "-"
		if r.TypicalTokens != nil {
			typical = fmt.Sprint(*r.TypicalTokens)
		}
		got = append(got, fmt.Sprintf("%s %d typical %s conditional %v", r.Mode, r.Tokens, typical, r.Conditional))
	}
	// varies: "Dir: " + 40 = 45 characters, 12 tokens; typical "Dir: /src"
	// 9, 3 tokens. same: "Fixed: abcd" and "Patch." joined: 19, 5 tokens,
	// the typical value as long as the maximum.
	want := "same 5 typical - conditional [patch]\nvaries 12 typical 3 conditional []"
	if strings.Join(got, "\n") != want {
		t.Errorf("rows:\n%s\nwant:\n%s", strings.Join(got, "\n"), want)
	}
}

// TestByPermission: the permission table has a column per permission set,
// each mode's tokens under each (the most of any family: x's line is the
// longest, y's, sorted last, short), and the tools part's tokens under
// each.
func TestByPermission(t *testing.T) {
	progs := testproject.CompileAll(t, testtree.Write(t, map[string]string{
		"promptc.cue": `version: "v1"
parts: {
	base: file: "base.md"
	line: family: "line"
	tools: generated: "tools"
}
families: rules: [{family: "x", name: ["^x"]}, {family: "y", name: ["^y"]}]
tools: catalogue: {
	read_file: {group: "files", access: "read", file: "t/read_file.md"}
	write_file: {group: "files", access: "write", file: "t/write_file.md"}
}
permissions: {
	default: "full"
	values: {
		full: access: ["read", "write"]
		readOnly: access: ["read"]
	}
}
modes: {
	focus: compose: [parts.base, parts.line, parts.tools]
	bare: compose: [parts.base]
}
order: ["bare", "focus"]
defaultMode: "focus"
`,
		"base.md":                      "Base text.\n",
		"prompts/families/x.prompt.md": "The line of family x, the longest of the families by far.\n",
		"prompts/families/y.prompt.md": "Line y.\n",
		"t/read_file.md":               "Reads a file and returns its text, whole.\n",
		"t/write_file.md":              "Writes a file, replacing what it held before, and reports how many bytes it wrote.\n",
	}))
	c := costs.ByPermission(progs)
	var cols, modes, tools []string
	for _, q := range progs.Programs() {
		cols = append(cols, q.Permission())
		tools = append(tools, fmt.Sprint(q.Counter.Count(q.Parts["tools"].Text)))
	}
	for _, m := range c.Modes {
		modes = append(modes, fmt.Sprintf("%s %v", m.Name, m.Tokens))
	}
	if strings.Join(c.Columns, " ") != strings.Join(cols, " ") || len(c.Columns) != 2 {
		t.Errorf("columns %v, want %v", c.Columns, cols)
	}
	if len(c.Tools) != 1 || c.Tools[0].Name != "tools part" || fmt.Sprint(c.Tools[0].Tokens) != "["+strings.Join(tools, " ")+"]" {
		t.Errorf("tools rows %+v, want tools part %v", c.Tools, tools)
	}
	if len(c.Modes) != 2 || c.Modes[0].Name != "bare" || c.Modes[1].Name != "focus" ||
		c.Modes[0].Tokens[0] != c.Modes[0].Tokens[1] || c.Modes[1].Tokens[0] == c.Modes[1].Tokens[1] || c.Counter != "chars/4" {
		t.Errorf("mode rows %v, counter %s: want bare the same under both sets, focus not", modes, c.Counter)
	}
	for i, q := range progs.Programs() {
		var want int
		for _, r := range costs.PerFamily(q) {
			if r.Mode == "focus" {
				want = max(want, r.Tokens)
			}
		}
		if c.Modes[1].Tokens[i] != want {
			t.Errorf("focus under %s: %d, want %d", q.Permission(), c.Modes[1].Tokens[i], want)
		}
	}
}
