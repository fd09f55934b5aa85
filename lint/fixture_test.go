package lint_test

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/promptc/promptc/compiler"
	"github.com/promptc/promptc/compiler/emit"
	"github.com/promptc/promptc/internal/config"
	"github.com/promptc/promptc/internal/diag"
	"github.com/promptc/promptc/lint"
)

// Each directory of testdata/rules is a small project named after the rule
// it demonstrates. want.txt lists every finding lint must report on it,
// one a line:
//
//	path:line:col RULE_ID "message substring"
//
// (the substring is optional; # starts a comment). Missing and extra
// findings fail. setup.txt, when present, prepares what a fixture cannot
// hold in version control, one command a line:
//
//	write PATH "Go-quoted text"   (bytes such as a BOM, NUL, CRLF or U+200B)
//	symlink TARGET LINK
//	mkfifo PATH
//	mkdir PATH
//
// The fixture runs in a temporary copy, which must be unchanged afterwards:
// lint writes nothing.
func TestRuleFixtures(t *testing.T) {
	entries, err := os.ReadDir("testdata/rules")
	if err != nil {
		t.Fatal(err)
	}
	have := map[string]bool{}
	for _, e := range entries {
		if e.IsDir() {
			have[e.Name()] = true
		}
	}
	for _, r := range lint.Rules() {
		if !have[r.ID] {
			t.Errorf("rule %s has no fixture directory testdata/rules/%s", r.ID, r.ID)
		}
	}
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		name := e.Name()
		t.Run(name, func(t *testing.T) {
			if _, ok := lint.Lookup(name); !ok {
				t.Fatalf("fixture %s is named after no registered rule", name)
			}
			src := filepath.Join("testdata/rules", name)
			root := fixtureCopy(t, src)
			before := snapshot(t, root)
			got := lintDir(t, root)
			if after := snapshot(t, root); !slices.Equal(before, after) {
				t.Errorf("lint changed the project:\nbefore %q\nafter  %q", before, after)
			}
			if *updateFixtures {
				writeWant(t, filepath.Join(src, "want.txt"), got)
			}
			want := readWant(t, filepath.Join(src, "want.txt"))
			compareFindings(t, got, want)
			found := false
			for _, d := range got {
				if d.Rule == name {
					found = true
				}
				if r, ok := lint.Lookup(d.Rule); ok && r.Severity != d.Severity {
					t.Errorf("%s reported as %s, but the registry says %s", d, d.Severity, r.Severity)
				}
			}
			if !found {
				t.Errorf("the fixture for %s produces no %s finding", name, name)
			}
		})
	}
}

// lintDir loads, compiles and lints the project at root, returning
// configuration errors as findings.
func lintDir(t testing.TB, root string) []diag.Diagnostic {
	t.Helper()
	return lintDirNames(t, root, nil)
}

