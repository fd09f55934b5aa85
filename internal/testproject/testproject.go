// Package testproject loads and compiles promptc projects for tests, so
// that every test reaches a compiled Program the way the command line does,
// through one piece of code that fails the test on any setup error.
package testproject

import (
	"path/filepath"
	"testing"

	"github.com/promptc/promptc/compiler"
	"github.com/promptc/promptc/internal/config"
	"github.com/promptc/promptc/internal/testtree"
)

// Load loads the promptc.cue of the project in root.
func Load(t testing.TB, root string) *config.Loaded {
	t.Helper()
	l, err := config.LoadFile(filepath.Join(root, config.FileName))
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// CompileAll compiles the project in root in every profile and
// permission set, as build and lint do.
func CompileAll(t testing.TB, root string) *compiler.Project {
	t.Helper()
	proj, err := compiler.CompileAll(Load(t, root), compiler.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return proj
}

// Compile compiles the project in root in its default profile.
func Compile(t testing.TB, root string) *compiler.Program {
	t.Helper()
	p, err := compiler.Compile(Load(t, root), compiler.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// FromFiles writes files (slash path -> text, promptc.cue among them) to a
// fresh temporary directory and compiles that project in its default
// profile.
func FromFiles(t testing.TB, files map[string]string) *compiler.Program {
	t.Helper()
	return Compile(t, testtree.Write(t, files))
}
