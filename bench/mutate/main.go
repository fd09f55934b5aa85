// Command mutate measures how many deliberate one-line bugs promptc's tests
// catch. Each entry of a list (mutants.txt beside this file) names a file,
// an exact fragment of it and the fragment's replacement: a >= turned into
// a >, a dropped regular-expression anchor, a skipped check. For each
// mutant, mutate runs go test -short on the package that owns the file and
// then on ./testscripts (plus any packages the entry names), with the
// fragment replaced, and records whether a test failed (killed) or none did
// (survived). It prints a table and the kill rate.
//
//	cd bench
//	go run ./mutate                 # every mutant of bench/mutate/mutants.txt
//	go run ./mutate -run include    # mutants whose file or fragment matches
//	go run ./mutate -p 1 -v         # one package at a time; show survivors' output
//	go run ./mutate -check          # only check that every entry still applies
//	go run ./mutate -scripts=false  # only the packages' own tests, not ./testscripts
//	go run ./mutate -testrun Tmpl   # only tests matching a pattern (a lower bound)
//
// Go files are replaced with go test -overlay, so the working tree is never
// written. Other files (promptc.cue, the schema) are read by the tests at
// run time, where an overlay does not reach, so those mutants run in a
// temporary copy of the module. A mutant that does not compile is reported
// as broken and left out of the rate; a fragment that is no longer in its
// file is reported as stale, and the list needs updating.
//
// Before any mutant, the same tests run once unchanged: if they fail,
// every mutant would look killed, so mutate stops (exit 3). It exits 0 when
// every mutant is killed, 1 when some survive or are stale, 2 on a bad list
// or flag.
package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"
)

// Mutant is one entry of the list.
type Mutant struct {
	// Line is the line of the list where the entry starts.
	Line int
	// File is the mutated file, a slash path relative to the module root.
	File string
	// Nth picks the occurrence of Old to replace (1-based) when Old is not
	// unique in File; 0 means Old must occur exactly once.
	Nth int
	// Old is the exact fragment replaced, New its replacement.
	Old, New string
	// Tests are the packages whose tests must catch the mutant, in the
	// order they run: the package of File (for a Go file), the packages
	// the entry names, then ./testscripts.
	Tests []string
}

// String describes the mutant in one line.
func (m Mutant) String() string {
	return fmt.Sprintf("%q -> %q", m.Old, m.New)
}

