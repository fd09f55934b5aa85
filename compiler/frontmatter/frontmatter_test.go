package frontmatter

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/promptc/promptc/internal/testtree"

	"github.com/promptc/promptc/compiler/source"
	"github.com/promptc/promptc/internal/config"
	"github.com/promptc/promptc/internal/diag"
)

// project writes files below a fresh directory, loads its promptc.cue and
// opens the directory.
func project(t *testing.T, files map[string]string) (*source.FS, *config.Loaded) {
	t.Helper()
	dir := testtree.Write(t, files)
	l, err := config.LoadFile(filepath.Join(dir, config.FileName))
	if err != nil {
		t.Fatal(err)
	}
	fs, err := source.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { fs.Close() })
	return fs, l
}

const baseConfig = `version: "v1"
parts: base: file: "base.md"
modes: focus: compose: [parts.base]
order: ["focus"]
defaultMode: "focus"
`

func cfg(frontmatter string) string { return baseConfig + "frontmatter: " + frontmatter + "\n" }

func brief(ds []diag.Diagnostic) []string {
	var out []string
	for _, d := range diag.Sort(ds) {
		out = append(out, d.Pos.String()+" "+d.Message)
	}
	return out
}

const cardSchema = `{
  "type": "object",
  "required": ["title"],
  "additionalProperties": false,
  "properties": {
    "title": {"type": "string"},
    "order": {"type": "integer", "minimum": 0},
    "icon": {"$ref": "defs.json#/$defs/icon"},
    "tags": {"type": "array", "items": {"type": "string"}},
    "meta": {
      "type": "object",
      "properties": {"owner": {"type": "string"}},
      "required": ["owner"]
    }
  }
}`

const defsSchema = `{"$defs": {"icon": {"type": "string", "enum": ["gear", "gauge"]}}}`

func TestCheckReportsEveryViolationAtItsKey(t *testing.T) {
	fs, l := project(t, map[string]string{
		"promptc.cue":          cfg(`{"cards/*.md": "schemas/card.json"}`),
		"base.md":              "Base.\n",
		"schemas/card.json":    cardSchema,
		"schemas/defs.json":    defsSchema,
		"cards/good.md":        "---\ntitle: Good\norder: 1\nicon: gear\ntags: [a, b]\nmeta: {owner: me}\n---\nBody.\n",
		"cards/bad.md":         "---\ntitle: 7\norder: -1\nicon: wrench\ntags:\n  - a\n  - 2\nmeta:\n  team: x\nextra: y\n---\n",
		"cards/none.md":        "No frontmatter at all.\n",
		"cards/empty.md":       "---\n---\n",
		"cards/comments.md":    "---\n# only a comment\n---\n",
		"cards/list.md":        "---\n- a\n- b\n---\n",
		"cards/bad-yaml.md":    "---\ntitle: T\n\tx: 1\n---\n",
		"cards/bad-alias.md":   "---\ntitle: T\nmeta: {owner: *who}\n---\n",
		"cards/quoted.md":      "---\n\"title\": 1\n---\n",
		"cards/indented.md":    "---\ntitle: T\nmeta:\n    owner: 5\n---\n",
		"cards/sub/ignored.md": "---\nnope: 1\n---\n",
	})
	got := brief(Check(fs, l))
	want := []string{
		// The YAML parser names no line for an unknown anchor: the alias is found.
		"cards/bad-alias.md:3:15 frontmatter cannot be checked against its schema: unknown anchor 'who' referenced",
		// The YAML parser reports this one at the line of the mapping it breaks.
		"cards/bad-yaml.md:2:1 frontmatter cannot be checked against its schema: found a tab character that violates indentation",
		"cards/bad.md:2:1 frontmatter field title: got number, want string (schema schemas/card.json)",
		"cards/bad.md:3:1 frontmatter field order: minimum: got -1, want 0 (schema schemas/card.json)",
		"cards/bad.md:4:1 frontmatter field icon: value must be one of 'gear', 'gauge' (schema schemas/card.json)",
		"cards/bad.md:7:5 frontmatter field tags.1: got number, want string (schema schemas/card.json)",
		"cards/bad.md:8:1 frontmatter field meta: missing property 'owner' (schema schemas/card.json)",
		"cards/bad.md:10:1 frontmatter: additional properties 'extra' not allowed (schema schemas/card.json)",
		"cards/comments.md:1:1 frontmatter: missing property 'title' (schema schemas/card.json)",
		"cards/empty.md:1:1 frontmatter: missing property 'title' (schema schemas/card.json)",
		"cards/indented.md:4:5 frontmatter field meta.owner: got number, want string (schema schemas/card.json)",
		"cards/list.md:1:1 frontmatter: got array, want object (schema schemas/card.json)",
		"cards/none.md:1:1 frontmatter: missing property 'title' (schema schemas/card.json)",
		"cards/quoted.md:2:1 frontmatter field title: got number, want string (schema schemas/card.json)",
	}
	if len(got) != len(want) {
		t.Fatalf("got %d diagnostics, want %d:\n%s", len(got), len(want), strings.Join(got, "\n"))
	}
	for i := range want {
		if !strings.HasPrefix(got[i], want[i]) {
			t.Errorf("diagnostic %d:\n got  %s\n want %s", i, got[i], want[i])
		}
	}
	for _, d := range Check(fs, l) {
		if d.Rule != Rule || d.Severity != diag.Error {
			t.Errorf("%s: rule %s severity %s, want %s error", d, d.Rule, d.Severity, Rule)
		}
	}
}

