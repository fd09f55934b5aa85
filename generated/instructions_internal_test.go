// Written by hand: the generated package's copy of promptc's Markdown
// scanner classifies every line as promptc's own scanner does, on the
// CommonMark specification's examples and the reference corpus.
package generated

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/promptc/promptc/compiler/markdown"
)

// TestCarriedScannerIsPromptcs: mdScan, which LoadInstructions uses to
// tell include lines from code and comments, gives the same line kinds,
// offsets and indents as markdown.Scan on every document of both corpora.
func TestCarriedScannerIsPromptcs(t *testing.T) {
	docs := 0
	for _, file := range []string{"../compiler/markdown/testdata/spec.json", "../compiler/markdown/testdata/reference.json"} {
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		var examples []struct {
			Markdown string `json:"markdown"`
		}
		if err := json.Unmarshal(b, &examples); err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		for _, ex := range examples {
			docs++
			want, got := markdown.Scan([]byte(ex.Markdown)), mdScan([]byte(ex.Markdown))
			if len(got) != len(want) {
				t.Fatalf("%q: %d lines, promptc's scanner %d", ex.Markdown, len(got), len(want))
			}
			for i := range want {
				w, g := want[i], got[i]
				if g.Num != w.Num || g.Start != w.Start || g.End != w.End || g.Indent != w.Indent || uint8(g.Kind) != uint8(w.Kind) {
					t.Errorf("%q line %d: %+v, promptc's scanner %+v", ex.Markdown, i+1, g, w)
				}
			}
		}
	}
	if docs < 600 {
		t.Fatalf("only %d documents compared", docs)
	}
}
