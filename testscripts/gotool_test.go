package testscripts

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestGoToolRoute installs promptc the way README.md tells a harness module
// to, as a Go tool of that module with a replace directive to a clone (this
// repository), and runs the go:generate line the README shows: go get
// -tool, go tool promptc init, go generate, then go vet of the generated
// package. It works offline: the module cache is the host's, which already
// holds every module promptc needs (the main module's tests need them too),
// and no proxy is asked; the harness's go.sum starts as promptc's, as a
// user's go get would write it. promptc is compiled once, by go tool.
func TestGoToolRoute(t *testing.T) {
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on PATH")
	}
	repo, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	sum, err := os.ReadFile(filepath.Join(repo, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	write := func(name, text string) {
		t.Helper()
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", "module example.com/harness\n\ngo 1.26\n")
	write("go.sum", string(sum))
	env := append(os.Environ(), "GOPROXY=off", "GOFLAGS=-mod=mod", "GOWORK=off", "GOTOOLCHAIN=local")
	run := func(args ...string) string {
		t.Helper()
		cmd := exec.Command(gobin, args...)
		cmd.Dir, cmd.Env = dir, env
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return string(out)
	}

	run("mod", "edit", "-replace", "github.com/promptc/promptc="+repo)
	run("get", "-tool", "github.com/promptc/promptc/cmd/promptc")
	mod, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(mod), "\ntool github.com/promptc/promptc/cmd/promptc\n") {
		t.Fatalf("go get -tool did not record the tool in go.mod:\n%s", mod)
	}
	// A replace to a local clone names no commit: no version, not the
	// zero pseudo-version the go command records for it.
	if out := run("tool", "promptc", "version"); out != "promptc 0.0.0-dev\n" {
		t.Errorf("go tool promptc version printed %q, want %q", out, "promptc 0.0.0-dev\n")
	}

	// A new project, and the go:generate line in a hand-written file of
	// the package build writes (init's output directory is generated/).
	run("tool", "promptc", "init", "assets")
	write("assets/generated/generate.go", "package prompts\n\n//go:generate go tool promptc build ..\n")
	run("generate", "./...")
	if _, err := os.Stat(filepath.Join(dir, "assets", "generated", "prompts_gen.go")); err != nil {
		t.Fatalf("go generate wrote no package: %v", err)
	}
	run("vet", "./...")
	run("tool", "promptc", "build", "--check", "assets")
}
