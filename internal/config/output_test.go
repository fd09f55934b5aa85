package config

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/promptc/promptc/internal/testtree"
)

// load validates src as the promptc.cue of root.
func load(t *testing.T, root, src string) error {
	t.Helper()
	_, err := LoadBytes(filepath.Join(root, FileName), []byte(src))
	return err
}

// configAt asserts err is one *Error whose diagnostic is at pos and
// contains msg.
func configAt(t *testing.T, err error, pos, msg string) {
	t.Helper()
	var ce *Error
	if !errors.As(err, &ce) || len(ce.Diagnostics) != 1 {
		t.Fatalf("error %v (%T), want one *config.Error", err, err)
	}
	d := ce.Diagnostics[0]
	if d.Pos.String() != pos || !strings.Contains(d.Message, msg) || d.Rule != RuleConfig {
		t.Errorf("got %s, want %s: …%s… (CONFIG)", d, pos, msg)
	}
}

// TestGuideOutputPlainName: guide.output must be a plain file name in the
// output directory that is not one of the generated files (without case)
// and not a temporary file's name; it is reported at its value.
func TestGuideOutputPlainName(t *testing.T) {
	root := t.TempDir()
	guide := func(name string) string {
		return minimal + "guide: {template: \"g.md\", cards: \"c/*.md\", docs: \"d/*.md\"\noutput: " + quoteCUE(name) + "}\n"
	}
	bad := map[string]string{
		"../../pwned.md":     "contains a path separator",
		"sub/guide.md":       "contains a path separator",
		`sub\guide.md`:       "contains a path separator",
		"/etc/guide.md":      "contains a path separator",
		"..":                 "names a directory",
		".":                  "names a directory",
		"":                   "it is empty",
		"C:guide.md":         "drive letter",
		"prompts_gen.go":     "the name of a file build generates (prompts_gen.go)",
		"COSTS.md":           "(COSTS.md)",
		"costs.JSON":         "(costs.json)",
		".promptc-manifest":  "(.promptc-manifest)",
		".promptc-tmp-new-x": "temporary files",
		"nul\x00.md":         "NUL",
		"Prompts_Gen.go":     "(prompts_gen.go)",
	}
	for name, msg := range bad {
		configAt(t, load(t, root, guide(name)), "promptc.cue:7:1", "guide.output: ")
		configAt(t, load(t, root, guide(name)), "promptc.cue:7:1", msg)
	}
	for _, name := range []string{"operator-guide.md", "GUIDE", ".guide.md", "costs.json.md"} {
		if err := load(t, root, guide(name)); err != nil {
			t.Errorf("guide.output %q refused: %v", name, err)
		}
	}
}

// quoteCUE writes s as a CUE string literal.
func quoteCUE(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\x00", `\u0000`)
	return `"` + r.Replace(s) + `"`
}

// TestOutputDirStaysInside: output.dir is relative and stays in the
// project, or in the Go module that holds it; anything else is refused at
// its value.
func TestOutputDirStaysInside(t *testing.T) {
	top := testtree.Write(t, map[string]string{"go.mod": "module example.com/m\n", "proj/base.md": "x\n", "loose/base.md": "x\n"})
	proj := filepath.Join(top, "proj")
	loose := t.TempDir()
	if moduleRoot(loose) != "" {
		t.Skipf("%s lies inside a Go module", loose)
	}
	for _, tc := range []struct {
		root, dir, base, rel, err string
	}{
		{proj, "generated", proj, "generated", ""},
		{proj, "./a/b/../c", proj, filepath.Join("a", "c"), ""},
		{proj, ".", proj, ".", ""},
		{proj, "../generated", top, "generated", ""},
		{proj, "..", top, ".", ""},
		{proj, "../../generated", "", "", "climbs out of the Go module that holds the project (" + filepath.Base(top)},
		{proj, "a/../../../x", "", "", "climbs out of the Go module"},
		{loose, "../generated", "", "", "climbs out of the project root with .."},
		{loose, "/srv/out", "", "", "is an absolute path"},
		{loose, `\srv\out`, "", "", "is an absolute path"},
		{loose, "C:/out", "", "", "is an absolute path"},
		{loose, `out\sub`, "", "", "contains a backslash"},
		{loose, "", "", "", "it is empty"},
		{proj, ".git", "", "", `".git" is inside .git, a version-control directory`},
		{proj, "gen/.GIT/hooks", "", "", `is inside .GIT, a version-control directory`},
		{proj, "../.git", "", "", `"../.git" is inside .git`},
		{proj, "a/_darcs", "", "", `is inside _darcs`},
		{proj, ".gitx", proj, ".gitx", ""},
	} {
		base, rel, err := OutputDir(tc.root, tc.dir)
		switch {
		case tc.err == "" && (err != nil || base != tc.base || rel != tc.rel):
			t.Errorf("OutputDir(%s, %q) = %q, %q, %v; want %q, %q", tc.root, tc.dir, base, rel, err, tc.base, tc.rel)
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("OutputDir(%s, %q) error %v, want …%s…", tc.root, tc.dir, err, tc.err)
		}
	}
	src := minimal + "output: dir: \"/srv/out\"\n"
	configAt(t, load(t, loose, src), "promptc.cue:6:9", `output.dir: "/srv/out" is an absolute path`)
	if err := load(t, proj, minimal+"output: dir: \"../generated\"\n"); err != nil {
		t.Errorf("../generated refused inside a module: %v", err)
	}
	configAt(t, load(t, loose, minimal+"output: dir: \"../generated\"\n"), "promptc.cue:6:9", "climbs out of the project root")
	if err := os.Remove(filepath.Join(top, "go.mod")); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(top, "go.mod"), 0o755); err != nil {
		t.Fatal(err)
	}
	if m := moduleRoot(proj); m != "" {
		t.Errorf("a directory named go.mod marks %s as a module", m)
	}
}

