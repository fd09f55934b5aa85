package scaffold

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestREADMEShowsTheMinimalConfig keeps the README's complete minimal
// configuration identical to what promptc init writes (init_build_lint.txtar
// builds and lints that project).
func TestREADMEShowsTheMinimalConfig(t *testing.T) {
	b, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), "```cue\n"+MinimalConfig+"```\n") {
		t.Fatal("README.md does not show scaffold.MinimalConfig in a ```cue block: copy it there")
	}
	if n := strings.Count(MinimalConfig, "\n"); n > 35 {
		t.Errorf("the minimal config is %d lines; keep it short enough to read in the README", n)
	}
}

func TestWriteRefusesToOverwrite(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "b.md"), []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Write(dir, map[string]string{"a.md": "new", "b.md": "new", "sub/c.md": "new"})
	if !errors.Is(err, ErrExists) || !strings.Contains(err.Error(), "b.md") {
		t.Fatalf("err = %v, want ErrExists naming b.md", err)
	}
	for _, n := range []string{"a.md", "sub"} {
		if _, err := os.Stat(filepath.Join(dir, n)); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s was written although b.md exists", n)
		}
	}
	if got, err := os.ReadFile(filepath.Join(dir, "b.md")); err != nil || string(got) != "mine" {
		t.Errorf("b.md = %q, %v", got, err)
	}
	names, err := Write(filepath.Join(dir, "fresh"), map[string]string{"z.md": "z", "a/b.md": "b"})
	if err != nil || strings.Join(names, ",") != "a/b.md,z.md" {
		t.Fatalf("Write = %v, %v", names, err)
	}
}

func TestFilesRefusesUnknownTemplates(t *testing.T) {
	for _, name := range Templates {
		files, err := Files(name)
		if err != nil || files["promptc.cue"] == "" {
			t.Errorf("Files(%q) = %d files, %v", name, len(files), err)
		}
	}
	if _, err := Files("seedless"); err == nil || !strings.Contains(err.Error(), "minimal, harness") {
		t.Errorf("Files(seedless) err = %v", err)
	}
}

// Write names exactly the paths that are taken: an existing file, and a
// file standing where a folder is needed (once, however many files go
// below it); a target that is a file is ErrNotDir, not an I/O failure.
func TestWriteNamesTakenPaths(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []string{"b.md", "sub"} {
		if err := os.WriteFile(filepath.Join(dir, n), []byte("mine"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	_, err := Write(dir, map[string]string{"a.md": "new", "b.md": "new", "sub/c.md": "new", "sub/d.md": "new"})
	var ee *ExistsError
	if !errors.As(err, &ee) || !errors.Is(err, ErrExists) {
		t.Fatalf("err = %v, want *ExistsError", err)
	}
	if got := strings.Join(ee.Names, ","); got != "b.md,sub" {
		t.Errorf("Names = %s, want b.md,sub", got)
	}
	if want := dir + ": 2 of its files already exist (b.md, sub); "; !strings.HasPrefix(err.Error(), want) {
		t.Errorf("err = %q, want prefix %q", err, want)
	}
	_, err = Write(dir, map[string]string{"b.md": "new"})
	if want := dir + ": b.md already exists; "; err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("err = %v, want prefix %q", err, want)
	}
	for _, target := range []string{"b.md", "b.md/deeper"} {
		_, err = Write(filepath.Join(dir, target), map[string]string{"a.md": "new"})
		if !errors.Is(err, ErrNotDir) {
			t.Errorf("Write(%s) err = %v, want ErrNotDir", target, err)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "a.md")); !errors.Is(err, os.ErrNotExist) {
		t.Error("a.md was written although other paths were taken")
	}
}

// The harness template is written in its own words: no sentence of its
// prompt text is taken from the example project in assets/, whose
// wording belongs to that project.
func TestHarnessTextIsItsOwn(t *testing.T) {
	var example strings.Builder
	err := filepath.WalkDir("../../assets", func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".md") {
			return err
		}
		b, err := os.ReadFile(p)
		example.Write(b)
		example.WriteString("\n")
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	ex := strings.Join(strings.Fields(example.String()), " ")
	checked := 0
	for name, text := range harness() {
		if !strings.HasSuffix(name, ".md") {
			continue
		}
		for _, s := range strings.FieldsFunc(text, func(r rune) bool { return r == '.' || r == ':' || r == ';' || r == '\n' }) {
			s = strings.Join(strings.Fields(s), " ")
			if len(s) < 40 {
				continue
			}
			checked++
			if strings.Contains(ex, s) {
				t.Errorf("%s: %q is the example project's text; write it in the template's own words", name, s)
			}
		}
	}
	if checked < 20 {
		t.Fatalf("only %d sentences checked: the walk found no text", checked)
	}
}
