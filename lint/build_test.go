package lint_test

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/promptc/promptc/compiler"
	"github.com/promptc/promptc/internal/config"
	"github.com/promptc/promptc/internal/diag"
	"github.com/promptc/promptc/internal/testproject"
	"github.com/promptc/promptc/lint"
)

// testKey is assembled at run time so that no credential-shaped string
// sits in the source.
var testKey = "sk-" + "ant-api03-" + strings.Repeat("Zq7", 12)

// TestGateSecrets: the gate reports every credential as an error whatever
// the lint section of promptc.cue says, and lets one through only when a
// directive with a reason covers it in its file. A lint section that names
// SECRET to suppress it is a configuration error (cfgErr).
func TestGateSecrets(t *testing.T) {
	key := testKey
	cases := []struct {
		name   string
		cue    string // appended to promptc.cue
		base   string // base.md
		want   []string
		cfgErr string
	}{{
		name: "no credential",
		base: "Be helpful.\n",
	}, {
		name: "a key",
		base: "Be helpful.\nUse " + key + ".\n",
		want: []string{"base.md:2:5"},
	}, {
		name:   "lint.except naming the rule is refused",
		cue:    `lint: except: ["SECRET"]`,
		base:   "Use " + key + ".\n",
		cfgErr: "promptc.cue:6:16: lint.except.0: SECRET cannot be suppressed in promptc.cue",
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
		name:   "lint.ignoreOnly naming the rule is refused",
		cue:    `lint: ignoreOnly: SECRET: ["base.md"]`,
		base:   "Use " + key + ".\n",
		cfgErr: "promptc.cue:6:19: lint.ignoreOnly.SECRET: SECRET cannot be suppressed in promptc.cue",
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
			proj := testproject.CompileAll(t, root)
			ds, err := lint.Gate(proj.Programs(), nil, 1)
			if c.cfgErr != "" {
				var ce *config.Error
				if !errors.As(err, &ce) || !strings.Contains(err.Error(), c.cfgErr) {
					t.Fatalf("got %v, want a configuration error %q", err, c.cfgErr)
				}
				if _, lerr := lint.Run(proj, lint.Options{}); lerr == nil || lerr.Error() != err.Error() {
					t.Errorf("lint: %v, want the gate's error", lerr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
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

// TestGateSecretsEveryProgram: a file read by any of the programs build
// renders (another profile's, say) is checked, and the findings are the
// same on one goroutine as on several.
func TestGateSecretsEveryProgram(t *testing.T) {
	clean := writeProject(t, map[string]string{"promptc.cue": minimalCue, "base.md": "Be helpful.\n"})
	other := writeProject(t, map[string]string{
		"promptc.cue": strings.ReplaceAll(minimalCue, "base.md", "other.md"),
		"other.md":    "Use " + testKey + ".\n",
	})
	progs := []*compiler.Program{testproject.Compile(t, clean), testproject.Compile(t, other)}
	for _, jobs := range []int{1, 4} {
		ds, err := lint.Gate(progs, nil, jobs)
		if err != nil {
			t.Fatal(err)
		}
		if len(ds) != 1 || ds[0].Pos.String() != "other.md:1:5" {
			t.Errorf("jobs %d: got %v, want one finding at other.md:1:5", jobs, ds)
		}
	}
	if ds, err := lint.Gate(nil, nil, 1); ds != nil || err != nil {
		t.Errorf("no programs: got %v", ds)
	}
}

// TestGateAgreesWithLint: for every kind of suppression, the findings
// the gate keeps (what stops build, show, costs and resolve) are exactly
// lint's findings of the same rules: the compiler's and SECRET. A finding
// that no suppression may quiet (INCLUDE_NOT_FOUND: the text is missing)
// stays in both; the lint section naming it is a configuration error for
// both.
func TestGateAgreesWithLint(t *testing.T) {
	cases := []struct {
		name   string
		cue    string // appended to promptc.cue
		base   string
		want   []string // what the gate keeps: position and rule
		cfgErr string
	}{{
		name: "no suppression",
		base: "Paths look like /path/to/project/ here.\n",
		want: []string{"base.md:1:17 STATIC_DYNAMIC"},
	}, {
		name: "an ignore covers its paragraph",
		base: "<!-- promptc:ignore STATIC_DYNAMIC a sample path -->\nPaths look like /path/to/project/ here.\nReleased 2026-11-29.\n",
	}, {
		name: "an ignore stops at a blank line",
		base: "<!-- promptc:ignore STATIC_DYNAMIC a sample path -->\nPaths look like /path/to/project/ here.\n\nReleased 2026-11-29.\n",
		want: []string{"base.md:4:10 STATIC_DYNAMIC"},
	}, {
		name: "a file-ignore covers the file",
		base: "Released 2026-11-29.\n\n<!-- promptc:file-ignore STATIC_DYNAMIC sample dates -->\n\nAnd 2025-01-01.\n",
	}, {
		name: "no reason, no suppression",
		base: "<!-- promptc:file-ignore STATIC_DYNAMIC -->\nReleased 2026-11-29.\n",
		want: []string{"base.md:2:10 STATIC_DYNAMIC"},
	}, {
		name: "another rule's directive",
		base: "<!-- promptc:ignore SECRET a sample -->\nReleased 2026-11-29.\n",
		want: []string{"base.md:2:10 STATIC_DYNAMIC"},
	}, {
		name: "ignoreOnly of the file",
		cue:  `lint: ignoreOnly: STATIC_DYNAMIC: ["base.md"]`,
		base: "Released 2026-11-29.\n",
	}, {
		name: "ignoreOnly of another file",
		cue:  `lint: ignoreOnly: STATIC_DYNAMIC: ["other.md"]`,
		base: "Released 2026-11-29.\n",
		want: []string{"base.md:1:10 STATIC_DYNAMIC"},
	}, {
		name: "ignore of the file",
		cue:  `lint: ignore: ["*.md"]`,
		base: "Released 2026-11-29.\n",
	}, {
		name: "except by category",
		cue:  `lint: except: ["BUDGET"]`,
		base: "Released 2026-11-29.\n",
	}, {
		name: "use without the rule",
		cue:  `lint: use: ["STANDARD"]`,
		base: "Released 2026-11-29.\n",
	}, {
		name: "use without the category of an error that cannot be suppressed",
		cue:  `lint: use: ["STANDARD"]`,
		base: "Text.\n@missing.md\n",
		want: []string{"base.md:2:1 INCLUDE_NOT_FOUND"},
	}, {
		name: "ignore of the file keeps an error that cannot be suppressed",
		cue:  `lint: ignore: ["*.md"]`,
		base: "Text.\n@missing.md\n",
		want: []string{"base.md:2:1 INCLUDE_NOT_FOUND"},
	}, {
		name: "a directive keeps an error that cannot be suppressed",
		base: "<!-- promptc:file-ignore INCLUDE_NOT_FOUND later -->\nText.\n@missing.md\n",
		want: []string{"base.md:3:1 INCLUDE_NOT_FOUND"},
	}, {
		name:   "ignoreOnly of an error that cannot be suppressed is refused",
		cue:    `lint: ignoreOnly: INCLUDE_NOT_FOUND: ["base.md"]`,
		base:   "Text.\n@missing.md\n",
		cfgErr: "promptc.cue:7:19: lint.ignoreOnly.INCLUDE_NOT_FOUND: INCLUDE_NOT_FOUND cannot be suppressed: its findings mean the composed text is wrong or missing",
	}, {
		name:   "except of an error that cannot be suppressed is refused",
		cue:    `lint: except: ["TEMPLATE_PARSE"]`,
		base:   "Text.\n",
		cfgErr: "promptc.cue:7:16: lint.except.0: TEMPLATE_PARSE cannot be suppressed",
	}}
	gated := func(ds []diag.Diagnostic) []string {
		var out []string
		for _, d := range ds {
			if r, ok := lint.Lookup(d.Rule); ok && (r.Compiler != "" || r.ID == lint.RuleSecret) {
				out = append(out, d.Pos.String()+" "+d.Rule)
			}
		}
		return out
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cue := strings.Replace(minimalCue, "version", "includes: enabled: true\nversion", 1)
			root := writeProject(t, map[string]string{"promptc.cue": cue + c.cue + "\n", "base.md": c.base})
			proj := testproject.CompileAll(t, root)
			kept, err := lint.Gate(proj.Programs(), proj.Diagnostics(), 2)
			ds, lerr := lint.Run(proj, lint.Options{})
			if c.cfgErr != "" {
				var ce *config.Error
				if !errors.As(err, &ce) || !strings.Contains(err.Error(), c.cfgErr) {
					t.Fatalf("gate: %v, want a configuration error %q", err, c.cfgErr)
				}
				if lerr == nil || lerr.Error() != err.Error() {
					t.Errorf("lint: %v, want the gate's error", lerr)
				}
				return
			}
			if err != nil || lerr != nil {
				t.Fatal(err, lerr)
			}
			if got := gated(kept); !slices.Equal(got, c.want) {
				t.Errorf("gate keeps %q, want %q", got, c.want)
			}
			if got := gated(ds); !slices.Equal(got, c.want) {
				t.Errorf("lint reports %q, want %q", got, c.want)
			}
		})
	}
}

// TestBuildListsEachFindingOnce: build prints lint's findings and its
// gate's errors, and a finding both hold (a credential, a missing include,
// a compiler error) is listed once; lint's warnings are listed beside them.
func TestBuildListsEachFindingOnce(t *testing.T) {
	cue := strings.Replace(minimalCue, "version", "includes: enabled: true\nversion", 1)
	root := writeProject(t, map[string]string{
		"promptc.cue": cue,
		"base.md":     "Use " + testKey + ".\n@missing.md\nReleased 2026-11-29. \n",
	})
	proj := testproject.CompileAll(t, root)
	for _, jobs := range []int{1, 4} {
		ds, err := lint.Build(proj, jobs)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, d := range ds {
			got = append(got, fmt.Sprintf("%s %s %s", d.Pos, d.Severity, d.Rule))
		}
		want := []string{
			"base.md:1:5 error SECRET",
			"base.md:2:1 error INCLUDE_NOT_FOUND",
			"base.md:3:10 error STATIC_DYNAMIC",
			"base.md:3:21 warning TEXT_TRAILING_SPACE",
		}
		if !slices.Equal(got, want) {
			t.Errorf("jobs %d: build lists\n%s\nwant\n%s", jobs, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
}
