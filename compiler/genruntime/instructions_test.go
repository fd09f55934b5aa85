package genruntime

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/promptc/promptc/internal/testtree"
)

// problems renders the problems of got as "path:line:col kind".
func problems(got Instructions) []string {
	var out []string
	for _, p := range got.Problems {
		out = append(out, fmt.Sprintf("%s:%d:%d %s", p.Path, p.Line, p.Col, p.Kind))
	}
	return out
}

// TestLoadInstructionsNamedFiles: several named files share one
// expansion: each file's text in order, a blank line between, a file
// reached a second time (CLAUDE.md naming AGENTS.md) sent once, a missing
// file silently absent, and the defaults InstructionFiles() names.
func TestLoadInstructionsNamedFiles(t *testing.T) {
	dir := testtree.Write(t, map[string]string{
		"AGENTS.md":     "\n# Rules\n\n@docs/style.md\n\n",
		"docs/style.md": "Wrap at 100 columns.\n",
		"CLAUDE.md":     "@AGENTS.md\n",
		"sub/AGENTS.md": "Sub rules.\n@../docs/style.md\n",
		"sub/LOCAL.md":  "Local.\n",
		"docs/other.md": "Other.\n",
	})
	tests := []struct {
		name     string
		files    []string
		text     string
		read     []string
		problems []string
	}{
		{"defaults", nil, "# Rules\n\nWrap at 100 columns.", []string{"AGENTS.md", "docs/style.md", "CLAUDE.md"}, nil},
		{"two files and a shared include", []string{"AGENTS.md", "sub/AGENTS.md"},
			"# Rules\n\nWrap at 100 columns.\n\nSub rules.", []string{"AGENTS.md", "docs/style.md", "sub/AGENTS.md"}, nil},
		{"missing named file", []string{"NOPE.md", "sub/LOCAL.md"}, "Local.", []string{"sub/LOCAL.md"}, nil},
		{"cleaned names", []string{"./sub//LOCAL.md"}, "Local.", []string{"sub/LOCAL.md"}, nil},
		{"named twice", []string{"sub/LOCAL.md", "sub/LOCAL.md"}, "Local.", []string{"sub/LOCAL.md"}, nil},
		{"escaping names", []string{"../x.md", "/etc/hosts", "sub/../../x.md", "", "docs/other.md"}, "Other.", []string{"docs/other.md"},
			[]string{"../x.md:0:0 escape", "/etc/hosts:0:0 escape", "sub/../../x.md:0:0 escape"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := LoadInstructions(dir, InstructionOptions{Files: tc.files})
			if got.Text != tc.text {
				t.Errorf("Text = %q, want %q", got.Text, tc.text)
			}
			if !slices.Equal(got.Files, tc.read) {
				t.Errorf("Files = %q, want %q", got.Files, tc.read)
			}
			if p := problems(got); !slices.Equal(p, tc.problems) {
				t.Errorf("Problems = %q, want %q", p, tc.problems)
			}
		})
	}
}

// TestLoadInstructionsNoIncludes: with includes off, an include line is
// sent as written, and the per-file limit counts it.
func TestLoadInstructionsNoIncludes(t *testing.T) {
	dir := testtree.Write(t, map[string]string{"AGENTS.md": "A\n@b.md\n", "b.md": "B\n"})
	got := LoadInstructions(dir, InstructionOptions{NoIncludes: true})
	if got.Text != "A\n@b.md" || !slices.Equal(got.Files, []string{"AGENTS.md"}) || len(got.Problems) != 0 {
		t.Errorf("NoIncludes: %+v", got)
	}
	got = LoadInstructions(dir, InstructionOptions{})
	if got.Text != "A\nB" {
		t.Errorf("includes on: Text = %q", got.Text)
	}
}