func TestCheckSchemaProblems(t *testing.T) {
	tests := []struct {
		name, schema string
		extra        map[string]string
		want         string // prefix of the message
		related      string // the schema's own position, when it has one
	}{
		{"missing", "", nil, "schema: schemas/s.json does not exist", "schemas/s.json"},
		{"not json", `{"type": "object",}`, nil, "schema schemas/s.json is not valid JSON: invalid character '}'", "schemas/s.json:1:19"},
		{"truncated", "{\n  \"type\": \"object\"", nil, "schema schemas/s.json is not valid JSON: unexpected EOF", "schemas/s.json:2:19"},
		{"trailing data", `{} {}`, nil, "schema schemas/s.json is not valid JSON: invalid character after top-level value", "schemas/s.json:1:1"},
		{"not a schema", `{"type": 5}`, nil, "schema schemas/s.json does not compile:", "schemas/s.json"},
		{"remote ref", `{"$ref": "https://example.com/s.json"}`, nil, "schema schemas/s.json does not compile: cannot load https://example.com/s.json: https://example.com/s.json is outside the project", "schemas/s.json"},
		{"escaping ref", `{"$ref": "../../../etc/passwd"}`, nil, "schema schemas/s.json does not compile: cannot load file:///etc/passwd:", "schemas/s.json"},
		{"missing ref", `{"$ref": "other.json"}`, nil, "schema schemas/s.json does not compile: cannot load schemas/other.json: schemas/other.json:", "schemas/s.json"},
		{"ref to bad json", `{"$ref": "other.json"}`, map[string]string{"schemas/other.json": "{"}, "schema schemas/s.json does not compile: cannot load schemas/other.json: schemas/other.json:1:2:", "schemas/s.json"},
		{"bad pattern", `{"properties": {"a": {"pattern": "(?<=x)"}}}`, nil, "schema schemas/s.json does not compile:", "schemas/s.json"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			files := map[string]string{
				"promptc.cue": cfg(`{"cards/*.md": "schemas/s.json"}`),
				"base.md":     "Base.\n",
				"cards/a.md":  "---\ntitle: A\n---\n",
			}
			if tc.schema != "" {
				files["schemas/s.json"] = tc.schema
			}
			for k, v := range tc.extra {
				files[k] = v
			}
			fs, l := project(t, files)
			ds := Check(fs, l)
			if len(ds) != 1 {
				t.Fatalf("got %v, want one diagnostic", brief(ds))
			}
			d := ds[0]
			if d.Pos.Path != config.FileName || d.Pos.Line != 6 {
				t.Errorf("reported at %s, want promptc.cue:6 where the schema is named", d.Pos)
			}
			if !strings.HasPrefix(d.Message, tc.want) {
				t.Errorf("message %q, want prefix %q", d.Message, tc.want)
			}
			if strings.Contains(d.Message, base) {
				t.Errorf("message %q shows the internal base URL", d.Message)
			}
			if len(d.Related) != 1 || d.Related[0].Pos.String() != tc.related {
				t.Errorf("related %v, want %s", d.Related, tc.related)
			}
		})
	}
}

