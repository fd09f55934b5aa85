package portable_test

import (
	"bytes"
	"flag"
	"os"
	"testing"

	"github.com/promptc/promptc/compiler/portable"
	"github.com/promptc/promptc/internal/testproject"
)

var update = flag.Bool("update", false, "rewrite runtime/testdata/stub.json")

// stubData is the compiled form of testdata/stub, on which the runtimes'
// own tests (node --test, python3 -m unittest) run.
const stubData = "runtime/testdata/stub.json"

// TestStubData fails when the stub the runtimes are tested on is not the
// compiled form of testdata/stub as Build makes it now: a change to the
// form reaches the runtimes' tests. go test -update rewrites it.
func TestStubData(t *testing.T) {
	proj := testproject.CompileAll(t, "testdata/stub")
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
		if err := os.WriteFile(stubData, js, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(stubData)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, js) {
		t.Fatalf("%s is not the compiled form of testdata/stub; run go test ./compiler/portable -run TestStubData -update", stubData)
	}
}
