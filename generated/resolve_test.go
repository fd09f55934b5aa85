// This file is written by hand, not by promptc: it holds the generated
// package's model selection to the compiler's, on the example project.
package generated_test

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/promptc/promptc/compiler/family"
	prompts "github.com/promptc/promptc/generated"
	"github.com/promptc/promptc/internal/config"
)

// TestResolveAgreesWithCompiler: for every example id of assets/promptc.cue
// and for ids made at random of the examples' own segments, the generated
// Resolve picks the family that the compiler's resolver (promptc resolve,
// the examples check) picks.
func TestResolveAgreesWithCompiler(t *testing.T) {
	l, err := config.LoadFile("../assets/promptc.cue")
	if err != nil {
		t.Fatal(err)
	}
	fams := l.Config.Families
	r := family.NewResolver(fams)
	ids := slices.Sorted(func(yield func(string) bool) {
		for id := range fams.Examples {
			if !yield(id) {
				return
			}
		}
	})
	if len(ids) < 20 {
		t.Fatalf("assets/promptc.cue has %d example ids, want at least 20", len(ids))
	}
	var segs []string
	for _, id := range ids {
		segs = append(segs, strings.FieldsFunc(id, func(r rune) bool { return r == '/' || r == ':' })...)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 5000 {
		var b strings.Builder
		for j := range 1 + rng.IntN(3) {
			if j > 0 {
				b.WriteByte("/:"[rng.IntN(2)])
			}
			b.WriteString(segs[rng.IntN(len(segs))])
		}
		ids = append(ids, b.String())
	}
	seen := map[string]bool{}
	for _, id := range ids {
		want := r.Resolve(id).Family
		got, _ := prompts.Resolve(id)
		if got.String() != want {
			t.Errorf("Resolve(%q) = %s, the compiler says %s", id, got, want)
		}
		seen[want] = true
	}
	if len(seen) != len(prompts.Families()) {
		t.Errorf("the cases reach %d of %d families", len(seen), len(prompts.Families()))
	}
}
