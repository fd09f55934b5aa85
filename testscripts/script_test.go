// Package testscripts runs promptc as a user does, one behaviour per
// testdata/*.txtar file. Run with -update to rewrite the expected output
// (cmp files) of the scripts from what promptc now prints.
package testscripts

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/promptc/promptc/cmd/promptc/cli"
	"github.com/promptc/promptc/internal/docsample"
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
	// One configuration cache for every script: an entry is keyed by the
	// configuration's bytes alone, so scripts that share a promptc.cue
	// share its evaluation, and each new or invalid one is still
	// evaluated, so cached and uncached loads are both exercised.
	configCache := t.TempDir()
	testscript.Run(t, testscript.Params{
		Dir:                 "testdata",
		UpdateScripts:       *update,
		RequireExplicitExec: true,
		// [root] is true when the scripts run as the superuser, for whom
		// file permissions do not apply: scripts about unreadable files
		// skip then (unit tests cover them by fault injection).
		Condition: func(cond string) (bool, error) {
			if cond == "root" {
				return os.Geteuid() == 0, nil
			}
			return false, fmt.Errorf("unknown condition %q", cond)
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			// exits CODE PROGRAM ARGS... runs a program like exec and
			// requires its exact exit code; its stdout and stderr are
			// then checked with stdout, stderr and cmp as after exec.
			// "! exec" accepts any failure; promptc's exit codes are a
			// contract (1 findings, 2 usage or configuration, 3 internal),
			// so scripts assert the code itself.
			"exits": exits,
			// onejson stdout|stderr requires that the last command's
			// stream holds exactly one JSON value and nothing else: a
			// machine format must be alone on its stream.
			"onejson": onejson,
			// docsample [-grep RE] NAME STREAM [CODE PROGRAM ARGS...]
			// keeps the block of README.md or docs/*.md labelled
			// <!-- output: NAME --> equal to STREAM (stdout, stderr or a
			// file), or with -grep to the lines of it that RE matches,
			// each with the tab-indented related lines below it (for a
			// page that shows an excerpt), or with -lines to the
			// line ranges FIRST-LAST,... of it ($ is the last line), or
			// with -json to the JSON
			// value at PATH (keys and indices joined by dots, such as
			// runs.0.results.0), indented by two spaces as promptc
			// indents. With a program it
			// first runs it as exits CODE PROGRAM ARGS... does, and the
			// block starts with the command line "$ PROGRAM ARGS".
			// -update rewrites the block.
			"docsample": docsampleCmd,
			// chomp FILE removes the final newline of FILE: a txtar
			// archive ends every file it holds with one.
			"chomp": func(ts *testscript.TestScript, neg bool, args []string) {
				if neg || len(args) != 1 {
					ts.Fatalf("usage: chomp FILE")
				}
				b, err := os.ReadFile(ts.MkAbs(args[0]))
				ts.Check(err)
				ts.Check(os.WriteFile(ts.MkAbs(args[0]), bytes.TrimSuffix(b, []byte("\n")), 0o644))
			},
			// mtime FILE... prints each file's modification time in
			// nanoseconds, to check that build leaves unchanged files alone.
			// lspframe IN OUT frames the JSON messages of IN, one a line,
			// as the Language Server Protocol sends them (a Content-Length
			// header, a blank line, the body) into OUT, with $WORK
			// replaced by the script's work directory, for a scripted
			// promptc lsp session on stdin.
			"lspframe": func(ts *testscript.TestScript, neg bool, args []string) {
				if neg || len(args) != 2 {
					ts.Fatalf("usage: lspframe IN OUT")
				}
				var b strings.Builder
				for _, line := range strings.Split(ts.ReadFile(args[0]), "\n") {
					if line = strings.TrimSpace(line); line != "" {
						line = strings.ReplaceAll(line, "$WORK", filepath.ToSlash(ts.Getenv("WORK")))
						fmt.Fprintf(&b, "Content-Length: %d\r\n\r\n%s", len(line), line)
					}
				}
				ts.Check(os.WriteFile(ts.MkAbs(args[1]), []byte(b.String()), 0o644))
			},
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
			// A harness-like test project (testdata/harness), read only.
			harness, err := filepath.Abs("testdata/harness")
			if err != nil {
				return err
			}
			env.Setenv("HARNESS", harness)
			// Scripts that compile a generated package do it offline,
			// with a module cache of their own.
			for _, kv := range offlineGoEnv(filepath.Join(env.WorkDir, ".go")) {
				k, v, _ := strings.Cut(kv, "=")
				env.Setenv(k, v)
			}
			env.Setenv("PROMPTC_CACHE", configCache)
			return nil
		},
	})
}

