package compiler_test

import (
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/promptc/promptc/compiler"
	"github.com/promptc/promptc/internal/testproject"
)

// afterProject's mode declares an after text for examples behind body
// and another behind git, which is sent only when Git is true; d has a
// before of its own.
const afterProject = `version: "v1"
inputs: Git: {type: "bool"}
parts: {
	a: file: "a.md"
	git: {file: "git.md", when: {input: "Git", is: [true]}}
	c: file: "c.md"
	d: file: "d.md"
}
modes: focus: {
	compose: [parts.a, parts.git, parts.c, parts.d]
	separator: "\n"
	before: {d: "\n~\n"}
	after: {a: {c: " | ", d: " ! "}, git: {c: "\n+++\n"}}
}
order: ["focus"]
defaultMode: "focus"
`

// TestJoinAfterFollowsThePreviousSentSection: between two sections goes
// the after text declared for the section sent before, which is not the
// one listed before when that one is empty; an after text for a section
// that is not the previous one does not apply; WireChars counts the same
// texts Join puts in.
func TestJoinAfterFollowsThePreviousSentSection(t *testing.T) {
	p := testproject.FromFiles(t, map[string]string{
		"promptc.cue": afterProject,
		"a.md":        "Alpha.\n",
		"git.md":      "Git.\n",
		"c.md":        "Gamma.\n",
		"d.md":        "Delta.\n",
	})
	m, err := p.Mode("focus")
	if err != nil {
		t.Fatal(err)
	}
	for git, want := range map[bool]string{
		false: "Alpha. | Gamma.\n~\nDelta.",
		true:  "Alpha.\nGit.\n+++\nGamma.\n~\nDelta.",
	} {
		sel, err := p.SelectFor(compiler.Auto, "", "")
		if err != nil {
			t.Fatal(err)
		}
		if sel.Inputs, err = p.InputValues(map[string]any{"Git": git}); err != nil {
			t.Fatal(err)
		}
		secs := p.Sections(m, sel, nil)
		if got := m.Join(secs); got != want {
			t.Errorf("git %v: Join = %q, want %q", git, got, want)
		}
		var nonEmpty []string
		own := 0
		for _, s := range secs {
			if s.Text != "" {
				nonEmpty = append(nonEmpty, s.Name)
				own += utf8.RuneCountInString(s.Text)
			}
		}
		if got, want := m.WireChars(nonEmpty), utf8.RuneCountInString(want)-own; got != want {
			t.Errorf("git %v: WireChars(%v) = %d, want %d", git, nonEmpty, got, want)
		}
	}
}

// settingProject has a placeholder valued per setting: two values of the
// same length (a tie) and a plain value for the rest.
const settingProject = `version: "v1"
settings: Style: {
	values: ["plain", "bold", "loud"]
	default: "plain"
	rules: [{value: "bold", name: ["^b"]}, {value: "loud", name: ["^l"]}]
}
placeholders: tone: {setting: {name: "Style", values: {bold: "firmly", loud: "loudly"}}, value: "calm"}
parts: a: file: "a.md"
modes: focus: compose: [parts.a]
order: ["focus"]
defaultMode: "focus"
`

// TestValueBySetting: a placeholder valued per setting takes the text of
// the setting's value, its plain value for a value it does not list, and
// without settings (the maximum budgets measure) its longest text, the
// earlier of two as long.
func TestValueBySetting(t *testing.T) {
	p := testproject.FromFiles(t, map[string]string{"promptc.cue": settingProject, "a.md": "Speak {{tone}}.\n"})
	for _, c := range []struct {
		settings map[string]string
		want     string
	}{
		{map[string]string{"Style": "bold"}, "firmly"},
		{map[string]string{"Style": "loud"}, "loudly"},
		{map[string]string{"Style": "plain"}, "calm"},
		{nil, "firmly"},
	} {
		if got := p.Value("tone", compiler.Selection{Note: compiler.NoNote, Settings: c.settings}); got != c.want {
			t.Errorf("Value(tone, %v) = %q, want %q", c.settings, got, c.want)
		}
	}
	m, err := p.Mode("focus")
	if err != nil {
		t.Fatal(err)
	}
	for model, want := range map[string]string{"bard": "Speak firmly.", "lark": "Speak loudly.", "owl": "Speak calm."} {
		sel, err := p.SelectFor(compiler.Auto, "", model)
		if err != nil {
			t.Fatal(err)
		}
		if got := p.Static(m, sel); got != want {
			t.Errorf("%s: %q, want %q", model, got, want)
		}
	}
}

