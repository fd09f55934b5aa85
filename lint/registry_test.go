package lint_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/promptc/promptc/lint"
)

// TestRegistryCoversCompilerRules finds every Rule... string constant
// declared in the compiler's packages and in internal/ (parsing their source, so
// a constant added later is found too) and requires a registry entry for
// its value.
func TestRegistryCoversCompilerRules(t *testing.T) {
	found := 0
	for _, dir := range []string{"../compiler", "../internal"} {
		err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) {
				return filepath.SkipDir
			}
			if d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
				return nil
			}
			for name, value := range ruleConstants(t, p) {
				found++
				if _, ok := lint.Lookup(value); !ok {
					t.Errorf("%s: %s = %q is not in the lint registry (lint/rules.go)", p, name, value)
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if found < 30 {
		t.Fatalf("found only %d rule constants; is the scan looking in the right place?", found)
	}
}

// ruleConstants returns the string constants of a Go file whose names start
// with Rule.
func ruleConstants(t *testing.T, path string) map[string]string {
	f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, decl := range f.Decls {
		gd, ok := decl.(*ast.GenDecl)
		if !ok || gd.Tok != token.CONST {
			continue
		}
		for _, spec := range gd.Specs {
			vs := spec.(*ast.ValueSpec)
			for i, name := range vs.Names {
				if !strings.HasPrefix(name.Name, "Rule") || i >= len(vs.Values) {
					continue
				}
				if lit, ok := vs.Values[i].(*ast.BasicLit); ok && lit.Kind == token.STRING {
					v, err := strconv.Unquote(lit.Value)
					if err != nil {
						t.Fatal(err)
					}
					out[name.Name] = v
				}
			}
		}
	}
	return out
}

var upperSnake = regexp.MustCompile(`^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$`)

// TestRegistryEntries checks that every rule is complete: a well-formed
// unique ID, a known category, a one-line summary, a doc text, and bad and
// good examples that are txtar archives of at least one file.
func TestRegistryEntries(t *testing.T) {
	seen := map[string]bool{}
	for _, r := range lint.Rules() {
		if !upperSnake.MatchString(r.ID) {
			t.Errorf("%q is not an UPPER_SNAKE ID", r.ID)
		}
		if seen[r.ID] {
			t.Errorf("%s is registered twice", r.ID)
		}
		seen[r.ID] = true
		if !lint.IsCategory(string(r.Category)) {
			t.Errorf("%s: unknown category %q", r.ID, r.Category)
		}
		if r.Summary == "" || strings.Contains(r.Summary, "\n") || !strings.HasSuffix(r.Summary, ".") {
			t.Errorf("%s: the summary must be one sentence on one line: %q", r.ID, r.Summary)
		}
		if len(r.Doc) < 80 {
			t.Errorf("%s: the doc text is too short to explain the rule", r.ID)
		}
		for name, ex := range map[string]string{"bad": r.Bad, "good": r.Good} {
			a := txtar.Parse([]byte(ex))
			if len(a.Files) == 0 || strings.TrimSpace(string(a.Comment)) != "" {
				t.Errorf("%s: the %s example must be -- path -- sections only", r.ID, name)
			}
		}
		if r.Bad == r.Good {
			t.Errorf("%s: the bad and good examples are the same", r.ID)
		}
	}
	for _, c := range lint.Categories() {
		n := 0
		for _, r := range lint.Rules() {
			if r.Category == c.Name {
				n++
			}
		}
		if n == 0 {
			t.Errorf("category %s has no rules", c.Name)
		}
	}
}

func TestSuggest(t *testing.T) {
	for in, want := range map[string]string{
		"STATIC_DYNAMC":       "STATIC_DYNAMIC",
		"text_trailing_space": "TEXT_TRAILING_SPACE",
		"SECRETS":             "SECRET",
		"COMPLETELY_ELSE":     "",
	} {
		if got := lint.Suggest(in); got != want {
			t.Errorf("Suggest(%q) = %q, want %q", in, got, want)
		}
	}
}
