package family

import (
	"testing"
)

// unselected returns the messages of the FAMILY_UNSELECTED findings.
func unselected(t *testing.T, families string, fams map[string]*Family) []string {
	t.Helper()
	l := load(t, families)
	var out []string
	for _, d := range check(t, l, fams) {
		if d.Rule == RuleFamilyUnselected {
			out = append(out, d.Message)
		}
	}
	return out
}

// TestFamilyUnselected checks each branch of the unselected-family rule:
// a project without rules selects every family explicitly; with rules, a
// family no rule names is reported, with a suggestion when a rule names a
// family without a file whose name is close (the fallback, which needs no
// file, is never suggested), and the default advice otherwise.
func TestFamilyUnselected(t *testing.T) {
	tests := []struct {
		name     string
		families string
		fams     map[string]*Family
		want     []string
	}{
		{
			name:     "no rules",
			families: `{examples: {}}`,
			fams:     families(fam(t, "claude")),
		},
		{
			name:     "named by a rule",
			families: `{rules: [{family: "claude", name: ["^claude"]}]}`,
			fams:     families(fam(t, "claude")),
		},
		{
			name:     "a rule names a close misspelling",
			families: `{rules: [{family: "claud", name: ["^claude"]}]}`,
			fams:     families(fam(t, "claude")),
			want:     []string{`family "claude" is named by no rule in families.rules and is not the fallback: no model id selects it, only an explicit family choice sends it; a rule names family "claud", which has no file: if that is this family misspelled, correct the rule`},
		},
		{
			name:     "the fallback without a file is no misspelling",
			families: `{fallback: "claudx", rules: [{family: "other", name: ["^o"]}]}`,
			fams:     map[string]*Family{"other": fam(t, "other"), "claude": fam(t, "claude")},
			want:     []string{`family "claude" is named by no rule in families.rules and is not the fallback: no model id selects it, only an explicit family choice sends it; add a rule such as {family: "claude", name: ["^claude"]} with an example in families.examples, or delete prompts/families/claude.prompt.md if nothing chooses it`},
		},
		{
			name:     "no close name",
			families: `{rules: [{family: "zzzzzz", name: ["^z"]}]}`,
			fams:     families(fam(t, "claude")),
			want:     []string{`family "claude" is named by no rule in families.rules and is not the fallback: no model id selects it, only an explicit family choice sends it; add a rule such as {family: "claude", name: ["^claude"]} with an example in families.examples, or delete prompts/families/claude.prompt.md if nothing chooses it`},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := unselected(t, tc.families, tc.fams)
			if len(got) != len(tc.want) {
				t.Fatalf("got %q\nwant %q", got, tc.want)
			}
			for i := range got {
				if got[i] != tc.want[i] {
					t.Errorf("got  %s\nwant %s", got[i], tc.want[i])
				}
			}
		})
	}
}

// TestBrokenNotesSilenceNoteMismatch checks that an example's note
// mismatch is not reported while the family has a broken note marker (the
// marker is the cause, reported in the family file), and is reported
// without one.
func TestBrokenNotesSilenceNoteMismatch(t *testing.T) {
	l := load(t, `{
	rules: [{family: "claude", name: ["^claude"]}]
	examples: "claude-opus-4": {family: "claude", note: "Opus"}
}`)
	for _, broken := range []int{0, 1} {
		claude := fam(t, "claude", "Haiku", "/haiku/")
		claude.BrokenNotes = broken
		n := 0
		for _, d := range check(t, l, families(claude)) {
			if d.Rule == RuleExampleNote {
				n++
			}
		}
		if want := 1 - broken; n != want {
			t.Errorf("%d broken notes: %d EXAMPLE_NOTE_MISMATCH, want %d", broken, n, want)
		}
	}
}
