// Package testscripts runs promptc as a user does, one behaviour per
// testdata/*.txtar file. Run with -update to rewrite the expected output
// (cmp files) of the scripts from what promptc now prints.
package testscripts

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
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
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			// mtime FILE... prints each file's modification time in
			// nanoseconds, to check that build leaves unchanged files alone.
			"mtime": func(ts *testscript.TestScript, neg bool, args []string) {
				for _, a := range args {
					fi, err := os.Stat(ts.MkAbs(a))
					ts.Check(err)
					fmt.Fprintf(ts.Stdout(), "%s %d\n", a, fi.ModTime().UnixNano())
				}
			},
		},
		Setup: func(env *testscript.Env) error {
			// A stable home and no colour keep output the same everywhere.
			env.Setenv("NO_COLOR", "1")
			// The example project, for scripts that replay it.
			assets, err := filepath.Abs("../assets")
			if err != nil {
				return err
			}
			env.Setenv("ASSETS", assets)
			// Scripts that compile a generated package share the host's
			// build cache, so that go run is fast and needs no network.
			for _, k := range []string{"GOCACHE", "GOMODCACHE", "GOPATH"} {
				if out, err := exec.Command("go", "env", k).Output(); err == nil {
					env.Setenv(k, strings.TrimSpace(string(out)))
				}
			}
			env.Setenv("GOFLAGS", "-mod=mod")
			env.Setenv("GOWORK", "off")
			env.Setenv("GOTOOLCHAIN", "local")
			// Each script starts with an empty configuration cache of
			// its own, so cached and uncached loads are both exercised.
			env.Setenv("PROMPTC_CACHE", filepath.Join(env.WorkDir, ".promptc-cache"))
			return nil
		},
	})
}
