package printer

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/promptc/promptc/internal/diag"
)

// The official SARIF 2.1.0 schema (draft-07, as published with the OASIS
// standard) and the published schema of the json printer's output.
const (
	sarifSchemaFile = "testdata/sarif-schema-2.1.0.json"
	lintSchemaFile  = "../../cue/lint.schema.json"
)

// offline refuses every remote reference: the schemas under test must be
// complete in themselves, and tests never touch the network. The draft
// meta-schemas are built into the library and need no loading.
type offline struct{}

func (offline) Load(url string) (any, error) {
	return nil, fmt.Errorf("not loading %s: schemas are validated offline", url)
}

// compileSchema compiles the schema in file. draft applies when the file has
// no $schema of its own. Format assertions are on for every draft, so
// "format": "uri" really rejects relative URIs.
func compileSchema(t *testing.T, file string, draft *jsonschema.Draft) *jsonschema.Schema {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(draft)
	c.AssertFormat()
	c.UseLoader(offline{})
	url := "https://schemas.test/" + strings.ReplaceAll(file, "/", "_")
	if err := c.AddResource(url, doc); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	sch, err := c.Compile(url)
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	return sch
}

func validate(t *testing.T, sch *jsonschema.Schema, out []byte) error {
	t.Helper()
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(out))
	if err != nil {
		t.Fatalf("output is not JSON: %v\n%s", err, out)
	}
	return sch.Validate(inst)
}

// schemaCases are the inputs every JSON-producing printer is validated with.
func schemaCases() map[string]struct {
	ds  []diag.Diagnostic
	opt Options
} {
	type tc = struct {
		ds  []diag.Diagnostic
		opt Options
	}
	each := []diag.Diagnostic{
		diag.Errorf(diag.Position{Path: "prompts/a.md", Line: 1, Col: 1}, "ERR_RULE", "an error"),
		diag.Warnf(diag.Position{Path: "prompts/b.md", Line: 2}, "WARN_RULE", "a warning"),
		diag.Infof(diag.Position{Path: "prompts/c.md"}, "INFO_RULE", "an info"),
	}
	related := []diag.Diagnostic{{
		Pos:      diag.Position{Path: "prompts/a.md", Line: 4, Col: 2},
		End:      diag.Position{Path: "prompts/a.md", Line: 6, Col: 1},
		Rule:     "BUDGET_OVER",
		Severity: diag.Error,
		Message:  "over budget",
		Related: []diag.Related{
			{Pos: diag.Position{Path: "prompts/b.md", Line: 1, Col: 1}, Message: "related place"},
			{Pos: diag.Position{Path: "prompts/b.md", Line: 1, Col: 1}, Message: "related place"},
			{Pos: diag.Position{Path: "prompts/c.md"}, Message: "related place"},
			{Pos: diag.Position{Path: "prompts/d.md", Line: 7}, Message: "related place"},
		},
	}}
	relativeDocs := fixtureOptions()
	relativeDocs.RulesDocURL = "docs/rules.md"
	return map[string]tc{
		"zero diagnostics":     {nil, Options{}},
		"one of each severity": {each, Options{}},
		"related positions":    {related, Options{}},
		"rules metadata":       {fixture(), fixtureOptions()},
		"relative rules doc":   {fixture(), relativeDocs},
		"metadata, no matches": {each, fixtureOptions()},
	}
}

func TestSARIFMatchesOfficialSchema(t *testing.T) {
	sch := compileSchema(t, sarifSchemaFile, jsonschema.Draft7)
	for name, tc := range schemaCases() {
		t.Run(name, func(t *testing.T) {
			out := render(t, SARIF, tc.ds, tc.opt)
			if err := validate(t, sch, out); err != nil {
				t.Fatalf("SARIF output violates the 2.1.0 schema: %v\n%s", err, out)
			}
			checkSARIFConsistency(t, out, tc.opt)
		})
	}
}

