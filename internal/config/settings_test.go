package config

import "testing"

// settingsCue declares one valid setting; cases append to it.
const settingsCue = `settings: Prefix: {values: ["short", "long"], default: "short", rules: [{value: "long", name: ["^big"]}], examples: "big-1": "long"}`

// TestSettingsDecode: a setting decodes with its rules and examples, a
// when condition names it, and FamilyRules gives its rules as family
// rules with the default as the fallback.
func TestSettingsDecode(t *testing.T) {
	l, err := LoadBytes(t.TempDir()+"/"+FileName, []byte(minimal+settingsCue+"\n"+`parts: x: {file: "x.md", when: {setting: "Prefix", is: ["long"]}}`+"\n"))
	if err != nil {
		t.Fatal(err)
	}
	st := l.Config.Settings["Prefix"]
	if st.Name != "Prefix" || st.Default != "short" || len(st.Rules) != 1 || st.Rules[0].Value != "long" || st.Examples["big-1"] != "long" {
		t.Errorf("Prefix = %+v", st)
	}
	if w := l.Config.Parts["x"].When; w == nil || w.Setting != "Prefix" || w.Input != "" || !w.Holds("long") || w.Holds("short") {
		t.Errorf("when = %+v", w)
	}
	f := st.FamilyRules()
	if f.Fallback != "short" || len(f.Rules) != 1 || f.Rules[0].Family != "long" || f.Rules[0].Name[0] != "^big" {
		t.Errorf("FamilyRules = %+v", f)
	}
}

// TestSettingsRefused: each check on a setting and on a condition that
// tests one reports at the value, with what to do.
func TestSettingsRefused(t *testing.T) {
	for _, c := range []struct{ name, cue, pos, msg string }{
		{"no values", `settings: P: {values: [], default: "a"}`, "promptc.cue:6:15", "setting P needs values, at least one"},
		{"value twice", `settings: P: {values: ["a", "a"], default: "a"}`, "promptc.cue:6:29", `value "a" is listed twice`},
		{"default not a value", `settings: P: {values: ["a"], default: "b"}`, "promptc.cue:6:30", `"b" is not one of the values of setting P (a)`},
		{"rule value not a value", `settings: P: {values: ["a"], default: "a", rules: [{value: "c", name: ["x"]}]}`, "promptc.cue:6:53", `"c" is not one of the values of setting P (a)`},
		{"rule without patterns", `settings: P: {values: ["a"], default: "a", rules: [{value: "a"}]}`, "promptc.cue:6:52", `rule for value "a" has no patterns and can never match`},
		{"pattern does not compile", `settings: P: {values: ["a"], default: "a", rules: [{value: "a", id: ["x("]}]}`, "promptc.cue:6:70", "pattern does not compile: missing closing ): `x(`"},
		{"lookahead gets the family rules' advice", `settings: P: {values: ["a"], default: "a", rules: [{value: "a", name: ["^a(?=b)"]}]}`, "promptc.cue:6:72", "column 3 of the pattern: lookahead"},
		{"example value not a value", `settings: P: {values: ["a"], default: "a", examples: "m-1": "z"}`, "promptc.cue:6:54", `"z" is not one of the values of setting P (a)`},
		{"when on an undeclared setting", `parts: x: {file: "x", when: {setting: "P", is: ["a"]}}`, "promptc.cue:6:30", `"P" is not a declared setting (promptc.cue declares no settings); declare settings.P`},
		{"when without is", settingsCue + "\n" + `parts: x: {file: "x", when: {setting: "Prefix"}}`, "promptc.cue:7:23", "setting Prefix: list the values that send the part in is (values: short, long)"},
		{"when with an unknown value", settingsCue + "\n" + `parts: x: {file: "x", when: {setting: "Prefix", is: ["medium"]}}`, "promptc.cue:7:54", "medium is not a value of setting Prefix (values: short, long)"},
		{"when on both", settingsCue + "\n" + `inputs: G: type: "bool"` + "\n" + `parts: x: {file: "x", when: {setting: "Prefix", input: "G", is: ["long"]}}`, "promptc.cue:8:23", "a condition tests exactly one of input, setting or family"},
		{"when on neither", `parts: x: {file: "x", when: {}}`, "promptc.cue:6:23", "a condition tests exactly one of input, setting or family"},
	} {
		t.Run(c.name, func(t *testing.T) {
			configAt(t, load(t, t.TempDir(), minimal+c.cue+"\n"), c.pos, c.msg)
		})
	}
}
