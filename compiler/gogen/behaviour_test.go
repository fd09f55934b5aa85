package gogen_test

import (
	"encoding/json"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/promptc/promptc/compiler"
	"github.com/promptc/promptc/compiler/costs"
	"github.com/promptc/promptc/compiler/genruntime"
	"github.com/promptc/promptc/compiler/gogen"
	"github.com/promptc/promptc/internal/testproject"
	"github.com/promptc/promptc/internal/testtree"
)

// behaviourProject sends, in one mode: a part that keeps its file's end,
// a family body that keeps its own (families.keepTrailing), a part sent
// under an input, a part whose placeholder takes its value by a setting,
// after texts that depend on which of those two precedes it, a template
// over records and lists nested two deep with limits, and the tool
// listing with a capability line.
var behaviourProject = map[string]string{
	"promptc.cue": `version: "v1"
output: {dir: "prompts", package: "prompts"}
families: {
	keepTrailing: true
	rules: [{family: "diff", name: ["^gpt-4"]}]
}
settings: Examples: {
	values: ["inline", "end"]
	default: "inline"
	rules: [{value: "end", name: ["(?i)mini"]}]
	examples: {"gpt-4o-mini": "end", "gpt-4o": "inline"}
}
placeholders: where: {setting: {name: "Examples", values: {end: "at the very end"}}, value: "inline"}
inputs: {
	Git: {type: "bool", stable: true}
	Config: {type: "record", fields: {
		Options: {type: "record", fields: {Name: {maxChars: 10, limitChars: 20}}}
		Servers: {type: "list", maxItems: 1, typicalItems: 1, limitItems: 2, fields: {
			Host: {maxChars: 5, limitChars: 8}
			Tags: {type: "list", maxItems: 1, limitItems: 1, fields: {Label: {type: "enum", values: ["a", "b"]}}}
		}}
	}}
}
parts: {
	intro: {file: "intro.md", keepTrailing: true}
	body: family: "body"
	git: {file: "git.md", when: {input: "Git", is: [true]}}
	examples: file: "examples.md"
	config: template: "config.tmpl"
	tools: generated: "tools"
}
tools: {
	discovery: "tool_search"
	catalogue: {
		tool_search: {group: "discovery", access: "read", file: "tools/tool_search.md"}
		todo: {group: "planning", access: "read", file: "tools/todo.md"}
		websearch: {group: "web", access: "read", file: "tools/websearch.md"}
		fetch: {group: "web", access: "read", file: "tools/fetch.md"}
	}
	capability: {tools: ["websearch", "fetch", "todo"], listed: "You have: "}
}
profiles: {
	default: "lean"
	values: lean: fullTools: ["tool_search", "todo"]
}
modes: focus: {
	compose: [parts.intro, parts.body, parts.git, parts.examples, parts.config, parts.tools]
	separator: "\n"
	after: {body: {examples: "\n--\n"}, git: {examples: "\n+\n"}}
}
order: ["focus"]
defaultMode: "focus"
`,
	"intro.md":                           "Intro.\n\n\n",
	"examples.md":                        "Examples go {{where}}.\n",
	"git.md":                             "Commit with git.\n",
	"config.tmpl":                        "Name: {{.Config.Options.Name}}\n{{range .Config.Servers}}- {{.Host}}{{range .Tags}} [{{.Label}}]{{end}}\n{{end}}",
	"prompts/families/diff.prompt.md":    "Diff family.\n\nUse SEARCH/REPLACE.\n\n\n<!-- model \"Mini\" /mini/ -->\nKeep it short.\n",
	"prompts/families/neutral.prompt.md": "Neutral.\n\nBe careful.\n\n",
	"tools/tool_search.md":               "Finds tools.\n",
	"tools/todo.md":                      "Keeps a list.\n",
	"tools/websearch.md":                 "Searches the web.\n",
	"tools/fetch.md":                     "Fetches a page.\n",
}