// capabilityProject names tools by a star entry and once more by name.
func capabilityProject(capability string) map[string]string {
	return map[string]string{
		"promptc.cue": `version: "v1"
parts: tools: generated: "tools"
tools: {
	discovery: "find"
	catalogue: {
		find: {group: "discovery", access: "read", file: "t.md"}
		webfetch: {group: "web", access: "read", file: "t.md"}
		websearch: {group: "web", access: "read", file: "t.md"}
		cobweb: {group: "web", access: "read", file: "t.md"}
		todo: {group: "planning", access: "read", file: "t.md"}
	}
	capability: ` + capability + `
}
profiles: {
	default: "lean"
	values: lean: fullTools: ["find", "todo", "webfetch"]
}
modes: focus: compose: [parts.tools]
order: ["focus"]
defaultMode: "focus"
`,
		"t.md": "A tool.\n",
	}
}

// TestCapabilityTools: an entry ending in "*" names the catalogue tools
// that begin with it, in name order (not those that only contain it), a
// tool named twice comes once where first named, each marked listed when
// the profile describes it in full; {{discovery}} in deferred is the
// discovery tool.
func TestCapabilityTools(t *testing.T) {
	p := testproject.FromFiles(t, capabilityProject(`{tools: ["todo", "web*", "websearch"], listed: "Have: ", deferred: "Via {{discovery}}: "}`))
	names, listed := p.CapabilityTools()
	if got, want := strings.Join(names, " "), "todo webfetch websearch"; got != want {
		t.Errorf("CapabilityTools = %q, want %q", got, want)
	}
	if want := []bool{true, true, false}; len(listed) != len(want) || listed[0] != want[0] || listed[1] != want[1] || listed[2] != want[2] {
		t.Errorf("listed = %v, want %v", listed, want)
	}
	if lw, dw := p.CapabilityWords(); lw != "Have: " || dw != "Via find: " {
		t.Errorf("CapabilityWords = %q, %q", lw, dw)
	}
}

// TestCapabilityMaxChars: a line of exactly maxChars fits, one character
// more is an error naming the line.
func TestCapabilityMaxChars(t *testing.T) {
	// "Have: todo. Via find: websearch." is 32 characters.
	line := "Have: todo. Via find: websearch."
	for max, fails := range map[int]bool{len(line): false, len(line) - 1: true} {
		cue := `{tools: ["todo", "websearch"], listed: "Have: ", deferred: "Via {{discovery}}: ", maxChars: ` + strconv.Itoa(max) + `}`
		var ds string
		for _, d := range testproject.FromFiles(t, capabilityProject(cue)).Diagnostics() {
			ds += d.Message + " (" + d.Rule + ")\n"
		}
		got := strings.Contains(ds, "CAPABILITY_LINE")
		if got != fails {
			t.Errorf("maxChars %d: findings %q, want a CAPABILITY_LINE error %v", max, ds, fails)
		}
		if fails && !strings.Contains(ds, "has 32 characters") {
			t.Errorf("maxChars %d: %q does not count the line", max, ds)
		}
	}
}

// TestSettingHolesOfANote: a family part depends on the settings whose
// values choose a placeholder in any of its texts, a note's included, so
// that a mode sending it is measured for every combination they reach.
func TestSettingHolesOfANote(t *testing.T) {
	cue := strings.Replace(settingProject, "parts: a: file: \"a.md\"\nmodes: focus: compose: [parts.a]",
		"parts: {\n\tbody: family: \"body\"\n\tnote: family: \"note\"\n}\nmodes: focus: compose: [parts.body, parts.note]", 1)
	p := testproject.FromFiles(t, map[string]string{
		"promptc.cue":                        cue,
		"prompts/families/neutral.prompt.md": "Neutral.\n\nBe careful.\n\n<!-- model \"Big\" /big/ -->\nSpeak {{tone}}.\n",
	})
	if got := strings.Join(p.SettingHoles("note"), " "); got != "Style" {
		t.Errorf("SettingHoles(note) = %q, want Style", got)
	}
	if got := p.SettingHoles("body"); len(got) != 0 {
		t.Errorf("SettingHoles(body) = %q, want none", got)
	}
	m, err := p.Mode("focus")
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(p.SettingsTested(m), " "); got != "Style" {
		t.Errorf("SettingsTested = %q, want Style", got)
	}
}

