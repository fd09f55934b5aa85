package lint_test

import (
	"bytes"
	"fmt"
	"maps"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/promptc/promptc/compiler"
	"github.com/promptc/promptc/internal/config"
	"github.com/promptc/promptc/internal/diag"
	"github.com/promptc/promptc/internal/synth"
	"github.com/promptc/promptc/lint"
	"github.com/promptc/promptc/lint/printer"
)

// findingsProject writes a generated project into a temporary directory
// and plants findings of many rules in it: dates, times and paths in
// static text, template syntax, trailing spaces, zero-width characters,
// credentials, unreached files, and budgets too small. It returns the
// directory.
func findingsProject(t *testing.T) string {
	t.Helper()
	files, err := synth.Generate(synth.Options{Assets: 200, Families: 6, Modes: 8, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	budget := regexp.MustCompile(`budget: chars: (\d+)`)
	n := 0
	for i := range files {
		f := &files[i]
		switch {
		case f.Path == config.FileName:
			// Every third budget is a third of what the text needs.
			f.Data = budget.ReplaceAllFunc(f.Data, func(m []byte) []byte {
				n++
				if n%3 != 0 {
					return m
				}
				v, err := strconv.Atoi(string(budget.FindSubmatch(m)[1]))
				if err != nil {
					t.Fatal(err)
				}
				return fmt.Appendf(nil, "budget: chars: %d", max(1, v/3))
			})
		case strings.HasSuffix(f.Path, ".md"):
			var add []string
			if i%3 == 0 {
				add = append(add, "Released on 2026-11-29 at 10:30 from /home/alice/project.  ")
			}
			if i%5 == 0 {
				add = append(add, "Read care\u200bfully ${draft}.")
			}
			if i%7 == 0 {
				add = append(add, "Use sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123 for the call.")
			}
			if len(add) > 0 {
				f.Data = append(f.Data, []byte("\n"+strings.Join(add, "\n")+"\n")...)
			}
		}
	}
	for i := range 5 {
		files = append(files, synth.File{Path: fmt.Sprintf("prompts/unused/u%d.md", i), Data: []byte("Never sent.\n")})
	}
	dir := filepath.Join(t.TempDir(), "p")
	if err := synth.Write(dir, files); err != nil {
		t.Fatal(err)
	}
	return dir
}

// lintJSON compiles and lints the project in dir on jobs goroutines and
// returns the findings and the JSON report of them.
func lintJSON(t *testing.T, dir string, jobs int) ([]diag.Diagnostic, []byte) {
	t.Helper()
	l, err := config.LoadFile(filepath.Join(dir, config.FileName))
	if err != nil {
		t.Fatal(err)
	}
	proj, err := compiler.CompileAll(l, compiler.Options{Jobs: jobs})
	if err != nil {
		t.Fatal(err)
	}
	ds, err := lint.Run(proj, lint.Options{Jobs: jobs})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := printer.JSON(&b, ds, printer.Options{}); err != nil {
		t.Fatal(err)
	}
	return ds, b.Bytes()
}

// TestJobsSameFindings checks that the number of goroutines changes
// nothing in what lint reports, byte for byte, on a project with
// findings of many rules in many files. Run with -race, it also checks
// that the concurrent rules share nothing unguarded.
func TestJobsSameFindings(t *testing.T) {
	t.Setenv("PROMPTC_CACHE", "off")
	dir := findingsProject(t)
	want, wantJSON := lintJSON(t, dir, 1)
	rules := map[string]int{}
	for _, d := range want {
		rules[d.Rule]++
	}
	// The project must hold what the concurrent code merges: findings of
	// the compiler's checks and of lint's, in many files.
	for _, r := range []string{compiler.RuleBudgetOver, compiler.RuleStaticDynamic, compiler.RuleTemplateSyntax,
		lint.RuleTrailingSpace, lint.RuleZeroWidth, lint.RuleSecret, lint.RuleOrphan} {
		if rules[r] < 2 {
			t.Errorf("the project has %d %s finding(s), want at least 2 (have %v)", rules[r], r, rules)
		}
	}
	if len(want) < 100 {
		t.Fatalf("%d findings, want at least 100", len(want))
	}
	for _, jobs := range []int{2, 3, 8, 0} {
		got, gotJSON := lintJSON(t, dir, jobs)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("jobs %d: findings differ from one job's", jobs)
		}
		if !bytes.Equal(gotJSON, wantJSON) {
			t.Errorf("jobs %d: JSON report differs from one job's", jobs)
		}
	}
}

// TestJobsSameProgram checks that parts load and texts compose the same
// on any number of goroutines: every part's text and origins, and the
// files read.
func TestJobsSameProgram(t *testing.T) {
	t.Setenv("PROMPTC_CACHE", "off")
	dir := findingsProject(t)
	l, err := config.LoadFile(filepath.Join(dir, config.FileName))
	if err != nil {
		t.Fatal(err)
	}
	one, err := compiler.Compile(l, compiler.Options{Jobs: 1})
	if err != nil {
		t.Fatal(err)
	}
	many, err := compiler.Compile(l, compiler.Options{Jobs: 4})
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range slices.Sorted(maps.Keys(one.Parts)) {
		a, b := one.Parts[name], many.Parts[name]
		if b == nil || a.Text != b.Text || !reflect.DeepEqual(a.Spans, b.Spans) || a.Pos != b.Pos {
			t.Errorf("part %s differs between 1 and 4 jobs", name)
		}
	}
	if len(one.Parts) != len(many.Parts) {
		t.Errorf("%d parts with 1 job, %d with 4", len(one.Parts), len(many.Parts))
	}
	if !slices.Equal(slices.Sorted(maps.Keys(one.Files)), slices.Sorted(maps.Keys(many.Files))) {
		t.Errorf("files read differ between 1 and 4 jobs")
	}
	if !reflect.DeepEqual(one.Diagnostics(), many.Diagnostics()) {
		t.Errorf("diagnostics differ between 1 and 4 jobs")
	}
}
