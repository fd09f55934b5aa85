package emit

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/promptc/promptc/internal/config"
)

// set is a directory's content: name -> bytes.
type set map[string]string

// files returns the set as output files, sorted.
func (s set) files() []File {
	var out []File
	for _, n := range slices.Sorted(maps.Keys(s)) {
		out = append(out, File{n, []byte(s[n])})
	}
	return out
}

// withManifest returns s plus a manifest listing its names and hashes, as
// build writes it.
func (s set) withManifest() set {
	out := maps.Clone(s)
	var b strings.Builder
	for _, n := range slices.Sorted(maps.Keys(s)) {
		b.WriteString(n + " " + sumText(sha256.Sum256([]byte(s[n]))) + "\n")
	}
	out[ManifestName] = b.String()
	return out
}

// open opens dir as an output directory shown as "out".
func open(t *testing.T, dir string) *outDir {
	t.Helper()
	o, err := openAt(dir, ".", "out", true)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { o.Close() })
	return o
}

// writeSet writes files to dir through a fresh handle, as one build does.
func writeSet(t *testing.T, dir string, files []File) (*Result, error) {
	t.Helper()
	o, err := openAt(dir, ".", "out", true)
	if err != nil {
		t.Fatal(err)
	}
	defer o.Close()
	return o.write(files)
}

// listing returns every entry of dir with its content; a non-regular
// entry fails the test.
func listing(t *testing.T, dir string) set {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	out := set{}
	for _, e := range es {
		if !e.Type().IsRegular() {
			t.Fatalf("%s is %v, not a regular file", e.Name(), e.Type())
		}
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		out[e.Name()] = string(b)
	}
	return out
}

// temps returns the names in dir that are build's temporary files.
func temps(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	for n := range listing(t, dir) {
		if strings.HasPrefix(n, config.TempPrefix) {
			out = append(out, n)
		}
	}
	slices.Sort(out)
	return out
}

// The sets of the crash tests: a.txt changes, b.txt stays, c.txt is
// generated before and not after (an orphan), d.txt is new, and user.txt
// was never generated.
var (
	oldSet = set{"a.txt": "old a\n", "b.txt": "b\n", "c.txt": "old c\n"}.withManifest()
	newSet = set{"a.txt": "new a\n", "b.txt": "b\n", "d.txt": "new d\n"}.withManifest()
	user   = set{"user.txt": "mine\n"}
)

// union returns a and b merged.
func union(a, b set) set {
	out := maps.Clone(a)
	maps.Copy(out, b)
	return out
}

// oldDir returns a directory holding the old set and the user's file, as
// an earlier build on this machine left it: its cache (a fresh one)
// records the old set as written.
func oldDir(t *testing.T) string {
	t.Helper()
	dir := plantedDir(t)
	t.Setenv("PROMPTC_CACHE", t.TempDir())
	open(t, dir).recordWritten(oldSet.files())
	return dir
}

