package portable

import (
	"testing"

	"github.com/promptc/promptc/compiler"
	"github.com/promptc/promptc/internal/testproject"
)

// TestBuildShipsEveryBefore: a mode's before is shipped for the section it
// precedes, an empty one included (it joins the sections with nothing,
// unlike the separator); a section without one has none.
func TestBuildShipsEveryBefore(t *testing.T) {
	p := testproject.FromFiles(t, map[string]string{
		"promptc.cue": `version: "v1"
parts: {
	a: file: "a.md"
	b: file: "b.md"
	c: file: "c.md"
}
modes: focus: {
	compose: [parts.a, parts.b, parts.c]
	before: {b: "", c: " | "}
}
order: ["focus"]
defaultMode: "focus"
`,
		"a.md": "Alpha.\n",
		"b.md": "Beta.\n",
		"c.md": "Gamma.\n",
	})
	proj, err := Build([]*compiler.Program{p}, "hash")
	if err != nil {
		t.Fatal(err)
	}
	items := proj.Programs[0].Modes[0]
	want := map[string]*string{"a": nil, "b": new(string), "c": new(string)}
	*want["c"] = " | "
	for _, it := range items {
		w := want[it.Name]
		if (it.Before == nil) != (w == nil) || it.Before != nil && *it.Before != *w {
			t.Errorf("item %s: before %v, want %v", it.Name, it.Before, w)
		}
	}
	if len(items) != 3 {
		t.Errorf("%d items, want 3", len(items))
	}
}
