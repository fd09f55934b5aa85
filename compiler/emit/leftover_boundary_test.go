package emit

import (
	"crypto/sha256"
	"encoding/hex"
	"testing"
)

// TestIsLeftoverNames: a temporary file of the earlier scheme is
// ".NAME.tmpDIGITS" for a file build generates, the whole name; the
// current scheme is recognised by its prefix.
func TestIsLeftoverNames(t *testing.T) {
	known := map[string]bool{"prompts_gen.go": true, "COSTS.md": true}
	for _, tc := range []struct {
		name string
		want bool
	}{
		{".prompts_gen.go.tmp1", true},
		{".COSTS.md.tmp0123456789", true},
		{".prompts_gen.go.tmp", false},
		{".prompts_gen.go.tmp1x", false},
		{".prompts_gen.go.tmp1.bak", false},
		{"x.prompts_gen.go.tmp1", false},
		{"prompts_gen.go.tmp1", false},
		{".other.md.tmp1", false},
		{"prompts_gen.go", false},
	} {
		if got := isLeftover(tc.name, known); got != tc.want {
			t.Errorf("isLeftover(%q) = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestFreshReadsTheHashLineOnly: the input hash is read from a line that
// is the constant's declaration, not from a comment that quotes it.
func TestFreshReadsTheHashLineOnly(t *testing.T) {
	data := []byte("package prompts\n")
	sum := sha256.Sum256(data)
	st := func(head string) *state {
		return &state{
			old:    map[string]digest{"prompts_gen.go": sum},
			goHead: []byte(head),
			listed: []string{"prompts_gen.go"},
			sums:   map[string]string{"prompts_gen.go": "sha256:" + hex.EncodeToString(sum[:])},
		}
	}
	want := []string{"prompts_gen.go", ManifestName}
	for _, tc := range []struct {
		head string
		ok   bool
	}{
		{"package prompts\n\nconst InputHash = \"h1\"\n", true},
		{"package prompts\n\nconst InputHash = \"h2\"\n", false},
		{"package prompts\n\n// const InputHash = \"h1\"\n", false},
		{"package prompts\n\nconst InputHash = \"h1\" // old\n", false},
	} {
		if got := st(tc.head).fresh("h1", want); got != tc.ok {
			t.Errorf("fresh with head %q = %v, want %v", tc.head, got, tc.ok)
		}
	}
	// Each other condition on its own.
	s := st("const InputHash = \"h1\"\n")
	s.orphans = []string{"old.md"}
	if s.fresh("h1", want) {
		t.Error("fresh with an orphan")
	}
	s = st("const InputHash = \"h1\"\n")
	s.leftovers = []string{".x.tmp1"}
	if s.fresh("h1", want) {
		t.Error("fresh with a leftover")
	}
	s = st("const InputHash = \"h1\"\n")
	s.sums["prompts_gen.go"] = "sha256:00"
	if s.fresh("h1", want) {
		t.Error("fresh with a file edited since the manifest")
	}
	s = st("const InputHash = \"h1\"\n")
	delete(s.old, "prompts_gen.go")
	if s.fresh("h1", want) {
		t.Error("fresh with a file missing")
	}
	if st("const InputHash = \"h1\"\n").fresh("h1", []string{"prompts_gen.go", "COSTS.md", ManifestName}) {
		t.Error("fresh with a file the manifest does not list")
	}
}
