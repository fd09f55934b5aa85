package lint

import (
	"testing"

	"github.com/promptc/promptc/compiler/source"
	"github.com/promptc/promptc/internal/diag"
)

// TestFixTextRemovesOnlyWhatIsFlagged applies findings to a text: each
// removes exactly its span, and a finding whose span no longer holds what
// its rule flags (the text moved under it) removes nothing.
func TestFixTextRemovesOnlyWhatIsFlagged(t *testing.T) {
	f := &source.File{Path: "a.md", Text: "ab\u200bc  \nx\u202ey\nkeep\u200d me \n"}
	at := func(rule string, line, col, endCol int) diag.Diagnostic {
		return diag.Diagnostic{Rule: rule, Pos: diag.Position{Path: "a.md", Line: line, Col: col}, End: diag.Position{Path: "a.md", Line: line, Col: endCol}}
	}
	fix := fixText(f, []diag.Diagnostic{
		at(RuleZeroWidth, 1, 3, 0),
		at(RuleTrailingSpace, 1, 5, 7),
		at(RuleBidi, 2, 2, 0),
		at(RuleZeroWidth, 3, 2, 0),     // "e", not a zero-width character: stale
		at(RuleTrailingSpace, 3, 3, 0), // "e" starts no white space run: stale
		at(RuleTrailingSpace, 9, 1, 0), // no such line
	})
	if want := "abc\nxy\nkeep\u200d me \n"; fix.Text != want {
		t.Errorf("fixed text %q, want %q", fix.Text, want)
	}
	if fix.Trailing != 1 || fix.Hidden != 2 {
		t.Errorf("counted %d trailing, %d hidden; want 1 and 2", fix.Trailing, fix.Hidden)
	}
}
