package config

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/parser"
	"github.com/rogpeppe/go-internal/txtar"

	"github.com/promptc/promptc/internal/scaffold"
	"github.com/promptc/promptc/internal/synth"
)

// corpus returns every promptc.cue the repository holds or writes, by a
// name: the example assets, the starters of promptc init, the lint
// fixtures, the files of the testscripts (valid and broken ones) and
// generated projects.
func corpus(t *testing.T) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	add := func(name string, src []byte) { out[name] = src }
	read := func(path string) []byte {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	add("assets", read("../../assets/promptc.cue"))
	for _, name := range scaffold.Templates {
		files, err := scaffold.Files(name)
		if err != nil {
			t.Fatal(err)
		}
		add("init "+name, []byte(files["promptc.cue"]))
	}
	err := filepath.WalkDir("../../lint/testdata", func(path string, d fs.DirEntry, err error) error {
		if err == nil && d.Name() == FileName {
			add(path, read(path))
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	scripts, err := filepath.Glob("../../testscripts/testdata/*.txtar")
	if err != nil || len(scripts) == 0 {
		t.Fatalf("no testscripts (%v)", err)
	}
	for _, s := range scripts {
		a, err := txtar.ParseFile(s)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range a.Files {
			if filepath.Base(f.Name) == FileName {
				add(filepath.Base(s)+":"+f.Name, f.Data)
			}
		}
	}
	for _, n := range []int{100, 1000} {
		files, err := synth.Generate(synth.Options{Assets: n, Families: 12, Modes: max(4, n/25), Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			if f.Path == FileName {
				add(fmt.Sprintf("synth %d", n), f.Data)
			}
		}
	}
	return out
}

// TestFastEvaluationAgrees evaluates every configuration of the corpus
// with the schema's fast form and fastDecode, and with the schema and
// CUE's decoder: whatever the fast way accepts, the schema accepts and
// decodes to the same configuration and positions, and the fast way
// accepts every valid configuration whose compose lists name parts and
// slots.
func TestFastEvaluationAgrees(t *testing.T) {
	if testing.Short() {
		t.Skip("evaluates a few hundred configurations twice")
	}
	valid, fast := 0, 0
	for name, src := range corpus(t) {
		file := "/p/" + strings.NewReplacer("/", "_", ":", "_", " ", "_").Replace(name) + "/" + FileName
		if c, _ := firstComputation(file, src); c.IsValid() {
			continue // the evaluator's limits are tested on these: some never end
		}
		full, err := evaluateFull(file, src)
		got, pos, ok := evaluateFast(file, src)
		if ok && !reflect.DeepEqual(pos, positionsOf(file, src)) {
			t.Errorf("%s: the fast evaluation indexes other positions", name)
		}
		switch {
		case err != nil && ok:
			t.Errorf("%s: the fast evaluation accepts a configuration the schema refuses: %v", name, err)
		case err != nil:
		case !ok:
			valid++
			// Only a compose element written as a literal (kind: "part")
			// is the schema's to decode.
			if !strings.Contains(string(src), "kind:") {
				t.Errorf("%s: valid, but the fast evaluation left it to the schema", name)
			}
		default:
			valid++
			fast++
			if !reflect.DeepEqual(full, got) {
				a, _ := json.MarshalIndent(full, "", " ")
				b, _ := json.MarshalIndent(got, "", " ")
				t.Errorf("%s: the fast evaluation decodes\n%s\nwhere CUE decodes\n%s", name, b, a)
			}
		}
	}
	t.Logf("%d valid configurations, %d served by the fast evaluation", valid, fast)
	if valid < 100 {
		t.Errorf("%d valid configurations, want the corpus's hundreds", valid)
	}
}

// TestFastEvaluationRefusesWhatItCannotVouchFor: a compose element that
// is not a declared part or slot, or a number CUE's decoder refuses, sends
// the configuration to the schema itself, whose answer evaluate returns.
func TestFastEvaluationRefusesWhatItCannotVouchFor(t *testing.T) {
	const head = "version: \"v1\"\ndefaultMode: \"m\"\nparts: a: file: \"a.md\"\nslots: s: {}\n"
	for _, c := range []struct {
		name, src string
		valid     bool  // the schema accepts it
		want      []Ref // then the compose list of mode m
	}{
		{"a literal reference", head + `modes: m: compose: [{name: "a", kind: "part"}]`, true,
			[]Ref{{Name: "a", Kind: "part"}}},
		{"a literal with a field named like name", head + `modes: m: compose: [{name: "a", kind: "part", NAME: "b"}]`, true,
			[]Ref{{Name: "b", Kind: "part"}}},
		{"a literal of an undeclared part", head + `modes: m: compose: [{name: "b", kind: "part"}]`, true,
			[]Ref{{Name: "b", Kind: "part"}}},
		{"a slot called a part", head + `modes: m: compose: [{name: "s", kind: "part"}]`, true,
			[]Ref{{Name: "s", Kind: "part"}}},
		{"a part with a field more", head + `modes: m: compose: [parts.a & {extra: 1}]`, false, nil},
		{"a literal without a kind", head + `modes: m: compose: [{name: "a"}]`, false, nil},
		{"a string", head + `modes: m: compose: ["a"]`, false, nil},
		{"a number past int64", head + "modes: m: compose: [parts.a]\nmodes: m: budget: chars: 9223372036854775808\n", false, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			file := "/p/" + FileName
			if _, _, ok := evaluateFast(file, []byte(c.src)); ok {
				t.Fatal("the fast evaluation vouched for it")
			}
			full, ferr := evaluateFull(file, []byte(c.src))
			if c.valid != (ferr == nil) {
				t.Fatalf("the schema says %v, want valid=%v", ferr, c.valid)
			}
			if ferr == nil {
				if got := full.Modes["m"].Compose; !reflect.DeepEqual(got, c.want) {
					t.Fatalf("compose = %+v, want %+v", got, c.want)
				}
				return
			}
			if _, err := evaluate(file, []byte(c.src)); err == nil || err.Error() != ferr.Error() {
				t.Fatalf("evaluate: %v, want the schema's error %v", err, ferr)
			}
		})
	}
}

// TestFastSchemaSource: the fast form differs from the schema in the
// constraint on compose elements alone, so that the fast evaluation
// serves every configuration.
func TestFastSchemaSource(t *testing.T) {
	fast := fastSchemaSource()
	if fast == nil {
		t.Fatalf("the schema does not hold %q exactly once", composeConstraint)
	}
	if got := strings.Replace(string(fast), fastCompose, composeConstraint, 1); got != string(schemaSource) {
		t.Fatal("the fast form differs from the schema elsewhere")
	}
	if _, _, ok := fastSchema(); !ok {
		t.Fatal("the fast form does not compile")
	}
}

// TestFastDecodeNames: fastDecode looks fields up by their exact JSON
// names, where CUE's decoder also takes a field whose name differs only
// in letter case. No field name of the schema may so differ from a JSON
// name of the configuration's types, and fastDecode must place every
// field of every struct type it decodes.
func TestFastDecodeNames(t *testing.T) {
	f, err := parser.ParseFile("schema.cue", schemaSource)
	if err != nil {
		t.Fatal(err)
	}
	var labels []string
	ast.Walk(f, func(n ast.Node) bool {
		if fd, ok := n.(*ast.Field); ok {
			if name, _, err := ast.LabelName(fd.Label); err == nil {
				labels = append(labels, name)
			}
		}
		return true
	}, nil)
	var names []string
	seen := map[reflect.Type]bool{}
	var visit func(typ reflect.Type)
	visit = func(typ reflect.Type) {
		if seen[typ] || ownDecoding(typ) || typ == refType {
			return
		}
		seen[typ] = true
		switch typ.Kind() {
		case reflect.Pointer, reflect.Slice, reflect.Map:
			visit(typ.Elem())
		case reflect.Struct:
			fs, ok := structFields(typ)
			if !ok {
				t.Fatalf("fastDecode cannot place the fields of %v", typ)
			}
			for _, f := range fs {
				names = append(names, f.name)
				visit(typ.FieldByIndex(f.index).Type)
			}
		}
	}
	visit(reflect.TypeFor[Config]())
	if len(names) < 50 {
		t.Fatalf("found %d JSON names", len(names))
	}
	for _, l := range labels {
		for _, n := range names {
			if l != n && strings.EqualFold(l, n) {
				t.Errorf("the schema's field %q differs from the JSON name %q only in letter case", l, n)
			}
		}
	}
	if !slices.Contains(labels, "compose") {
		t.Fatal("no schema labels")
	}
}
