package genruntime

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// twoPlaceholdersTest runs inside a copy of this package whose stub has a
// second placeholder, valued by family and note, ahead of the run-time one
// in the base text: "Base " + value + "text for " + Who + ".".
const twoPlaceholdersTest = `package genruntime

import "testing"

func TestPrefixAfterANoteValue(t *testing.T) {
	for _, c := range []struct{ id, value string }{
		{"alpha-big", "BIG "},
		{"alpha-medium", "ALPHA "},
		{"other", ""},
	} {
		r := Request{Mode: ModeShort, Model: c.id, Slots: Slots{Who: "Ann"}}
		p, err := r.Compose()
		if err != nil {
			t.Fatal(err)
		}
		prefix := "Base " + c.value + "text for "
		if !strings.HasPrefix(p.Text, prefix+"Ann.") || p.CacheEnd != len(prefix) || p.CacheSections != 0 {
			t.Errorf("%s: %q, prefix %d (%d sections); want it to start %q, prefix %d", c.id, p.Text, p.CacheEnd, p.CacheSections, prefix+"Ann.", len(prefix))
		}
		fs, err := r.Fields()
		if err != nil {
			t.Fatal(err)
		}
		if len(fs) != 1 || fs[0].Name != "who" {
			t.Errorf("%s: Fields = %+v, want who alone", c.id, fs)
		}
		secs, err := r.Sections()
		if err != nil {
			t.Fatal(err)
		}
		if secs[0].Text != prefix+"Ann." || secs[0].Stable {
			t.Errorf("%s: first section %+v", c.id, secs[0])
		}
	}
}
`

// TestRunTimePlaceholderAfterANoteValue compiles this package's code with
// a stub whose base text holds a placeholder valued by the note before
// the run-time placeholder, and checks there that the cacheable prefix
// ends exactly at the run-time value, after the note's value: the bytes
// of every piece before it count, whatever their kind.
func TestRunTimePlaceholderAfterANoteValue(t *testing.T) {
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	dir := t.TempDir()
	names, err := fs.Glob(Files, "*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := Files.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		text := string(src)
		if name == "tables.go" {
			for _, r := range []struct{ old, new string }{
				{"var holes = [len(texts)][]hole{0: {{at: 14, ph: 0}}}", "var holes = [len(texts)][]hole{0: {{at: 5, ph: 1}, {at: 14, ph: 0}}}"},
				{"var placeholders = [...]placeholder{{slot: 0}}", `var placeholders = [...]placeholder{{slot: 0}, {slot: -1, values: [len(families)][]string{{"ALPHA ", "BIG ", "SMALL "}, {""}}}}`},
			} {
				if strings.Count(text, r.old) != 1 {
					t.Fatalf("tables.go has no %q", r.old)
				}
				text = strings.Replace(text, r.old, r.new, 1)
			}
		}
		// The copy's module carries the Markdown scanner too, as a package
		// of its own.
		text = strings.ReplaceAll(text, `"`+markdownPath+`"`, `"stubcopy/markdown"`)
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(filepath.Join(dir, "markdown"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range append(slices.Clone(markdownFiles), "source.go") {
		src, err := os.ReadFile(filepath.Join("..", "markdown", name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "markdown", name), src, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	test := strings.Replace(twoPlaceholdersTest, `import "testing"`, "import (\n\t\"strings\"\n\t\"testing\"\n)", 1)
	for name, text := range map[string]string{"go.mod": "module stubcopy\n\ngo 1.26\n", "copy_test.go": test} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command(gobin, "test", "-count=1", "-run", "^TestPrefixAfterANoteValue$", ".")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off", "GOPROXY=off", "GOTOOLCHAIN=local")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go test in the copy: %v\n%s", err, out)
	}
}
