package testscripts

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/promptc/promptc/cmd/promptc/cli"
)

// TestLintSARIFValidates runs promptc lint --format sarif, as CI does, on
// a project with findings of several rules and severities, and validates
// the whole log against the SARIF 2.1.0 schema.
func TestLintSARIFValidates(t *testing.T) {
	// The copy sits in a module, as the assets do in the repository: their
	// output directory, ../generated, must stay inside it.
	mod := t.TempDir()
	if err := os.WriteFile(filepath.Join(mod, "go.mod"), []byte("module example.com/copy\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(mod, "assets")
	copyExcept(t, "../assets", dir, "")
	// A credential, trailing space and a budget breach give findings of
	// different rules and severities.
	base := filepath.Join(dir, "prompts", "base.md")
	b, err := os.ReadFile(base)
	if err != nil {
		t.Fatal(err)
	}
	b = append(b, []byte("Use sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123 for tests. \n")...)
	if err := os.WriteFile(base, b, 0o644); err != nil {
		t.Fatal(err)
	}

	var out, errb bytes.Buffer
	code := cli.Run([]string{"lint", "--format", "sarif", dir}, nil, &out, &errb)
	if code != 1 {
		t.Fatalf("lint exit %d, want 1 (findings)\n%s", code, errb.String())
	}

	f, err := os.Open("../lint/printer/testdata/sarif-schema-2.1.0.json")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft7)
	const url = "https://schemas.test/sarif-2.1.0.json"
	if err := c.AddResource(url, doc); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile(url)
	if err != nil {
		t.Fatal(err)
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(out.Bytes()))
	if err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out.String())
	}
	if err := sch.Validate(inst); err != nil {
		t.Fatalf("SARIF output does not validate: %v", err)
	}
	for _, want := range []string{`"ruleId": "SECRET`, `"level": "error"`, `"level": "warning"`} {
		if !bytes.Contains(out.Bytes(), []byte(want)) {
			t.Errorf("SARIF output lacks %s", want)
		}
	}
}
