package genruntime

import "testing"

// TestHasExtension checks the extension rule on its own, without the "/"
// that makes any line with one a path.
func TestHasExtension(t *testing.T) {
	tests := []struct {
		p  string
		ok bool
	}{
		{"a.md", true},
		{".md", false},
		{"x/.md", false},
		{"x/a.md", true},
		{"a.", false},
		{"a.b", true},
		{"a.bcdefghijk", true},
		{"a.bcdefghijkl", false},
		{"a.m0", true},
		{"a.m9", true},
		{"a.m/", false},
		{"a.m:", false},
		{"noext", false},
	}
	for _, tc := range tests {
		if got := incHasExtension(tc.p); got != tc.ok {
			t.Errorf("incHasExtension(%q) = %v, want %v", tc.p, got, tc.ok)
		}
	}
}
