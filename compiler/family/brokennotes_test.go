package family

import "testing"

// TestBrokenNotesCounted checks that BrokenNotes counts the malformed
// markers (left out of Notes) and the notes whose pattern does not compile
// (kept, without a pattern), and nothing else.
func TestBrokenNotesCounted(t *testing.T) {
	tests := []struct {
		name    string
		markers []string
		broken  int
		notes   int
	}{
		{"valid", []string{`<!-- model "A" /a/ -->`}, 0, 1},
		{"valid, empty label", []string{`<!-- model "" /a/ -->`}, 0, 1},
		{"malformed", []string{`<!-- model /a/ -->`}, 1, 0},
		{"pattern refused", []string{`<!-- model "A" /(?<=x)a/ -->`}, 1, 1},
		{"each kind", []string{`<!-- model "A" /a/ -->`, `<!-- model /a/ -->`, `<!-- model "B" /b/g -->`, `<!-- model "C" /c/ -->`}, 2, 3},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			text := header + "Line.\n\nBody.\n"
			for _, m := range tc.markers {
				text += "\n" + m + "\nNote text.\n"
			}
			f, _ := parse(t, text, nil)
			if f.BrokenNotes != tc.broken || len(f.Notes) != tc.notes {
				t.Errorf("BrokenNotes %d, notes %d; want %d, %d", f.BrokenNotes, len(f.Notes), tc.broken, tc.notes)
			}
		})
	}
}
