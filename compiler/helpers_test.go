package compiler_test

import (
	"path/filepath"
	"testing"

	"github.com/promptc/promptc/compiler"
	"github.com/promptc/promptc/internal/config"
	"github.com/promptc/promptc/internal/testtree"
)

// compileTree writes files to a temporary project and compiles it, failing
// the test when the configuration does not load or compile.
func compileTree(t *testing.T, files map[string]string) *compiler.Program {
	t.Helper()
	dir := testtree.Write(t, files)
	l, err := config.LoadFile(filepath.Join(dir, "promptc.cue"))
	if err != nil {
		t.Fatal(err)
	}
	p, err := compiler.Compile(l, compiler.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return p
}
