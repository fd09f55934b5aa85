package config

import "testing"

// TestSeparatorBetween: the after text declared for the two sections wins
// over the later one's before, which wins over the separator; an after
// text for another previous section does not apply. LongestBefore is the
// longest of them that can go before a section.
func TestSeparatorBetween(t *testing.T) {
	m := &Mode{Separator: "\n\n", Before: map[string]string{"r": "\n"}, After: map[string]map[string]string{"x": {"r": "\n---\n"}}}
	for _, c := range []struct{ prev, name, want string }{
		{"x", "r", "\n---\n"},
		{"a", "r", "\n"},
		{"x", "b", "\n\n"},
		{"", "r", "\n"},
	} {
		if got := m.SeparatorBetween(c.prev, c.name); got != c.want {
			t.Errorf("SeparatorBetween(%q, %q) = %q, want %q", c.prev, c.name, got, c.want)
		}
	}
	for name, want := range map[string]string{"r": "\n---\n", "b": "\n\n"} {
		if got := m.LongestBefore(name); got != want {
			t.Errorf("LongestBefore(%q) = %q, want %q", name, got, want)
		}
	}
}
