package lint_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/promptc/promptc/internal/testproject"
	"github.com/promptc/promptc/lint"
)

// TestIncludeSpaceRange: an INCLUDE_SPACE finding spans the @ and the
// whole path, counted in code points, up to the column just after the
// path's last character, so an editor underlines exactly what looks like
// an include and nothing of the line's indentation.
func TestIncludeSpaceRange(t *testing.T) {
	root := writeProject(t, map[string]string{
		"promptc.cue": minimalCue,
		"base.md":     "You are Tern.\n\n@my nötes.md\n  @team rules/on call.md\n",
	})
	ds, err := lint.Run(testproject.CompileAll(t, root), lint.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, d := range ds {
		if d.Rule == lint.RuleIncludeSpace {
			got = append(got, fmt.Sprintf("%s-%d:%d", d.Pos, d.End.Line, d.End.Col))
		}
	}
	want := []string{"base.md:3:1-3:13", "base.md:4:3-4:25"}
	if !slices.Equal(got, want) {
		t.Errorf("INCLUDE_SPACE ranges %q, want %q", got, want)
	}
}
