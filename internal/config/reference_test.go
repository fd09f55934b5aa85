package config

import (
	"flag"
	"os"
	"testing"
)

var update = flag.Bool("update", false, "rewrite docs/config.md from the schema")

// TestReferenceInSync keeps docs/config.md equal to the reference generated
// from schema.cue, so the documentation cannot drift from the schema.
func TestReferenceInSync(t *testing.T) {
	want, err := ReferenceDoc()
	if err != nil {
		t.Fatal(err)
	}
	const path = "../../docs/config.md"
	if *update {
		if err := os.WriteFile(path, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./internal/config -update)", err)
	}
	if string(got) != want {
		t.Fatalf("docs/config.md is out of date with cue/schema.cue; run: go test ./internal/config -update")
	}
}
