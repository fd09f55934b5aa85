package config

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
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

// TestReferenceHasNoEmptyMeaning fails when a field of the schema has no
// doc comment: the reference would show a row with an empty meaning cell.
func TestReferenceHasNoEmptyMeaning(t *testing.T) {
	doc, err := ReferenceDoc()
	if err != nil {
		t.Fatal(err)
	}
	section := ""
	for _, line := range strings.Split(doc, "\n") {
		if strings.HasPrefix(line, "## ") {
			section = strings.TrimPrefix(line, "## ")
		}
		if !strings.HasPrefix(line, "| `") {
			continue
		}
		cells := strings.Split(strings.ReplaceAll(line, `\|`, ""), "|")
		if len(cells) < 4 || strings.TrimSpace(cells[len(cells)-2]) == "" {
			t.Errorf("%s: %s has no meaning: add a doc comment to the field in cue/schema.cue", section, line)
		}
	}
}

// TestReferenceMarksRequiredFields ties the reference's ! marker to what
// validation does: every top-level field of #Config marked ! is refused
// when left out of a valid configuration, and every unmarked one is not.
func TestReferenceMarksRequiredFields(t *testing.T) {
	doc, err := ReferenceDoc()
	if err != nil {
		t.Fatal(err)
	}
	fields := map[string]string{
		"version":     "version: \"v1\"\n",
		"defaultMode": "defaultMode: \"focus\"\n",
		"order":       "order: [\"focus\"]\n",
		"modes":       "modes: focus: compose: [parts.base]\n",
		"parts":       "parts: base: file: \"base.md\"\n",
	}
	t.Setenv("PROMPTC_CACHE", "off")
	for name := range fields {
		if name == "parts" || name == "modes" {
			continue // the others refer to them; leaving them out is an unknown reference
		}
		var src strings.Builder
		for other, line := range fields {
			if other != name {
				src.WriteString(line)
			}
		}
		_, loadErr := LoadBytes(filepath.Join(t.TempDir(), FileName), []byte(src.String()))
		marked := strings.Contains(doc, "| `"+name+"!` |")
		if refused := loadErr != nil; marked != refused {
			t.Errorf("#Config.%s: marked required %v in the reference, but leaving it out is refused: %v (%v)", name, marked, refused, loadErr)
		}
	}
	if !strings.Contains(doc, "| `defaultMode!` |") {
		t.Error("the reference does not mark defaultMode as required")
	}
	if strings.Contains(doc, "| `name!` | `#Name` | Set from the key") {
		t.Error("the reference marks a name the schema fills from its key as required")
	}
}
