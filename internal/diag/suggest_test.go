package diag

import "testing"

func TestEditDistance(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want int
	}{
		{"", "", 0}, {"abc", "", 3}, {"", "ab", 2}, {"familyLin", "familyLine", 1},
		{"kitten", "sitting", 3}, {"ab", "ba", 2}, {"same", "same", 0},
	} {
		if got := EditDistance(tc.a, tc.b); got != tc.want {
			t.Errorf("EditDistance(%q, %q) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
	}
}

func TestClosest(t *testing.T) {
	names := []string{"base", "familyBody", "familyLine", "modelNote"}
	for _, tc := range []struct {
		name string
		max  int
		want string
	}{
		{"familyLin", 2, "familyLine"},
		{"familyBod", 1, "familyBody"},
		{"familyLi", 1, ""}, // two edits away, over the limit
		{"familyLi", 2, "familyLine"},
		{"familyXxxx", 2, ""},
		{"bse", 1, "base"},
		{"base", 0, "base"},
	} {
		if got := Closest(tc.name, names, tc.max); got != tc.want {
			t.Errorf("Closest(%q, max %d) = %q, want %q", tc.name, tc.max, got, tc.want)
		}
	}
	// Ties go to the first candidate listed.
	if got := Closest("ab", []string{"aa", "bb"}, 1); got != "aa" {
		t.Errorf("tie = %q, want aa", got)
	}
}
