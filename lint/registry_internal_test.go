package lint

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/promptc/promptc/compiler"
	"github.com/promptc/promptc/internal/config"
)

// TestRegistryCoversCompilerRules finds every Rule... string constant
// declared in the compiler's packages and in internal/ (parsing their
// source, so a constant added later is found too) and requires a registry
// entry for its value whose Compiler is one of the packages declaring it
// (guide and frontmatter both declare FRONTMATTER_SCHEMA).
func TestRegistryCoversCompilerRules(t *testing.T) {
	declaring := map[string][]string{} // value -> packages
	found := 0
	for pkg, consts := range compilerRuleConstants(t) {
		for name, value := range consts {
			found++
			if _, ok := Lookup(value); !ok {
				t.Errorf("%s: %s = %q is not in the lint registry (lint/rules.go)", pkg, name, value)
			}
			declaring[value] = append(declaring[value], pkg)
		}
	}
	for value, pkgs := range declaring {
		if r, ok := Lookup(value); ok && !slices.Contains(pkgs, r.Compiler) {
			t.Errorf("%s is registered with Compiler %q, but declared in %v", value, r.Compiler, pkgs)
		}
	}
	if found < 30 {
		t.Fatalf("found only %d rule constants; is the scan looking in the right place?", found)
	}
}

// TestRegistryRulesHaveASource checks every registered rule, in registry
// order: a unique ID, a summary and docs, and a source of findings: a
// check lint runs, or a compiler package that declares the ID among its
// Rule constants (so a Compiler that names the wrong package, or a lint
// rule registered without its check, fails).
func TestRegistryRulesHaveASource(t *testing.T) {
	consts := compilerRuleConstants(t)
	seen := map[string]bool{}
	for i, r := range registry {
		if r.ID == "" {
			t.Errorf("registry entry %d has no ID", i)
		}
		if seen[r.ID] {
			t.Errorf("%s is registered twice", r.ID)
		}
		seen[r.ID] = true
		if r.Summary == "" || r.Doc == "" {
			t.Errorf("%s: no summary or no doc", r.ID)
		}
		if r.check == nil && r.Compiler == "" {
			t.Errorf("%s: neither a check nor a compiler package reports it", r.ID)
		}
		if r.Compiler == "" {
			continue
		}
		declared := false
		for _, v := range consts[r.Compiler] {
			declared = declared || v == r.ID
		}
		if !declared {
			t.Errorf("%s: Compiler %q declares no Rule constant with that value", r.ID, r.Compiler)
		}
	}
	if len(seen) != len(byID) {
		t.Errorf("byID indexes %d IDs, the registry has %d", len(byID), len(seen))
	}
}

// TestStartOrder: Run starts every task once, the heavier before the
// lighter, the files' tasks last, and among tasks of one weight the later
// first.
func TestStartOrder(t *testing.T) {
	got := startOrder(3, []weight{weightLight, weightCompose, weightRender, weightLight, weightRender})
	if want := []int{4, 7, 5, 6, 3, 2, 1, 0}; !slices.Equal(got, want) {
		t.Errorf("startOrder = %v, want %v", got, want)
	}
	if got := startOrder(2, nil); !slices.Equal(got, []int{1, 0}) {
		t.Errorf("startOrder with files alone = %v, want [1 0]", got)
	}
}

// TestPlanChecksOncePerCheck: with every rule enabled, Run plans each
// project-wide check once, though OUTPUT_STALE and OUTPUT_UNSAFE share
// one, and every text rule; with them all disabled, nothing but SECRET,
// which the lint section cannot turn off.
func TestPlanChecksOncePerCheck(t *testing.T) {
	l := &linter{
		p:      &compiler.Program{Config: &config.Config{}},
		output: func(*compiler.Program, config.NamedTarget) ([]string, error) { return nil, nil },
		sel:    &selection{},
	}
	p := planChecks(l)
	// orphans, duplicates, repeats, unused parts, empty parts, spaced
	// includes, output
	if len(p.tasks) != 7 {
		t.Errorf("%d project tasks planned, want 7", len(p.tasks))
	}
	if len(p.weights) != len(p.tasks) {
		t.Errorf("%d weights for %d tasks", len(p.weights), len(p.tasks))
	}
	// The longest check starts first, before any file's task.
	if order := startOrder(3, p.weights); p.weights[order[0]-3] != weightCompose {
		t.Errorf("start order %v begins with a task of weight %d, want PARAGRAPH_REPEATED's", order, p.weights[order[0]-3])
	}
	if want := (textRules{trailing: true, invisible: true, secrets: true}); p.text != want {
		t.Errorf("text rules %+v, want %+v (tabs only with lint.forbidTabs)", p.text, want)
	}
	l.sel = &selection{use: map[string]bool{}}
	if p := planChecks(l); len(p.tasks) != 0 || p.text != (textRules{secrets: true}) {
		t.Errorf("with no rule enabled, planned %d tasks and text rules %+v", len(p.tasks), p.text)
	}
	l.sel = &selection{use: map[string]bool{"OUTPUT_UNSAFE": true}}
	if p := planChecks(l); len(p.tasks) != 1 {
		t.Errorf("with OUTPUT_UNSAFE alone, planned %d tasks, want the output check", len(p.tasks))
	}
}

// compilerRuleConstants returns the Rule... string constants of the
// non-test Go files below ../compiler and ../internal, by package path in
// the module ("compiler/source") and constant name.
func compilerRuleConstants(t *testing.T) map[string]map[string]string {
	t.Helper()
	out := map[string]map[string]string{}
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
			rel, err := filepath.Rel("..", filepath.Dir(p))
			if err != nil {
				return err
			}
			pkg := filepath.ToSlash(rel)
			for name, value := range ruleConstants(t, p) {
				if out[pkg] == nil {
					out[pkg] = map[string]string{}
				}
				out[pkg][name] = value
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return out
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
