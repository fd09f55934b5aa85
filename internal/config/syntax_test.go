package config

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// TestSyntaxErrorAtMistake loads files with the commonest slips and checks
// that the one diagnostic is at the mistake, not where CUE's parser
// noticed it (a line later), and that it says what to write.
func TestSyntaxErrorAtMistake(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      string
	}{
		{"equals at top level", "version = \"v1\"\nparts: base: file: \"b.md\"\n",
			"promptc.cue:1:9: `version =` declares a CUE alias, not a field: write version: with a colon (promptc.cue uses no aliases)"},
		{"equals in a struct", "version: \"v1\"\nparts: base: {\n\tfile = \"b.md\"\n\tbudget: chars: 10\n}\n",
			"promptc.cue:3:7: `file =` declares a CUE alias, not a field: write file: with a colon (promptc.cue uses no aliases)"},
		{"equals before a struct", "version: \"v1\"\nparts: base = {file: \"b.md\"}\n",
			"promptc.cue:2:13: `base =` declares a CUE alias, not a field: write base: with a colon (promptc.cue uses no aliases)"},
		{"list not closed", "version: \"v1\"\nmodes: focus: compose: [parts.base\norder: [\"focus\"]\ndefaultMode: \"focus\"\n",
			"promptc.cue:2:35: the list opened with `[` at 2:24 is not closed: add `]` here"},
		{"list not closed at the end", "version: \"v1\"\norder: [\"focus\"\n",
			"promptc.cue:2:16: the list opened with `[` at 2:8 is not closed: add `]` here"},
		{"list not closed before an indented line", "version: \"v1\"\norder: [\"focus\",\n\t\"full\",\ndefaultMode: \"focus\"\n",
			"promptc.cue:3:9: the list opened with `[` at 2:8 is not closed: add `]` here"},
		{"struct not closed", "version: \"v1\"\nparts: base: {\n\tfile: \"b.md\"\nmodes: x: 1\n",
			"promptc.cue:3:14: the struct opened with `{` at 2:14 is not closed: add `}` here"},
		{"stray closer", "version: \"v1\"\norder: [\"focus\"]]\n",
			"promptc.cue:2:17: `]` closes nothing that is open: remove it"},
		// What the tokens cannot explain keeps CUE's report.
		{"missing comma", "version: \"v1\"\norder: [\"a\" \"b\"]\n",
			"promptc.cue:2:13: missing ',' in list literal"},
		{"let clause", "let x = 1\nversion: \"v1\"\n",
			"promptc.cue:1:1: unreferenced alias or let clause x"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			file := filepath.Join(dir, FileName)
			if err := os.WriteFile(file, []byte(tc.src), 0o644); err != nil {
				t.Fatal(err)
			}
			_, err := evaluate(file, []byte(tc.src))
			var ce *Error
			if !errors.As(err, &ce) {
				t.Fatalf("got %v, want a configuration error", err)
			}
			if got := ce.Error(); got != tc.want {
				t.Errorf("got\n%s\nwant\n%s", got, tc.want)
			}
		})
	}
}
