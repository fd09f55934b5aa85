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
// -tool, go tool promptc init, go generate with the README's line (read
// from README.md) in assets/generated, where init's layout puts the
// package, then go vet of the generated package. The harness's go.sum
// starts as promptc's, as a user's go get would write it. promptc is
// compiled once, by go tool.
//
// go get -tool loads promptc's whole module graph, so it needs go.mod files
// that building promptc alone never fetches. Every go command here runs
// with GOPROXY=off; when the module cache lacks such a file, go mod
// download in promptc's module fetches them through the proxy the host's
// go command is configured with (the only network a test here may use),
// and go get runs again. With GOPROXY=off on the host as well, the test
// skips and says what is missing.
func TestGoToolRoute(t *testing.T) {
	generate := readmeGenerateLine(t)
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
	// GOFLAGS keeps the host's flags (CI's -modcacherw, so that its own
	// module cache can be removed) and adds -mod=mod.
	flags := strings.TrimSpace(os.Getenv("GOFLAGS") + " -mod=mod")
	goCmd := func(args ...string) (string, error) {
		cmd := exec.Command(gobin, args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOPROXY=off", "GOFLAGS="+flags, "GOWORK=off", "GOTOOLCHAIN=local")
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	run := func(args ...string) string {
		t.Helper()
		out, err := goCmd(args...)
		if err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return out
	}

	run("mod", "edit", "-replace", "github.com/promptc/promptc="+repo)
	if out, err := goCmd("get", "-tool", "github.com/promptc/promptc/cmd/promptc"); err != nil {
		if !strings.Contains(out, "GOPROXY=off") {
			t.Fatalf("go get -tool: %v\n%s", err, out)
		}
		// The cache lacks a go.mod file of promptc's module graph: go mod
		// download in promptc's module fetches every one of them from the
		// proxy the host's go command is configured with.
		hostProxy, err := exec.Command(gobin, "env", "GOPROXY").Output()
		if err != nil {
			t.Fatalf("go env GOPROXY: %v", err)
		}
		if p := strings.TrimSpace(string(hostProxy)); p == "off" || p == "" {
			t.Skipf("the module cache lacks a file go get -tool needs, and GOPROXY=off forbids fetching it:\n%s", out)
		}
		download := exec.Command(gobin, "mod", "download")
		download.Dir = repo
		download.Env = append(os.Environ(), "GOWORK=off", "GOTOOLCHAIN=local")
		if out, err := download.CombinedOutput(); err != nil {
			t.Fatalf("go mod download in %s: %v\n%s", repo, err, out)
		}
		run("get", "-tool", "github.com/promptc/promptc/cmd/promptc")
	}
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
	write("assets/generated/generate.go", "package prompts\n\n"+generate+"\n")
	run("generate", "./...")
	if _, err := os.Stat(filepath.Join(dir, "assets", "generated", "prompts_gen.go")); err != nil {
		t.Fatalf("go generate wrote no package: %v", err)
	}
	run("vet", "./...")
	run("tool", "promptc", "build", "--check", "assets")
}

// readmeGenerateLine returns the go:generate line README.md shows for
// promptc as a Go tool, the one TestGoToolRoute runs: a reader copies it
// into the directory init writes, so it must work there.
func readmeGenerateLine(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	var found []string
	for _, line := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(line, "//go:generate go tool promptc ") {
			found = append(found, line)
		}
	}
	if len(found) != 1 {
		t.Fatalf("README.md shows %d lines starting //go:generate go tool promptc, want one: %q", len(found), found)
	}
	return found[0]
}
