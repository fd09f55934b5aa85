package costs_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
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
	if err := json.Unmarshal(b, &bad); err != nil {
		t.Fatal(err)
	}
	bad["costs"].([]any)[0].(map[string]any)["tokens"] = -1
	nb, err := json.Marshal(bad)
	if err != nil {
		t.Fatal(err)
	}
	nv, err := jsonschema.UnmarshalJSON(bytes.NewReader(nb))
	if err != nil {
		t.Fatal(err)
	}
	if sch.Validate(nv) == nil {
		t.Fatal("schema accepts a negative token count")
	}
}

// TestTableAgreesWithComposition checks every row against a direct count
// of the composed text: Tokens is the largest count over every note the
// mode can send (Chars the longest text among those), with the inputs
// that when conditions test at their largest choice, and OverFocus is
// Tokens minus the default mode's Tokens.
func TestTableAgreesWithComposition(t *testing.T) {
	p := compileAssets(t)
	rows := costs.PerFamily(p)
	tokens := map[[2]string]int{}
	for _, r := range rows {
		m, err := p.Mode(r.Mode)
		if err != nil {
			t.Fatal(err)
		}
		f := p.Families[r.Family]
		notes := []int{compiler.NoNote}
		if p.UsesNotes(m) && len(f.Notes) > 0 {
			notes = notes[:0]
			for i := range f.Notes {
				notes = append(notes, i)
			}
		}
		wantTokens, wantChars := -1, -1
		for _, n := range notes {
			sel := compiler.Selection{Family: f, Note: n, Conditional: compiler.EveryConditional}
			// The costs count the largest choice of the when-conditioned
			// parts (one output style, the packaged base or SYSTEM.md).
			sel.When, _ = p.MaxWhen(m, sel)
			text := p.Static(m, sel)
			chars := len([]rune(text))
			tok := (chars + 3) / 4
			if tok > wantTokens || tok == wantTokens && chars > wantChars {
				wantTokens, wantChars = tok, chars
			}
		}
		if r.Tokens != wantTokens || r.Chars != wantChars {
			t.Errorf("%s/%s: table says %d tokens, %d chars; the most expensive note gives %d, %d", r.Mode, r.Family, r.Tokens, r.Chars, wantTokens, wantChars)
		}
		tokens[[2]string{r.Mode, r.Family}] = r.Tokens
	}
	for _, r := range rows {
		if want := r.Tokens - tokens[[2]string{p.Config.DefaultMode, r.Family}]; r.OverFocus == nil || *r.OverFocus != want {
			t.Errorf("%s/%s: overFocus %v, want %d", r.Mode, r.Family, r.OverFocus, want)
		}
	}
}

// TestLongestNoteIsTheMostExpensivePrompt checks that the note counted is
// the one whose composed prompt costs the most, not the one whose own text
// rounds highest: "aaa" and "bbbb" are one token each, but after a
// three-character base the prompts are 8 and 9 characters (2 and 3
// tokens). A tie in tokens goes to the longer text.
func TestLongestNoteIsTheMostExpensivePrompt(t *testing.T) {
	for _, tc := range []struct {
		base, note string
		tokens     int
	}{
		{"xxx", "B", 3}, // 9 characters beat 8
		{"x", "B", 2},   // 2 tokens each: 7 characters beat 6
	} {
		p := testproject.FromFiles(t, map[string]string{
			"promptc.cue": `version: "v1"
parts: {
	base: file: "base.md"
	note: family: "note"
}
families: rules: [{family: "alpha", name: ["^alpha"]}]
modes: {
	minimal: compose: [parts.base]
	focus: compose: [parts.base, parts.note]
}
order: ["minimal", "focus"]
defaultMode: "focus"
`,
			"base.md": tc.base + "\n",
			"prompts/families/alpha.prompt.md": "---\nfamily: alpha\nprovenance: test\n---\nAlpha line.\n" +
				"<!-- model \"A\" /a/ -->\naaa\n<!-- model \"B\" /b/ -->\nbbbb\n",
		})
		for _, r := range costs.PerFamily(p) {
			if r.Family != "alpha" {
				continue
			}
			switch r.Mode {
			case "focus":
				if r.Note != tc.note || r.Tokens != tc.tokens {
					t.Errorf("base %q: focus counts note %q, %d tokens; want %q, %d", tc.base, r.Note, r.Tokens, tc.note, tc.tokens)
				}
			case "minimal":
				// OverFocus is measured against focus with its note.
				if want := r.Tokens - tc.tokens; r.OverFocus == nil || *r.OverFocus != want {
					t.Errorf("base %q: minimal overFocus %v, want %d", tc.base, r.OverFocus, want)
				}
			}
		}
	}
}