func TestCheckGlobs(t *testing.T) {
	fs, l := project(t, map[string]string{
		"promptc.cue": cfg(`{
	"cards/*.md":    "schemas/card.json"
	"cards/a.md":    "schemas/strict.json"
	"nothing/*.md":  "schemas/card.json"
	"../escape/*.md": "schemas/card.json"
}`),
		"base.md":             "Base.\n",
		"schemas/card.json":   `{"required": ["title"]}`,
		"schemas/strict.json": `{"required": ["order"]}`,
		"cards/a.md":          "---\ntitle: A\n---\n",
	})
	got := brief(Check(fs, l))
	want := []string{
		"cards/a.md:1:1 frontmatter: missing property 'order' (schema schemas/strict.json)",
		"promptc.cue:9:2 frontmatter glob \"nothing/*.md\" matches no file, so schemas/card.json checks nothing; fix the glob or remove the entry",
		"promptc.cue:10:2 frontmatter glob: glob pattern \"../escape/*.md\" may not use .. to leave the project root",
	}
	if !slices.Equal(got, want) {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestCheckNoConfig(t *testing.T) {
	fs, l := project(t, map[string]string{"promptc.cue": baseConfig, "base.md": "Base.\n"})
	if ds := Check(fs, l); ds != nil {
		t.Errorf("no frontmatter map: %v", ds)
	}
	if got := fs.Opened(); len(got) != 0 {
		t.Errorf("read %v with nothing to check", got)
	}
}

func TestCheckReadsInsideTheRootOnly(t *testing.T) {
	outside := t.TempDir()
	if err := os.WriteFile(filepath.Join(outside, "s.json"), []byte(`{"required": ["x"]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	fs, l := project(t, map[string]string{
		"promptc.cue": cfg(`{"cards/*.md": "schemas/link.json"}`),
		"base.md":     "Base.\n",
		"cards/a.md":  "---\ntitle: A\n---\n",
	})
	if err := os.MkdirAll(filepath.Join(l.Root, "schemas"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(outside, "s.json"), filepath.Join(l.Root, "schemas", "link.json")); err != nil {
		t.Skip("symlinks unavailable:", err)
	}
	ds := Check(fs, l)
	if len(ds) != 1 || !strings.Contains(ds[0].Message, "outside the project root") {
		t.Errorf("symlinked schema: %v", brief(ds))
	}
}

func TestDecode(t *testing.T) {
	tests := []struct {
		name, text string
		want       any
	}{
		{"none", "Body only.\n", map[string]any{}},
		{"empty", "---\n---\n", map[string]any{}},
		{"comments", "---\n# c\n---\n", map[string]any{}},
		{"null", "---\nnull\n---\n", map[string]any{}},
		{"scalar", "---\nplain\n---\n", "plain"},
		{"mapping", "---\na: 1\nb: [x, true]\nc: {d: null}\n---\n", map[string]any{
			"a": jsonNumber("1"), "b": []any{"x", true}, "c": map[string]any{"d": nil},
		}},
		{"numeric key and date", "---\n1: a\nd: 2024-01-01\n---\n", map[string]any{"1": "a", "d": "2024-01-01"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, _, ds := Decode("a.md", tc.text)
			if ds != nil {
				t.Fatalf("diagnostics %v", ds)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got %#v, want %#v", got, tc.want)
			}
		})
	}

	for _, text := range []string{"---\nx: .inf\n---\n", "---\nx: [\n---\n", "---\na: 1\na: 2\n---\n", "---\nbase: &b {a: 1}\nm:\n  <<: *b\n---\n"} {
		if _, _, ds := Decode("a.md", text); len(ds) == 0 || ds[0].Rule != Rule {
			t.Errorf("Decode(%q) = %v, want a %s diagnostic", text, ds, Rule)
		}
	}
}

func TestTreePos(t *testing.T) {
	text := "---\ntitle: T\nmeta:\n  owner:\n    name: me\nlist:\n  - a\n  - {k: v}\nflow: [1, 2]\n\"q k\": 1\n---\nBody.\n"
	tree, ds := Parse("a.md", text)
	if ds != nil {
		t.Fatal(ds)
	}
	tests := []struct {
		loc  []string
		want string
	}{
		{nil, "a.md:1:1"},
		{[]string{"title"}, "a.md:2:1"},
		{[]string{"meta", "owner", "name"}, "a.md:5:5"},
		{[]string{"meta", "owner", "missing"}, "a.md:4:3"},
		{[]string{"missing", "deeper"}, "a.md:1:1"},
		{[]string{"list", "1"}, "a.md:8:5"},
		{[]string{"list", "1", "k"}, "a.md:8:6"},
		{[]string{"list", "9"}, "a.md:6:1"},
		{[]string{"list", "x"}, "a.md:6:1"},
		{[]string{"flow", "1"}, "a.md:9:11"},
		{[]string{"q k"}, "a.md:10:1"},
		{[]string{"title", "below a scalar"}, "a.md:2:1"},
	}
	for _, tc := range tests {
		if got := tree.Pos(tc.loc).String(); got != tc.want {
			t.Errorf("Pos(%q) = %s, want %s", tc.loc, got, tc.want)
		}
	}
	none, _ := Parse("b.md", "No header.\n")
	if got := none.Pos([]string{"a"}).String(); got != "b.md:1:1" {
		t.Errorf("no frontmatter: %s", got)
	}
}

func jsonNumber(s string) any { return json.Number(s) }

func TestRefuseMergeKeys(t *testing.T) {
	tests := []struct {
		yaml string
		pos  string // "" when accepted
	}{
		{"title: T\nsummary: s", ""},
		{"summary: shift <<left and use a: b? no", ""},
		{"summary: \"x << y\"", ""},
		{"a: &a {x: 1}\nb: *a", ""},
		{"b: &b\n  <<: *b\n  c: 2", "a.md:3:3"},
		{"<<: {a: 1}", "a.md:2:1"},
		{"b:\n  - <<: *a", "a.md:3:5"},
		{"b: {x: 1, <<: *a}", "a.md:2:11"},
		{"b: {<< : *a}", "a.md:2:5"},
		{"&x <<: *a", "a.md:2:4"},
		{"b: !!merge x", "a.md:2:4"},
		{"? <<\n: *a", "a.md:2:3"},
		{"a: 1\n  \t<<:", "a.md:3:4"},
	}
	for _, tc := range tests {
		ds := Refuse("a.md", Frontmatter{YAML: tc.yaml}, "RULE")
		got := ""
		if len(ds) == 1 {
			got = ds[0].Pos.String()
			if ds[0].Rule != "RULE" || !strings.Contains(ds[0].Message, "merge key") {
				t.Errorf("%q: %s", tc.yaml, ds[0])
			}
		}
		if got != tc.pos {
			t.Errorf("Refuse(%q) at %q, want %q", tc.yaml, got, tc.pos)
		}
	}
}

func TestDecodeSelfMerge(t *testing.T) {
	// Without the refusal this input overflows the stack in the YAML
	// decoder, which no recover can catch.
	_, _, ds := Decode("a.md", "---\nb: &b\n  <<: *b\n  c: 2\n---\n")
	if len(ds) != 1 || ds[0].Pos.String() != "a.md:3:3" {
		t.Errorf("got %v", ds)
	}
}
