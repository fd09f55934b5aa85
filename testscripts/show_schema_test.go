package testscripts

import (
	"bytes"
	"encoding/json"
	"testing"
	"unicode/utf8"

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
			secs := m["sections"].([]any)
			for _, unit := range []string{"bytes", "chars"} {
				total := 0
				for _, s := range secs {
					total += toInt(t, s.(map[string]any)[unit])
				}
				// The mode's separator between sections, and its final
				// newline.
				sep := m["separator"].(string)
				if unit == "chars" {
					total += utf8.RuneCountInString(sep) * (len(secs) - 1)
				} else {
					total += len(sep) * (len(secs) - 1)
				}
				if m["finalNewline"].(bool) {
					total++
				}
				if got := toInt(t, m[unit]); got != total {
					t.Errorf("%s: sections add up to %d %s, the composed text has %d", mode, total, unit, got)
				}
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

// TestCostNoticeJSONValidates checks promptc costs --model --format json
// against cue/notices.schema.json, and that its lines and warnings are the
// text form's, line for line.
func TestCostNoticeJSONValidates(t *testing.T) {
	c := jsonschema.NewCompiler()
	sch, err := c.Compile("../cue/notices.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"--model", "claude-sonnet-4-5"},
		{"--model", "claude-sonnet-4-5", "--family", "gemini"},
		{"--model", "acme/in-house-coder-v2"},
	} {
		var out, errb bytes.Buffer
		jsonArgs := append(append([]string{"costs", "../assets"}, args...), "--format", "json")
		if code := cli.Run(jsonArgs, nil, &out, &errb); code != 0 {
			t.Fatalf("%v: exit %d: %s", jsonArgs, code, errb.String())
		}
		inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(out.Bytes()))
		if err != nil {
			t.Fatal(err)
		}
		if err := sch.Validate(inst); err != nil {
			t.Fatalf("%v: %v", jsonArgs, err)
		}
		text := ""
		for _, n := range inst.(map[string]any)["notices"].([]any) {
			n := n.(map[string]any)
			text += n["line"].(string) + "\n"
			if w, ok := n["warning"].(string); ok {
				text += "  " + w + "\n"
			}
		}
		if want := capture(t, append([]string{"costs", "../assets"}, args...)...); text != want {
			t.Errorf("%v: json lines\n%s\ntext form\n%s", args, text, want)
		}
	}
	// The schema must reject what is wrong, or the check above proves nothing.
	bad, err := jsonschema.UnmarshalJSON(bytes.NewReader([]byte(`{"model":"m","choice":"auto","family":"f","counter":"chars/4","exact":false,"notices":[{"mode":"focus","tokens":-1,"overFocus":0,"line":"x"}]}`)))
	if err != nil {
		t.Fatal(err)
	}
	if sch.Validate(bad) == nil {
		t.Fatal("schema accepts a negative token count")
	}
}
