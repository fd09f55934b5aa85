package markdown

import (
	"encoding/json"
	"os"
	"testing"
)

type specExample struct {
	Markdown string `json:"markdown"`
	Example  int    `json:"example"`
	Section  string `json:"section"`
}

func loadSpec(t testing.TB) []specExample {
	t.Helper()
	b, err := os.ReadFile("testdata/spec.json")
	if err != nil {
		t.Fatal(err)
	}
	var ex []specExample
	if err := json.Unmarshal(b, &ex); err != nil {
		t.Fatal(err)
	}
	return ex
}

// TestSpecAgainstGoldmark checks every CommonMark example: the lines Scan
// marks Code and Comment must be exactly those inside goldmark's code and
// comment blocks.
func TestSpecAgainstGoldmark(t *testing.T) {
	ex := loadSpec(t)
	if len(ex) != 652 {
		t.Fatalf("spec.json has %d examples, want 652", len(ex))
	}
	bad := 0
	for _, e := range ex {
		if d := compareOracle([]byte(e.Markdown)); d != "" {
			bad++
			t.Errorf("example %d (%s):\n%q\n%s", e.Example, e.Section, e.Markdown, d)
		}
	}
	if bad > 0 {
		t.Logf("%d of %d examples disagree", bad, len(ex))
	}
}