// lintDirNames is lintDir with names as lint.Options.Names: the check of
// promptc.cue's names against the generated package's identifiers that
// promptc lint runs (gogen.Clashes), nil to skip it.
func lintDirNames(t testing.TB, root string, names func([]*compiler.Program) error) []diag.Diagnostic {
	t.Helper()
	l, err := config.LoadFile(filepath.Join(root, config.FileName))
	var ce *config.Error
	if errors.As(err, &ce) {
		return ce.Diagnostics
	}
	if err != nil {
		t.Fatal(err)
	}
	proj, err := compiler.CompileAll(l, compiler.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ds, err := lint.Run(proj, lint.Options{Output: emit.StaleFiles(proj.Programs(), nil), Names: names})
	if errors.As(err, &ce) {
		return ce.Diagnostics
	}
	if err != nil {
		t.Fatal(err)
	}
	return ds
}

// fixtureCopy copies the fixture at src, without want.txt and setup.txt,
// into a temporary directory and runs its setup.txt there.
func fixtureCopy(t *testing.T, src string) string {
	t.Helper()
	root := t.TempDir()
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		if rel == "want.txt" || rel == "setup.txt" {
			return nil
		}
		dst := filepath.Join(root, rel)
		if d.IsDir() {
			return os.MkdirAll(dst, 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(dst, b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	setup, err := os.ReadFile(filepath.Join(src, "setup.txt"))
	if errors.Is(err, fs.ErrNotExist) {
		return root
	}
	if err != nil {
		t.Fatal(err)
	}
	for i, line := range strings.Split(string(setup), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		cmd, rest, _ := strings.Cut(line, " ")
		args := strings.Fields(rest)
		at := func(p string) string { return filepath.Join(root, filepath.FromSlash(p)) }
		switch {
		case cmd == "write":
			p, quoted, _ := strings.Cut(rest, " ")
			text, uerr := strconv.Unquote(strings.TrimSpace(quoted))
			if uerr != nil {
				t.Fatalf("setup.txt:%d: %v", i+1, uerr)
			}
			if err := os.MkdirAll(filepath.Dir(at(p)), 0o755); err != nil {
				t.Fatal(err)
			}
			err = os.WriteFile(at(p), []byte(text), 0o644)
		case cmd == "symlink" && len(args) == 2:
			err = os.Symlink(args[0], at(args[1]))
		case cmd == "mkfifo" && len(args) == 1:
			err = mkfifo(t, at(args[0]))
		case cmd == "mkdir" && len(args) == 1:
			err = os.MkdirAll(at(args[0]), 0o755)
		default:
			t.Fatalf("setup.txt:%d: unknown command %q", i+1, line)
		}
		if err != nil {
			t.Fatalf("setup.txt:%d: %v", i+1, err)
		}
	}
	return root
}

// snapshot lists every entry below root with its size and modification
// time.
func snapshot(t *testing.T, root string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		fi, err := os.Lstat(p)
		if err != nil {
			return err
		}
		out = append(out, fmt.Sprintf("%s %v %d %d", p, fi.Mode(), fi.Size(), fi.ModTime().UnixNano()))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

type want struct {
	pos, rule, substr string
	line              int
}

func readWant(t *testing.T, path string) []want {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []want
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		pos, rest, _ := strings.Cut(line, " ")
		rule, substr, _ := strings.Cut(strings.TrimSpace(rest), " ")
		w := want{pos: pos, rule: rule, line: n}
		if substr = strings.TrimSpace(substr); substr != "" {
			if w.substr, err = strconv.Unquote(substr); err != nil {
				t.Fatalf("%s:%d: message substring: %v", path, n, err)
			}
		}
		out = append(out, w)
	}
	return out
}

// compareFindings matches every wanted finding with one reported finding
// at the same position with the same rule (and a message containing the
// substring), and fails on what is left on either side.
func compareFindings(t *testing.T, got []diag.Diagnostic, wants []want) {
	t.Helper()
	matchFindings(t, got, wants, strings.Contains)
}

// matchFindings pairs each wanted finding with one reported finding at
// the same position, with the same rule, whose message and the wanted
// text satisfy same, and fails on what is left on either side.
func matchFindings(t *testing.T, got []diag.Diagnostic, wants []want, same func(message, wanted string) bool) {
	t.Helper()
	used := make([]bool, len(got))
	for _, w := range wants {
		match := -1
		for i, d := range got {
			if !used[i] && d.Pos.String() == w.pos && d.Rule == w.rule && same(d.Message, w.substr) {
				match = i
				break
			}
		}
		if match < 0 {
			t.Errorf("want.txt:%d: missing finding %s %s %q", w.line, w.pos, w.rule, w.substr)
			continue
		}
		used[match] = true
	}
	for i, d := range got {
		if !used[i] {
			t.Errorf("unexpected finding %s %s %q", d.Pos, d.Rule, d.Message)
		}
	}
}

var (
	update         = flag.Bool("update", false, "rewrite docs/rules.md from the rule registry")
	updateFixtures = flag.Bool("update-fixtures", false, "rewrite the want.txt of every rule fixture from what lint reports now (review the diff: hand-written substrings and comments are lost)")
)

// writeWant rewrites a fixture's want.txt from the findings, with the start
// of each message as its substring; review the result before committing.
func writeWant(t *testing.T, path string, ds []diag.Diagnostic) {
	var b strings.Builder
	for _, d := range ds {
		msg := d.Message
		if i := strings.IndexAny(msg, ";:"); i > 0 {
			msg = msg[:i]
		}
		if r := []rune(msg); len(r) > 60 {
			msg = string(r[:60])
		}
		fmt.Fprintf(&b, "%s %s %s\n", d.Pos, d.Rule, strconv.Quote(msg))
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}
