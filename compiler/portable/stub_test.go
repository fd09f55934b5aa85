package portable_test

import (
	"bytes"
	"flag"
	"os"
	"testing"

	"github.com/promptc/promptc/compiler/portable"
	"github.com/promptc/promptc/internal/testproject"
)

var update = flag.Bool("update", false, "rewrite runtime/testdata/*.json")

// stubs are the projects the runtimes' own tests (node --test, python3 -m
// unittest) run on, each beside its compiled form: stub (modes, families,
// placeholders, inputs, slots, the custom mode and the loaders) and tools
// (a tool catalogue per profile and permission set, the capability line,
// two settings that when conditions test, after texts and an empty
// before).
var stubs = []struct{ project, data string }{
	{"testdata/stub", "runtime/testdata/stub.json"},
	{"testdata/tools", "runtime/testdata/tools.json"},
}

// TestStubData fails when a stub the runtimes are tested on is not the
// compiled form of its project as Build makes it now: a change to the
// form reaches the runtimes' tests. go test -update rewrites them.
func TestStubData(t *testing.T) {
	for _, s := range stubs {
		proj := testproject.CompileAll(t, s.project)
		d, err := portable.Build(proj.Programs(), "sha256:stub")
		if err != nil {
			t.Fatal(err)
		}
		js, err := d.JSON()
		if err != nil {
			t.Fatal(err)
		}
		js = append(js, '\n')
		if *update {
			if err := os.WriteFile(s.data, js, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		got, err := os.ReadFile(s.data)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, js) {
			t.Fatalf("%s is not the compiled form of %s; run go test ./compiler/portable -run TestStubData -update", s.data, s.project)
		}
	}
}