// TestSettingCombosOrder: after the defaults, the combinations come in the
// order of their values, whatever the order of the ids that reach them.
func TestSettingCombosOrder(t *testing.T) {
	p := testproject.FromFiles(t, map[string]string{
		"promptc.cue": `version: "v1"
settings: Level: {
	values: ["a", "b", "c", "d"]
	default: "a"
	rules: [{value: "c", name: ["^m1"]}, {value: "b", name: ["^m2"]}, {value: "d", name: ["^m3"]}]
	examples: {"m1": "c", "m2": "b", "m3": "d"}
}
parts: a: {file: "a.md", when: {setting: "Level", is: ["b"]}}
modes: focus: compose: [parts.a]
order: ["focus"]
defaultMode: "focus"
`,
		"a.md": "A.\n",
	})
	var got []string
	for _, c := range p.SettingCombos([]string{"Level"}) {
		got = append(got, c.Values["Level"]+strings.Join(c.IDs, ","))
	}
	if want := "a bm2 cm1 dm3"; strings.Join(got, " ") != want {
		t.Errorf("SettingCombos = %q, want %q", strings.Join(got, " "), want)
	}
}

// TestToolListingFollowsThePermissionSet: the tools part lists, and the
// capability line names, only the tools the program's permission set
// permits, those the profile describes in full apart from the others.
func TestToolListingFollowsThePermissionSet(t *testing.T) {
	files := capabilityProject(`{tools: ["todo", "edit", "websearch"]}`)
	files["promptc.cue"] = strings.Replace(files["promptc.cue"], "\t\ttodo:", "\t\tedit: {group: \"files\", access: \"write\", file: \"t.md\"}\n\t\ttodo:", 1) +
		"permissions: {\n\tdefault: \"readOnly\"\n\tvalues: {\n\t\treadOnly: access: [\"read\"]\n\t\tfull: access: [\"read\", \"write\"]\n\t}\n}\n"
	p := testproject.FromFiles(t, files)
	full, named := p.ToolListing()
	if got, want := strings.Join(full, " ")+" | "+strings.Join(named, " "), "find todo webfetch | cobweb websearch"; got != want {
		t.Errorf("ToolListing = %q, want %q", got, want)
	}
	if names, _ := p.CapabilityTools(); strings.Join(names, " ") != "todo websearch" {
		t.Errorf("CapabilityTools = %q, want todo websearch", names)
	}
}

// TestTemplatesKeepTheTail: the template a generated package keeps for a
// part or a family body that keeps its end holds that end after its last
// placeholder: filled, it is the text show composes.
func TestTemplatesKeepTheTail(t *testing.T) {
	p := testproject.FromFiles(t, map[string]string{
		"promptc.cue": `version: "v1"
families: keepTrailing: true
placeholders: who: value: "you"
parts: {
	x: {file: "x.md", keepTrailing: true}
	body: family: "body"
}
modes: focus: compose: [parts.x, parts.body]
order: ["focus"]
defaultMode: "focus"
`,
		"x.md":                               "Hi {{who}}, {{who}}.\n\n",
		"prompts/families/neutral.prompt.md": "Neutral.\n\nBe {{who}}.\n\n",
	})
	m, err := p.Mode("focus")
	if err != nil {
		t.Fatal(err)
	}
	sel, err := p.SelectFor(compiler.Auto, "", "")
	if err != nil {
		t.Fatal(err)
	}
	secs := p.Sections(m, sel, nil)
	value := func(string) string { return "you" }
	if got := p.PartTemplate(p.Parts["x"]).Fill(value); got != secs[0].Text || got != "Hi you, you.\n\n" {
		t.Errorf("part x: template fills to %q, show composes %q", got, secs[0].Text)
	}
	if got := p.SectionTemplate(sel.Family.Body).Fill(value); got != secs[1].Text || !strings.HasSuffix(got, "you.\n\n") {
		t.Errorf("body: template fills to %q, show composes %q", got, secs[1].Text)
	}
}

// TestInputValuesAtTheLimit: show accepts a string of exactly limitChars
// characters, nested in a record, and refuses one character more, naming
// the field by its path; maxChars refuses nothing.
func TestInputValuesAtTheLimit(t *testing.T) {
	p := testproject.FromFiles(t, map[string]string{
		"promptc.cue": `version: "v1"
inputs: Config: {type: "record", fields: {Name: {maxChars: 3, limitChars: 5}}}
parts: a: template: "a.tmpl"
modes: focus: compose: [parts.a]
order: ["focus"]
defaultMode: "focus"
`,
		"a.tmpl": "Name: {{.Config.Name}}\n",
	})
	for name, want := range map[string]string{
		"héllo":  "",
		"héllo!": "input Config.Name is 6 characters, more than its limitChars 5",
	} {
		_, err := p.InputValues(map[string]any{"Config": map[string]any{"Name": name}})
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != want {
			t.Errorf("Name %q: %q, want %q", name, got, want)
		}
	}
}
