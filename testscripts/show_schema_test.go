package testscripts

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/promptc/promptc/cmd/promptc/cli"
)

// TestShowJSONValidates checks promptc show --format json of every mode of
// the example project, with and without --show-full, against the schema
// published in cue/show.schema.json, and that the sections add up to the
// composed text.
func TestShowJSONValidates(t *testing.T) {
	c := jsonschema.NewCompiler()
	sch, err := c.Compile("../cue/show.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, mode := range []string{"minimal", "focus", "guide", "full"} {
		for _, extra := range [][]string{nil, {"--show-full"}} {
			args := append([]string{"show", "../assets", "--mode", mode, "--model", "claude-opus-4-1", "--format", "json"}, extra...)
			var out, errb bytes.Buffer
			if code := cli.Run(args, nil, &out, &errb); code != 0 {
				t.Fatalf("%v: exit %d: %s", args, code, errb.String())
			}
			inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(out.Bytes()))
			if err != nil {
				t.Fatal(err)
			}
			if err := sch.Validate(inst); err != nil {
				t.Fatalf("%v: %v", args, err)
			}
			m := inst.(map[string]any)
			total := 0
			secs := m["sections"].([]any)
			for _, s := range secs {
				total += toInt(t, s.(map[string]any)["chars"])
			}
			total += 2 * (len(secs) - 1) // the blank line between sections
			if got := toInt(t, m["chars"]); got != total {
				t.Errorf("%s: sections add up to %d characters, the composed text has %d", mode, total, got)
			}
		}
	}
}

func toInt(t *testing.T, v any) int {
	t.Helper()
	n, ok := v.(json.Number)
	if !ok {
		t.Fatalf("%v is not a number", v)
	}
	i, err := n.Int64()
	if err != nil {
		t.Fatal(err)
	}
	return int(i)
}
