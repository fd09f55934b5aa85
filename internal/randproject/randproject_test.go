package randproject_test

import (
	"bytes"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/promptc/promptc/cmd/promptc/cli"
	"github.com/promptc/promptc/compiler/genruntime"
	"github.com/promptc/promptc/internal/randproject"
	"github.com/promptc/promptc/internal/testtree"
)

// TestProjectsBuildAndLintClean builds and lints a sample of generated
// projects: each builds, and lint reports nothing, so every project is a
// valid one and a finding is the generator's mistake.
func TestProjectsBuildAndLintClean(t *testing.T) {
	t.Setenv("PROMPTC_CACHE", t.TempDir())
	for seed := uint64(1); seed <= 24; seed++ {
		p := randproject.Generate(seed)
		dir := testtree.Write(t, p.Files)
		var out, errb bytes.Buffer
		code := cli.Run([]string{"lint", dir}, nil, &out, &errb)
		if code != 0 {
			t.Errorf("seed %d: lint exit %d\n%s%s", seed, code, out.String(), errb.String())
		}
		for _, l := range strings.Split(strings.TrimSpace(out.String()), "\n") {
			// Without examples, nothing exercises the rules and the
			// conditional parts: those warnings are the only ones.
			if l != "" && (p.Examples || !strings.HasSuffix(l, "(RULE_UNEXERCISED)") && !strings.HasSuffix(l, "(CONDITION_UNEXERCISED)")) {
				t.Errorf("seed %d: %s", seed, l)
			}
		}
	}
}

// TestDrawsReachEveryKind draws the refusals and custom files of a sample
// of projects: every rule Refusals breaks, and every near miss, is drawn,
// some with a second rule; and custom files both usable and refused by
// the loader's rules (genruntime.CustomData), at most custom.maxBytes
// bytes and over it, are drawn.
func TestDrawsReachEveryKind(t *testing.T) {
	want := []string{
		"a list item's field of the wrong type", "a list item's field that is not declared",
		"a nested enum given as \"\"", "a nested enum value not declared",
		"a record field of the wrong type", "a record field that is not declared",
		"a slot or run-time placeholder at its maxChars", "a slot or run-time placeholder over its maxChars",
		"a slot that is not declared", "a value at its limit", "a value over its limit",
		"an enum given as \"\"", "an enum value not declared", "an input given as null",
		"an input of the wrong type", "an input that is not declared", "an unknown family",
		"an unknown mode", "an unknown permission set", "an unknown profile", "the custom mode without a file",
	}
	seen := map[string]bool{}
	two, usable, refused, over := 0, 0, 0, 0
	for seed := uint64(1); seed <= 40; seed++ {
		p := randproject.Generate(seed)
		for _, f := range p.Refusals(seed, 24) {
			seen[f.What] = true
			if f.Also != nil {
				two++
				if f.Also.Field == f.Field || f.Also.Field == "" {
					t.Errorf("seed %d: a second rule of the same field or a near miss: %+v", seed, f)
				}
			}
			if (f.Field == "") != strings.Contains(f.What, "at its") && !strings.Contains(f.What, "given as") {
				t.Errorf("seed %d: %q is a near miss: %v", seed, f.What, f.Field == "")
			}
		}
		if p.Custom == nil {
			continue
		}
		for _, q := range p.CustomRequests(seed, 10) {
			if q.Mode != "custom" || q.Custom == nil || q.Custom.Path != p.Custom.File {
				t.Fatalf("seed %d: a custom request %+v", seed, q)
			}
			if len(q.Custom.Data) > p.Custom.MaxBytes {
				over++
			}
			if _, _, reason := genruntime.CustomData(q.Custom.Path, q.Custom.Data, p.Custom.MaxBytes); reason != "" {
				refused++
			} else {
				usable++
			}
		}
	}
	var missing []string
	for _, w := range want {
		if !seen[w] {
			missing = append(missing, w)
		}
	}
	if len(missing) > 0 || len(seen) != len(want) {
		t.Errorf("refusals drawn: %q; never drawn: %q", slices.Sorted(maps.Keys(seen)), missing)
	}
	if two == 0 || usable == 0 || refused == 0 || over == 0 {
		t.Errorf("%d refusals break two rules; %d custom files usable, %d refused, %d over maxBytes", two, usable, refused, over)
	}
}
