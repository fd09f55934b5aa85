package config

import (
	"fmt"
	"slices"
	"testing"
)

// TestCheckInstructions: each default instruction file must name a file
// inside the project directory; each refusal is reported at its list
// element, and a path that only passes through .. inside stays accepted.
func TestCheckInstructions(t *testing.T) {
	tests := []struct {
		file string
		ok   bool
	}{
		{"AGENTS.md", true},
		{"docs/AGENTS.md", true},
		{"a/../AGENTS.md", true},
		{"./AGENTS.md", true},
		{"..AGENTS.md", true},
		{"", false},
		{"  ", false},
		{"..", false},
		{"../AGENTS.md", false},
		{"a/../../AGENTS.md", false},
		{"/AGENTS.md", false},
		{`\AGENTS.md`, false},
		{"C:AGENTS.md", false},
		{"z:/AGENTS.md", false},
		{`docs\AGENTS.md`, false},
	}
	for _, tc := range tests {
		var at []string
		bad := func(path, format string, args ...any) { at = append(at, path) }
		checkInstructions(bad, &Instructions{Files: []string{"TEAM.md", tc.file}})
		want := []string(nil)
		if !tc.ok {
			want = []string{"instructions.files.1"}
		}
		if !slices.Equal(at, want) {
			t.Errorf("%q: reported at %q, want %q", tc.file, at, want)
		}
	}
	checkInstructions(func(path, format string, args ...any) {
		t.Errorf("no instructions: reported %s", fmt.Sprintf(format, args...))
	}, nil)
}
