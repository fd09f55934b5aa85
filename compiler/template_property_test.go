package compiler_test

import (
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/promptc/promptc/compiler"
	"github.com/promptc/promptc/internal/config"
	"github.com/promptc/promptc/internal/diag"
	"github.com/promptc/promptc/internal/testtree"
)

// templateProjects are the projects with template parts that the
// repository holds: assets/, the lint rule fixtures, and every
// configuration of a testscript that declares a template part (each .cue
// of an archive, written as promptc.cue beside the archive's files).
func templateProjects(t *testing.T) map[string]string {
	t.Helper()
	out := map[string]string{"assets": filepath.Join("..", "assets")}
	dirs, err := filepath.Glob(filepath.Join("..", "lint", "testdata", "rules", "*", config.FileName))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range dirs {
		text, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(text), "template:") {
			out["lint/"+filepath.Base(filepath.Dir(f))] = filepath.Dir(f)
		}
	}
	scripts, err := filepath.Glob(filepath.Join("..", "testscripts", "testdata", "*.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range scripts {
		ar, err := txtar.ParseFile(s)
		if err != nil {
			t.Fatal(err)
		}
		files := map[string]string{}
		for _, f := range ar.Files {
			files[f.Name] = string(f.Data)
		}
		for _, f := range ar.Files {
			if !strings.HasSuffix(f.Name, ".cue") || !strings.Contains(string(f.Data), "template:") {
				continue
			}
			dir := t.TempDir()
			for name, text := range files {
				if !strings.HasSuffix(name, ".cue") {
					testtree.Add(t, dir, map[string]string{name: text})
				}
			}
			testtree.Add(t, dir, map[string]string{filepath.Join(filepath.Dir(f.Name), config.FileName): string(f.Data)})
			out[strings.TrimSuffix(filepath.Base(s), ".txtar")+"/"+f.Name] = filepath.Join(dir, filepath.Dir(f.Name))
		}
	}
	return out
}

// runes are what random strings are made of: one to four bytes each.
var runes = []rune{'a', 'Z', ' ', '\n', '{', '%', 'é', '日', '😀', '<'}

func randomString(r *rand.Rand, maxChars int) string {
	n := maxChars
	if r.IntN(3) > 0 {
		n = r.IntN(maxChars + 1)
	}
	var b strings.Builder
	for range n {
		b.WriteRune(runes[r.IntN(len(runes))])
	}
	return b.String()
}

// randomInputs are values Validate accepts: every string within its
// maxChars, every list within its maxItems, enums among their values,
// records of such fields to any depth, each left out at times; a third
// of the time each at its maximum.
func randomInputs(r *rand.Rand, inputs map[string]config.Input) map[string]any {
	out := map[string]any{}
	for _, name := range slices.Sorted(maps.Keys(inputs)) {
		if r.IntN(8) > 0 { // else left out: its zero value
			out[name] = randomValue(r, inputs[name])
		}
	}
	return out
}

// randomValue is a random value of input or field in.
func randomValue(r *rand.Rand, in config.Input) any {
	switch in.Type {
	case config.InputBool:
		return r.IntN(2) == 0
	case config.InputEnum:
		return in.Values[r.IntN(len(in.Values))]
	case config.InputString:
		return randomString(r, *in.MaxChars)
	case config.InputList:
		n := *in.MaxItems
		if r.IntN(3) > 0 {
			n = r.IntN(n + 1)
		}
		items := make([]any, n)
		for i := range items {
			items[i] = randomRecord(r, in)
		}
		return items
	}
	return randomRecord(r, in)
}

// randomRecord is a record of in's fields, each left out at times.
func randomRecord(r *rand.Rand, in config.Input) map[string]any {
	rec := map[string]any{}
	for _, fn := range in.FieldNames() {
		if r.IntN(6) > 0 {
			rec[fn] = randomValue(r, in.Fields[fn])
		}
	}
	return rec
}

// TestTemplatePropertyProjects renders every template part of the
// repository's projects that builds (no finding against it) over random
// inputs Validate accepts: no rendering fails, none is longer than the
// bound the compiler proved, and the inputs at their maximum reach it
// only as far as the bound says.
func TestTemplatePropertyProjects(t *testing.T) {
	projects := templateProjects(t)
	checked := 0
	for _, name := range slices.Sorted(maps.Keys(projects)) {
		l, err := config.LoadFile(filepath.Join(projects[name], config.FileName))
		if err != nil {
			continue // a fixture of a configuration error
		}
		p, err := compiler.Compile(l, compiler.Options{})
		if err != nil {
			t.Fatal(err)
		}
		bad := map[string]bool{}
		for _, d := range p.Diagnostics() {
			if d.Severity == diag.Error {
				bad[d.Pos.Path] = true
			}
		}
		var parts []*compiler.Part
		broken := false
		for _, pn := range slices.Sorted(maps.Keys(p.Parts)) {
			if part := p.Parts[pn]; part.Tmpl != nil {
				parts = append(parts, part)
				broken = broken || bad[part.Tmpl.Path]
			}
		}
		if len(parts) == 0 || broken {
			// A template with findings does not render: InputValues
			// refuses every value.
			continue
		}
		r := rand.New(rand.NewPCG(uint64(len(name)), 11))
		for i := range 200 {
			values, err := p.InputValues(randomInputs(r, p.Config.Inputs))
			if err != nil {
				t.Fatalf("%s: random inputs %d refused: %v", name, i, err)
			}
			for _, part := range parts {
				out, err := part.Tmpl.Render(values)
				if err != nil {
					t.Fatalf("%s: %s fails on inputs %d: %v", name, part.Tmpl.Path, i, err)
				}
				if n := utf8.RuneCountInString(out); n > part.Tmpl.MaxChars {
					t.Fatalf("%s: %s renders %d characters, over its bound %d", name, part.Tmpl.Path, n, part.Tmpl.MaxChars)
				}
			}
		}
		checked += len(parts)
	}
	// A one-line change that drops the fixtures must not pass unseen.
	if checked < 10 {
		t.Errorf("only %d template parts checked", checked)
	}
	t.Logf("%d template parts of %d projects", checked, len(projects))
}
