package costs_test

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/promptc/promptc/compiler"
	"github.com/promptc/promptc/compiler/costs"
	"github.com/promptc/promptc/internal/testproject"
)

func compileAssets(t *testing.T) *compiler.Program {
	t.Helper()
	return testproject.Compile(t, filepath.Join("..", "..", "assets"))
}

// TestJSONValidatesAgainstSchema validates costs.json of the example
// project against the schema published in cue/.
func TestJSONValidatesAgainstSchema(t *testing.T) {
	c := jsonschema.NewCompiler()
	sch, err := c.Compile(filepath.Join("..", "..", "cue", "costs.schema.json"))
	if err != nil {
		t.Fatal(err)
	}
	b, err := costs.JSON(costs.Table(compileAssets(t)))
	if err != nil {
		t.Fatal(err)
	}
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	if err := sch.Validate(v); err != nil {
		t.Fatal(err)
	}
	// The schema must reject what is wrong, or the check above proves nothing.
	var bad map[string]any
	json.Unmarshal(b, &bad)
	bad["costs"].([]any)[0].(map[string]any)["tokens"] = -1
	nb, _ := json.Marshal(bad)
	nv, _ := jsonschema.UnmarshalJSON(bytes.NewReader(nb))
	if sch.Validate(nv) == nil {
		t.Fatal("schema accepts a negative token count")
	}
}

// TestTableAgreesWithComposition checks every row against a direct count
// of the composed text.
func TestTableAgreesWithComposition(t *testing.T) {
	p := compileAssets(t)
	for _, r := range costs.Table(p) {
		m, _ := p.Mode(r.Mode)
		f := p.Families[r.Family]
		note := compiler.NoNote
		if p.UsesNotes(m) {
			note = p.LongestNote(f)
		}
		text := p.Static(m, f, note)
		if got := (len([]rune(text)) + 3) / 4; got != r.Tokens {
			t.Errorf("%s/%s: table says %d tokens, text has %d", r.Mode, r.Family, r.Tokens, got)
		}
	}
}
