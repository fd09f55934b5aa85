package emit_test

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/promptc/promptc/compiler"
	"github.com/promptc/promptc/compiler/emit"
	"github.com/promptc/promptc/compiler/source"
	"github.com/promptc/promptc/internal/config"
	"github.com/promptc/promptc/internal/diag"
	"github.com/promptc/promptc/internal/testtree"
)

const projectCue = "version: \"v1\"\noutput: dir: \"out\"\nparts: base: file: \"base.md\"\nmodes: focus: compose: [parts.base]\norder: [\"focus\"]\ndefaultMode: \"focus\"\n"

// compile loads and compiles the project at root.
func compile(t *testing.T, root string) []*compiler.Program {
	t.Helper()
	l, err := config.LoadFile(filepath.Join(root, config.FileName))
	if err != nil {
		t.Fatal(err)
	}
	proj, err := compiler.CompileAll(l, compiler.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return proj.Programs()
}

// build renders and writes the output of the project at root.
func build(t *testing.T, root string) []*compiler.Program {
	t.Helper()
	progs := compile(t, root)
	files, err := emit.Render(progs, emit.InputHash(progs[0]))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := emit.Write(progs[0], files); err != nil {
		t.Fatal(err)
	}
	return progs
}

// builtProject writes a small project below a directory that also holds a
// secret outside the project, builds it, and returns the project root and
// the secret's path.
func builtProject(t *testing.T) (root, secret string) {
	t.Helper()
	top := testtree.Write(t, map[string]string{
		"secret.txt":              "TOKEN=do-not-print-me\n",
		"proj/" + config.FileName: projectCue,
		"proj/base.md":            "Base.\n",
	})
	root = filepath.Join(top, "proj")
	build(t, root)
	return root, filepath.Join(top, "secret.txt")
}

// TestStaleAfterWrite: output just written is fresh; after an edit of an
// input it is stale, and Stale names what differs.
func TestStaleAfterWrite(t *testing.T) {
	root, _ := builtProject(t)
	changes, err := emit.Stale(compile(t, root), nil)
	if err != nil || len(changes) != 0 {
		t.Fatalf("Stale right after Write = %v, %v; want nothing", changes, err)
	}
	if err := os.WriteFile(filepath.Join(root, "base.md"), []byte("Edited.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	changes, err = emit.Stale(compile(t, root), nil)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range changes {
		got = append(got, c.Name+" "+c.Kind)
	}
	want := []string{"COSTS.md changed", "costs.json changed", "prompts_gen.go changed", ".promptc-manifest changed"}
	if !slices.Equal(got, want) {
		t.Errorf("Stale after an edit = %q, want %q", got, want)
	}
}

// unsafeAt asserts err is an *emit.UnsafeError with exactly one finding per
// path, in order, and no trace of the secret.
func unsafeAt(t *testing.T, err error, secret string, paths ...string) []diag.Diagnostic {
	t.Helper()
	var ue *emit.UnsafeError
	if !errors.As(err, &ue) {
		t.Fatalf("error %v (%T), want *emit.UnsafeError", err, err)
	}
	var got []string
	for _, d := range ue.Diagnostics {
		got = append(got, d.Pos.String())
		if d.Rule != source.RuleOutputUnsafe || d.Severity != diag.Error {
			t.Errorf("finding %s has rule %s and severity %s, want OUTPUT_UNSAFE error", d, d.Rule, d.Severity)
		}
	}
	if !slices.Equal(got, paths) {
		t.Errorf("findings at %q, want %q", got, paths)
	}
	if secret != "" && strings.Contains(err.Error(), "do-not-print-me") {
		t.Errorf("the error prints the content of the link's target: %v", err)
	}
	return ue.Diagnostics
}

// TestOutputLinksNeverFollowed plants symbolic links where generated files
// belong (out of the project, and to a sibling inside the output
// directory): check and write refuse them by name, never read through them
// and write nothing.
func TestOutputLinksNeverFollowed(t *testing.T) {
	for _, tc := range []struct{ name, target string }{
		{"outside", ""},
		{"sibling", "costs.json"},
		{"dangling", "nothing-here"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root, secret := builtProject(t)
			target := tc.target
			if target == "" {
				target = secret
			}
			link := filepath.Join(root, "out", "COSTS.md")
			if err := os.Remove(link); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(target, link); err != nil {
				t.Fatal(err)
			}
			progs := compile(t, root)
			_, err := emit.Stale(progs, nil)
			ds := unsafeAt(t, err, secret, "out/COSTS.md")
			if !strings.Contains(ds[0].Message, "out/COSTS.md is a symbolic link") {
				t.Errorf("message %q does not say what the entry is", ds[0].Message)
			}

			files, err := emit.Render(progs, emit.InputHash(progs[0]))
			if err != nil {
				t.Fatal(err)
			}
			before := snapshot(t, filepath.Dir(root))
			_, err = emit.Write(progs[0], files)
			unsafeAt(t, err, secret, "out/COSTS.md")
			if after := snapshot(t, filepath.Dir(root)); !slices.Equal(before, after) {
				t.Errorf("a refused write changed the tree:\nbefore %q\nafter  %q", before, after)
			}
		})
	}
}

// TestOutputIrregularEntries: a directory where a generated file belongs,
// a link in place of the manifest and a directory with a temporary file's
// name are all reported at once, and nothing is written.
func TestOutputIrregularEntries(t *testing.T) {
	root, _ := builtProject(t)
	out := filepath.Join(root, "out")
	for _, n := range []string{"costs.json", ".promptc-manifest"} {
		if err := os.Remove(filepath.Join(out, n)); err != nil {
			t.Fatal(err)
		}
	}
	for _, d := range []string{"costs.json", ".promptc-tmp-new-COSTS.md"} {
		if err := os.Mkdir(filepath.Join(out, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink("COSTS.md", filepath.Join(out, ".promptc-manifest")); err != nil {
		t.Fatal(err)
	}
	progs := compile(t, root)
	_, err := emit.Stale(progs, nil)
	unsafeAt(t, err, "", "out/.promptc-manifest", "out/.promptc-tmp-new-COSTS.md", "out/costs.json")
	files, err := emit.Render(progs, emit.InputHash(progs[0]))
	if err != nil {
		t.Fatal(err)
	}
	before := snapshot(t, root)
	_, err = emit.Write(progs[0], files)
	ds := unsafeAt(t, err, "", "out/.promptc-manifest", "out/.promptc-tmp-new-COSTS.md", "out/costs.json")
	if !strings.Contains(ds[2].Message, "out/costs.json is a directory") {
		t.Errorf("message %q does not say costs.json is a directory", ds[2].Message)
	}
	if after := snapshot(t, root); !slices.Equal(before, after) {
		t.Errorf("a refused write changed the tree:\nbefore %q\nafter  %q", before, after)
	}
}

// TestManifestNamesOnlyPlainFiles: manifest lines that are not plain names
// in the output directory are reported at their line and never removed.
func TestManifestNamesOnlyPlainFiles(t *testing.T) {
	root, _ := builtProject(t)
	victim := filepath.Join(root, "victim.md")
	if err := os.WriteFile(victim, []byte("keep me\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "out", "sub"), []byte("x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	m := filepath.Join(root, "out", emit.ManifestName)
	b, err := os.ReadFile(m)
	if err != nil {
		t.Fatal(err)
	}
	b = append(b, "..\n../victim.md\nsub/../sub\n.\n"...)
	if err := os.WriteFile(m, b, 0o644); err != nil {
		t.Fatal(err)
	}
	progs := compile(t, root)
	files, err := emit.Render(progs, emit.InputHash(progs[0]))
	if err != nil {
		t.Fatal(err)
	}
	_, err = emit.Write(progs[0], files)
	lines := strings.Count(string(b), "\n")
	var want []string
	for i := lines - 3; i <= lines; i++ {
		want = append(want, "out/.promptc-manifest:"+strconv.Itoa(i)+":1")
	}
	ds := unsafeAt(t, err, "", want...)
	if !strings.Contains(ds[1].Message, `"../victim.md"`) || !strings.Contains(ds[1].Message, "never removes it") {
		t.Errorf("message %q does not name the line and say it is kept", ds[1].Message)
	}
	for _, p := range []string{victim, root, filepath.Join(root, "out", "sub")} {
		if _, err := os.Stat(p); err != nil {
			t.Errorf("%s: %v", p, err)
		}
	}
}

// TestOutputDirIsAFile: an output directory path that is a file is a
// configuration error at output.dir, for check and write alike.
func TestOutputDirIsAFile(t *testing.T) {
	root := testtree.Write(t, map[string]string{config.FileName: projectCue, "base.md": "Base.\n", "out": "a file\n"})
	progs := compile(t, root)
	_, serr := emit.Stale(progs, nil)
	_, werr := emit.Write(progs[0], nil)
	for _, err := range []error{serr, werr} {
		var ce *config.Error
		if !errors.As(err, &ce) || len(ce.Diagnostics) != 1 {
			t.Fatalf("error %v (%T), want one *config.Error", err, err)
		}
		d := ce.Diagnostics[0]
		if d.Pos.String() != "promptc.cue:2:9" || !strings.Contains(d.Message, "output.dir: out is a regular file") {
			t.Errorf("got %s, want promptc.cue:2:9: output.dir: out is a regular file…", d)
		}
	}
	if b, err := os.ReadFile(filepath.Join(root, "out")); err != nil || string(b) != "a file\n" {
		t.Errorf("out = %q, %v; want it untouched", b, err)
	}
}

// snapshot lists every entry below root with its type and content.
func snapshot(t *testing.T, root string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		line := p + " " + d.Type().String()
		if d.Type().IsRegular() {
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			line += " " + string(b)
		}
		out = append(out, line)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestLeftoverMakesStale: output that is otherwise fresh is stale while a
// temporary file of an interrupted build is there, for build --check and
// lint alike.
func TestLeftoverMakesStale(t *testing.T) {
	root, _ := builtProject(t)
	if err := os.WriteFile(filepath.Join(root, "out", config.TempPrefix+"new-COSTS.md"), []byte("half\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	progs := compile(t, root)
	changes, err := emit.Stale(progs, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(changes) != 1 || changes[0].Name != ".promptc-tmp-new-COSTS.md" || changes[0].Kind != "leftover" {
		t.Errorf("Stale = %+v, want the leftover alone", changes)
	}
	lines, err := emit.StaleFiles(progs, nil)(progs[0], progs[0].Config.Output.GoTarget())
	if err != nil || !slices.Equal(lines, []string{".promptc-tmp-new-COSTS.md leftover"}) {
		t.Errorf("StaleFiles = %q, %v; want the leftover", lines, err)
	}
}

// TestOutputDirLinkOut: an output directory that is a link leading out of
// the project is refused; nothing is written through it.
func TestOutputDirLinkOut(t *testing.T) {
	root, secret := builtProject(t)
	out := filepath.Join(root, "out")
	if err := os.RemoveAll(out); err != nil {
		t.Fatal(err)
	}
	elsewhere := filepath.Join(filepath.Dir(root), "elsewhere")
	if err := os.Mkdir(elsewhere, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("../elsewhere", out); err != nil {
		t.Fatal(err)
	}
	progs := compile(t, root)
	_, err := emit.Stale(progs, nil)
	unsafeAt(t, err, secret, "out")
	_, err = emit.Write(progs[0], nil)
	unsafeAt(t, err, secret, "out")
	if es, err := os.ReadDir(elsewhere); err != nil || len(es) != 0 {
		t.Errorf("written through the link: %v, %v", es, err)
	}
}
