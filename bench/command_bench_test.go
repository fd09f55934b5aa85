package bench

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/promptc/promptc/cmd/promptc/cli"
	"github.com/promptc/promptc/internal/synth"
)

// sizes are the generated projects' asset counts. Like bench/run.sh, each
// has twelve families and one mode per 25 assets (at least four).
func sizes() []int {
	if os.Getenv("PROMPTC_BENCH_LARGE") != "" {
		return []int{100, 1000, 10000}
	}
	return []int{100, 1000}
}

// setup holds the projects, made once per test binary and built once, so
// that build --check measures the clean case.
var setup struct {
	sync.Mutex
	root string
	dirs map[string]string
}

// TestMain keeps promptc's configuration cache in a temporary directory
// (unless PROMPTC_CACHE is set, for example to off) and removes it and the
// projects after the benchmarks.
func TestMain(m *testing.M) {
	var cache string
	if os.Getenv("PROMPTC_CACHE") == "" {
		var err error
		if cache, err = os.MkdirTemp("", "promptc-bench-cache-"); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(3)
		}
		if err := os.Setenv("PROMPTC_CACHE", cache); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(3)
		}
	}
	code := m.Run()
	if setup.root != "" {
		os.RemoveAll(setup.root)
	}
	if cache != "" {
		os.RemoveAll(cache)
	}
	os.Exit(code)
}

// projectDir returns the directory of the named project ("assets" or an
// asset count), copying or generating and then building it on first use.
// The example assets are copied so that their output directory
// (../generated) lands beside the copy, not in the repository.
func projectDir(b *testing.B, name string) string {
	setup.Lock()
	defer setup.Unlock()
	if dir, ok := setup.dirs[name]; ok {
		return dir
	}
	if setup.root == "" {
		root, err := os.MkdirTemp("", "promptc-bench-")
		if err != nil {
			b.Fatal(err)
		}
		setup.root, setup.dirs = root, map[string]string{}
	}
	dir := filepath.Join(setup.root, name)
	if name == "assets" {
		if err := os.CopyFS(dir, os.DirFS("../assets")); err != nil {
			b.Fatal(err)
		}
		// The assets write ../generated, which must stay inside the Go
		// module that holds them, as it does in the repository.
		if err := os.WriteFile(filepath.Join(setup.root, "go.mod"), []byte("module example.com/copy\n"), 0o644); err != nil {
			b.Fatal(err)
		}
	} else {
		var n int
		if _, err := fmt.Sscan(name, &n); err != nil {
			b.Fatal(err)
		}
		files, err := synth.Generate(synth.Options{Assets: n, Families: 12, Modes: max(4, n/25), Seed: 1})
		if err != nil {
			b.Fatal(err)
		}
		if err := synth.Write(dir, files); err != nil {
			b.Fatal(err)
		}
	}
	runCommand(b, "build", dir)
	setup.dirs[name] = dir
	return dir
}

// runCommand runs promptc in-process and fails on a non-zero exit.
func runCommand(b *testing.B, args ...string) {
	var stdout, stderr bytes.Buffer
	if code := cli.Run(args, nil, &stdout, &stderr); code != 0 {
		b.Fatalf("promptc %v: exit %d\n%s%s", args, code, stdout.Bytes(), stderr.Bytes())
	}
}

// BenchmarkCommand runs promptc lint and promptc build --check in-process
// on the example assets and on generated projects, after one build. The
// CUE schema is compiled once per process and the configuration cache is
// warm, so these figures leave out those costs and process start-up, which
// bench/run.sh includes. PROMPTC_CACHE=off measures CUE evaluation too.
func BenchmarkCommand(b *testing.B) {
	names := []string{"assets"}
	for _, n := range sizes() {
		names = append(names, fmt.Sprint(n))
	}
	for _, cmd := range []string{"lint", "check"} {
		for _, name := range names {
			b.Run(cmd+"/"+name, func(b *testing.B) {
				dir := projectDir(b, name)
				args := []string{"lint", dir}
				if cmd == "check" {
					args = []string{"build", "--check", dir}
				}
				runCommand(b, args...) // warm: schema, vocabularies, page cache
				b.ReportAllocs()
				for b.Loop() {
					runCommand(b, args...)
				}
			})
		}
	}
}
