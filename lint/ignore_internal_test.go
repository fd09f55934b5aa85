package lint

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestInSkippedDirRandom holds inSkippedDir to splitting the path into
// folder names and looking each up, on random paths of skipped names,
// names that hold one (vendored, my_vendor) and the file's own name.
func TestInSkippedDirRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	names := []string{"vendor", "node_modules", "vendored", "my_vendor", "a", "docs", "node_modules2", "x.md"}
	for range 50000 {
		parts := make([]string, 1+r.IntN(5))
		for i := range parts {
			parts[i] = names[r.IntN(len(names))]
		}
		p := strings.Join(parts, "/")
		want := slices.ContainsFunc(parts[:len(parts)-1], func(s string) bool { return slices.Contains(skippedDirs, s) })
		if got := inSkippedDir(p); got != want {
			t.Fatalf("inSkippedDir(%q) = %v, want %v", p, got, want)
		}
	}
}