// Parse reads a list of mutants. Entries are separated by blank lines;
// lines starting with # are comments. An entry is
//
//	FILE [#N]
//	[test PKG...]
//	- OLD
//	+ NEW
//
// where FILE is relative to the module root, #N picks the N-th occurrence
// of OLD when it is not unique, test adds packages whose tests run before
// ./testscripts, and OLD and NEW are the text after "- " and "+ " (a bare
// "+" replaces OLD with nothing).
func Parse(r io.Reader) ([]Mutant, error) {
	var out []Mutant
	var cur *Mutant
	var state int // 0: want FILE, 1: want test or -, 2: want +
	sc := bufio.NewScanner(r)
	n := 0
	bad := func(format string, args ...any) error {
		return fmt.Errorf("line %d: %s", n, fmt.Sprintf(format, args...))
	}
	for sc.Scan() {
		n++
		line := sc.Text()
		if strings.HasPrefix(line, "#") {
			continue
		}
		if strings.TrimSpace(line) == "" {
			if state != 0 {
				return nil, bad("entry of line %d ends before its + line", cur.Line)
			}
			continue
		}
		switch state {
		case 0:
			f := strings.Fields(line)
			m := Mutant{Line: n, File: f[0]}
			if len(f) > 2 || path.IsAbs(m.File) || strings.HasPrefix(path.Clean(m.File), "..") {
				return nil, bad("want FILE [#N], a path inside the module, got %q", line)
			}
			if len(f) == 2 {
				k, err := strconv.Atoi(strings.TrimPrefix(f[1], "#"))
				if !strings.HasPrefix(f[1], "#") || err != nil || k < 1 {
					return nil, bad("want #N (N >= 1) after the file, got %q", f[1])
				}
				m.Nth = k
			}
			out = append(out, m)
			cur = &out[len(out)-1]
			state = 1
		case 1:
			if rest, ok := strings.CutPrefix(line, "test "); ok {
				for _, p := range strings.Fields(rest) {
					if !strings.HasPrefix(p, "./") {
						return nil, bad("test packages are ./relative paths, got %q", p)
					}
					cur.Tests = append(cur.Tests, p)
				}
				continue
			}
			old, ok := strings.CutPrefix(line, "- ")
			if !ok || old == "" {
				return nil, bad("want \"- OLD\" (or \"test PKG...\") after the file, got %q", line)
			}
			cur.Old = old
			state = 2
		case 2:
			if line == "+" {
				cur.New = ""
			} else if nw, ok := strings.CutPrefix(line, "+ "); ok {
				cur.New = nw
			} else {
				return nil, bad("want \"+ NEW\" after \"- OLD\", got %q", line)
			}
			if cur.New == cur.Old {
				return nil, bad("the replacement equals the fragment")
			}
			state = 0
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if state != 0 {
		return nil, fmt.Errorf("line %d: the last entry ends before its + line", cur.Line)
	}
	for i := range out {
		m := &out[i]
		var tests []string
		if strings.HasSuffix(m.File, ".go") {
			tests = append(tests, "./"+path.Dir(m.File))
		}
		for _, p := range append(m.Tests, "./testscripts") {
			if !slices.Contains(tests, p) {
				tests = append(tests, p)
			}
		}
		m.Tests = tests
	}
	return out, nil
}

// WithoutScripts returns m's test packages without ./testscripts: a quick
// run measures what the packages' own tests catch, which is what each
// package must catch alone. A mutant that only ./testscripts can test (a
// file of testscripts itself, or a data file no package is named for)
// keeps it, so that no mutant is left with nothing to run.
func WithoutScripts(m Mutant) []string {
	rest := slices.DeleteFunc(slices.Clone(m.Tests), func(p string) bool { return p == "./testscripts" })
	if len(rest) == 0 || strings.HasPrefix(m.File, "testscripts/") {
		return m.Tests
	}
	return rest
}

// ErrStale is returned by Apply when a fragment is no longer in its file,
// or is there more often than the entry allows.
var ErrStale = errors.New("stale")

// Apply returns src with m's fragment replaced, and the 1-based line of
// src where the fragment starts.
func (m Mutant) Apply(src []byte) ([]byte, int, error) {
	old := []byte(m.Old)
	count := bytes.Count(src, old)
	switch {
	case count == 0:
		return nil, 0, fmt.Errorf("%w: %s does not contain %q", ErrStale, m.File, m.Old)
	case m.Nth == 0 && count > 1:
		return nil, 0, fmt.Errorf("%w: %s contains %q %d times; add #N to the file line", ErrStale, m.File, m.Old, count)
	case m.Nth > count:
		return nil, 0, fmt.Errorf("%w: %s contains %q %d times, not %d", ErrStale, m.File, m.Old, count, m.Nth)
	}
	at := -1
	for range max(m.Nth, 1) {
		at += 1 + bytes.Index(src[at+1:], old)
	}
	out := slices.Concat(src[:at], []byte(m.New), src[at+len(old):])
	return out, 1 + bytes.Count(src[:at], []byte{'\n'}), nil
}

// Result is the outcome of one mutant.
type Result struct {
	Mutant Mutant
	// At is the line of the file the fragment starts on.
	At int
	// Status is killed, survived, broken (the mutant does not compile),
	// stale (the fragment is not in the file) or error.
	Status string
	// By is the package whose tests killed the mutant.
	By string
	// Output is the go test output of the last package run.
	Output string
	// Took is the time spent on the mutant.
	Took time.Duration
}

// runner runs go test on mutants of the module at root.
type runner struct {
	root    string
	tmp     string
	p       int
	timeout time.Duration
	// testrun, when set, is go test's -run pattern.
	testrun string
}

// goTest runs go test -short in dir on pkgs; overlay, when not empty, is
// an overlay file. It returns the status (pass, fail, broken) and output.
func (r *runner) goTest(dir, overlay string, pkgs ...string) (string, string) {
	args := []string{"test", "-short", "-count=1", "-timeout", r.timeout.String()}
	if r.p > 0 {
		args = append(args, "-p", strconv.Itoa(r.p))
	}
	if overlay != "" {
		args = append(args, "-overlay", overlay)
	}
	if r.testrun != "" {
		args = append(args, "-run", r.testrun)
	}
	args = append(args, pkgs...)
	// The go command's own timeout ends a hung test and fails it; this one
	// only guards against a hung build.
	ctx, cancel := context.WithTimeout(context.Background(), 2*r.timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	text := string(out)
	switch {
	case err == nil:
		return "pass", text
	case buildFailed(text):
		return "broken", text
	}
	return "fail", text
}

// buildFailed reports whether go test output shows that a package or its
// tests did not compile.
func buildFailed(out string) bool {
	return strings.Contains(out, "[build failed]") || strings.Contains(out, "[setup failed]")
}

// run applies m and runs its tests until one package fails.
func (r *runner) run(i int, m Mutant) Result {
	res := Result{Mutant: m}
	fail := func(err error) Result {
		res.Status, res.Output = "error", err.Error()
		if errors.Is(err, ErrStale) {
			res.Status = "stale"
		}
		return res
	}
	file := filepath.Join(r.root, filepath.FromSlash(m.File))
	src, err := os.ReadFile(file)
	if err != nil {
		return fail(fmt.Errorf("%w: %v", ErrStale, err))
	}
	mutated, at, err := m.Apply(src)
	if err != nil {
		return fail(err)
	}
	res.At = at
	dir, overlay := r.root, ""
	work := filepath.Join(r.tmp, strconv.Itoa(i))
	if err := os.MkdirAll(work, 0o755); err != nil {
		return fail(err)
	}
	defer os.RemoveAll(work)
	if strings.HasSuffix(m.File, ".go") {
		repl := filepath.Join(work, filepath.Base(file))
		if err := os.WriteFile(repl, mutated, 0o644); err != nil {
			return fail(err)
		}
		b, err := json.Marshal(map[string]map[string]string{"Replace": {file: repl}})
		if err != nil {
			return fail(err)
		}
		overlay = filepath.Join(work, "overlay.json")
		if err := os.WriteFile(overlay, b, 0o644); err != nil {
			return fail(err)
		}
	} else {
		dir = filepath.Join(work, "module")
		if err := copyModule(r.root, dir); err != nil {
			return fail(err)
		}
		if err := os.WriteFile(filepath.Join(dir, filepath.FromSlash(m.File)), mutated, 0o644); err != nil {
			return fail(err)
		}
	}
	for _, pkg := range m.Tests {
		status, out := r.goTest(dir, overlay, pkg)
		res.Output = out
		switch status {
		case "broken":
			res.Status, res.By = "broken", pkg
			return res
		case "fail":
			res.Status, res.By = "killed", pkg
			return res
		}
	}
	res.Status = "survived"
	return res
}

// copyModule copies the module's files, the .git directory left out, from
// root to dst.
func copyModule(root, dst string) error {
	return filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		switch {
		case d.IsDir() && d.Name() == ".git":
			return filepath.SkipDir
		case d.IsDir():
			return os.MkdirAll(target, 0o755)
		case d.Type()&fs.ModeSymlink != 0:
			link, err := os.Readlink(p)
			if err != nil {
				return err
			}
			return os.Symlink(link, target)
		case !d.Type().IsRegular():
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(target, b, 0o644)
	})
}

// moduleRoot returns the directory of promptc's module: the repository
// root, whether mutate runs from the bench module (which replaces promptc
// with ../) or from promptc's own module.
func moduleRoot() (string, error) {
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "github.com/promptc/promptc").Output()
	dir := strings.TrimSpace(string(out))
	if err != nil || dir == "" {
		return "", errors.New("cannot find the promptc module (go list -m github.com/promptc/promptc); run mutate from the promptc repository's bench directory")
	}
	return dir, nil
}

// summary returns the kill rate line and whether every mutant was killed.
func summary(results []Result) (string, bool) {
	counts := map[string]int{}
	for _, r := range results {
		counts[r.Status]++
	}
	compiled := counts["killed"] + counts["survived"]
	rate := 0.0
	if compiled > 0 {
		rate = 100 * float64(counts["killed"]) / float64(compiled)
	}
	line := fmt.Sprintf("killed %d of %d mutants that compile (%.1f%%); %d survived, %d broken, %d stale, %d errors",
		counts["killed"], compiled, rate, counts["survived"], counts["broken"], counts["stale"], counts["error"])
	return line, counts["killed"] == len(results)-counts["broken"]
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fl := flag.NewFlagSet("mutate", flag.ContinueOnError)
	fl.SetOutput(stderr)
	list := fl.String("list", "bench/mutate/mutants.txt", "the list of mutants, relative to the module root")
	filter := fl.String("run", "", "only mutants whose file or fragment matches this regular expression")
	p := fl.Int("p", 0, "go test -p: how many packages build and test at once (0: the go default)")
	timeout := fl.Duration("timeout", 5*time.Minute, "go test -timeout for each package run")
	verbose := fl.Bool("v", false, "print the go test output of survivors")
	check := fl.Bool("check", false, "only check that every mutant applies; run no test")
	baseline := fl.Bool("baseline", true, "first run the tests without a mutant, and stop if they fail")
	testrun := fl.String("testrun", "", "go test -run: only the tests matching this pattern run, so the kill rate is a lower bound (quick, for a package whose tests are slow)")
	scripts := fl.Bool("scripts", true, "run ./testscripts after the packages' own tests (false: a quick measure of the packages' own tests)")
	if err := fl.Parse(args); err != nil {
		return 2
	}
	if fl.NArg() > 0 {
		fmt.Fprintf(stderr, "mutate: unexpected argument %q\n", fl.Arg(0))
		return 2
	}
	re, err := regexp.Compile(*filter)
	if err != nil {
		fmt.Fprintf(stderr, "mutate: -run: %v\n", err)
		return 2
	}
	root, err := moduleRoot()
	if err != nil {
		fmt.Fprintf(stderr, "mutate: %v\n", err)
		return 2
	}
	f, err := os.Open(filepath.Join(root, filepath.FromSlash(*list)))
	if err != nil {
		fmt.Fprintf(stderr, "mutate: %v\n", err)
		return 2
	}
	mutants, err := Parse(f)
	f.Close()
	if err != nil {
		fmt.Fprintf(stderr, "mutate: %s:%v\n", *list, err)
		return 2
	}
	mutants = slices.DeleteFunc(mutants, func(m Mutant) bool {
		return !re.MatchString(m.File) && !re.MatchString(m.Old)
	})
	if len(mutants) == 0 {
		fmt.Fprintln(stderr, "mutate: no mutant matches -run")
		return 2
	}
	if !*scripts {
		for i := range mutants {
			mutants[i].Tests = WithoutScripts(mutants[i])
		}
	}

	if *check {
		stale := 0
		for _, m := range mutants {
			src, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(m.File)))
			if err == nil {
				_, _, err = m.Apply(src)
			}
			if err != nil {
				fmt.Fprintf(stdout, "%s:%d: %v\n", *list, m.Line, err)
				stale++
			}
		}
		fmt.Fprintf(stdout, "%d mutants, %d stale\n", len(mutants), stale)
		if stale > 0 {
			return 1
		}
		return 0
	}

	tmp, err := os.MkdirTemp("", "promptc-mutate-")
	if err != nil {
		fmt.Fprintf(stderr, "mutate: %v\n", err)
		return 3
	}
	defer os.RemoveAll(tmp)
	r := &runner{root: root, tmp: tmp, p: *p, timeout: *timeout, testrun: *testrun}

	if *baseline {
		var pkgs []string
		for _, m := range mutants {
			pkgs = append(pkgs, m.Tests...)
		}
		slices.Sort(pkgs)
		pkgs = slices.Compact(pkgs)
		fmt.Fprintf(stderr, "baseline: go test -short %s\n", strings.Join(pkgs, " "))
		if status, out := r.goTest(root, "", pkgs...); status != "pass" {
			fmt.Fprintf(stderr, "%s\nmutate: the tests fail without any mutant; fix them first\n", out)
			return 3
		}
	}

	var results []Result
	for i, m := range mutants {
		start := time.Now()
		res := r.run(i, m)
		res.Took = time.Since(start)
		results = append(results, res)
		fmt.Fprintf(stderr, "%d/%d %s %s:%d %s (%s)\n", i+1, len(mutants), res.Status, m.File, res.At, m, res.Took.Round(time.Second))
	}

	tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "#\tRESULT\tBY\tWHERE\tMUTANT")
	for i, res := range results {
		where := res.Mutant.File
		if res.At > 0 {
			where += ":" + strconv.Itoa(res.At)
		}
		by := res.By
		if by == "" {
			by = "-"
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\n", i+1, res.Status, by, where, res.Mutant)
	}
	tw.Flush()
	line, all := summary(results)
	fmt.Fprintln(stdout, line)
	for _, res := range results {
		if res.Status == "stale" || res.Status == "error" || (*verbose && res.Status == "survived") {
			fmt.Fprintf(stdout, "\n%s:%d (%s): %s\n%s\n", *list, res.Mutant.Line, res.Status, res.Mutant, res.Output)
		}
	}
	if !all {
		return 1
	}
	return 0
}
