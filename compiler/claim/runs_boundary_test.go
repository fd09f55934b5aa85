package claim

import (
	"encoding/json"
	"io"
	"strings"
	"testing"
)

// TestCachedAndReasoningWithinTheirTotals checks cached tokens against
// input and reasoning tokens against output, equal and one over.
func TestCachedAndReasoningWithinTheirTotals(t *testing.T) {
	for _, tc := range []struct {
		usage, err string
	}{
		{`{"input": 10, "output": 5, "cached": 10, "reasoning": 5}`, ""},
		{`{"input": 10, "output": 5, "cached": 9, "reasoning": 4}`, ""},
		{`{"input": 10, "output": 5, "cached": 11, "reasoning": 5}`, `runs.jsonl:2:89: usage "cached" is larger than "input": input tokens include the cached ones`},
		{`{"input": 10, "output": 5, "cached": 10, "reasoning": 6}`, `runs.jsonl:2:103: usage "reasoning" is larger than "output": output tokens include the reasoning ones, which are never added again`},
		{`{"input": null, "output": null, "cached": 11, "reasoning": 6}`, ""},
	} {
		line := `{"arm": "a", "task": "t", "run": 1, "passed": true, "usage": ` + tc.usage + `, "settings": {"m": 1}, "settingsVerified": true}`
		_, err := Read("runs.jsonl", strings.NewReader(planFor([]string{line})+"\n"+line+"\n"))
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tc.err {
			t.Errorf("usage %s: error %q, want %q", tc.usage, got, tc.err)
		}
	}
}

// TestScalar checks how settings are spelled for comparison: numbers by
// value, at full precision, anything else as written.
func TestScalar(t *testing.T) {
	for raw, want := range map[string]string{
		"0": "0", "0.0": "0", "0e0": "0", "-0.5": "-0.5", "9": "9", "0.25": "0.25", "1e2": "100",
		"0.123456789": "0.123456789", "-0.50": "-0.5", "9.0": "9", `"0.5"`: `"0.5"`, "true": "true", "null": "null",
	} {
		if got := scalar(json.RawMessage(raw)); got != want {
			t.Errorf("scalar(%s) = %s, want %s", raw, got, want)
		}
	}
}

// spaces reads as n spaces: one blank line.
type spaces struct{ n int }

func (r *spaces) Read(p []byte) (int, error) {
	if r.n == 0 {
		return 0, io.EOF
	}
	k := min(len(p), r.n)
	for i := range k {
		p[i] = ' '
	}
	r.n -= k
	return k, nil
}

// TestReadSizeLimit checks the size limit of a runs file at exactly
// MaxFileBytes (read: one blank line, so no runs) and one byte over.
func TestReadSizeLimit(t *testing.T) {
	if testing.Short() {
		t.Skip("reads 64 MiB")
	}
	// A file of exactly the limit is read to its end: it holds no plan
	// line, which is the error, not its size.
	_, err := Read("runs.jsonl", &spaces{MaxFileBytes})
	if err == nil || strings.Contains(err.Error(), "larger than") {
		t.Errorf("a file of exactly the limit: %v; want the missing plan, not the size", err)
	}
	_, err = Read("runs.jsonl", &spaces{MaxFileBytes + 1})
	if want := "runs.jsonl:1:1: the file is larger than 64 MiB; a runs file holds one short JSON object per run"; err == nil || err.Error() != want {
		t.Errorf("one byte over: %v, want %q", err, want)
	}
}
