package lsp

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/promptc/promptc/compiler"
	"github.com/promptc/promptc/compiler/emit"
	"github.com/promptc/promptc/internal/config"
	"github.com/promptc/promptc/internal/testtree"
)

// buildAll writes every package of the project at root, as promptc build
// does: the Go output directory and each other target's directory.
func buildAll(t testing.TB, root string) {
	t.Helper()
	l, err := config.LoadFile(filepath.Join(root, config.FileName))
	if err != nil {
		t.Fatal(err)
	}
	proj, err := compiler.CompileAll(l, compiler.Options{})
	if err != nil {
		t.Fatal(err)
	}
	progs := proj.Programs()
	files, err := emit.Render(progs, emit.InputHash(progs[0]))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := emit.Write(progs[0], files); err != nil {
		t.Fatal(err)
	}
	targets := l.Config.Output.TargetList()
	sets, err := emit.TargetFiles(progs, targets)
	if err != nil {
		t.Fatal(err)
	}
	for i, tg := range targets {
		if _, err := emit.WriteTarget(progs[0], tg, sets[i]); err != nil {
			t.Fatal(err)
		}
	}
}

// TestStaleTargets: the language server reports a TypeScript or Python
// package that no longer matches the buffers as it reports the Go
// package, one OUTPUT_STALE finding per directory at the field naming it.
func TestStaleTargets(t *testing.T) {
	root := testtree.Write(t, map[string]string{
		"promptc.cue": `version: "v1"
output: targets: {
	go: dir: "out"
	typescript: dir: "web"
	python: {dir: "py", package: "prompts"}
}
parts: base: file: "base.md"
modes: focus: compose: [parts.base]
defaultMode: "focus"
`,
		"base.md": "Base.\n",
	})
	buildAll(t, root)
	c := startClient(t, root, Options{})
	c.initialize("")
	if got := c.published(); len(got) != 0 {
		t.Fatalf("built project: published %v", got)
	}
	c.open("base.md", "Edited base.\n")
	got := c.published()[c.uri("promptc.cue")]
	var stale []string
	for _, d := range got {
		if d.Code == "OUTPUT_STALE" {
			stale = append(stale, d.Message[:strings.Index(d.Message, " is stale")])
		}
	}
	want := []string{"output directory out", "the typescript package's directory web", "the python package's directory py"}
	if strings.Join(stale, "|") != strings.Join(want, "|") {
		t.Errorf("OUTPUT_STALE findings %q, want %q\n%s", stale, want, brief(got))
	}
	lines := map[string]int{}
	for _, d := range got {
		lines[d.Message[:8]] = d.Range.Start.Line
	}
	if lines["output d"] != 2 || lines["the type"] != 3 || lines["the pyth"] != 4 {
		t.Errorf("findings at lines %v, want go at 2, typescript at 3, python at 4 (0-based)", lines)
	}
	c.shutdown()
}