// plantedDir returns a directory holding the old set and the user's file
// as a commit can plant them: no build on this machine wrote them.
func plantedDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for n, s := range union(oldSet, user) {
		if err := os.WriteFile(filepath.Join(dir, n), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// steps runs a write of the new set over the old one and returns the
// names of its steps.
func steps(t *testing.T) []string {
	t.Helper()
	var names []string
	beforeStep = func(step string) error { names = append(names, step); return nil }
	defer func() { beforeStep = nil }()
	if _, err := writeSet(t, oldDir(t), newSet.files()); err != nil {
		t.Fatal(err)
	}
	return names
}

// killed is the panic value of a simulated kill.
type killed struct{}

// crashAt runs f and stops it, without any cleanup, before its step number
// k (0-based), as if the process were killed there. It reports whether the
// crash happened.
func crashAt(k int, f func()) (crashed bool) {
	n := 0
	beforeStep = func(string) error {
		if n == k {
			panic(killed{})
		}
		n++
		return nil
	}
	defer func() {
		beforeStep = nil
		if r := recover(); r != nil {
			if _, ok := r.(killed); !ok {
				panic(r)
			}
			crashed = true
		}
	}()
	f()
	return false
}

// TestWriteKilledAtEveryStep kills a build before each step of its write
// phase, and then the recovery of the next build before each of its steps
// too. The kill must leave temporary files that a check reports as
// leftovers, and the next build's cleanup must leave exactly the old or
// the new set (the user's file always untouched) before it writes the new
// one.
func TestWriteKilledAtEveryStep(t *testing.T) {
	all := steps(t)
	// Three changed files (the manifest, a.txt, d.txt) staged, kept or
	// marked, and replaced; one orphan moved aside; the commit; four kept
	// files and the marker deleted.
	if len(all) != 16 {
		t.Fatalf("a write of the test sets takes %d steps, want 16: %q", len(all), all)
	}
	outcomes := map[string]int{}
	for k := range all {
		t.Run(fmt.Sprintf("%02d-%s", k, all[k]), func(t *testing.T) {
			dir := oldDir(t)
			if !crashAt(k, func() { writeSet(t, dir, newSet.files()) }) {
				t.Fatal("the write ran to its end")
			}
			left := temps(t, dir)
			if k > 0 && len(left) == 0 {
				t.Fatal("a build killed after it began changing the directory left no temporary file")
			}
			o := open(t, dir)
			st, err := o.scan(names(newSet.files()))
			if err != nil {
				t.Fatal(err)
			}
			changes, err := st.compare(o, newSet.files())
			if err != nil {
				t.Fatal(err)
			}
			var reported []string
			for _, c := range changes {
				if c.Kind == "leftover" {
					reported = append(reported, c.Name)
				}
			}
			if !slices.Equal(reported, left) {
				t.Errorf("check reports leftovers %q, want %q", reported, left)
			}

			// The next build is killed while it recovers, at every step,
			// and recovers in turn; then it is left to finish.
			for j := 0; ; j++ {
				d := t.TempDir()
				if err := os.CopyFS(d, os.DirFS(dir)); err != nil {
					t.Fatal(err)
				}
				crashed := crashAt(j, func() {
					o := open(t, d)
					st, err := o.scan(names(newSet.files()))
					if err == nil {
						err = o.recover(st.recovery)
					}
					if err != nil {
						t.Fatal(err)
					}
				})
				o := open(t, d)
				st, err := o.scan(names(newSet.files()))
				if err != nil {
					t.Fatal(err)
				}
				if err := o.recover(st.recovery); err != nil {
					t.Fatal(err)
				}
				got := listing(t, d)
				switch {
				case maps.Equal(got, union(oldSet, user)):
					outcomes["old"]++
				case maps.Equal(got, union(newSet, user)):
					outcomes["new"]++
				default:
					t.Fatalf("after a kill at step %d of the write and %d of the recovery the directory holds %q, neither the old set nor the new", k, j, got)
				}
				if !crashed {
					break
				}
			}

			res, err := writeSet(t, dir, newSet.files())
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(res.Cleaned, left) {
				t.Errorf("the next build cleaned %q, want %q", res.Cleaned, left)
			}
			if got := listing(t, dir); !maps.Equal(got, union(newSet, user)) {
				t.Errorf("after the next build the directory holds %q, want the new set", got)
			}
		})
	}
	// Killed before its commit a build must come back old, after it new.
	if outcomes["old"] == 0 || outcomes["new"] == 0 {
		t.Errorf("recoveries ended old %d times and new %d times; both must occur", outcomes["old"], outcomes["new"])
	}
}

// TestWriteFailureAtEveryStep makes each step of a write fail in turn: a
// failure before the commit restores the old set and says nothing was
// written; one after it leaves the new set, says so, and names the
// temporary file the next build deletes.
func TestWriteFailureAtEveryStep(t *testing.T) {
	all := steps(t)
	commit := slices.Index(all, "commit")
	for k := range all {
		t.Run(fmt.Sprintf("%02d-%s", k, all[k]), func(t *testing.T) {
			dir := oldDir(t)
			n := 0
			beforeStep = func(string) error {
				n++
				if n-1 == k {
					return errors.New("disk on fire")
				}
				return nil
			}
			defer func() { beforeStep = nil }()
			_, err := writeSet(t, dir, newSet.files())
			beforeStep = nil
			if err == nil {
				t.Fatal("the write succeeded although a step failed")
			}
			msg := err.Error()
			if !strings.Contains(msg, "disk on fire") {
				t.Errorf("error %q does not give the cause", msg)
			}
			got := listing(t, dir)
			if k <= commit {
				if !strings.HasSuffix(msg, "the previous files were restored: nothing written") {
					t.Errorf("error %q does not say nothing was written", msg)
				}
				if !maps.Equal(got, union(oldSet, user)) {
					t.Errorf("after a failure at %s the directory holds %q, want the old set", all[k], got)
				}
				return
			}
			if !strings.Contains(msg, "all files written") || !strings.Contains(msg, "out/"+config.TempPrefix) {
				t.Errorf("error %q does not say the files were written and which temporary file is left", msg)
			}
			if left := temps(t, dir); len(left) == 0 {
				t.Error("no temporary file left, although deleting one failed")
			}
			if _, err := writeSet(t, dir, newSet.files()); err != nil {
				t.Fatal(err)
			}
			if got := listing(t, dir); !maps.Equal(got, union(newSet, user)) {
				t.Errorf("after the next build the directory holds %q, want the new set", got)
			}
		})
	}
}

// TestWriteOnlyChangedAndOrphans checks that unchanged files are not
// rewritten, files dropped from the manifest are removed, and files never
// listed are untouched.
func TestWriteOnlyChangedAndOrphans(t *testing.T) {
	dir := oldDir(t)
	res, err := writeSet(t, dir, newSet.files())
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{ManifestName, "a.txt", "d.txt"}; !slices.Equal(res.Written, want) {
		t.Errorf("written = %q, want %q", res.Written, want)
	}
	if !slices.Equal(res.Removed, []string{"c.txt"}) {
		t.Errorf("removed = %q, want [c.txt]", res.Removed)
	}
	if got := listing(t, dir); !maps.Equal(got, union(newSet, user)) {
		t.Errorf("directory holds %q, want the new set and the user's file", got)
	}
	var ops []string
	beforeStep = func(step string) error { ops = append(ops, step); return nil }
	defer func() { beforeStep = nil }()
	if _, err := writeSet(t, dir, newSet.files()); err != nil {
		t.Fatal(err)
	}
	if len(ops) != 0 {
		t.Errorf("a second write of the same files changed the directory: %q", ops)
	}
}

// TestLegacyTempFiles: temporary files of the earlier naming scheme
// (".NAME.tmpDIGITS") for a file build generates now are leftovers,
// reported and removed; the same pattern for a name build does not
// generate now (c.txt, only a manifest lists it) or never generated is
// left alone.
func TestLegacyTempFiles(t *testing.T) {
	dir := oldDir(t)
	for _, n := range []string{".a.txt.tmp123", ".c.txt.tmp9", ".user.txt.tmp1"} {
		if err := os.WriteFile(filepath.Join(dir, n), []byte("half\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	st, err := open(t, dir).scan(names(newSet.files()))
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{".a.txt.tmp123"}; !slices.Equal(st.leftovers, want) {
		t.Errorf("leftovers = %q, want %q", st.leftovers, want)
	}
	if _, err := writeSet(t, dir, newSet.files()); err != nil {
		t.Fatal(err)
	}
	want := union(newSet, union(user, set{".c.txt.tmp9": "half\n", ".user.txt.tmp1": "half\n"}))
	if got := listing(t, dir); !maps.Equal(got, want) {
		t.Errorf("directory holds %q, want %q", got, want)
	}
}

// TestOrphanLinkRefused: a file of the previous manifest that build would
// remove is refused, not removed, when it has become a symbolic link.
func TestOrphanLinkRefused(t *testing.T) {
	dir := oldDir(t)
	if err := os.Remove(filepath.Join(dir, "c.txt")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("user.txt", filepath.Join(dir, "c.txt")); err != nil {
		t.Fatal(err)
	}
	_, err := writeSet(t, dir, newSet.files())
	var ue *UnsafeError
	if !errors.As(err, &ue) || len(ue.Diagnostics) != 1 || ue.Diagnostics[0].Pos.Path != "out/c.txt" ||
		!strings.Contains(ue.Diagnostics[0].Message, "is a symbolic link where build keeps a file it generated before") {
		t.Fatalf("error %v, want OUTPUT_UNSAFE at out/c.txt", err)
	}
	if fi, err := os.Lstat(filepath.Join(dir, "c.txt")); err != nil || fi.Mode().Type() != os.ModeSymlink {
		t.Errorf("the link was touched: %v, %v", fi, err)
	}
}
