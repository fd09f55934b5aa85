package emit

import (
	"os"
	"path/filepath"

	"github.com/promptc/promptc/compiler"
)

// StaleFiles returns the output-directory check that lint's OUTPUT_STALE
// rule runs (lint.OutputCheck; lint never imports code generation, so the
// command line hands it this function). For a program of progs (one per
// profile, the default first) it lists each file of the output directory
// that differs from what build would write, as "NAME KIND" (see Change). A
// directory promptc never wrote (no manifest) is not checked: the project
// may build in CI rather than commit its output.
func StaleFiles(progs []*compiler.Program) func(*compiler.Program) ([]string, error) {
	return func(p *compiler.Program) ([]string, error) {
		if _, err := os.Stat(filepath.Join(Dir(p), ManifestName)); err != nil {
			return nil, nil
		}
		changes, err := Stale(progs)
		if err != nil {
			return nil, err
		}
		var out []string
		for _, c := range changes {
			out = append(out, c.Name+" "+c.Kind)
		}
		return out, nil
	}
}