// behaviourApp reads requests, one JSON object a line, composes each with
// the generated package and prints what it answers, one JSON object a
// line; then the fields of the zero request.
const behaviourApp = `package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"slices"

	"example.com/app/prompts"
)

type request struct {
	Model   string          ` + "`json:\"model\"`" + `
	Inputs  prompts.Inputs  ` + "`json:\"inputs\"`" + `
	Refused []string        ` + "`json:\"refused\"`" + `
}

type section struct{ Name, Before string }

type answer struct {
	Text       string
	CacheEnd   int
	Sections   []section
	Notice     string
	Capability string
	Validate   string
}

func main() {
	sc := bufio.NewScanner(os.Stdin)
	sc.Buffer(nil, 1<<20)
	enc := json.NewEncoder(os.Stdout)
	for sc.Scan() {
		var q request
		if err := json.Unmarshal(sc.Bytes(), &q); err != nil {
			panic(err)
		}
		r := prompts.Request{Model: q.Model, Inputs: q.Inputs}
		if q.Refused != nil {
			r.Allowed = func(name string) bool { return !slices.Contains(q.Refused, name) }
		}
		var a answer
		if err := r.Validate(); err != nil {
			a.Validate = err.Error()
		}
		p, err := r.Compose()
		if err != nil {
			a.Text = "error: " + err.Error()
			enc.Encode(a)
			continue
		}
		a.Text, a.CacheEnd = p.Text, p.CacheEnd
		secs, err := r.Sections()
		if err != nil {
			panic(err)
		}
		for _, s := range secs {
			a.Sections = append(a.Sections, section{s.Name, s.Before})
		}
		n, err := r.CostNotice()
		if err != nil {
			panic(err)
		}
		a.Notice = n.String()
		if a.Capability, err = r.CapabilityLine(); err != nil {
			panic(err)
		}
		enc.Encode(a)
	}
	fs, err := prompts.Request{}.Fields()
	if err != nil {
		panic(err)
	}
	for _, f := range fs {
		fmt.Printf("%s chars %d/%d/%d items %d/%d/%d stable %v\n", f.Name, f.MaxChars, f.TypicalChars, f.LimitChars, f.MaxItems, f.TypicalItems, f.LimitItems, f.Stable)
	}
}
`

type behaviourSection struct{ Name, Before string }

type behaviourAnswer struct {
	Text       string
	CacheEnd   int
	Sections   []behaviourSection
	Notice     string
	Capability string
	Validate   string
}

