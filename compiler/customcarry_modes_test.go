package compiler_test

import (
	"strings"
	"testing"

	"github.com/promptc/promptc/compiler"
	"github.com/promptc/promptc/internal/testproject"
)

// carryModesProject's two ordered modes both send rules, terse and memory; only
// long sends notes and guide; draft, outside the order, sends neither
// terse nor memory. custom is replaced by each test's custom: block.
const carryModesProject = `version: "v1"
parts: {
	base: file: "base.md"
	boundary: file: "boundary.md"
	guide: file: "guide.md"
	terse: {file: "terse.md", when: {input: "Style", is: ["terse"]}}
	loud: {file: "loud.md", when: {input: "Style", is: ["loud"]}}
	wide: {file: "wide.md", when: {setting: "Width", is: ["wide"]}}
	unsent: file: "unsent.md"
	body: family: "body"
}
settings: Width: {values: ["narrow", "wide"], default: "narrow"}
inputs: Style: {type: "enum", values: ["default", "terse", "loud"], stable: true}
slots: {rules: {}, memory: {}, notes: {}}
modes: {
	short: compose: [parts.base, slots.rules, parts.boundary, parts.terse, parts.loud, parts.wide, slots.memory]
	long: compose: [parts.base, slots.rules, slots.notes, parts.boundary, parts.guide, parts.terse, parts.loud, parts.wide, slots.memory, parts.body]
	draft: compose: [parts.base, parts.boundary]
}
order: ["short", "long"]
defaultMode: "short"
custom: {
	file: ".app/custom.md", fallback: parts.boundary, example: "custom.md"
CARRY}
`

func carryFiles(carry string) map[string]string {
	files := map[string]string{
		"promptc.cue":                        strings.Replace(carryModesProject, "CARRY", carry, 1),
		"custom.md":                          "---\nname: Mine\n---\n\nDo it my way.\n",
		"prompts/families/neutral.prompt.md": "Neutral.\n\nBe careful.\n",
	}
	for _, f := range []string{"base", "boundary", "guide", "terse", "loud", "wide", "unsent"} {
		files[f+".md"] = strings.ToUpper(f[:1]) + f[1:] + ".\n"
	}
	return files
}

// carryFindings lists the CUSTOM_CARRY and CUSTOM_CARRY_UNDECLARED
// findings of the project, one a line.
func carryFindings(t *testing.T, p *compiler.Program) string {
	t.Helper()
	var out []string
	for _, d := range p.Diagnostics() {
		if strings.HasPrefix(d.Rule, "CUSTOM_CARRY") {
			out = append(out, d.Rule+": "+d.Message)
		}
	}
	return strings.Join(out, "\n")
}

// TestCustomCompose: the custom mode sends, after the user's text, the
// slots every mode of the order sends and the parts carry lists that every
// one of them sends, in the order of the first; a mode outside the order
// does not count, and a part carry does not list is not sent.
func TestCustomCompose(t *testing.T) {
	p := testproject.FromFiles(t, carryFiles("\tcarry: [parts.terse, parts.wide]\n"))
	var got []string
	for _, r := range compiler.CustomCompose(p) {
		got = append(got, r.Kind+"."+r.Name)
	}
	if want := "slot.rules part.terse part.wide slot.memory"; strings.Join(got, " ") != want {
		t.Errorf("CustomCompose = %q, want %q", strings.Join(got, " "), want)
	}
	if f := carryFindings(t, p); f != "" {
		t.Errorf("findings: %s", f)
	}
	m := compiler.CustomModeOf(p)
	if m.Name != compiler.CustomModeName || len(m.Config.Compose) != len(got) || m.Config.Separator != "\n\n" {
		t.Errorf("CustomModeOf = %+v", m.Config)
	}
	sec, desc, err := compiler.CustomExampleSection(p, "/w")
	if err != nil {
		t.Fatal(err)
	}
	// The body starts on line 5 of custom.md, below the frontmatter and
	// a blank line.
	if sec.Text != "Do it my way." || sec.Pos.Path != "custom.md" || sec.Pos.Line != 5 || !strings.Contains(desc, `named "Mine"`) {
		t.Errorf("CustomExampleSection = %+v, %q", sec, desc)
	}
}

// TestCustomCarryChecks: carry lists parts with text of their own, once,
// that every mode of the order sends, or that none does; each other entry
// is an error naming what is wrong.
func TestCustomCarryChecks(t *testing.T) {
	for _, c := range []struct {
		carry, want string
	}{
		{"[parts.unsent]", ""},
		{"[slots.rules]", "CUSTOM_CARRY: custom.carry lists slots.rules: the custom mode sends the slots every mode sends by itself; list parts only"},
		{"[parts.terse, parts.terse]", "CUSTOM_CARRY: custom.carry lists terse twice; list it once"},
		{"[parts.body]", "CUSTOM_CARRY: custom.carry lists body, a family part: the custom mode sends no family text; list parts with text of their own"},
		{"[parts.guide]", "CUSTOM_CARRY: custom.carry lists guide, which mode short does not send: the custom mode carries only what every mode sends; add it to those modes or remove it here"},
	} {
		p := testproject.FromFiles(t, carryFiles("\tcarry: "+c.carry+"\n"))
		if got := carryFindings(t, p); got != c.want {
			t.Errorf("carry %s:\n%s\nwant\n%s", c.carry, got, c.want)
		}
	}
}

// TestCustomCarryUndeclaredModes: without carry, the parts every mode of the
// order sends under a run-time input are named, two joined by "and"; a
// part every mode sends under a setting is not (the model decides it, not
// the user).
func TestCustomCarryUndeclaredModes(t *testing.T) {
	p := testproject.FromFiles(t, carryFiles(""))
	want := "CUSTOM_CARRY_UNDECLARED: every mode sends loud and terse, chosen by a run-time input, but the custom mode does not: list the parts under custom.carry to send them after the user's text too, or write custom.carry: [] to keep the custom mode to the user's text"
	if got := carryFindings(t, p); got != want {
		t.Errorf("findings:\n%s\nwant\n%s", got, want)
	}
}
