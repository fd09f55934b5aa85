package synth

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/promptc/promptc/compiler"
	"github.com/promptc/promptc/internal/config"
	"github.com/promptc/promptc/internal/diag"
	"github.com/promptc/promptc/lint"
)

// TestProjectIsClean checks that generated projects compile and lint with
// no findings at all, and that every asset is read (reached by a part,
// directly or through includes).
func TestProjectIsClean(t *testing.T) {
	t.Setenv("PROMPTC_CACHE", "off") // write nothing to the user's cache
	for _, o := range []Options{
		{Assets: 10, Families: 1, Modes: 1, Seed: 1},
		{Assets: 30, Families: 3, Modes: 3, Seed: 2},
		{Assets: 120, Families: 12, Modes: 4, Seed: 3},
		{Assets: 200, Families: 27, Modes: 8, Seed: 4},
	} {
		files, err := Generate(o)
		if err != nil {
			t.Fatal(err)
		}
		dir := filepath.Join(t.TempDir(), "p")
		if err := Write(dir, files); err != nil {
			t.Fatal(err)
		}
		l, err := config.LoadFile(filepath.Join(dir, "promptc.cue"))
		if err != nil {
			t.Fatalf("%+v: %v", o, err)
		}
		proj, err := compiler.CompileAll(l, compiler.Options{})
		if err != nil {
			t.Fatal(err)
		}
		ds, err := lint.Run(proj, lint.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range ds {
			t.Errorf("%+v: %s:%d: %s: %s (%s)", o, d.Pos.Path, d.Pos.Line, d.Severity, d.Message, d.Rule)
		}
		if n := diag.Count(ds, diag.Info); n > 0 {
			t.Errorf("%+v: %d findings", o, n)
		}
		md := 0
		for _, f := range files {
			if strings.HasSuffix(f.Path, ".md") {
				md++
				if _, ok := proj.Default().Files[f.Path]; !ok {
					t.Errorf("%+v: %s is never read", o, f.Path)
				}
			}
		}
		if md != o.Assets+o.Families {
			t.Errorf("%+v: %d Markdown files, want %d", o, md, o.Assets+o.Families)
		}
	}
}

func TestRel(t *testing.T) {
	for _, c := range []struct{ from, target, want string }{
		{"prompts/boundary.md", "prompts/shared/safety.md", "shared/safety.md"},
		{"prompts/sections/d000/s1.md", "prompts/shared/d003/h1.md", "../../shared/d003/h1.md"},
		{"prompts/shared/d001/h2.md", "prompts/shared/d001/h1.md", "h1.md"},
		{"prompts/families/x", "prompts/shared/family-common.md", "../shared/family-common.md"},
	} {
		if got := rel(c.from, c.target); got != c.want {
			t.Errorf("rel(%q, %q) = %q, want %q", c.from, c.target, got, c.want)
		}
	}
}
