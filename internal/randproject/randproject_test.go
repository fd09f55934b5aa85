package randproject_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/promptc/promptc/cmd/promptc/cli"
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
