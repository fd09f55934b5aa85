package compiler_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/promptc/promptc/compiler"
	"github.com/promptc/promptc/compiler/include"
	"github.com/promptc/promptc/internal/config"
	"github.com/promptc/promptc/internal/testproject"
	"github.com/promptc/promptc/internal/testtree"
)

// permissionProject has two profiles and two permission sets; compact
// describes only the file tools in full, readOnly permits the read tools
// and, by name, nothing else.
func permissionProject(sets string) map[string]string {
	files := map[string]string{
		config.FileName: `version: "v1"
parts: tools: generated: "tools"
tools: discovery: "discover_tools"
tools: catalogue: {
	discover_tools: {group: "discovery", access: "read", file: "t/discover_tools.md"}
	read_file: {group: "files", access: "read", file: "t/read_file.md"}
	write_file: {group: "files", access: "write", file: "t/write_file.md"}
	git_log: {group: "git", access: "read", file: "t/git_log.md"}
	run_cmd: {group: "shell", access: "write", file: "t/run_cmd.md"}
}
profiles: {
	default: "classic"
	values: {
		classic: fullTools: ["discover_tools", "read_file", "write_file", "git_log", "run_cmd"]
		compact: fullTools: ["discover_tools", "read_file", "write_file"]
	}
}
` + sets + `
modes: focus: compose: [parts.tools]
order: ["focus"]
defaultMode: "focus"
`}
	for _, n := range []string{"discover_tools", "read_file", "write_file", "git_log", "run_cmd"} {
		files["t/"+n+".md"] = n + ": does " + n + "."
	}
	return files
}

