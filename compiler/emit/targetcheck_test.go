package emit_test

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/promptc/promptc/compiler/emit"
	"github.com/promptc/promptc/internal/config"
	"github.com/promptc/promptc/internal/testtree"
)

// TestStaleFilesTargets: lint's check of a TypeScript or Python target's
// directory. A package just built is fresh without rendering: its files
// name the input hash and have the SHA-256 the manifest records, which
// the check trusts (a body rewritten with its manifest line to match
// passes, as it does for the Go package). A changed input makes every
// file stale; a file gone is missing; a directory without a manifest is
// not checked.
func TestStaleFilesTargets(t *testing.T) {
	root := testtree.Write(t, map[string]string{
		config.FileName: "version: \"v1\"\noutput: targets: {go: dir: \"out\", typescript: dir: \"web\", python: {dir: \"py\", package: \"prompts\"}}\nparts: base: file: \"base.md\"\nmodes: focus: compose: [parts.base]\ndefaultMode: \"focus\"\n",
		"base.md":       "Base.\n",
	})
	progs := build(t, root)
	targets := progs[0].Config.Output.TargetList()
	sets, err := emit.TargetFiles(progs, targets)
	if err != nil {
		t.Fatal(err)
	}
	for i, tg := range targets {
		if _, err := emit.WriteTarget(progs[0], tg, sets[i]); err != nil {
			t.Fatal(err)
		}
	}
	check := func(lang string) []string {
		t.Helper()
		progs := compile(t, root)
		for _, tg := range progs[0].Config.Output.AllTargets() {
			if tg.Language == lang {
				lines, err := emit.StaleFiles(progs, nil)(progs[0], tg)
				if err != nil {
					t.Fatal(err)
				}
				return lines
			}
		}
		t.Fatalf("no %s target", lang)
		return nil
	}
	for _, lang := range []string{"go", "typescript", "python"} {
		if got := check(lang); len(got) != 0 {
			t.Errorf("%s just built: %q", lang, got)
		}
	}

	// The body of index.js rewritten, its head and manifest line kept
	// true: the check believes the manifest and the hash.
	index := filepath.Join(root, "web", "index.js")
	b, err := os.ReadFile(index)
	if err != nil {
		t.Fatal(err)
	}
	head := strings.SplitAfterN(string(b), "\n", 3)
	forged := []byte(head[0] + head[1] + "export {};\n")
	if err := os.WriteFile(index, forged, 0o644); err != nil {
		t.Fatal(err)
	}
	manifest := filepath.Join(root, "web", ".promptc-manifest")
	m, err := os.ReadFile(manifest)
	if err != nil {
		t.Fatal(err)
	}
	old, sum := sha256.Sum256(b), sha256.Sum256(forged)
	m2 := strings.Replace(string(m), hex.EncodeToString(old[:]), hex.EncodeToString(sum[:]), 1)
	if m2 == string(m) {
		t.Fatalf("index.js not in the manifest:\n%s", m)
	}
	if err := os.WriteFile(manifest, []byte(m2), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := check("typescript"); len(got) != 0 {
		t.Errorf("recorded and hashed alike: %q, want fresh without rendering", got)
	}

	// A changed input: the hash every file names is no longer the
	// project's, so the packages are rendered and compared.
	if err := os.WriteFile(filepath.Join(root, "base.md"), []byte("Edited.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := check("typescript"); !slices.Contains(got, "index.js changed") || !slices.Contains(got, "prompts.data.js changed") {
		t.Errorf("after an edit: %q, want index.js and prompts.data.js changed", got)
	}
	if got := check("python"); !slices.Equal(got, []string{"__init__.py changed", "_data.py changed", "_loaders.py changed", "_runtime.py changed", ".promptc-manifest changed"}) {
		t.Errorf("after an edit: %q", got)
	}

	// Back to the built input, with a file gone.
	if err := os.WriteFile(filepath.Join(root, "base.md"), []byte("Base.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(root, "py", "py.typed")); err != nil {
		t.Fatal(err)
	}
	if got := check("python"); !slices.Equal(got, []string{"py.typed missing"}) {
		t.Errorf("py.typed removed: %q", got)
	}

	// Never built by promptc: not checked.
	if err := os.Remove(filepath.Join(root, "py", ".promptc-manifest")); err != nil {
		t.Fatal(err)
	}
	if got := check("python"); len(got) != 0 {
		t.Errorf("without a manifest: %q", got)
	}
}
