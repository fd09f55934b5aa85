package compiler

import (
	"maps"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	"github.com/promptc/promptc/internal/config"
	"github.com/promptc/promptc/internal/diag"
	"github.com/promptc/promptc/internal/testtree"
)

// stagesProject has a governing part, a part that includes another file, a
// part taken from a block, and two profiles: lean omits the notes part,
// short replaces the rules part with the short one.
var stagesProject = map[string]string{
	config.FileName: `version: "v1"
includes: enabled: true
parts: {
	identity: {file: "p/identity.md", governing: true}
	rules: {file: "p/rules.md", includes: true}
	short: {file: "p/all.md", block: "short"}
	notes: file: "p/all.md"
}
profiles: {
	default: "full"
	values: {
		full: {}
		lean: {omit: [parts.notes], dropped: [parts.notes]}
		short: {replace: [{replace: parts.rules, with: parts.short}], dropped: [parts.rules]}
	}
}
modes: focus: compose: [parts.identity, parts.rules, parts.notes]
order: ["focus"]
defaultMode: "focus"
`,
	"p/identity.md":     "You are Ada.\n",
	"p/rules.md":        "Rules:\n@shared/style.md\n",
	"p/shared/style.md": "Answer briefly.\n",
	"p/all.md":          "Notes first.\n<!-- short -->\nBe brief.\n<!-- /short -->\n",
	"unused.md":         "Read by nothing.\n",
}

// newTestBuilder loads the project in files and returns a builder for it
// in profile, its stages not run yet; the test closes its files.
func newTestBuilder(t *testing.T, files map[string]string, profile string) *builder {
	t.Helper()
	l, err := config.LoadFile(filepath.Join(testtree.Write(t, files), config.FileName))
	if err != nil {
		t.Fatal(err)
	}
	b, err := newBuilder(l, Options{Profile: profile, Jobs: 1})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.fs.Close() })
	return b
}

// TestStagesFeedEachOther runs the reading stages one at a time and checks
// that each leaves what the next one reads: loadParts the parts' texts
// (includes expanded, block markers gone), loadModes the modes with the
// profile applied to what they send, recordFiles exactly the files read,
// and finish a Program holding all of it with no finding.
func TestStagesFeedEachOther(t *testing.T) {
	wantTexts := map[string]string{
		"identity": "You are Ada.",
		"rules":    "Rules:\nAnswer briefly.",
		"short":    "Be brief.",
		"notes":    "Notes first.\nBe brief.",
	}
	wantFiles := []string{"p/all.md", "p/identity.md", "p/rules.md", "p/shared/style.md"}
	tests := []struct {
		// profile is asked for, picked is the profile compiled.
		profile, picked string
		sends           []string
	}{
		{"", "full", []string{"identity", "rules", "notes"}},
		{"full", "full", []string{"identity", "rules", "notes"}},
		{"lean", "lean", []string{"identity", "rules"}},
		{"short", "short", []string{"identity", "short", "notes"}},
	}
	for _, tc := range tests {
		t.Run("profile "+tc.profile, func(t *testing.T) {
			b := newTestBuilder(t, stagesProject, tc.profile)
			b.loadFamilies(b.fs, b.lim)
			if len(b.Parts) != 0 || len(b.Modes) != 0 {
				t.Fatalf("before loadParts: %d parts, %d modes; want none", len(b.Parts), len(b.Modes))
			}
			b.loadParts()
			texts := map[string]string{}
			for name, part := range b.Parts {
				texts[name] = part.Text
			}
			if !reflect.DeepEqual(texts, wantTexts) {
				t.Errorf("after loadParts, texts %q, want %q", texts, wantTexts)
			}
			b.loadModes()
			if len(b.Modes) != 1 {
				t.Fatalf("after loadModes, %d modes, want 1", len(b.Modes))
			}
			var sends []string
			for _, r := range b.Modes[0].Config.Compose {
				sends = append(sends, r.Name)
			}
			if !slices.Equal(sends, tc.sends) {
				t.Errorf("mode focus sends %q, want %q", sends, tc.sends)
			}
			// The static text composed reads the parts loaded above.
			want := ""
			for i, name := range tc.sends {
				if i > 0 {
					want += "\n\n"
				}
				want += wantTexts[name]
			}
			if got := b.Static(b.Modes[0], Selection{Family: b.Families[b.FamilyNames[0]], Note: NoNote}); got != want {
				t.Errorf("Static = %q, want %q", got, want)
			}
			if err := b.recordFiles(); err != nil {
				t.Fatal(err)
			}
			if got := slices.Sorted(maps.Keys(b.Files)); !slices.Equal(got, wantFiles) {
				t.Errorf("after recordFiles, files %q, want %q", got, wantFiles)
			}
			if len(b.found) != 0 {
				t.Errorf("findings %v, want none", b.found)
			}
			p := b.finish()
			if p.Profile() != tc.picked || p.Parts["rules"].Text != wantTexts["rules"] || len(p.Diagnostics()) != 0 {
				t.Errorf("finish: profile %q, rules %q, findings %v", p.Profile(), p.Parts["rules"].Text, p.Diagnostics())
			}
		})
	}
}