// TestPermissionSetsFilterTools checks the order CompileAll returns (each
// profile under each set, the defaults first) and that a set's tools part
// lists only the tools it permits, by access or by name.
func TestPermissionSetsFilterTools(t *testing.T) {
	proj := testproject.CompileAll(t, testtree.Write(t, permissionProject(`permissions: {
	default: "full"
	values: {
		full: access: ["read", "write"]
		readOnly: {access: ["read"], tools: ["run_cmd"]}
		none: tools: ["read_file"]
	}
}`)))
	var got []string
	for _, p := range proj.Programs() {
		for _, d := range p.Diagnostics() {
			t.Errorf("%s/%s: unexpected finding %s", p.Profile(), p.Permission(), d)
		}
		got = append(got, fmt.Sprintf("%s/%s: %q", p.Profile(), p.Permission(), p.Parts["tools"].Text))
	}
	want := []string{
		`classic/full: "discover_tools: does discover_tools.\n\ngit_log: does git_log.\n\nread_file: does read_file.\n\nrun_cmd: does run_cmd.\n\nwrite_file: does write_file."`,
		`classic/none: "read_file: does read_file."`,
		`classic/readOnly: "discover_tools: does discover_tools.\n\ngit_log: does git_log.\n\nread_file: does read_file.\n\nrun_cmd: does run_cmd."`,
		`compact/full: "discover_tools: does discover_tools.\n\nread_file: does read_file.\n\nwrite_file: does write_file.\n\nMore tools, by capability (call discover_tools with their names for their descriptions before first use):\n- git: git_log\n- shell: run_cmd"`,
		`compact/none: "read_file: does read_file."`,
		`compact/readOnly: "discover_tools: does discover_tools.\n\nread_file: does read_file.\n\nMore tools, by capability (call discover_tools with their names for their descriptions before first use):\n- git: git_log\n- shell: run_cmd"`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("tools part per profile and set:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestNoPermissionSetsListEveryTool checks that without permission sets
// every tool is permitted and the project compiles once per profile.
func TestNoPermissionSetsListEveryTool(t *testing.T) {
	proj := testproject.CompileAll(t, testtree.Write(t, permissionProject("")))
	if len(proj.Programs()) != 2 {
		t.Fatalf("compiled %d programs, want one per profile (2)", len(proj.Programs()))
	}
	for _, p := range proj.Programs() {
		if p.Permission() != "" || !strings.Contains(p.Parts["tools"].Text, "run_cmd") {
			t.Errorf("%s: permission %q, tools %q: want no set and every tool", p.Profile(), p.Permission(), p.Parts["tools"].Text)
		}
	}
}

// TestGoverningCatalogueComparedWithinASet checks that a governing tools
// part may differ between permission sets (a read-only set lists fewer
// tools by design) but not between profiles under the same set.
func TestGoverningCatalogueComparedWithinASet(t *testing.T) {
	sets := `permissions: {
	default: "full"
	values: {
		full: access: ["read", "write"]
		readOnly: access: ["read"]
	}
}
parts: tools: governing: true`
	files := permissionProject(sets)
	// Both profiles describe every tool: the texts differ only by set.
	files[config.FileName] = strings.Replace(files[config.FileName], `compact: fullTools: ["discover_tools", "read_file", "write_file"]`,
		`compact: {fullTools: ["discover_tools", "read_file", "write_file", "git_log", "run_cmd"]}`, 1)
	proj := testproject.CompileAll(t, testtree.Write(t, files))
	for _, d := range proj.Diagnostics() {
		t.Errorf("unexpected finding: %s", d)
	}

	// compact describes fewer tools: the governing catalogue changes
	// between profiles, under each set, and that is reported.
	proj = testproject.CompileAll(t, testtree.Write(t, permissionProject(sets)))
	var got []string
	for _, d := range proj.Diagnostics() {
		got = append(got, d.Rule+": "+d.Message)
	}
	want := "GOVERNING_DROPPED: profile compact sends governing part tools with other text than profile classic: governing text must be sent unchanged in every profile; give both profiles the same fullTools"
	if len(got) != 1 || got[0] != want {
		t.Errorf("findings:\n%s\nwant one:\n%s", strings.Join(got, "\n"), want)
	}
}

// TestBudgetFindingNamesPermissionSet checks that a budget is checked in
// every profile under every set, and that a finding says which.
func TestBudgetFindingNamesPermissionSet(t *testing.T) {
	files := permissionProject(`permissions: {
	default: "full"
	values: {
		full: access: ["read", "write"]
		readOnly: access: ["read"]
	}
}
parts: tools: budget: chars: 100`)
	proj := testproject.CompileAll(t, testtree.Write(t, files))
	var got []string
	for _, d := range proj.Diagnostics() {
		if d.Rule == "BUDGET_OVER" {
			combo, _, _ := strings.Cut(strings.TrimPrefix(d.Message, "part tools over budget for "), ", every family")
			got = append(got, combo)
		}
	}
	// classic under readOnly describes three tools (90 characters) and
	// fits; every other combination describes more or adds the list of
	// tools by name.
	want := []string{
		"profile classic, permission set full",
		"profile compact, permission set full",
		"profile compact, permission set readOnly",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("budget findings for:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestToolMention checks where a tool's name counts as named: as a whole
// name only, at the edges of the text too, with the position of the first
// whole mention counted from the span's first line.
func TestToolMention(t *testing.T) {
	for _, tc := range []struct {
		text string
		want string // "line:col", or "" for no mention
	}{
		{"write_file", "1:1"},
		{"call write_file.", "1:6"},
		{"end write_file", "1:5"},
		{"(write_file)", "1:2"},
		{"rewrite_file", ""},
		{"write_file_all", ""},
		{"write_file-v2", ""},
		{"x-write_file", ""},
		{"write_file2", ""},
		{"Write_File", ""},
		{"write_file_all then write_file", "1:21"},
		{"first line\nsecond: write_file", "2:9"},
		{"é write_file", "1:3"},
	} {
		pos, ok := compiler.ToolMention([]include.Span{{Text: tc.text, Path: "t.md", Line: 1}}, "write_file")
		got := ""
		if ok {
			got = fmt.Sprintf("%d:%d", pos.Line, pos.Col)
		}
		if got != tc.want {
			t.Errorf("ToolMention(%q) at %q, want %q", tc.text, got, tc.want)
		}
	}
}