// TestLoadInstructionsNamedFileLimits: a named file is held to the
// per-file limit (its own include lines not counted) and to the total
// shared with the files named before it; one that crosses a limit is left
// out whole, and the files after it still load.
func TestLoadInstructionsNamedFileLimits(t *testing.T) {
	line := func(n int) string { return strings.Repeat("x", n-1) + "\n" }
	dir := testtree.Write(t, map[string]string{
		"at.md":    line(16000) + "@small.md\n",
		"over.md":  line(16001),
		"small.md": "small\n",
		"a.md":     line(16000), "b.md": line(16000), "c.md": line(16000), "d.md": line(16000),
	})
	got := LoadInstructions(dir, InstructionOptions{Files: []string{"over.md", "at.md"}})
	if want := []string{"over.md:0:0 file-chars"}; !slices.Equal(problems(got), want) {
		t.Errorf("Problems = %q, want %q", problems(got), want)
	}
	if !slices.Equal(got.Files, []string{"at.md", "small.md"}) {
		t.Errorf("Files = %q", got.Files)
	}
	// Four files of 16,000 characters are 64,000 with the blank lines
	// between them not counted: the fifth file crosses the total.
	got = LoadInstructions(dir, InstructionOptions{Files: []string{"a.md", "b.md", "c.md", "d.md", "small.md"}})
	if want := []string{"small.md:0:0 total-chars"}; !slices.Equal(problems(got), want) {
		t.Errorf("Problems = %q, want %q", problems(got), want)
	}
	if n := len(got.Files); n != 4 {
		t.Errorf("%d files read, want 4", n)
	}
	if p := got.Problems; len(p) == 1 && p[0].String() != "small.md: small.md would bring the instructions to 64005 characters, over the limit of 64000; left out" {
		t.Errorf("String() = %q", p[0].String())
	}
}

// TestInstructionProblemString: an include line's problem names its
// position.
func TestInstructionProblemString(t *testing.T) {
	dir := testtree.Write(t, map[string]string{"AGENTS.md": "A\n  @gone.md\n"})
	got := LoadInstructions(dir, InstructionOptions{})
	if len(got.Problems) != 1 {
		t.Fatalf("Problems = %+v", got.Problems)
	}
	if s, want := got.Problems[0].String(), "AGENTS.md:2:3: @gone.md: gone.md does not exist; left out"; s != want {
		t.Errorf("String() = %q, want %q", s, want)
	}
}

// TestLoadInstructionsUnreadableDir: a project directory that cannot be
// opened reports every named file, and sends nothing.
func TestLoadInstructionsUnreadableDir(t *testing.T) {
	got := LoadInstructions(filepath.Join(t.TempDir(), "missing"), InstructionOptions{})
	if got.Text != "" || len(got.Problems) != len(InstructionFiles()) {
		t.Errorf("got %+v", got)
	}
}

// TestLoadInstructionsOnlyReads: loading creates nothing.
func TestLoadInstructionsOnlyReads(t *testing.T) {
	dir := t.TempDir()
	LoadInstructions(dir, InstructionOptions{})
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 0 {
		t.Errorf("the project directory holds %d entries after loading", len(entries))
	}
}

// TestInstructionFileSizeBound: a file of InstructionMaxBytes is read
// (and then held to the per-file character limit); one byte more is
// refused unread.
func TestInstructionFileSizeBound(t *testing.T) {
	dir := testtree.Write(t, map[string]string{
		"at.md":   strings.Repeat("x", InstructionMaxBytes-1) + "\n",
		"over.md": strings.Repeat("x", InstructionMaxBytes) + "\n",
	})
	got := LoadInstructions(dir, InstructionOptions{Files: []string{"at.md", "over.md"}})
	want := []string{"at.md:0:0 file-chars", "over.md:0:0 unreadable"}
	if !slices.Equal(problems(got), want) {
		t.Errorf("Problems = %q, want %q", problems(got), want)
	}
	if len(got.Problems) == 2 && !strings.Contains(got.Problems[1].Message, "1048577 bytes, over the limit of 1048576") {
		t.Errorf("over.md: %q", got.Problems[1].Message)
	}
}

