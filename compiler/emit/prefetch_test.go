package emit_test

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/promptc/promptc/compiler"
	"github.com/promptc/promptc/compiler/emit"
	"github.com/promptc/promptc/internal/config"
)

// staleWith runs Stale on the project at root, with a Prefetch started on
// its configuration before it compiles when prefetch is set, and renders
// the answer as text.
func staleWith(t *testing.T, root string, prefetch bool) string {
	t.Helper()
	l, err := config.LoadFile(filepath.Join(root, config.FileName))
	if err != nil {
		t.Fatal(err)
	}
	var pf *emit.Prefetch
	if prefetch {
		pf = emit.StartPrefetch(l)
		defer pf.Close()
	}
	proj, err := compiler.CompileAll(l, compiler.Options{})
	if err != nil {
		t.Fatal(err)
	}
	progs := proj.Programs()
	changes, err := emit.Stale(progs, pf)
	out := fmt.Sprintf("error: %v\n", err)
	for _, c := range changes {
		out += fmt.Sprintf("%s %s\n%s", c.Name, c.Kind, c.Diff)
	}
	lines, err := emit.StaleFiles(progs, pf)(progs[0], progs[0].Config.Output.GoTarget())
	return out + fmt.Sprintf("lint: %q, %v\n", lines, err)
}

// TestPrefetchSameAnswers: with the output directory read while the
// project compiles, the check answers exactly as it does reading it
// afterwards: clean, after an input edit, a hand edit of a generated file,
// a missing one, a symbolic link in place of one, and no directory at all.
func TestPrefetchSameAnswers(t *testing.T) {
	for _, tc := range []struct {
		name   string
		change func(t *testing.T, root string)
	}{
		{"clean", func(*testing.T, string) {}},
		{"input edited", func(t *testing.T, root string) { write(t, filepath.Join(root, "base.md"), "Edited.\n") }},
		{"generated file edited", func(t *testing.T, root string) { write(t, filepath.Join(root, "out", "COSTS.md"), "hand edit\n") }},
		{"generated file missing", func(t *testing.T, root string) { remove(t, filepath.Join(root, "out", config.GoFile)) }},
		{"link in place of a generated file", func(t *testing.T, root string) {
			link := filepath.Join(root, "out", "costs.json")
			remove(t, link)
			if err := os.Symlink("COSTS.md", link); err != nil {
				t.Fatal(err)
			}
		}},
		{"no output directory", func(t *testing.T, root string) {
			if err := os.RemoveAll(filepath.Join(root, "out")); err != nil {
				t.Fatal(err)
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root, _ := builtProject(t)
			tc.change(t, root)
			after, during := staleWith(t, root, false), staleWith(t, root, true)
			if during != after {
				t.Errorf("with a prefetch:\n%s\nwithout:\n%s", during, after)
			}
		})
	}
}

// TestPrefetchHashesOnce: the check given a Prefetch uses the hashes it
// took, and does not read the generated files again. (A file changed after
// the prefetch read it is therefore not seen, as it would not be by a
// check that had already read it.)
func TestPrefetchHashesOnce(t *testing.T) {
	root, _ := builtProject(t)
	l, err := config.LoadFile(filepath.Join(root, config.FileName))
	if err != nil {
		t.Fatal(err)
	}
	pf := emit.StartPrefetch(l)
	defer pf.Close()
	proj, err := compiler.CompileAll(l, compiler.Options{})
	if err != nil {
		t.Fatal(err)
	}
	progs := proj.Programs()
	if changes, err := emit.Stale(progs, pf); err != nil || len(changes) != 0 {
		t.Fatalf("Stale = %v, %v; want clean", changes, err)
	}
	write(t, filepath.Join(root, "out", config.GoFile), "package edited\n")
	if changes, err := emit.Stale(progs, pf); err != nil || len(changes) != 0 {
		t.Errorf("Stale with the prefetch after it finished = %v, %v; want the prefetched (clean) state", changes, err)
	}
	if changes, err := emit.Stale(progs, nil); err == nil && len(changes) == 0 {
		t.Errorf("Stale without a prefetch = %v, %v; want the edit found (changed, or refused as edited)", changes, err)
	}
}

func write(t *testing.T, name, text string) {
	t.Helper()
	if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

func remove(t *testing.T, name string) {
	t.Helper()
	if err := os.Remove(name); err != nil {
		t.Fatal(err)
	}
}

// TestPrefetchClosed: a Prefetch closed before its check (a command that
// stopped on compile errors) releases its directory without waiting, and a
// check given it afterwards fails rather than report every file missing.
func TestPrefetchClosed(t *testing.T) {
	root, _ := builtProject(t)
	l, err := config.LoadFile(filepath.Join(root, config.FileName))
	if err != nil {
		t.Fatal(err)
	}
	pf := emit.StartPrefetch(l)
	pf.Close()
	pf.Close()
	proj, err := compiler.CompileAll(l, compiler.Options{})
	if err != nil {
		t.Fatal(err)
	}
	progs := proj.Programs()
	if changes, err := emit.Stale(progs, pf); err == nil {
		t.Errorf("Stale with a closed prefetch = %v, nil; want an error", changes)
	}
}