// TestPointerJSONValidatesAgainstSchema validates the pointers array of
// costs --format json against the published schema.
func TestPointerJSONValidatesAgainstSchema(t *testing.T) {
	sch, err := jsonschema.NewCompiler().Compile(filepath.Join("..", "..", "cue", "costs.schema.json"))
	if err != nil {
		t.Fatal(err)
	}
	p := testproject.FromFiles(t, map[string]string{
		"promptc.cue": `version: "v1"
parts: {
	base: file: "base.md"
	runbook: pointer: {trigger: "Restarts", source: "runbook.md", covers: ["restart"]}
	unused: pointer: {trigger: "Deploys", source: "runbook.md", covers: ["restart"]}
}
modes: focus: compose: [parts.base, parts.runbook]
order: ["focus"]
defaultMode: "focus"
`,
		"base.md":    "You are careful.\n",
		"runbook.md": "To restart the service, run the restart script and check the health endpoint.\n",
	})
	b, err := costs.JSONWithPointers(costs.Table(p), costs.Pointers(p, costs.Session{Calls: 3, Overhead: 10}))
	if err != nil {
		t.Fatal(err)
	}
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	if err := sch.Validate(v); err != nil {
		t.Fatalf("%v\n%s", err, b)
	}
	if !bytes.Contains(b, []byte(`"mode": "focus"`)) || !bytes.Contains(b, []byte(`"calls": 3`)) {
		t.Fatalf("pointer JSON lacks its session:\n%s", b)
	}
}

// TestTableOneRowForFamilyFreeModes checks that a mode sending no family
// part is tabled once, as "*", and only such a mode; that its text is in
// fact the same for every family; and that PerFamily still has every cell.
func TestTableOneRowForFamilyFreeModes(t *testing.T) {
	p := compileAssets(t)
	rows := costs.Table(p)
	count := map[string]int{}
	for _, r := range rows {
		count[r.Mode]++
		m, _ := p.Mode(r.Mode)
		if (r.Family == costs.AnyFamily) == p.UsesFamily(m) {
			t.Errorf("%s/%s: family-free %v, but the mode sends a family part: %v", r.Mode, r.Family, r.Family == costs.AnyFamily, p.UsesFamily(m))
		}
		if r.Family == costs.AnyFamily {
			texts := map[string]bool{}
			for _, fn := range p.FamilyNames {
				texts[p.Static(m, compiler.Selection{Family: p.Families[fn], Note: compiler.NoNote})] = true
			}
			if len(texts) != 1 {
				t.Errorf("%s: %d different texts across families", r.Mode, len(texts))
			}
			// focus depends on the family, so minimal has no single
			// difference from it.
			if r.OverFocus != nil {
				t.Errorf("%s/*: over focus %d, want none", r.Mode, *r.OverFocus)
			}
		}
	}
	if count["minimal"] != 1 || count["focus"] != len(p.FamilyNames) {
		t.Errorf("rows per mode %v, want minimal 1 and focus %d", count, len(p.FamilyNames))
	}
	if got, want := len(costs.PerFamily(p)), len(p.Modes)*len(p.FamilyNames); got != want {
		t.Errorf("PerFamily has %d rows, want %d", got, want)
	}
}

// TestTableFamilyFreeOverFocus checks that a family-free mode has an over
// focus figure when the default mode is family-free too.
func TestTableFamilyFreeOverFocus(t *testing.T) {
	p := testproject.FromFiles(t, map[string]string{
		"promptc.cue": `version: "v1"
parts: {
	a: file: "a.md"
	b: file: "b.md"
	line: family: "line"
}
families: rules: [{family: "x", name: ["^x"]}]
modes: {
	small: compose: [parts.a]
	big: compose: [parts.a, parts.b]
	fam: compose: [parts.a, parts.line]
}
order: ["small", "big"]
defaultMode: "small"
`,
		"a.md":                         "12345678\n",
		"b.md":                         "1234\n",
		"prompts/families/x.prompt.md": "Line of x.\n",
	})
	var got []string
	for _, r := range costs.Table(p) {
		over := "nil"
		if r.OverFocus != nil {
			over = fmt.Sprint(*r.OverFocus)
		}
		got = append(got, fmt.Sprintf("%s/%s %d %s", r.Mode, r.Family, r.Tokens, over))
	}
	// big: "12345678\n\n1234" is 14 characters, 4 tokens, 2 over small's 2.
	// fam depends on the family: a row each, x with "12345678\n\nLine of x." (20, 5).
	want := []string{"small/* 2 0", "big/* 4 2", "fam/neutral 2 0", "fam/x 5 3"}
	if !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestWidestIsWhatTheTableMeasures: the prefix of Widest's selection (what
// costs --base compares) has the tokens of the table's prefix column, for
// every mode and family of the example, whose output styles are parts
// that exclude each other.
func TestWidestIsWhatTheTableMeasures(t *testing.T) {
	p := compileAssets(t)
	n := 0
	for _, r := range costs.PerFamily(p) {
		m, err := p.Mode(r.Mode)
		if err != nil {
			t.Fatal(err)
		}
		f := p.Families[r.Family]
		if f == nil {
			f = p.Families[p.Config.Families.Fallback]
		}
		if got := p.Counter.Count(p.Prefix(m, costs.Widest(p, m, f))); got != r.PrefixTokens {
			t.Errorf("%s/%s: Widest's prefix has %d tokens, the table %d", r.Mode, r.Family, got, r.PrefixTokens)
		}
		n++
	}
	if n == 0 {
		t.Fatal("no rows")
	}
}