// TestGeneratedBehaviour builds the package generated for
// behaviourProject, runs a program that composes requests with it, and
// holds its answers to the compiler's: the composed text and each
// section's before (what show composes), the cost notice (what costs
// counts), the capability line (what show prints, every tool present) and,
// where the compiler has no answer of its own, to the contract: the tool
// listing and the capability line without the tools Allowed refuses,
// Validate's errors naming each nested value by its path and index at its
// limit, and Fields' figures of every nested field.
func TestGeneratedBehaviour(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to build the generated package")
	}
	root := testtree.Write(t, behaviourProject)
	progs := testproject.CompileAll(t, root).Programs()
	p := progs[0]
	src, err := gogen.Generate(progs, "h")
	if err != nil {
		t.Fatal(err)
	}
	app := testtree.Write(t, map[string]string{
		"go.mod":                    "module example.com/app\n\ngo 1.26\n",
		"cmd/app/main.go":           behaviourApp,
		"prompts/" + gogen.FileName: string(src),
	})

	type request struct {
		Model   string         `json:"model"`
		Inputs  map[string]any `json:"inputs"`
		Refused []string       `json:"refused"`
	}
	name20, name21 := strings.Repeat("n", 20), strings.Repeat("n", 21)
	server := func(host string, labels ...string) map[string]any {
		tags := []any{}
		for _, l := range labels {
			tags = append(tags, map[string]any{"Label": l})
		}
		return map[string]any{"Host": host, "Tags": tags}
	}
	config := func(name string, servers ...map[string]any) map[string]any {
		var list []any
		for _, s := range servers {
			list = append(list, s)
		}
		return map[string]any{"Options": map[string]any{"Name": name}, "Servers": list}
	}
	reqs := []request{
		{Model: "gpt-4o"},
		{Model: "gpt-4o-mini", Inputs: map[string]any{"Git": true}},
		{Model: "gpt-4o-mini", Inputs: map[string]any{"Config": config(name20, server("hostname", "a"), server("h", "b"))}},
		{Model: "llama3", Inputs: map[string]any{"Git": true, "Config": config("cfg", server("h"))}, Refused: []string{"websearch"}},
		{Model: "llama3", Refused: []string{"todo", "fetch"}},
		// Over the limits: Validate names each, and the template that
		// reads them refuses to render past its bound.
		{Model: "gpt-4o", Inputs: map[string]any{"Config": config(name21, server("h"), server("hostname1", "a", "b"), server("h", "c"))}},
	}
	// What Validate says of each request: nothing within the limits,
	// each value over its limit by its path.
	validate := []string{"", "", "", "", "",
		"Request.Inputs.Config.Options.Name has 21 characters, over its limit of 20\n" +
			"Request.Inputs.Config.Servers has 3 items, over its limit of 2\n" +
			"Request.Inputs.Config.Servers[1].Host has 9 characters, over its limit of 8\n" +
			"Request.Inputs.Config.Servers[1].Tags has 2 items, over its limit of 1\n" +
			"Request.Inputs.Config.Servers[2].Tags[0].Label is \"c\", not one of its values (a, b)"}
	// The tool listing and the capability line under Allowed.
	listing := map[int]struct{ tools, capability string }{
		3: {"todo: Keeps a list.\n\ntool_search: Finds tools.\n\nMore tools, by capability (call tool_search with their names for their descriptions before first use):\n- web: fetch", "You have: todo. Through tool_search: fetch."},
		4: {"tool_search: Finds tools.\n\nMore tools, by capability (call tool_search with their names for their descriptions before first use):\n- web: websearch", "Through tool_search: websearch."},
	}

	var in strings.Builder
	for _, q := range reqs {
		b, err := json.Marshal(q)
		if err != nil {
			t.Fatal(err)
		}
		in.Write(b)
		in.WriteByte('\n')
	}
	cmd := exec.Command(goTool, "run", "./cmd/app")
	cmd.Dir = app
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=", "GOTOOLCHAIN=local")
	cmd.Stdin = strings.NewReader(in.String())
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go run: %v\n%s", err, stderr.String())
	}
	lines := strings.SplitAfter(string(out), "\n")
	if len(lines) < len(reqs) {
		t.Fatalf("the program answered %d requests of %d:\n%s", len(lines), len(reqs), out)
	}

	m, err := p.Mode("focus")
	if err != nil {
		t.Fatal(err)
	}
	names, listed := p.CapabilityTools()
	lw, dw := p.CapabilityWords()
	everyTool := genruntime.CapabilityLine(lw, dw, names, listed, nil)
	for i, q := range reqs {
		var got behaviourAnswer
		if err := json.Unmarshal([]byte(lines[i]), &got); err != nil {
			t.Fatalf("request %d: %v: %s", i, err, lines[i])
		}
		// The compiler's answer, as show composes it.
		sel, err := p.SelectFor(compiler.Auto, "", q.Model)
		if err != nil {
			t.Fatal(err)
		}
		if got.Validate != validate[i] {
			t.Errorf("request %d: Validate:\n%s\nwant\n%s", i, got.Validate, validate[i])
		}
		if i == len(reqs)-1 {
			if want := "error: part config: template config.tmpl: the rendering passes its bound"; !strings.HasPrefix(got.Text, want) {
				t.Errorf("request %d: Compose = %q, want %q...", i, got.Text, want)
			}
			continue
		}
		// The notice counts the static text: templates at their maximum,
		// every part a when condition may send.
		notices := costs.NoticesFor(p, sel)
		if sel.Inputs, err = p.InputValues(roundTrip(t, q.Inputs)); err != nil {
			t.Fatalf("request %d: %v", i, err)
		}
		secs := p.Sections(m, sel, nil)
		want := m.Join(secs)
		var wantSecs []behaviourSection
		prev := ""
		for _, s := range secs {
			if s.Text == "" {
				continue
			}
			before := ""
			if prev != "" {
				before = m.Config.SeparatorBetween(prev, s.Name)
			}
			wantSecs = append(wantSecs, behaviourSection{s.Name, before})
			prev = s.Name
		}
		wantCapability := everyTool
		if l, ok := listing[i]; ok {
			// The compiler lists every tool the program permits: the
			// listing Allowed makes replaces it.
			tools := p.Sections(m, sel, nil)[len(secs)-1].Text
			want = strings.Replace(want, tools, l.tools, 1)
			wantCapability = l.capability
		}
		if got.Text != want {
			t.Errorf("request %d (%+v): Compose =\n%q\nwant\n%q", i, q, got.Text, want)
		}
		if !equalSections(got.Sections, wantSecs) {
			t.Errorf("request %d: sections %v, want %v", i, got.Sections, wantSecs)
		}
		// The prefix ends before the separator of config, which reads
		// an input that is not stable.
		if at := strings.Index(got.Text, "Name: "); got.CacheEnd != at-1 {
			t.Errorf("request %d: CacheEnd = %d, want %d", i, got.CacheEnd, at-1)
		}
		if got.Notice != notices[0].Text() {
			t.Errorf("request %d: notice %q, want %q", i, got.Notice, notices[0].Text())
		}
		if got.Capability != wantCapability {
			t.Errorf("request %d: capability line %q, want %q", i, got.Capability, wantCapability)
		}
	}
	fields := strings.Join(lines[len(reqs):], "")
	wantFields := `Git chars 0/0/0 items 0/0/0 stable true
Config chars 0/0/0 items 0/0/0 stable false
Config.Options chars 0/0/0 items 0/0/0 stable false
Config.Options.Name chars 10/5/20 items 0/0/0 stable false
Config.Servers chars 0/0/0 items 1/1/2 stable false
Config.Servers[].Host chars 5/2/8 items 0/0/0 stable false
Config.Servers[].Tags chars 0/0/0 items 1/0/1 stable false
Config.Servers[].Tags[].Label chars 0/0/0 items 0/0/0 stable false
`
	if fields != wantFields {
		t.Errorf("Fields:\n%s\nwant\n%s", fields, wantFields)
	}
}

// roundTrip gives v as JSON decodes it, as show reads inputs.
func roundTrip(t *testing.T, v map[string]any) map[string]any {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var out map[string]any
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

func equalSections(a, b []behaviourSection) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
