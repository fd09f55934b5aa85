//go:build unix

package genruntime

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/promptc/promptc/internal/testtree"
)

// TestLoadInstructionsSymlinks: a link inside the project is followed,
// relative or absolute, as a named file or an include; a link whose
// target is outside is refused as an escape, even through a directory
// link, and its target is never read.
func TestLoadInstructionsSymlinks(t *testing.T) {
	outside := testtree.Write(t, map[string]string{"secret.md": "SECRET\n"})
	dir := testtree.Write(t, map[string]string{
		"AGENTS.md":        "A\n@rel.md\n@abs.md\n@out.md\n@outdir/secret.md\n",
		"shared/target.md": "T\n",
		"shared/other.md":  "O\n",
	})
	real, err := filepath.EvalSymlinks(dir)
	if err != nil {
		t.Fatal(err)
	}
	links := map[string]string{
		"rel.md":   "shared/target.md",
		"abs.md":   filepath.Join(real, "shared/other.md"),
		"out.md":   filepath.Join(outside, "secret.md"),
		"outdir":   outside,
		"NAMED.md": "shared/target.md",
	}
	for name, target := range links {
		if err := os.Symlink(target, filepath.Join(dir, name)); err != nil {
			t.Skip("no symbolic links here:", err)
		}
	}
	got := LoadInstructions(dir, InstructionOptions{Files: []string{"AGENTS.md", "NAMED.md"}})
	if want := "A\nT\nO\n\nT"; got.Text != want {
		t.Errorf("Text = %q, want %q", got.Text, want)
	}
	if want := []string{"AGENTS.md:4:1 escape", "AGENTS.md:5:1 escape"}; !slices.Equal(problems(got), want) {
		t.Errorf("Problems = %q, want %q", problems(got), want)
	}
	if want := []string{"AGENTS.md", "rel.md", "abs.md", "NAMED.md"}; !slices.Equal(got.Files, want) {
		t.Errorf("Files = %q, want %q", got.Files, want)
	}
}

// TestLoadInstructionsFIFO: a FIFO in place of a file is refused without
// being waited on (a hang fails the test by the binary's timeout).
func TestLoadInstructionsFIFO(t *testing.T) {
	dir := testtree.Write(t, map[string]string{"AGENTS.md": "A\n@pipe.md\n"})
	if err := testtree.FIFO(t, filepath.Join(dir, "pipe.md")); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	got := LoadInstructions(dir, InstructionOptions{})
	if want := []string{"AGENTS.md:2:1 unreadable"}; got.Text != "A" || !slices.Equal(problems(got), want) {
		t.Errorf("got %q, problems %q", got.Text, problems(got))
	}
}
