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

// A path that climbs out of the root lands back inside it only through
// the root's own name, read lexically; anything else stays outside.
func TestIncBackInside(t *testing.T) {
	for _, tc := range []struct {
		root, p, want string
		ok            bool
	}{
		{"/home/u/proj", "../proj/x.md", "x.md", true},
		{"/home/u/proj", "../proj/a/../b/x.md", "b/x.md", true},
		{"/home/u/proj", "../../u/proj/x.md", "x.md", true},
		{"C:/work/proj", "../proj/x.md", "x.md", true},
		{"/", "../x.md", "x.md", true},
		{"/home/u/proj", "../proj", "", false},         // the root itself
		{"/home/u/proj", "../other/x.md", "", false},   // a sibling
		{"/home/u/proj", "../project/x.md", "", false}, // a name that starts alike
		{"/home/u/proj", "../../proj/x.md", "", false}, // /home/proj
		{"", "../proj/x.md", "", false},                // root unknown
	} {
		got, ok := incBackInside(tc.root, tc.p)
		if got != tc.want || ok != tc.ok {
			t.Errorf("incBackInside(%q, %q) = %q, %v; want %q, %v", tc.root, tc.p, got, ok, tc.want, tc.ok)
		}
	}
}