// TestCheckOutputNameDriveLetter checks the drive-letter rule at its
// edges: a letter (either case, the first and last of the alphabet) then a
// colon is refused, however short the name; the characters just outside
// the letters, a digit, a colon first or later, are plain names.
func TestCheckOutputNameDriveLetter(t *testing.T) {
	for _, name := range []string{"c:", "C:", "a:x", "A:x", "z:", "Z:guide.md"} {
		if got := CheckOutputName(name); got != fmt.Sprintf("%q starts with a drive letter", name) {
			t.Errorf("CheckOutputName(%q) = %q, want a drive letter", name, got)
		}
	}
	for _, name := range []string{"@:x", "[:x", "`:x", "{:x", "1:x", ":c", "ab:c", "c", "c;x"} {
		if got := CheckOutputName(name); got != "" {
			t.Errorf("CheckOutputName(%q) = %q, want a plain name", name, got)
		}
	}
}

// TestGoTarget: output.targets.go becomes the Go package's directory and
// name, findings about it are placed at its field, and the input hash
// sees the same configuration as the old spelling (Folded); without it,
// output.dir holds, default included. Declaring both is refused at each
// old field the user wrote.
func TestGoTarget(t *testing.T) {
	root := t.TempDir()
	loadOut := func(output string) *Loaded {
		t.Helper()
		l, err := LoadBytes(filepath.Join(root, FileName), []byte(minimal+output))
		if err != nil {
			t.Fatal(err)
		}
		return l
	}
	oldForm := loadOut("output: {dir: \"gen\", package: \"p\"}\n").Config.Output
	newForm := loadOut("output: targets: go: {dir: \"gen\", package: \"p\"}\n").Config.Output
	if newForm.Dir != "gen" || newForm.Package != "p" {
		t.Errorf("targets.go adopted as %q, %q; want gen, p", newForm.Dir, newForm.Package)
	}
	if f := newForm.DirField(); f != "output.targets.go.dir" {
		t.Errorf("DirField = %q with targets.go", f)
	}
	if f := oldForm.DirField(); f != "output.dir" {
		t.Errorf("DirField = %q with output.dir", f)
	}
	if a, b := fmt.Sprintf("%+v", newForm.Folded()), fmt.Sprintf("%+v", oldForm.Folded()); a != b {
		t.Errorf("Folded differs between the spellings:\n%s\n%s", a, b)
	}
	withTS := loadOut("output: targets: {go: dir: \"gen\", typescript: dir: \"web\"}\n").Config.Output
	if f := withTS.Folded(); f.Targets == nil || f.Targets.Go != nil || f.Targets.TypeScript == nil || f.Package != "prompts" {
		t.Errorf("Folded with typescript = %+v; want the typescript target alone, package prompts", f)
	}
	var langs []string
	for _, tg := range withTS.AllTargets() {
		langs = append(langs, tg.Language+"@"+tg.Field())
	}
	if got := strings.Join(langs, " "); got != "go@output.targets.go.dir typescript@output.targets.typescript.dir" {
		t.Errorf("AllTargets = %s", got)
	}
	if f := loadOut("").Config.Output.GoTarget(); f.Dir != "generated" || f.Field() != "output.dir" {
		t.Errorf("default GoTarget = %+v at %s", f.Target, f.Field())
	}

	_, err := LoadBytes(filepath.Join(root, FileName), []byte(minimal+"output: {package: \"p\", targets: go: dir: \"gen\"}\n"))
	configAt(t, err, "promptc.cue:6:10", "output.package: the Go package is declared twice, here and in output.targets.go; keep one: move the value to output.targets.go.package and remove output.package")
}
