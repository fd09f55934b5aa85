package layers

import (
	"go/build"
	"maps"
	"os"

	"path/filepath"
	"slices"
	"strings"
	"testing"
)

const module = "github.com/promptc/promptc"

// outside lists packages that sit outside the order: test and benchmark
// helpers that may import anything and that no product package imports.
var outside = []string{"internal/conformance", "internal/testtree", "internal/includecases", "internal/testproject", "internal/docsample", "internal/layers", "internal/synth", "internal/randproject", "testscripts", "generated"}

// codegen is what lint must never import.
var codegen = []string{"compiler/emit", "compiler/gogen", "compiler/costs"}

// readLayers parses the ```layers block of ARCHITECTURE.md into a rank per
// package: 0 for the top line.
func readLayers(t *testing.T) map[string]int {
	t.Helper()
	b, err := os.ReadFile("../../ARCHITECTURE.md")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(b), "```layers\n")
	if !ok {
		t.Fatal("ARCHITECTURE.md has no ```layers block")
	}
	block, _, ok := strings.Cut(rest, "```")
	if !ok {
		t.Fatal("ARCHITECTURE.md: the ```layers block is not closed")
	}
	rank := map[string]int{}
	for i, line := range strings.Split(strings.TrimSpace(block), "\n") {
		for _, pkg := range strings.Fields(line) {
			if _, dup := rank[pkg]; dup {
				t.Fatalf("ARCHITECTURE.md lists %s twice", pkg)
			}
			rank[pkg] = i
		}
	}
	return rank
}

// walkModule calls fn for every package directory of the module (relative,
// slash-separated). Directories with a go.mod of their own (bench/) are
// other modules and are skipped, as the go command skips them.
func walkModule(t *testing.T, fn func(rel string, bp *build.Package)) {
	t.Helper()
	root := "../.."
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		name := d.Name()
		if p != root && (name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
			return filepath.SkipDir
		}
		if p != root {
			if _, err := os.Stat(filepath.Join(p, "go.mod")); err == nil {
				return filepath.SkipDir
			}
		}
		bp, err := build.ImportDir(p, 0)
		if err != nil {
			if _, ok := err.(*build.NoGoError); ok {
				return nil
			}
			return err
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		fn(filepath.ToSlash(rel), bp)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// modulePackages returns every package directory of the module (relative,
// slash-separated) with its non-test imports of the module, also relative.
func modulePackages(t *testing.T) map[string][]string {
	t.Helper()
	pkgs := map[string][]string{}
	walkModule(t, func(rel string, bp *build.Package) {
		var own []string
		for _, imp := range bp.Imports {
			if r, ok := strings.CutPrefix(imp, module+"/"); ok {
				own = append(own, r)
			} else if imp == module {
				own = append(own, ".")
			}
		}
		pkgs[rel] = own
	})
	return pkgs
}

func isOutside(pkg string) bool {
	for _, o := range outside {
		if pkg == o || strings.HasPrefix(pkg, o+"/") {
			return true
		}
	}
	return false
}

func TestImportsFollowTheLayers(t *testing.T) {
	rank := readLayers(t)
	pkgs := modulePackages(t)
	if len(pkgs) < len(rank) {
		t.Fatalf("found %d packages, fewer than the %d ARCHITECTURE.md lists: is the walk broken?", len(pkgs), len(rank))
	}
	for _, pkg := range slices.Sorted(maps.Keys(pkgs)) {
		imports := pkgs[pkg]
		if isOutside(pkg) {
			continue
		}
		r, ok := rank[pkg]
		if !ok {
			t.Errorf("%s is not in the layers of ARCHITECTURE.md: add it to the line of its layer", pkg)
			continue
		}
		for _, imp := range imports {
			if isOutside(imp) {
				t.Errorf("%s imports %s, which only tests and benchmarks may import", pkg, imp)
				continue
			}
			ir, ok := rank[imp]
			switch {
			case !ok:
				t.Errorf("%s imports %s, which is not in the layers of ARCHITECTURE.md", pkg, imp)
			case ir <= r:
				t.Errorf("%s (layer %d) imports %s (layer %d): imports must run down the list in ARCHITECTURE.md", pkg, r, imp, ir)
			}
			if pkg == "lint" && slices.Contains(codegen, imp) {
				t.Errorf("lint imports %s: lint reads a compiled Program and never imports code generation", imp)
			}
		}
	}
	for pkg := range rank {
		if _, ok := pkgs[pkg]; !ok {
			t.Errorf("ARCHITECTURE.md lists %s, which is not a package of the module", pkg)
		}
	}
}

// TestGeneratedImportsStandardLibraryOnly keeps the generated package free
// of dependencies, so a harness that imports it pulls in nothing else.
func TestGeneratedImportsStandardLibraryOnly(t *testing.T) {
	bp, err := build.ImportDir("../../generated", 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, imp := range bp.Imports {
		if first, _, _ := strings.Cut(imp, "/"); strings.Contains(first, ".") {
			t.Errorf("generated imports %s: the generated package may import the standard library only", imp)
		}
	}
	if len(bp.Imports) == 0 {
		t.Fatal("generated imports nothing: is the walk reading the right folder?")
	}
}

// TestOnlyOneCommand keeps cmd/promptc the only command of the module, so
// that `go install ./...` at the repository root (what pre-commit does for
// a hook with language: golang) builds promptc and nothing else. Benchmark
// and test tools live in the bench module (bench/go.mod).
func TestOnlyOneCommand(t *testing.T) {
	var mains []string
	walkModule(t, func(rel string, bp *build.Package) {
		if bp.Name == "main" {
			mains = append(mains, rel)
		}
	})
	if !slices.Equal(mains, []string{"cmd/promptc"}) {
		t.Errorf("package main in %q, want only cmd/promptc: move other commands into the bench module (bench/go.mod)", mains)
	}
}
