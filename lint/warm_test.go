package lint_test

import (
	"testing"

	"github.com/promptc/promptc/compiler/emit"
	"github.com/promptc/promptc/internal/config"
	"github.com/promptc/promptc/internal/testproject"
	"github.com/promptc/promptc/lint"
)

// TestWarmLintRunsNoCUE lints the example project twice with a fresh
// configuration cache: the second run, served from the cache, must not
// compile or evaluate any CUE, whatever findings it positions. Evaluating
// CUE is the slowest step of a pre-commit run; a finding that computes its
// position in promptc.cue eagerly through CUE fails this test.
func TestWarmLintRunsNoCUE(t *testing.T) {
	t.Setenv("PROMPTC_CACHE", t.TempDir())
	run := func() int {
		proj := testproject.CompileAll(t, "../assets")
		ds, err := lint.Run(proj, lint.Options{Output: emit.StaleFiles(proj.Programs(), nil)})
		if err != nil {
			t.Fatal(err)
		}
		return len(ds)
	}
	cold := run()
	if config.CUERuns() == 0 {
		t.Fatal("the cold run ran no CUE: is the cache really empty?")
	}
	before := config.CUERuns()
	if warm := run(); warm != cold {
		t.Fatalf("warm run found %d findings, cold run %d", warm, cold)
	}
	if n := config.CUERuns() - before; n != 0 {
		t.Fatalf("the warm run ran CUE %d times", n)
	}
}
