package compiler_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/promptc/promptc/compiler"
	"github.com/promptc/promptc/internal/config"
	"github.com/promptc/promptc/internal/diag"
	"github.com/promptc/promptc/internal/testproject"
	"github.com/promptc/promptc/internal/testtree"
)

// profileProject is a project with two profiles, classic (the default) and
// compact, whose entries are given; tools is governing when govTools is
// set.
func profileProject(classic, compact string, govTools bool) map[string]string {
	tools := `tools: generated: "tools"`
	if govTools {
		tools = `tools: {generated: "tools", governing: true}`
	}
	return map[string]string{
		config.FileName: `version: "v1"
parts: {
	identity: {file: "p/identity.md", governing: true}
	safety: {file: "p/safety.md", governing: true}
	` + tools + `
}
tools: discovery: "discover_tools"
tools: catalogue: {
	discover_tools: {group: "discovery", access: "read", file: "p/discover_tools.md"}
	read_file: {group: "files", access: "read", file: "p/read_file.md"}
}
profiles: {
	default: "classic"
	values: {
		classic: {` + classic + `}
		compact: {` + compact + `}
	}
}
modes: focus: compose: [parts.identity, parts.safety, parts.tools]
order: ["focus"]
defaultMode: "focus"
`,
		"p/identity.md":       "You are Ada.",
		"p/safety.md":         "Never delete files outside the workspace.",
		"p/discover_tools.md": "discover_tools: returns tool descriptions.",
		"p/read_file.md":      "read_file: reads a file.",
	}
}

// messages lists the messages of ds, up to the first colon (the finding
// without its advice).
func messages(ds []diag.Diagnostic) []string {
	var out []string
	for _, d := range ds {
		out = append(out, d.Rule+": "+d.Message[:strings.Index(d.Message, ":")])
	}
	return out
}

// TestProjectDiagnosticsPerProfile checks that each profile's findings stay
// with that profile's program: a program's own findings, the findings
// attributable to it (with the comparison against the default profile),
// and the project's merged list.
func TestProjectDiagnosticsPerProfile(t *testing.T) {
	const all = `fullTools: ["discover_tools", "read_file"]`
	const fewer = `fullTools: ["discover_tools"]`
	omitSafety := `GOVERNING_DROPPED: profile compact omits part safety`
	omitIdentity := `GOVERNING_DROPPED: profile classic omits part identity`
	changed := `GOVERNING_DROPPED: profile compact sends governing part tools with other text than profile classic`
	tests := []struct {
		name             string
		classic, compact string
		govTools         bool
		// own and of hold each profile's Program.Diagnostics and
		// Project.DiagnosticsOf; all is Project.Diagnostics.
		own, of map[string][]string
		all     []string
	}{{
		name:    "clean",
		classic: all, compact: all,
		own: map[string][]string{}, of: map[string][]string{},
	}, {
		name:    "only the non-default profile is wrong",
		classic: all, compact: all + `, omit: [parts.safety]`,
		own: map[string][]string{"compact": {omitSafety}},
		of:  map[string][]string{"compact": {omitSafety}},
		all: []string{omitSafety},
	}, {
		name:    "only the default profile is wrong",
		classic: all + `, omit: [parts.identity]`, compact: all,
		own: map[string][]string{"classic": {omitIdentity}},
		of:  map[string][]string{"classic": {omitIdentity}},
		all: []string{omitIdentity},
	}, {
		// Sorted by position: classic's entry comes first in promptc.cue.
		name:    "each profile wrong in its own way",
		classic: all + `, omit: [parts.identity]`, compact: all + `, omit: [parts.safety]`,
		own: map[string][]string{"classic": {omitIdentity}, "compact": {omitSafety}},
		of:  map[string][]string{"classic": {omitIdentity}, "compact": {omitSafety}},
		all: []string{omitIdentity, omitSafety},
	}, {
		// Each program alone is fine: the finding comes from comparing
		// compact with classic, and belongs to compact.
		name:    "governing catalogue differs from the default's",
		classic: all, compact: fewer, govTools: true,
		own: map[string][]string{},
		of:  map[string][]string{"compact": {changed}},
		all: []string{changed},
	}, {
		// Sorted by position: compact's fullTools comes before its omit.
		name:    "a profile's own finding and a comparison",
		classic: all, compact: fewer + `, omit: [parts.safety]`, govTools: true,
		own: map[string][]string{"compact": {omitSafety}},
		of:  map[string][]string{"compact": {changed, omitSafety}},
		all: []string{changed, omitSafety},
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			proj := testproject.CompileAll(t, testtree.Write(t, profileProject(tc.classic, tc.compact, tc.govTools)))
			progs := proj.Programs()
			if len(progs) != 2 || progs[0] != proj.Default() || progs[0].Profile() != "classic" || progs[1].Profile() != "compact" {
				t.Fatalf("programs %v: want classic (the default), then compact", progs)
			}
			for _, p := range progs {
				if got, want := messages(p.Diagnostics()), tc.own[p.Profile()]; !reflect.DeepEqual(got, want) {
					t.Errorf("%s: Diagnostics = %q, want %q", p.Profile(), got, want)
				}
				if got, want := messages(proj.DiagnosticsOf(p)), tc.of[p.Profile()]; !reflect.DeepEqual(got, want) {
					t.Errorf("%s: DiagnosticsOf = %q, want %q", p.Profile(), got, want)
				}
			}
			if got := messages(proj.Diagnostics()); !reflect.DeepEqual(got, tc.all) {
				t.Errorf("Diagnostics = %q, want %q", got, tc.all)
			}
			// The merged list is what is attributable to every program,
			// sorted: nothing is lost or added by merging.
			var each []diag.Diagnostic
			for _, p := range progs {
				each = append(each, proj.DiagnosticsOf(p)...)
			}
			if got, want := proj.Diagnostics(), diag.Sort(each); !reflect.DeepEqual(got, want) {
				t.Errorf("Diagnostics = %v, want every program's merged: %v", got, want)
			}
		})
	}
}

