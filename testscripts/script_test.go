// Package testscripts runs promptc as a user does, one behaviour per
// testdata/*.txtar file. Run with -update to rewrite the expected output
// (cmp files) of the scripts from what promptc now prints.
package testscripts

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/promptc/promptc/cmd/promptc/cli"
)

var update = flag.Bool("update", false, "rewrite the golden files of the scripts")

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"promptc": func() {
			os.Exit(cli.Run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
		},
	})
}

func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:                 "testdata",
		UpdateScripts:       *update,
		RequireExplicitExec: true,
		Setup: func(env *testscript.Env) error {
			// A stable home and no colour keep output the same everywhere.
			env.Setenv("NO_COLOR", "1")
			// The example project, for scripts that replay it.
			assets, err := filepath.Abs("../assets")
			if err != nil {
				return err
			}
			env.Setenv("ASSETS", assets)
			return nil
		},
	})
}