// hostGoCache is the host's Go build cache, or "" when it has none.
var hostGoCache = sync.OnceValue(func() string {
	out, err := exec.Command("go", "env", "GOCACHE").Output()
	if c := strings.TrimSpace(string(out)); err == nil && filepath.IsAbs(c) {
		return c
	}
	return ""
})

// offlineGoEnv returns the environment (KEY=VALUE entries) under which
// tests run the go command on a generated package, which imports the
// standard library only: a module cache and GOPATH of its own below dir, no
// module proxy (nothing is ever downloaded, so an empty module cache
// suffices and a machine without network or with a fresh module cache
// passes), no workspace, the local toolchain. The build cache is the
// host's, which only makes the build faster, or one below dir when the host
// has none.
func offlineGoEnv(dir string) []string {
	gocache := hostGoCache()
	if gocache == "" {
		gocache = filepath.Join(dir, "cache")
	}
	return []string{
		"GOCACHE=" + gocache,
		"GOMODCACHE=" + filepath.Join(dir, "modcache"),
		"GOPATH=" + filepath.Join(dir, "path"),
		"GOPROXY=off",
		"GOFLAGS=-mod=mod -modcacherw",
		"GOWORK=off",
		"GOTOOLCHAIN=local",
	}
}

// exits implements the exits command of the scripts.
func exits(ts *testscript.TestScript, neg bool, args []string) {
	if neg {
		ts.Fatalf("usage: exits CODE PROGRAM [ARGS...] (no !: the code says what is expected)")
	}
	if len(args) < 2 {
		ts.Fatalf("usage: exits CODE PROGRAM [ARGS...]")
	}
	runExpecting(ts, args[0], args[1], args[2:])
}

// runExpecting runs program with args and fails the script unless it
// exits with code.
func runExpecting(ts *testscript.TestScript, code, program string, args []string) {
	want, err := strconv.Atoi(code)
	if err != nil || want < 0 {
		ts.Fatalf("%q is not an exit code", code)
	}
	got := 0
	if err := ts.Exec(program, args...); err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			ts.Fatalf("%s did not run: %v", program, err)
		}
		got = ee.ExitCode()
	}
	if got != want {
		ts.Fatalf("%s exited %d, want %d", program, got, want)
	}
}

// repoRoot is the repository root, whose README.md and docs/ hold the
// samples that docsample checks.
var repoRoot = sync.OnceValue(func() string {
	root, err := filepath.Abs("..")
	if err != nil {
		panic(err)
	}
	return root
})

// docsampleCmd implements the docsample command of the scripts.
func docsampleCmd(ts *testscript.TestScript, neg bool, args []string) {
	const usage = "usage: docsample [-grep RE | -lines FIRST-LAST[,...] | -json PATH] NAME stdout|stderr|FILE [CODE PROGRAM ARGS...]"
	var grep *regexp.Regexp
	jsonPath := ""
	ranges := ""
	switch {
	case len(args) > 1 && args[0] == "-grep":
		re, err := regexp.Compile(args[1])
		ts.Check(err)
		grep, args = re, args[2:]
	case len(args) > 1 && args[0] == "-json":
		jsonPath, args = args[1], args[2:]
	case len(args) > 1 && args[0] == "-lines":
		ranges, args = args[1], args[2:]
	}
	if neg || len(args) == 3 || len(args) < 2 {
		ts.Fatalf(usage)
	}
	name, stream := args[0], args[1]
	prefix := ""
	if len(args) > 2 {
		for _, a := range args[3:] {
			if strings.Contains(a, ts.Getenv("WORK")) {
				ts.Fatalf("docsample: %q holds the script's work directory, which a page cannot show; cd there and name the path relatively", a)
			}
		}
		runExpecting(ts, args[2], args[3], args[4:])
		prefix = "$ " + shellLine(args[3:]) + "\n"
	}
	got := ts.ReadFile(stream)
	if grep != nil {
		var kept strings.Builder
		keep := false
		for _, l := range strings.SplitAfter(got, "\n") {
			// A tab-indented line is a related position of the finding
			// above it and goes with it.
			if !strings.HasPrefix(l, "\t") {
				keep = l != "" && grep.MatchString(strings.TrimSuffix(l, "\n"))
			}
			if keep {
				kept.WriteString(l)
			}
		}
		if kept.Len() == 0 {
			ts.Fatalf("docsample: -grep %s keeps no line of %s", grep, stream)
		}
		got = kept.String()
	}
	if ranges != "" {
		excerpt, err := lineRanges(got, ranges)
		if err != nil {
			ts.Fatalf("docsample: %s: %v", stream, err)
		}
		got = excerpt
	}
	if jsonPath != "" {
		v, err := jsonAt([]byte(got), jsonPath)
		if err != nil {
			ts.Fatalf("docsample: %s: %v", stream, err)
		}
		got = v
	}
	if msg := docsample.Compare(repoRoot(), name, prefix+got, *update); msg != "" {
		ts.Fatalf("%s", msg)
	}
}

