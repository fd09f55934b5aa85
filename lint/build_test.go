package lint_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/promptc/promptc/compiler"
	"github.com/promptc/promptc/internal/diag"
	"github.com/promptc/promptc/internal/testproject"
	"github.com/promptc/promptc/lint"
)

// testKey is assembled at run time so that no credential-shaped string
// sits in the source.
var testKey = "sk-" + "ant-api03-" + strings.Repeat("Zq7", 12)

// TestBuildSecrets: build's gate reports every credential as an error
// whatever the lint section of promptc.cue says, and lets one through only
// when a directive with a reason covers it in its file.
func TestBuildSecrets(t *testing.T) {
	key := testKey
	cases := []struct {
		name string
		cue  string // appended to promptc.cue
		base string // base.md
		want []string
	}{{
		name: "no credential",
		base: "Be helpful.\n",
	}, {
		name: "a key",
		base: "Be helpful.\nUse " + key + ".\n",
		want: []string{"base.md:2:5"},
	}, {
		name: "lint.except by rule does not turn the gate off",
		cue:  `lint: except: ["SECRET"]`,
		base: "Use " + key + ".\n",
		want: []string{"base.md:1:5"},
	}, {
		name: "lint.except by category does not turn the gate off",
		cue:  `lint: except: ["SECURITY"]`,
		base: "Use " + key + ".\n",
		want: []string{"base.md:1:5"},
	}, {
		name: "lint.use without the rule does not turn the gate off",
		cue:  `lint: use: ["MINIMAL"]`,
		base: "Use " + key + ".\n",
		want: []string{"base.md:1:5"},
	}, {
		name: "lint.ignore does not drop the finding",
		cue:  `lint: ignore: ["*.md"]`,
		base: "Use " + key + ".\n",
		want: []string{"base.md:1:5"},
	}, {
		name: "lint.ignoreOnly does not drop the finding",
		cue:  `lint: ignoreOnly: SECRET: ["base.md"]`,
		base: "Use " + key + ".\n",
		want: []string{"base.md:1:5"},
	}, {
		name: "an ignore with a reason lets it through",
		base: "<!-- promptc:ignore SECRET the vendor's published example key -->\nUse " + key + ".\n",
	}, {
		name: "a file-ignore with a reason lets it through",
		base: "Use " + key + ".\n\n<!-- promptc:file-ignore SECRET the vendor's published example keys -->\n",
	}, {
		name: "an ignore without a reason suppresses nothing",
		base: "<!-- promptc:ignore SECRET -->\nUse " + key + ".\n",
		want: []string{"base.md:2:5"},
	}, {
		name: "an ignore of another rule suppresses nothing",
		base: "<!-- promptc:ignore STATIC_DYNAMIC a date -->\nUse " + key + ".\n",
		want: []string{"base.md:2:5"},
	}, {
		name: "an ignore covers its block only",
		base: "<!-- promptc:ignore SECRET an example -->\nUse " + key + ".\n\nAnd " + key + ".\n",
		want: []string{"base.md:4:5"},
	}, {
		name: "a directive quoted in code is text",
		base: "```\n<!-- promptc:file-ignore SECRET quoted -->\n```\nUse " + key + ".\n",
		want: []string{"base.md:4:5"},
	}, {
		name: "promptc.cue is checked too",
		cue:  "// api_key = " + strings.Repeat("k3Y", 6),
		base: "Be helpful.\n",
		want: []string{"promptc.cue:6:14"},
	}}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			root := writeProject(t, map[string]string{"promptc.cue": minimalCue + c.cue + "\n", "base.md": c.base})
			ds := lint.BuildSecrets(testproject.CompileAll(t, root).Programs(), 1)
			var got []string
			for _, d := range ds {
				got = append(got, d.Pos.String())
				if d.Rule != lint.RuleSecret || d.Severity != diag.Error {
					t.Errorf("%s: rule %s severity %v, want a SECRET error", d.Pos, d.Rule, d.Severity)
				}
				if strings.Contains(d.Message, key[8:]) {
					t.Errorf("the message shows the key: %s", d.Message)
				}
			}
			if !slices.Equal(got, c.want) {
				t.Errorf("got  %q\nwant %q", got, c.want)
			}
		})
	}
}