// TestProjectProgramLookup checks that Program finds each profile and
// permission set compiled, in CompileAll's order, and nothing else.
func TestProjectProgramLookup(t *testing.T) {
	proj := testproject.CompileAll(t, testtree.Write(t, permissionProject(`permissions: {
	default: "full"
	values: {
		full: access: ["read", "write"]
		readOnly: access: ["read"]
	}
}`)))
	want := [][2]string{{"classic", "full"}, {"classic", "readOnly"}, {"compact", "full"}, {"compact", "readOnly"}}
	progs := proj.Programs()
	if len(progs) != len(want) {
		t.Fatalf("%d programs, want %d", len(progs), len(want))
	}
	for i, w := range want {
		p := proj.Program(w[0], w[1])
		if p != progs[i] {
			t.Errorf("Program(%q, %q) is not program %d", w[0], w[1], i)
			continue
		}
		if p.Profile() != w[0] || p.Permission() != w[1] {
			t.Errorf("program %d: profile %q, set %q; want %q, %q", i, p.Profile(), p.Permission(), w[0], w[1])
		}
	}
	if others := proj.Others(); !reflect.DeepEqual(others, progs[1:]) {
		t.Errorf("Others = %v, want every program but the default", others)
	}
	for _, w := range [][2]string{{"", ""}, {"classic", ""}, {"lean", "full"}, {"compact", "admin"}} {
		if p := proj.Program(w[0], w[1]); p != nil {
			t.Errorf("Program(%q, %q) = profile %q, set %q; want nil", w[0], w[1], p.Profile(), p.Permission())
		}
	}
}

// TestProjectWithoutProfiles checks that a project declaring neither
// profiles nor permission sets compiles once, under the empty names.
func TestProjectWithoutProfiles(t *testing.T) {
	proj := testproject.CompileAll(t, testtree.Write(t, map[string]string{
		config.FileName: "version: \"v1\"\nparts: base: file: \"base.md\"\nmodes: focus: compose: [parts.base]\norder: [\"focus\"]\ndefaultMode: \"focus\"\n",
		"base.md":       "Be brief.\n",
	}))
	if n := len(proj.Programs()); n != 1 {
		t.Fatalf("%d programs, want 1", n)
	}
	if p := proj.Program("", ""); p == nil || p != proj.Default() {
		t.Errorf(`Program("", "") = %v, want the default program`, p)
	}
	if len(proj.Others()) != 0 {
		t.Errorf("Others = %v, want none", proj.Others())
	}
}

// TestResultsAreCopies checks that what a Program or Project hands out
// cannot change it: the slices returned are the caller's.
func TestResultsAreCopies(t *testing.T) {
	proj := testproject.CompileAll(t, testtree.Write(t, profileProject(`fullTools: ["discover_tools"]`, `fullTools: ["discover_tools"], omit: [parts.safety]`, false)))
	p := proj.Program("compact", "")
	if p == nil || len(p.Diagnostics()) == 0 || len(proj.Diagnostics()) == 0 {
		t.Fatalf("the project must have findings in compact: %v", proj.Diagnostics())
	}
	ds := p.Diagnostics()
	ds[0].Message = "changed"
	all := proj.Diagnostics()
	all[0].Message = "changed"
	of := proj.DiagnosticsOf(p)
	of[0].Message = "changed"
	progs := proj.Programs()
	progs[0] = nil
	others := proj.Others()
	others[0] = nil
	if p.Diagnostics()[0].Message == "changed" {
		t.Error("changing Program.Diagnostics' result changed the program")
	}
	if proj.Diagnostics()[0].Message == "changed" || proj.DiagnosticsOf(p)[0].Message == "changed" {
		t.Error("changing Project.Diagnostics' or DiagnosticsOf's result changed the project")
	}
	if proj.Default() == nil || proj.Programs()[0] == nil || proj.Others()[0] == nil {
		t.Error("changing Programs' or Others' result changed the project")
	}
	if got := proj.DiagnosticsOf(&compiler.Program{}); got != nil {
		t.Errorf("DiagnosticsOf a program not the project's = %v, want nil", got)
	}
}
