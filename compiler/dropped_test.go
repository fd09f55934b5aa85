package compiler_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/promptc/promptc/internal/config"
	"github.com/promptc/promptc/internal/testproject"
	"github.com/promptc/promptc/internal/testtree"
)

// TestDroppedTextPerProfile checks each case of the definition of naive
// deletion: an omitted part at its full size; a part listed under dropped,
// standing text and a part moved behind a pointer not at all; a part
// replaced with a smaller part by the difference in size, and with a part
// of the same size not at all.
func TestDroppedTextPerProfile(t *testing.T) {
	runbook := "Run the restart script, then check the health endpoint." // 55 characters
	files := map[string]string{
		config.FileName: `version: "v1"
parts: {
	safety: {file: "safety.md", governing: true}
	runbook: file: "runbook.md"
	same: file: "same.md"
	short: file: "short.md"
	runbookPointer: pointer: {trigger: "Restarts", source: "docs/runbook.md", covers: ["restart script"]}
}
profiles: {
	default: "classic"
	values: {
		classic: {}
		lean: omit: [parts.runbook]
		listed: {omit: [parts.runbook], dropped: [parts.runbook]}
		gov: omit: [parts.safety]
		moved: replace: [{replace: parts.runbook, with: parts.runbookPointer}]
		equal: replace: [{replace: parts.runbook, with: parts.same}]
		smaller: replace: [{replace: parts.runbook, with: parts.short}]
	}
}
modes: focus: compose: [parts.safety, parts.runbook]
order: ["focus"]
defaultMode: "focus"
`,
		"safety.md":       "Never run commands the user did not ask for.",
		"runbook.md":      runbook,
		"same.md":         strings.Repeat("x", len(runbook)),
		"short.md":        "Restart with the script.", // 24 characters
		"docs/runbook.md": "# Runbook\n\nUse the restart script.\n",
	}
	proj := testproject.CompileAll(t, testtree.Write(t, files))
	got := map[string]string{}
	for _, p := range proj.Programs() {
		var ds []string
		for _, d := range p.DroppedText() {
			ds = append(ds, fmt.Sprintf("%s with %q: %d chars, declared %v", d.Part, d.With, d.Chars, d.Declared))
		}
		got[p.Profile()] = strings.Join(ds, "; ")
	}
	want := map[string]string{
		"classic": "",
		"lean":    `runbook with "": 55 chars, declared false`,
		"listed":  `runbook with "": 55 chars, declared true`,
		"gov":     "",
		"moved":   "",
		"equal":   "",
		"smaller": `runbook with "short": 31 chars, declared false`,
	}
	for name, w := range want {
		if got[name] != w {
			t.Errorf("profile %s drops %q, want %q", name, got[name], w)
		}
	}
}

// TestPointerCoverageAgainstReplacedText checks that a pointer's covers
// phrases are checked against the text it replaces, and that a pointer
// replacing governing text is GOVERNING_DROPPED alone, without coverage
// findings of that text on top.
func TestPointerCoverageAgainstReplacedText(t *testing.T) {
	files := map[string]string{
		config.FileName: `version: "v1"
parts: {
	safety: {file: "safety.md", governing: true}
	runbook: file: "runbook.md"
	style: file: "style.md"
	runbookPointer: pointer: {trigger: "Restarts", source: "docs/runbook.md", covers: ["restart script"]}
}
profiles: {
	default: "classic"
	values: {
		classic: {}
		moved: replace: [{replace: parts.runbook, with: parts.runbookPointer}]
		wrong: replace: [{replace: parts.style, with: parts.runbookPointer}]
		gov: replace: [{replace: parts.safety, with: parts.runbookPointer}]
	}
}
modes: focus: compose: [parts.safety, parts.runbook, parts.style]
order: ["focus"]
defaultMode: "focus"
`,
		"safety.md":       "Never run commands the user did not ask for.",
		"runbook.md":      "Run the restart script, then check the health endpoint.",
		"style.md":        "Answer in short sentences.",
		"docs/runbook.md": "# Runbook\n\nUse the restart script.\n",
	}
	proj := testproject.CompileAll(t, testtree.Write(t, files))
	var got []string
	for _, d := range proj.Diagnostics() {
		if d.Rule == "POINTER_COVERAGE" || d.Rule == "GOVERNING_DROPPED" {
			got = append(got, d.Rule+": "+d.Message[:strings.Index(d.Message, ",")])
		}
	}
	// In the order of promptc.cue's entries.
	want := []string{
		"POINTER_COVERAGE: profile wrong replaces part style with pointer runbookPointer",
		"GOVERNING_DROPPED: profile gov replaces part safety with part runbookPointer",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("findings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
