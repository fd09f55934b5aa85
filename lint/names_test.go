package lint_test

import (
	"errors"
	"testing"

	"github.com/promptc/promptc/compiler"
	"github.com/promptc/promptc/internal/testproject"
	"github.com/promptc/promptc/lint"
)

// TestNamesErrorIsReturned: a name the Names check refuses makes Run
// return that error and no findings, whether Run reports on the whole
// project or on some files; the check sees every program.
func TestNamesErrorIsReturned(t *testing.T) {
	root := writeProject(t, map[string]string{"promptc.cue": minimalCue, "base.md": "You are Tern.\n"})
	proj := testproject.CompileAll(t, root)
	clash := errors.New("a name clashes")
	var seen int
	names := func(progs []*compiler.Program) error {
		seen = len(progs)
		return clash
	}
	for _, files := range [][]string{nil, {"base.md"}} {
		ds, err := lint.Run(proj, lint.Options{Names: names, Files: files})
		if !errors.Is(err, clash) || ds != nil {
			t.Errorf("files %q: Run = %d findings, %v; want the Names error", files, len(ds), err)
		}
		if seen != len(proj.Programs()) {
			t.Errorf("files %q: Names saw %d programs, want %d", files, seen, len(proj.Programs()))
		}
	}
	if _, err := lint.Run(proj, lint.Options{Names: func([]*compiler.Program) error { return nil }}); err != nil {
		t.Errorf("no clash: %v", err)
	}
}
