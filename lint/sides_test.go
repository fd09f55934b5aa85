package lint_test

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/promptc/promptc/compiler/gogen"
	"github.com/promptc/promptc/internal/diag"
	"github.com/promptc/promptc/lint"
)

// sidesDir holds, for each rule, projects at the rule's boundaries: one
// directory a rule, one subdirectory a case. A case named fire_<what> must
// report the rule; one named near_<what> is a near miss (one step short of
// the boundary: a length at its limit, a list's last entry allowed, a
// condition on another input, a fallback family) and must not. Each
// case's want.txt lists every finding lint reports on it, in the format of
// the rule fixtures, except that the quoted text is the whole message, not
// a substring: a case pins the message's wording as well as its position.
// Cases are linted as promptc lint lints them, with the check of names
// against the generated package's identifiers (gogen.Clashes), so a name
// clash shows as the CONFIG finding lint reports.
const sidesDir = "testdata/sides"

// TestRuleSides runs every boundary case of testdata/sides.
func TestRuleSides(t *testing.T) {
	rules, err := os.ReadDir(sidesDir)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rules {
		rule := r.Name()
		if !r.IsDir() {
			t.Errorf("%s/%s: want one directory a rule", sidesDir, rule)
			continue
		}
		if _, ok := lint.Lookup(rule); !ok {
			t.Errorf("%s/%s is named after no registered rule", sidesDir, rule)
			continue
		}
		cases, err := os.ReadDir(filepath.Join(sidesDir, rule))
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range cases {
			name := c.Name()
			fire := strings.HasPrefix(name, "fire_")
			if !c.IsDir() || !fire && !strings.HasPrefix(name, "near_") {
				t.Errorf("%s/%s/%s: want a directory named fire_<what> or near_<what>", sidesDir, rule, name)
				continue
			}
			t.Run(rule+"/"+name, func(t *testing.T) {
				src := filepath.Join(sidesDir, rule, name)
				root := fixtureCopy(t, src)
				before := snapshot(t, root)
				got := lintDirNames(t, root, gogen.Clashes)
				if after := snapshot(t, root); !slices.Equal(before, after) {
					t.Errorf("lint changed the project:\nbefore %q\nafter  %q", before, after)
				}
				if *updateFixtures {
					writeWantWhole(t, filepath.Join(src, "want.txt"), got)
				}
				compareWhole(t, got, readWant(t, filepath.Join(src, "want.txt")))
				n := 0
				for _, d := range got {
					if d.Rule == rule {
						n++
					}
				}
				switch {
				case fire && n == 0:
					t.Errorf("a fire_ case of %s reports no %s finding", rule, rule)
				case !fire && n > 0:
					t.Errorf("a near miss of %s reports %d %s findings", rule, n, rule)
				}
			})
		}
	}
}

// compareWhole is compareFindings with whole messages: every wanted line
// must give the full message, and a message must equal it.
func compareWhole(t *testing.T, got []diag.Diagnostic, wants []want) {
	t.Helper()
	matchFindings(t, got, wants, func(message, wanted string) bool { return message == wanted })
}

// writeWantWhole rewrites a boundary case's want.txt from the findings,
// whole messages quoted; review the result before committing.
func writeWantWhole(t *testing.T, path string, ds []diag.Diagnostic) {
	var b strings.Builder
	for _, d := range ds {
		b.WriteString(d.Pos.String() + " " + d.Rule + " " + strconv.Quote(d.Message) + "\n")
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestEveryRuleHasANearMiss: each registered rule has at least one near
// miss and one fire_ case in testdata/sides, so every rule is pinned from
// both sides, not only by its fixture.
func TestEveryRuleHasANearMiss(t *testing.T) {
	for _, r := range lint.Rules() {
		cases, err := os.ReadDir(filepath.Join(sidesDir, r.ID))
		if err != nil {
			t.Errorf("rule %s has no boundary cases: add %s/%s/fire_<what> and near_<what>", r.ID, sidesDir, r.ID)
			continue
		}
		var fire, near bool
		for _, c := range cases {
			fire = fire || strings.HasPrefix(c.Name(), "fire_")
			near = near || strings.HasPrefix(c.Name(), "near_")
		}
		if !fire || !near {
			t.Errorf("rule %s has a fire_ case: %v, a near_ case: %v; want both", r.ID, fire, near)
		}
	}
}
