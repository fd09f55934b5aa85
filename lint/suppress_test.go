package lint_test

import (
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/promptc/promptc/compiler"
	"github.com/promptc/promptc/internal/config"
	"github.com/promptc/promptc/internal/diag"
	"github.com/promptc/promptc/internal/testproject"
	"github.com/promptc/promptc/internal/testtree"
	"github.com/promptc/promptc/lint"
)

const minimalCue = `version: "v1"
parts: base: file: "base.md"
modes: focus: compose: [parts.base]
order: ["focus"]
defaultMode: "focus"
`

// TestSuppression pins down the scope of directives and of the lint section
// of promptc.cue. Each case lists the findings (position and rule) that
// remain.
func TestSuppression(t *testing.T) {
	cases := []struct {
		name  string
		lint  string // appended to promptc.cue
		base  string // base.md
		files []string
		want  []string
	}{{
		name: "ignore covers the next block to its blank line",
		base: "<!-- promptc:ignore STATIC_DYNAMIC release notes -->\nReleased 2025-01-01,\npatched 2025-02-01.\n\nPlanned 2025-03-01.\n",
		want: []string{"base.md:5:9 STATIC_DYNAMIC"},
	}, {
		name: "ignore skips blank lines and stacked directives",
		base: "<!-- promptc:ignore STATIC_DYNAMIC release date -->\n\n<!-- promptc:ignore TEXT_TRAILING_SPACE hard break -->\nReleased 2025-01-01.  \nOther 2025-02-01.\n",
	}, {
		name: "ignore covers a whole fenced block, blank lines included",
		base: "Text.\n\n<!-- promptc:ignore STATIC_DYNAMIC sample output -->\n```\n2025-01-01\n\n2025-02-01\n```\nAfter 2025-03-01.\n\nLater 2025-04-01.\n",
		want: []string{"base.md:11:7 STATIC_DYNAMIC"},
	}, {
		name: "file-ignore covers the file",
		base: "Released 2025-01-01.\n\n<!-- promptc:file-ignore STATIC_DYNAMIC a changelog -->\n\nPlanned 2025-03-01.\n",
	}, {
		name: "a directive quoted in code is text",
		base: "```\n<!-- promptc:file-ignore STATIC_DYNAMIC quoted -->\n```\nReleased 2025-01-01.\n",
		want: []string{"base.md:4:10 STATIC_DYNAMIC"},
	}, {
		name: "a directive covers its rule only",
		base: "<!-- promptc:ignore SECRET not a key -->\nReleased 2025-01-01.\n",
		want: []string{"base.md:1:21 IGNORE_UNUSED", "base.md:2:10 STATIC_DYNAMIC"},
	}, {
		name: "except by rule turns a rule off, and its directives are not unused",
		lint: `lint: except: ["STATIC_DYNAMIC"]`,
		base: "<!-- promptc:ignore STATIC_DYNAMIC a date -->\nReleased 2025-01-01.\n\nPlanned 2025-03-01.\n",
	}, {
		name: "except by category",
		lint: `lint: except: ["BUDGET", "SUPPRESSION"]`,
		base: "<!-- promptc:ignore SECRET nothing here -->\nReleased 2025-01-01.  \n",
		want: []string{"base.md:2:21 TEXT_TRAILING_SPACE"},
	}, {
		name: "use selects categories and rules",
		lint: `lint: use: ["SECURITY", "TEXT_TRAILING_SPACE"]`,
		base: "Released 2025-01-01.  \nA r\u200bm.\n",
		want: []string{"base.md:1:21 TEXT_TRAILING_SPACE", "base.md:2:4 INVISIBLE_ZERO_WIDTH"},
	}, {
		name: "ignore drops every rule in matching paths, unused-directive findings too",
		lint: `lint: ignore: ["*.md"]`,
		base: "<!-- promptc:ignore SECRET nothing here -->\nReleased 2025-01-01.\n",
	}, {
		name: "ignoreOnly drops one rule in matching paths",
		lint: `lint: ignoreOnly: {STATIC_DYNAMIC: ["base.md"], TEXT_TRAILING_SPACE: ["other/**"]}`,
		base: "Released 2025-01-01.  \n",
		want: []string{"base.md:1:21 TEXT_TRAILING_SPACE"},
	}, {
		name: "a directive is used before ignoreOnly applies",
		lint: `lint: ignoreOnly: STATIC_DYNAMIC: ["base.md"]`,
		base: "<!-- promptc:ignore STATIC_DYNAMIC a date -->\nReleased 2025-01-01.\n",
	}, {
		name:  "files limit the report, not the checks",
		base:  "<!-- promptc:ignore STATIC_DYNAMIC a date -->\nReleased 2025-01-01.  \n",
		files: []string{"promptc.cue"},
	}, {
		name:  "a directory in files selects what is below it",
		base:  "Released 2025-01-01.  \n",
		files: []string{"."},
		want:  []string{"base.md:1:10 STATIC_DYNAMIC", "base.md:1:21 TEXT_TRAILING_SPACE"},
	}}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			root := writeProject(t, map[string]string{"promptc.cue": minimalCue + c.lint + "\n", "base.md": c.base})
			ds := lintWith(t, root, lint.Options{Files: c.files})
			var got []string
			for _, d := range ds {
				got = append(got, d.Pos.String()+" "+d.Rule)
			}
			if !slices.Equal(got, c.want) {
				t.Errorf("got  %q\nwant %q", got, c.want)
				for _, d := range ds {
					t.Log(d)
				}
			}
		})
	}
}

