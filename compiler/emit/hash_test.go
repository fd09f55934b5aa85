package emit_test

import (
	"strings"
	"testing"

	"github.com/promptc/promptc/compiler/emit"
	"github.com/promptc/promptc/internal/config"
	"github.com/promptc/promptc/internal/testtree"
)

// hashOf compiles the project whose promptc.cue is cue and returns its
// input hash.
func hashOf(t *testing.T, cue string, files map[string]string) string {
	t.Helper()
	tree := map[string]string{config.FileName: cue}
	for k, v := range files {
		tree[k] = v
	}
	root := testtree.Write(t, tree)
	return emit.InputHash(compile(t, root)[0])
}

// TestInputHashIgnoresLayout: the hash covers the evaluated configuration,
// so what promptc fmt or a comment changes leaves it as it was, while a
// change of value, of a default made explicit with another value, or of a
// project file changes it.
func TestInputHashIgnoresLayout(t *testing.T) {
	base := map[string]string{"base.md": "Base.\n"}
	want := hashOf(t, projectCue, base)
	same := map[string]string{
		"comment":    "// A comment.\n" + projectCue,
		"whitespace": strings.ReplaceAll(projectCue, ": ", ":    ") + "\n\n",
		"reordered":  "parts: base: file: \"base.md\"\n" + strings.Replace(projectCue, "parts: base: file: \"base.md\"\n", "", 1),
		"structured": "version: \"v1\"\noutput: {\n\tdir: \"out\"\n}\nparts: {\n\tbase: {file: \"base.md\"}\n}\nmodes: focus: compose: [parts.base]\norder: [\"focus\"]\ndefaultMode: \"focus\"\n",
	}
	for name, cue := range same {
		if got := hashOf(t, cue, base); got != want {
			t.Errorf("%s: hash %s, want %s as for the original layout", name, got, want)
		}
	}
	differ := map[string]struct {
		cue   string
		files map[string]string
	}{
		"value":      {strings.Replace(projectCue, `dir: "out"`, `dir: "gen"`, 1), base},
		"added":      {projectCue + "tokens: \"o200k_base\"\n", base},
		"file":       {projectCue, map[string]string{"base.md": "Base!\n"}},
		"file added": {strings.Replace(projectCue, "parts: base: file: \"base.md\"\n", "parts: base: file: \"base.md\"\nparts: more: file: \"more.md\"\n", 1), map[string]string{"base.md": "Base.\n", "more.md": "More.\n"}},
	}
	for name, c := range differ {
		if got := hashOf(t, c.cue, c.files); got == want {
			t.Errorf("%s: hash unchanged (%s), want a new one", name, got)
		}
	}
}

// TestInputHashPointerLine: a pointer part reports its entry in promptc.cue
// as its source in the generated package, so moving that entry to another
// line changes the output and must change the hash, while a comment that
// moves nothing the output shows does not.
func TestInputHashPointerLine(t *testing.T) {
	const cue = "version: \"v1\"\noutput: dir: \"out\"\nparts: runbook: pointer: {trigger: \"when deploying\", source: \"docs/runbook.md\", covers: [\"deploy\"]}\nmodes: focus: compose: [parts.runbook]\norder: [\"focus\"]\ndefaultMode: \"focus\"\n"
	files := map[string]string{"docs/runbook.md": "How to deploy.\n"}
	want := hashOf(t, cue, files)
	moved := hashOf(t, "// A comment line moves the pointer entry down.\n"+cue, files)
	if moved == want {
		t.Errorf("pointer entry moved to another line: hash unchanged, but the generated package names the new line")
	}
	trailing := hashOf(t, cue+"// A comment after everything.\n", files)
	if trailing != want {
		t.Errorf("comment after the pointer entry: hash %s, want %s", trailing, want)
	}
}

// TestInputHashDeterministic: the same project at two places hashes the
// same, so a build on one machine is fresh on another.
func TestInputHashDeterministic(t *testing.T) {
	base := map[string]string{"base.md": "Base.\n"}
	a, b := hashOf(t, projectCue, base), hashOf(t, projectCue, base)
	if a != b {
		t.Errorf("two roots: %s and %s", a, b)
	}
}
