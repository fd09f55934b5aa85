package config

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestInputsDecode: every input type decodes with its fields, and a when
// condition keeps bool and string values apart.
func TestInputsDecode(t *testing.T) {
	src := minimal + `inputs: {
	IsGitRepo: {type: "bool", stable: true, typical: true}
	Cwd: {type: "string", maxChars: 200, typical: "/home/dev/app"}
	Style: {type: "enum", values: ["plain", "terse"], typical: "terse"}
	ContextFiles: {type: "list", maxItems: 5, typicalItems: 2, fields: {Path: maxChars: 100, Content: {maxChars: 900, typicalChars: 300}}}
}
parts: git: {file: "git.md", when: {input: "IsGitRepo", is: [false]}}
parts: terse: {file: "terse.md", when: {input: "Style", is: ["terse"]}}
`
	l, err := LoadBytes(t.TempDir()+"/"+FileName, []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	c := l.Config
	if in := c.Inputs["IsGitRepo"]; in.Type != InputBool || !in.Stable || in.Name != "IsGitRepo" || in.Typical != true {
		t.Errorf("IsGitRepo = %+v", in)
	}
	if in := c.Inputs["Cwd"]; *in.MaxChars != 200 || in.Typical != "/home/dev/app" || in.Stable {
		t.Errorf("Cwd = %+v", in)
	}
	if in := c.Inputs["ContextFiles"]; *in.MaxItems != 5 || *in.TypicalItems != 2 || *in.Fields["Content"].MaxChars != 900 || *in.Fields["Content"].TypicalChars != 300 ||
		in.Fields["Path"].Type != InputString || strings.Join(in.FieldNames(), ",") != "Path,Content" {
		t.Errorf("ContextFiles = %+v", in)
	}
	git, terse := *c.Parts["git"].When, *c.Parts["terse"].When
	if !git.Holds(false) || git.Holds(true) || git.Holds("false") {
		t.Errorf("when is [false]: %+v", git)
	}
	if !terse.Holds("terse") || terse.Holds("plain") {
		t.Errorf("when is [terse]: %+v", terse)
	}
	if !(When{Input: "IsGitRepo"}).Holds(true) || (When{Input: "IsGitRepo"}).Holds(false) {
		t.Error("a bool condition without is holds for true only")
	}
}

// TestInputsRecordOrder: a record input's fields, and its nested records'
// and lists' fields, keep the order promptc.cue writes them in (not the
// names' order), also through the JSON form the cache keeps.
func TestInputsRecordOrder(t *testing.T) {
	src := minimal + `inputs: Config: {type: "record", fields: {
	Zed: maxChars: 5
	Options: {type: "record", fields: {Verbose: type: "bool", InitializeAs: {type: "enum", values: ["a", "b"]}}}
	Servers: {type: "list", maxItems: 2, fields: {Name: maxChars: 10, Cmd: {type: "record", fields: {Path: maxChars: 4, Args: maxChars: 3}}}}
	Alpha: type: "bool"
}}
`
	l, err := LoadBytes(t.TempDir()+"/"+FileName, []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	var back Config
	b, err := json.Marshal(l.Config)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	for _, c := range []*Config{l.Config, &back} {
		cfg := c.Inputs["Config"]
		opts, servers := cfg.Fields["Options"], cfg.Fields["Servers"]
		for _, g := range []struct{ got, want string }{
			{strings.Join(cfg.FieldNames(), ","), "Zed,Options,Servers,Alpha"},
			{strings.Join(opts.FieldNames(), ","), "Verbose,InitializeAs"},
			{strings.Join(servers.FieldNames(), ","), "Name,Cmd"},
			{strings.Join(servers.Fields["Cmd"].FieldNames(), ","), "Path,Args"},
			{servers.Fields["Cmd"].Fields["Args"].Type, InputString},
		} {
			if g.got != g.want {
				t.Errorf("got %s, want %s", g.got, g.want)
			}
		}
	}
}

// TestInputsRefused: each input type requires its own fields, refuses the
// others', and keeps typical values within the maximums; each finding is
// at the value.
func TestInputsRefused(t *testing.T) {
	for _, c := range []struct{ name, cue, pos, msg string }{
		{"string without maxChars", `inputs: Cwd: type: "string"`, "promptc.cue:6:9", "string input Cwd needs maxChars"},
		{"typical over maxChars", `inputs: Cwd: {type: "string", maxChars: 3, typical: "abcd"}`, "promptc.cue:6:44", "the typical value is 4 characters, more than maxChars 3"},
		{"typical at maxChars accepted, a string condition refused", `inputs: Cwd: {type: "string", maxChars: 4, typical: "abcd"}` + "\n" + `parts: x: {file: "x", when: {input: "Cwd"}}`, "promptc.cue:7:30", "input Cwd is a string; a condition tests a bool or an enum input"},
		{"typicalChars over", `inputs: Cwd: {type: "string", maxChars: 3, typicalChars: 4}`, "promptc.cue:6:44", "typicalChars 4 is more than maxChars 3"},
		{"both typicals", `inputs: Cwd: {type: "string", maxChars: 3, typicalChars: 2, typical: "a"}`, "promptc.cue:6:44", "give typical or typicalChars, not both"},
		{"bool with maxChars", `inputs: Git: {type: "bool", maxChars: 3}`, "promptc.cue:6:29", "a bool input takes no maxChars (it takes typical)"},
		{"bool with a string typical", `inputs: Git: {type: "bool", typical: "yes"}`, "promptc.cue:6:29", "the typical value of a bool input is true or false"},
		{"string with a bool typical", `inputs: Cwd: {type: "string", maxChars: 3, typical: true}`, "promptc.cue:6:44", "the typical value of a string input is a string"},
		{"enum without values", `inputs: Style: {type: "enum"}`, "promptc.cue:6:9", "enum input Style needs values, at least one"},
		{"enum value twice", `inputs: Style: {type: "enum", values: ["a", "a"]}`, "promptc.cue:6:45", `value "a" is listed twice`},
		{"enum typical unknown", `inputs: Style: {type: "enum", values: ["a"], typical: "b"}`, "promptc.cue:6:46", `"b" is not one of the values (a)`},
		{"list without maxItems", `inputs: Files: {type: "list", fields: Path: maxChars: 9}`, "promptc.cue:6:9", "list input Files needs maxItems"},
		{"list without fields", `inputs: Files: {type: "list", maxItems: 2}`, "promptc.cue:6:9", "list input Files needs fields"},
		{"typicalItems over", `inputs: Files: {type: "list", maxItems: 2, typicalItems: 3, fields: Path: maxChars: 9}`, "promptc.cue:6:44", "typicalItems 3 is more than maxItems 2"},
		{"field typical over", `inputs: Files: {type: "list", maxItems: 2, fields: Path: {maxChars: 1, typical: "ab"}}`, "promptc.cue:6:72", "the typical value is 2 characters, more than maxChars 1"},
		{"record without fields", `inputs: Config: type: "record"`, "promptc.cue:6:9", "record input Config needs fields, the fields of the record"},
		{"record with maxItems", `inputs: Config: {type: "record", maxItems: 2, fields: A: type: "bool"}`, "promptc.cue:6:34", "a record input takes no maxItems (it takes fields)"},
		{"nested string field without maxChars", `inputs: Config: {type: "record", fields: Options: {type: "record", fields: Name: {}}}`, "promptc.cue:6:76", "string field Name needs maxChars"},
		{"nested list field without maxItems", `inputs: Config: {type: "record", fields: Servers: {type: "list", fields: Name: maxChars: 3}}`, "promptc.cue:6:42", "list field Servers needs maxItems"},
		{"nested enum field typical", `inputs: Config: {type: "record", fields: Level: {type: "enum", values: ["a"], typical: "b"}}`, "promptc.cue:6:79", `"b" is not one of the values (a)`},
		{"when undeclared", `parts: x: {file: "x", when: {input: "Git"}}`, "promptc.cue:6:30", `"Git" is not a declared input (promptc.cue declares no inputs); declare inputs.Git`},
		{"when bool given string", `inputs: Git: type: "bool"` + "\n" + `parts: x: {file: "x", when: {input: "Git", is: ["true"]}}`, "promptc.cue:7:49", `input Git is a bool: write true or false, not "true"`},
		{"when enum without is", `inputs: S: {type: "enum", values: ["a"]}` + "\n" + `parts: x: {file: "x", when: {input: "S"}}`, "promptc.cue:7:23", "input S is an enum: list the values that send the part in is (values: a)"},
		{"when enum unknown value", `inputs: S: {type: "enum", values: ["a"]}` + "\n" + `parts: x: {file: "x", when: {input: "S", is: ["b"]}}`, "promptc.cue:7:47", "b is not a value of input S (values: a)"},
		{"template and file", `parts: x: {file: "x", template: "x.tmpl"}`, "promptc.cue:6:8", "a part needs exactly one of file, template, generated, family or pointer (found 2)"},
		{"template with omit", `parts: x: {template: "x.tmpl", omit: ["a"]}`, "promptc.cue:6:32", "omit takes blocks out of a file; part x has no file"},
	} {
		t.Run(c.name, func(t *testing.T) {
			configAt(t, load(t, t.TempDir(), minimal+c.cue+"\n"), c.pos, c.msg)
		})
	}
}

// TestInputNameIsGoField: an input's key is the Go field name as written,
// so a lower-case key is refused by the schema.
func TestInputNameIsGoField(t *testing.T) {
	err := load(t, t.TempDir(), minimal+`inputs: isGitRepo: type: "bool"`+"\n")
	if err == nil || !strings.Contains(err.Error(), "isGitRepo") {
		t.Fatalf("got %v, want the key refused", err)
	}
}