func lintWith(t testing.TB, root string, opt lint.Options) []diag.Diagnostic {
	t.Helper()
	ds, err := lint.Run(testproject.CompileAll(t, root), opt)
	if err != nil {
		t.Fatal(err)
	}
	return ds
}

// TestConfigIgnoreSilences adopts lint on a project with findings of
// several rules: the printed block, added to promptc.cue, leaves nothing to
// report.
func TestConfigIgnoreSilences(t *testing.T) {
	files := map[string]string{
		"promptc.cue": minimalCue,
		"base.md":     "Released 2025-01-01.  \n\n<!-- promptc:ignore SECRET nothing -->\nText.\n",
		"odd[1].md":   "Nothing reaches this file.\n",
	}
	root := writeProject(t, files)
	ds := lintWith(t, root, lint.Options{})
	if len(ds) < 4 {
		t.Fatalf("want findings of several rules, got %v", ds)
	}
	block := lint.ConfigIgnore(ds)
	for _, want := range []string{"lint: ignoreOnly: {", `ORPHAN_FILE: ["odd\\[1\\].md"]`, `STATIC_DYNAMIC: ["base.md"]`} {
		if !strings.Contains(block, want) {
			t.Errorf("block lacks %q:\n%s", want, block)
		}
	}
	files["promptc.cue"] = minimalCue + block
	if ds := lintWith(t, writeProject(t, files), lint.Options{}); len(ds) > 0 {
		t.Errorf("findings remain after adding\n%s\n%v", block, ds)
	}
	if got := lint.ConfigIgnore(nil); got != "" {
		t.Errorf("ConfigIgnore(nil) = %q, want nothing", got)
	}
}

// TestBadLintConfig: the lint section is validated against the registry.
func TestBadLintConfig(t *testing.T) {
	root := writeProject(t, map[string]string{
		"promptc.cue": minimalCue + `lint: except: ["STANDRD"]` + "\n",
		"base.md":     "Text.\n",
	})
	l, err := config.LoadFile(filepath.Join(root, config.FileName))
	if err != nil {
		t.Fatal(err)
	}
	proj, err := compiler.CompileAll(l, compiler.Options{})
	if err != nil {
		t.Fatal(err)
	}
	_, err = lint.Run(proj, lint.Options{})
	var ce *config.Error
	if !errors.As(err, &ce) || len(ce.Diagnostics) != 1 || !strings.Contains(ce.Diagnostics[0].Message, `did you mean STANDARD?`) {
		t.Fatalf("want one config error suggesting STANDARD, got %v", err)
	}
	if got := ce.Diagnostics[0].Pos.String(); got != "promptc.cue:6:16" {
		t.Errorf("reported at %s, want the value in promptc.cue", got)
	}
}

// TestSecretNeverPrinted: no finding quotes a credential.
func TestSecretNeverPrinted(t *testing.T) {
	key := "sk-ant-" + "api03-" + strings.Repeat("Zq7", 12)
	root := writeProject(t, map[string]string{"promptc.cue": minimalCue, "base.md": "Key " + key + "\n"})
	ds := lintWith(t, root, lint.Options{})
	if len(ds) != 1 || ds[0].Rule != lint.RuleSecret {
		t.Fatalf("want one SECRET finding, got %v", ds)
	}
	if strings.Contains(ds[0].Message, key[8:]) {
		t.Errorf("the message shows the key: %s", ds[0].Message)
	}
}

// TestChecksOutput: lint checks the output directory (and so may read it
// ahead) unless both output rules are turned off, by except or by a use
// list without them.
func TestChecksOutput(t *testing.T) {
	for _, tc := range []struct {
		lint string
		want bool
	}{
		{"", true},
		{`lint: except: ["OUTPUT_STALE"]`, true},
		{`lint: except: ["OUTPUT_UNSAFE"]`, true},
		{`lint: except: ["OUTPUT_STALE", "OUTPUT_UNSAFE"]`, false},
		{`lint: use: ["SECRET"]`, false},
		{`lint: use: ["SECRET", "OUTPUT_UNSAFE"]`, true},
	} {
		root := testtree.Write(t, map[string]string{config.FileName: minimalCue + tc.lint + "\n", "base.md": "Base.\n"})
		if got := lint.ChecksOutput(testproject.Load(t, root)); got != tc.want {
			t.Errorf("%q: ChecksOutput = %v, want %v", tc.lint, got, tc.want)
		}
	}
}