// TestFinishSortsFindings checks that the findings the stages add, in any
// order and with repeats, reach the Program sorted and once each, and
// that the builder lets go of the program it handed over.
func TestFinishSortsFindings(t *testing.T) {
	at := func(path string, line int) diag.Diagnostic {
		return diag.Errorf(diag.Position{Path: path, Line: line, Col: 1}, "RULE", "finding")
	}
	tests := []struct {
		name       string
		added      [][]diag.Diagnostic
		wantByPath []string
	}{
		{"none", nil, nil},
		{"one stage", [][]diag.Diagnostic{{at("b.md", 2), at("a.md", 9)}}, []string{"a.md:9:1", "b.md:2:1"}},
		{"stages out of order", [][]diag.Diagnostic{{at("b.md", 1)}, {at("a.md", 3), at("a.md", 1)}}, []string{"a.md:1:1", "a.md:3:1", "b.md:1:1"}},
		{"a repeat across stages", [][]diag.Diagnostic{{at("a.md", 1)}, {at("a.md", 1)}}, []string{"a.md:1:1"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := &builder{Program: &Program{}}
			for _, ds := range tc.added {
				b.add(ds...)
			}
			p := b.finish()
			var got []string
			for _, d := range p.Diagnostics() {
				got = append(got, d.Pos.String())
			}
			if !slices.Equal(got, tc.wantByPath) {
				t.Errorf("findings at %q, want %q", got, tc.wantByPath)
			}
			if b.Program != nil || b.found != nil {
				t.Error("the builder still holds the program after finish")
			}
		})
	}
}

// TestCompileRunsEveryStage checks that Compile's Program carries what the
// reading stages load and what the checking stages find: a profile that
// omits governing text is reported by the profile stage, and only in that
// profile.
func TestCompileRunsEveryStage(t *testing.T) {
	files := maps.Clone(stagesProject)
	files[config.FileName] += "profiles: values: bad: omit: [parts.identity]\n"
	l, err := config.LoadFile(filepath.Join(testtree.Write(t, files), config.FileName))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		profile string
		rules   []string
	}{
		{"full", nil},
		{"bad", []string{RuleGoverningDropped}},
	}
	for _, tc := range tests {
		p, err := Compile(l, Options{Profile: tc.profile})
		if err != nil {
			t.Fatal(err)
		}
		var rules []string
		for _, d := range p.Diagnostics() {
			rules = append(rules, d.Rule)
		}
		if !slices.Equal(rules, tc.rules) {
			t.Errorf("%s: findings %v, want rules %q", tc.profile, p.Diagnostics(), tc.rules)
		}
		if len(p.Parts) != 4 || len(p.Modes) != 1 || len(p.Files) != 4 {
			t.Errorf("%s: %d parts, %d modes, %d files; want 4, 1, 4", tc.profile, len(p.Parts), len(p.Modes), len(p.Files))
		}
	}
}