// TestTrimBlankLines: lines of white space go from both ends, and the
// final newline; inner blank lines and indentation stay.
func TestTrimBlankLines(t *testing.T) {
	tests := map[string]string{
		"":                       "",
		"\n\n":                   "",
		" \t\n":                  "",
		"a":                      "a",
		"a\n":                    "a",
		"\n  \na\n\n b\n \n\t\n": "a\n\n b",
		"  a  \n":                "  a  ",
	}
	for in, want := range tests {
		if got := trimBlankLines(in); got != want {
			t.Errorf("trimBlankLines(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestLoadInstructionsAfter: a second directory's load shares the limits
// with the first: it leaves out what one load of all the files would, and
// reads nothing outside its own directory.
func TestLoadInstructionsAfter(t *testing.T) {
	line := func(n int) string { return strings.Repeat("x", n-1) + "\n" }
	user := testtree.Write(t, map[string]string{"AGENTS.md": line(16000), "more.md": line(16000)})
	project := testtree.Write(t, map[string]string{"AGENTS.md": line(16000), "b.md": line(16000), "small.md": "small\n",
		"escape.md": "@../AGENTS.md\n"})
	first := LoadInstructions(user, InstructionOptions{Files: []string{"AGENTS.md", "more.md"}})
	if len(first.Problems) != 0 || first.chars != 32000 || first.files != 2 {
		t.Fatalf("first load: %+v (chars %d, files %d)", first.Problems, first.chars, first.files)
	}
	second := LoadInstructions(project, InstructionOptions{Files: []string{"AGENTS.md", "b.md", "small.md", "escape.md"}, After: &first})
	want := []string{"small.md:0:0 total-chars", "escape.md:1:1 escape"}
	if !slices.Equal(problems(second), want) {
		t.Errorf("second load: Problems = %q, want %q", problems(second), want)
	}
	if second.files != 5 || second.chars != 64000 {
		t.Errorf("second load counted %d files, %d characters; want 5, 64000", second.files, second.chars)
	}
	// One more file after both: the files limit counts all of them.
	third := LoadInstructions(project, InstructionOptions{Files: []string{"small.md"}, After: &Instructions{files: 100}})
	if want := []string{"small.md:0:0 files"}; !slices.Equal(problems(third), want) {
		t.Errorf("third load: Problems = %q, want %q", problems(third), want)
	}
	// A named file that does not exist is no problem, at the limit or
	// not; one that exists is still refused for the limit.
	fifth := LoadInstructions(project, InstructionOptions{Files: []string{"TERN.md", "small.md", "TEAM.md"}, After: &Instructions{files: 100}})
	if want := []string{"small.md:0:0 files"}; !slices.Equal(problems(fifth), want) {
		t.Errorf("missing files at the limit: Problems = %q, want %q", problems(fifth), want)
	}
	fourth := LoadInstructions(project, InstructionOptions{Files: []string{"small.md"}, After: &Instructions{files: 99}})
	if len(fourth.Problems) != 0 || fourth.Text != "small" {
		t.Errorf("file 100 refused: %+v", fourth)
	}
}

// TestLoadInstructionsWorkDir: with a working directory, each named file
// is read in the project directory and in every directory down to it,
// the outermost first; a directory without the file adds nothing; a
// working directory outside the project reads the project's files alone.
func TestLoadInstructionsWorkDir(t *testing.T) {
	dir := testtree.Write(t, map[string]string{
		"AGENTS.md":            "Root rules.\n",
		"svc/AGENTS.md":        "Service rules.\n@../shared.md\n",
		"svc/api/CLAUDE.md":    "API notes.\n",
		"svc/api/v2/AGENTS.md": "Deeper, not on the way.\n",
		"shared.md":            "Shared.\n",
	})
	tests := []struct {
		workDir  string
		text     string
		problems []string
	}{
		{"", "Root rules.", nil},
		{".", "Root rules.", nil},
		{"svc", "Root rules.\n\nService rules.\nShared.", nil},
		{"svc/api/", "Root rules.\n\nService rules.\nShared.\n\nAPI notes.", nil},
		{"./svc//api", "Root rules.\n\nService rules.\nShared.\n\nAPI notes.", nil},
		{"../elsewhere", "Root rules.", []string{"../elsewhere:0:0 escape"}},
		{"/svc", "Root rules.", []string{"/svc:0:0 escape"}},
	}
	for _, tc := range tests {
		got := LoadInstructions(dir, InstructionOptions{Files: []string{"AGENTS.md", "CLAUDE.md"}, WorkDir: tc.workDir})
		if got.Text != tc.text || !slices.Equal(problems(got), tc.problems) {
			t.Errorf("WorkDir %q: Text %q, problems %q; want %q, %q", tc.workDir, got.Text, problems(got), tc.text, tc.problems)
		}
	}
	got := LoadInstructions(dir, InstructionOptions{Files: []string{"AGENTS.md"}, WorkDir: "svc/api"})
	if want := []string{"AGENTS.md", "svc/AGENTS.md", "shared.md"}; !slices.Equal(got.Files, want) {
		t.Errorf("Files = %q, want %q", got.Files, want)
	}
}

// TestLoadInstructionsBackInside: an include that climbs out of the
// project directory and back in through its own name reads the file
// inside; a sibling directory stays outside.
func TestLoadInstructionsBackInside(t *testing.T) {
	dir := testtree.Write(t, map[string]string{"AGENTS.md": "", "shared/tone.md": "Be brief.\n"})
	name := filepath.Base(dir)
	agents := "Rules.\n@../" + name + "/shared/tone.md\n@../" + name + "x/tone.md\n"
	if err := os.WriteFile(filepath.Join(dir, "AGENTS.md"), []byte(agents), 0o644); err != nil {
		t.Fatal(err)
	}
	got := LoadInstructions(dir, InstructionOptions{Files: []string{"AGENTS.md"}})
	if got.Text != "Rules.\nBe brief." {
		t.Errorf("Text = %q", got.Text)
	}
	if want := []string{"AGENTS.md:3:1 escape"}; !slices.Equal(problems(got), want) {
		t.Errorf("Problems = %q, want %q", problems(got), want)
	}
	if want := []string{"AGENTS.md", "shared/tone.md"}; !slices.Equal(got.Files, want) {
		t.Errorf("Files = %q, want %q", got.Files, want)
	}
}

// TestLoadLayers: the layers are read in the fixed order user, package,
// project, extensions, whatever the order of the fields; empty layers are
// skipped; and they share one set of limits (the stub's 64,000 characters
// in all): the fifth layer of 15,000 characters, past the total, is left
// out and reported in its own layer.
func TestLoadLayers(t *testing.T) {
	base := t.TempDir()
	dir := func(name, text string) string {
		d := filepath.Join(base, name)
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
		if text != "" {
			if err := os.WriteFile(filepath.Join(d, "APPEND_SYSTEM.md"), []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return d
	}
	opt := InstructionOptions{Files: []string{"APPEND_SYSTEM.md"}}
	got := LoadLayers(InstructionLayers{
		Extensions: []string{dir("ext1", "Ext one."), dir("ext2", "Ext two.")},
		Project:    dir("project", "Project.\n"),
		User:       dir("user", "User."),
		Package:    dir("package", ""),
	}, opt)
	if want := "User.\n\nProject.\n\nExt one.\n\nExt two."; got.Text != want {
		t.Errorf("text %q, want %q", got.Text, want)
	}
	var names []string
	for _, l := range got.Layers {
		names = append(names, l.Name)
	}
	if want := "user package project extension extension"; strings.Join(names, " ") != want {
		t.Errorf("layers %q, want %q", names, want)
	}

	big := strings.Repeat("x", 15000)
	got = LoadLayers(InstructionLayers{User: dir("u2", big), Package: dir("p2", big), Project: dir("j2", big),
		Extensions: []string{dir("e2", big), dir("e3", big)}}, opt)
	last := got.Layers[4]
	if len(last.Problems) != 1 || last.Problems[0].Kind != "total-chars" || last.Text != "" {
		t.Errorf("fifth layer: text %d characters, problems %v; want none and one total-chars problem", len(last.Text), last.Problems)
	}
	if n := len(got.Text); n != 4*15000+3*2 {
		t.Errorf("text of %d bytes, want the first four layers", n)
	}
	// opt.After counts too: after 60,000 characters loaded before, the
	// first layer no longer fits.
	after := Instructions{chars: 60000}
	opt.After = &after
	got = LoadLayers(InstructionLayers{User: dir("u3", big)}, opt)
	if got.Text != "" || len(got.Layers[0].Problems) != 1 {
		t.Errorf("after 60,000 characters: %d characters loaded, problems %v", len(got.Text), got.Layers[0].Problems)
	}
}
