package emit_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/promptc/promptc/compiler"
	"github.com/promptc/promptc/compiler/emit"
	"github.com/promptc/promptc/internal/config"
)

// TestFreshAfterWrite: output just written for a hash is fresh for it, so
// build --check and lint need not render it again; after an edit it is not.
func TestFreshAfterWrite(t *testing.T) {
	root := t.TempDir()
	src := []byte("version: \"v1\"\noutput: dir: \"out\"\nparts: base: file: \"base.md\"\nmodes: focus: compose: [parts.base]\norder: [\"focus\"]\ndefaultMode: \"focus\"\n")
	if err := os.WriteFile(filepath.Join(root, "base.md"), []byte("Base.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	l, err := config.LoadBytes(filepath.Join(root, config.FileName), src)
	if err != nil {
		t.Fatal(err)
	}
	p, err := compiler.Compile(l, compiler.Options{})
	if err != nil {
		t.Fatal(err)
	}
	hash := emit.InputHash(p)
	files, err := emit.Render([]*compiler.Program{p}, hash)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := emit.Write(emit.Dir(p), files); err != nil {
		t.Fatal(err)
	}
	if !emit.Fresh(emit.Dir(p), hash, emit.Names(p)) {
		t.Fatal("output written for a hash is not fresh for it")
	}
	if emit.Fresh(emit.Dir(p), "sha256:other", emit.Names(p)) {
		t.Fatal("output is fresh for another hash")
	}
}