// checkSARIFConsistency checks what the schema cannot: every ruleIndex
// points at the rule named by ruleId, helpUri is absolute, and a relative
// documentation address ends up in the help text.
func checkSARIFConsistency(t *testing.T, out []byte, opt Options) {
	t.Helper()
	var log struct {
		Runs []struct {
			Tool struct {
				Driver struct {
					Rules []struct {
						ID      string `json:"id"`
						HelpURI string `json:"helpUri"`
						Help    struct{ Text string }
					} `json:"rules"`
				} `json:"driver"`
			} `json:"tool"`
			Results []struct {
				RuleID    string `json:"ruleId"`
				RuleIndex *int   `json:"ruleIndex"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(out, &log); err != nil {
		t.Fatal(err)
	}
	if len(log.Runs) != 1 {
		t.Fatalf("want one run, got %d", len(log.Runs))
	}
	run := log.Runs[0]
	ids := map[string]bool{}
	for _, r := range run.Tool.Driver.Rules {
		if ids[r.ID] {
			t.Errorf("rule %s listed twice", r.ID)
		}
		ids[r.ID] = true
		if r.HelpURI != "" && !isAbsoluteURI(r.HelpURI) {
			t.Errorf("rule %s: relative helpUri %q", r.ID, r.HelpURI)
		}
		if opt.RulesDocURL == "docs/rules.md" && r.ID == "BUDGET_OVER" &&
			!strings.Contains(r.Help.Text, "Documentation: docs/rules.md#BUDGET_OVER") {
			t.Errorf("relative doc address missing from help text: %q", r.Help.Text)
		}
	}
	for _, res := range run.Results {
		if res.RuleIndex == nil {
			if ids[res.RuleID] {
				t.Errorf("result for listed rule %s has no ruleIndex", res.RuleID)
			}
			continue
		}
		if got := run.Tool.Driver.Rules[*res.RuleIndex].ID; got != res.RuleID {
			t.Errorf("ruleIndex %d names %s, result says %s", *res.RuleIndex, got, res.RuleID)
		}
	}
}

// TestSARIFSchemaRejects guards against a validator that accepts anything:
// the compiled schema must reject a relative helpUri (the reason relative
// rule documentation is not written there) and an unknown level.
func TestSARIFSchemaRejects(t *testing.T) {
	sch := compileSchema(t, sarifSchemaFile, jsonschema.Draft7)
	for name, doc := range map[string]string{
		"relative helpUri": `{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"promptc",
			"rules":[{"id":"R","helpUri":"docs/rules.md#R"}]}},"results":[]}]}`,
		"info level": `{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"promptc"}},
			"results":[{"level":"info","message":{"text":"m"}}]}]}`,
		"line zero": `{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"promptc"}},
			"results":[{"message":{"text":"m"},"locations":[{"physicalLocation":{
			"artifactLocation":{"uri":"a.md"},"region":{"startLine":0}}}]}]}]}`,
	} {
		if err := validate(t, sch, []byte(doc)); err == nil {
			t.Errorf("%s: schema accepted an invalid log", name)
		}
	}
}

func TestJSONMatchesPublishedSchema(t *testing.T) {
	sch := compileSchema(t, lintSchemaFile, jsonschema.Draft2020)
	for name, tc := range schemaCases() {
		t.Run(name, func(t *testing.T) {
			out := render(t, JSON, tc.ds, tc.opt)
			if err := validate(t, sch, out); err != nil {
				t.Fatalf("json output violates cue/lint.schema.json: %v\n%s", err, out)
			}
			var rep jsonReport
			if err := json.Unmarshal(out, &rep); err != nil {
				t.Fatal(err)
			}
			ds := sorted(tc.ds)
			if len(rep.Diagnostics) != len(ds) {
				t.Fatalf("%d diagnostics printed, want %d", len(rep.Diagnostics), len(ds))
			}
			s := rep.Summary
			if s.Errors != diag.Count(ds, diag.Error) ||
				s.Warnings != diag.Count(ds, diag.Warning)-diag.Count(ds, diag.Error) ||
				s.Errors+s.Warnings+s.Infos != len(ds) {
				t.Errorf("summary %+v does not match the diagnostics", s)
			}
		})
	}
}

func TestLintSchemaRejects(t *testing.T) {
	sch := compileSchema(t, lintSchemaFile, jsonschema.Draft2020)
	ok := `{"path":"a.md","line":1,"column":1,"endLine":0,"endColumn":0,"rule":"R","severity":"error","message":"m","related":[]}`
	for name, doc := range map[string]string{
		"no summary":       `{"diagnostics":[]}`,
		"unknown severity": `{"diagnostics":[` + strings.Replace(ok, `"error"`, `"fatal"`, 1) + `],"summary":{"errors":0,"warnings":0,"infos":0}}`,
		"lower-case rule":  `{"diagnostics":[` + strings.Replace(ok, `"R"`, `"bad_rule"`, 1) + `],"summary":{"errors":1,"warnings":0,"infos":0}}`,
		"negative line":    `{"diagnostics":[` + strings.Replace(ok, `"line":1`, `"line":-1`, 1) + `],"summary":{"errors":1,"warnings":0,"infos":0}}`,
		"extra key":        `{"diagnostics":[],"summary":{"errors":0,"warnings":0,"infos":0},"more":1}`,
	} {
		if err := validate(t, sch, []byte(doc)); err == nil {
			t.Errorf("%s: schema accepted an invalid report", name)
		}
	}
	valid := `{"diagnostics":[` + ok + `],"summary":{"errors":1,"warnings":0,"infos":0}}`
	if err := validate(t, sch, []byte(valid)); err != nil {
		t.Errorf("schema rejected a valid report: %v", err)
	}
}