// TestBuildSecretsEveryProgram: a file read by any of the programs build
// renders (another profile's, say) is checked, and the findings are the
// same on one goroutine as on several.
func TestBuildSecretsEveryProgram(t *testing.T) {
	clean := writeProject(t, map[string]string{"promptc.cue": minimalCue, "base.md": "Be helpful.\n"})
	other := writeProject(t, map[string]string{
		"promptc.cue": strings.ReplaceAll(minimalCue, "base.md", "other.md"),
		"other.md":    "Use " + testKey + ".\n",
	})
	progs := []*compiler.Program{testproject.Compile(t, clean), testproject.Compile(t, other)}
	for _, jobs := range []int{1, 4} {
		ds := lint.BuildSecrets(progs, jobs)
		if len(ds) != 1 || ds[0].Pos.String() != "other.md:1:5" {
			t.Errorf("jobs %d: got %v, want one finding at other.md:1:5", jobs, ds)
		}
	}
	if ds := lint.BuildSecrets(nil, 1); ds != nil {
		t.Errorf("no programs: got %v", ds)
	}
}

// TestBuildSuppressAgreesWithLint: the STATIC_DYNAMIC findings build keeps
// are exactly those lint reports, directive by directive; findings of
// other rules pass through untouched.
func TestBuildSuppressAgreesWithLint(t *testing.T) {
	cases := []struct {
		name string
		base string
		want []string // positions of the STATIC_DYNAMIC findings left
	}{{
		name: "no directive",
		base: "Paths look like /path/to/project/ here.\n",
		want: []string{"base.md:1:17"},
	}, {
		name: "an ignore covers its paragraph",
		base: "<!-- promptc:ignore STATIC_DYNAMIC a sample path -->\nPaths look like /path/to/project/ here.\nReleased 2026-11-29.\n",
	}, {
		name: "an ignore stops at a blank line",
		base: "<!-- promptc:ignore STATIC_DYNAMIC a sample path -->\nPaths look like /path/to/project/ here.\n\nReleased 2026-11-29.\n",
		want: []string{"base.md:4:10"},
	}, {
		name: "a file-ignore covers the file",
		base: "Released 2026-11-29.\n\n<!-- promptc:file-ignore STATIC_DYNAMIC sample dates -->\n\nAnd 2025-01-01.\n",
	}, {
		name: "no reason, no suppression",
		base: "<!-- promptc:file-ignore STATIC_DYNAMIC -->\nReleased 2026-11-29.\n",
		want: []string{"base.md:2:10"},
	}, {
		name: "another rule's directive",
		base: "<!-- promptc:ignore SECRET a sample -->\nReleased 2026-11-29.\n",
		want: []string{"base.md:2:10"},
	}}
	static := func(ds []diag.Diagnostic) []string {
		var out []string
		for _, d := range ds {
			if d.Rule == compiler.RuleStaticDynamic {
				out = append(out, d.Pos.String())
			}
		}
		return out
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			root := writeProject(t, map[string]string{"promptc.cue": minimalCue, "base.md": c.base})
			proj := testproject.CompileAll(t, root)
			other := diag.Errorf(diag.Position{Path: "base.md", Line: 1, Col: 1}, "OTHER_RULE", "kept")
			kept := lint.BuildSuppress(proj.Programs(), append(proj.Diagnostics(), other))
			if got := static(kept); !slices.Equal(got, c.want) {
				t.Errorf("build keeps %q, want %q", got, c.want)
			}
			if !slices.ContainsFunc(kept, func(d diag.Diagnostic) bool { return d.Rule == "OTHER_RULE" }) {
				t.Errorf("a finding of another rule was dropped: %v", kept)
			}
			ds, err := lint.Run(proj, lint.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if got := static(ds); !slices.Equal(got, c.want) {
				t.Errorf("lint reports %q, want %q", got, c.want)
			}
		})
	}
}