// shellLine joins a command's words as a reader would type them, quoting
// the words a shell would split or expand.
func shellLine(words []string) string {
	out := make([]string, len(words))
	for i, w := range words {
		if w == "" || strings.ContainsAny(w, " \t\n'\"\\$`*?[]{}()<>|&;#~!") {
			w = "'" + strings.ReplaceAll(w, "'", `'\''`) + "'"
		}
		out[i] = w
	}
	return strings.Join(out, " ")
}

// onejson implements the onejson command of the scripts.
func onejson(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 || (args[0] != "stdout" && args[0] != "stderr") {
		ts.Fatalf("usage: onejson stdout|stderr")
	}
	dec := json.NewDecoder(strings.NewReader(ts.ReadFile(args[0])))
	var v any
	if err := dec.Decode(&v); err != nil {
		ts.Fatalf("%s is not one JSON value: %v", args[0], err)
	}
	if _, err := dec.Token(); err != io.EOF {
		ts.Fatalf("%s holds more than one JSON value", args[0])
	}
}

// TestScriptsAssertExactExitCodes keeps the scripts to the exits command
// for promptc: "! exec promptc" would pass with any failure, so a usage
// mistake reported as an internal error (3 for 2) would go unnoticed.
func TestScriptsAssertExactExitCodes(t *testing.T) {
	paths, err := filepath.Glob("testdata/*.txtar")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(b), "\n") {
			if f := strings.Fields(line); len(f) >= 3 && f[0] == "!" && f[1] == "exec" && f[2] == "promptc" {
				t.Errorf("%s:%d: %q accepts any failure; write exits CODE promptc ... with the code promptc must return", p, i+1, line)
			}
		}
	}
}

// jsonAt returns the JSON value at path in doc (object keys and array
// indices joined by dots), indented by two spaces, with a final newline.
// Object keys keep their order, as promptc wrote them.
func jsonAt(doc []byte, path string) (string, error) {
	raw := json.RawMessage(doc)
	for _, step := range strings.Split(path, ".") {
		if i, err := strconv.Atoi(step); err == nil {
			var a []json.RawMessage
			if err := json.Unmarshal(raw, &a); err != nil {
				return "", fmt.Errorf("%s: %v", step, err)
			}
			if i < 0 || i >= len(a) {
				return "", fmt.Errorf("%s: index out of range (%d values)", step, len(a))
			}
			raw = a[i]
			continue
		}
		var o map[string]json.RawMessage
		if err := json.Unmarshal(raw, &o); err != nil {
			return "", fmt.Errorf("%s: %v", step, err)
		}
		v, ok := o[step]
		if !ok {
			return "", fmt.Errorf("no key %q", step)
		}
		raw = v
	}
	var b bytes.Buffer
	if err := json.Indent(&b, raw, "", "  "); err != nil {
		return "", err
	}
	return b.String() + "\n", nil
}

// lineRanges returns the lines of text in ranges, a comma-separated list
// of FIRST-LAST line numbers (1-based, $ for the last line).
func lineRanges(text, ranges string) (string, error) {
	lines := strings.SplitAfter(text, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	num := func(s string) (int, error) {
		if s == "$" {
			return len(lines), nil
		}
		return strconv.Atoi(s)
	}
	var out strings.Builder
	for _, r := range strings.Split(ranges, ",") {
		from, to, ok := strings.Cut(r, "-")
		first, err1 := num(from)
		last, err2 := num(to)
		if !ok || err1 != nil || err2 != nil || first < 1 || last < first || last > len(lines) {
			return "", fmt.Errorf("line range %q does not fit %d lines (write FIRST-LAST, 1-based, $ for the last)", r, len(lines))
		}
		for _, l := range lines[first-1 : last] {
			out.WriteString(l)
		}
	}
	return out.String(), nil
}
