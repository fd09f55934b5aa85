package emit

import (
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/promptc/promptc/compiler"
	"github.com/promptc/promptc/internal/config"
	"github.com/promptc/promptc/internal/testtree"
)

// TestStampCoversGeneratorSource checks that each embedded source holds
// exactly the Go files of its package directory, byte for byte, so that no
// file of the generator escapes the stamp.
func TestStampCoversGeneratorSource(t *testing.T) {
	for pkg, fsys := range generatorSources {
		dir := filepath.Join("..", "..", filepath.FromSlash(pkg))
		onDisk, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		embedded, err := fs.Glob(fsys, "*.go")
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, p := range onDisk {
			names = append(names, filepath.Base(p))
		}
		if !slices.Equal(names, embedded) {
			t.Errorf("%s: embedded %q, directory holds %q", pkg, embedded, names)
			continue
		}
		for _, n := range names {
			disk, err := os.ReadFile(filepath.Join(dir, n))
			if err != nil {
				t.Fatal(err)
			}
			emb, err := fs.ReadFile(fsys, n)
			if err != nil {
				t.Fatal(err)
			}
			if string(disk) != string(emb) {
				t.Errorf("%s/%s differs from its embedded copy", pkg, n)
			}
		}
	}
	for _, pkg := range []string{"compiler/costs", "compiler/emit", "compiler/gogen", "compiler/portable"} {
		if generatorSources[pkg] == nil {
			t.Errorf("the stamp leaves out %s", pkg)
		}
	}
	// The fixed runtimes of the other targets: every file that is not a
	// test, a benchmark or test data, byte for byte.
	dir := filepath.Join("..", "portable")
	n := 0
	err := filepath.WalkDir(filepath.Join(dir, "runtime"), func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil || notGenerator(filepath.ToSlash(rel)) {
			return err
		}
		n++
		disk, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if emb, err := fs.ReadFile(generatorSources["compiler/portable"], filepath.ToSlash(rel)); err != nil || string(emb) != string(disk) {
			t.Errorf("compiler/portable/%s is not in the stamp as it is on disk (%v)", filepath.ToSlash(rel), err)
		}
		return nil
	})
	if err != nil || n < 4 {
		t.Fatalf("%d runtime files found (%v); want the TypeScript and Python runtimes", n, err)
	}
}

// sources returns a copy of the generator sources as map file systems.
func sources(t *testing.T) map[string]fs.FS {
	t.Helper()
	out := map[string]fs.FS{}
	for pkg, fsys := range generatorSources {
		m := fstest.MapFS{}
		err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			b, err := fs.ReadFile(fsys, p)
			m[p] = &fstest.MapFile{Data: b}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		out[pkg] = m
	}
	return out
}

// TestStampFollowsGenerator: any change to a generator file, or a file
// added, changes the stamp; tests and line-ending conversion do not.
func TestStampFollowsGenerator(t *testing.T) {
	base := stamp(sources(t))
	if base != stamp(generatorSources) {
		t.Fatal("the copy stamps differently from the embedded sources")
	}
	edit := func(f func(map[string]fs.FS)) string {
		s := sources(t)
		f(s)
		return stamp(s)
	}
	changes := map[string]string{
		"one byte of gogen": edit(func(s map[string]fs.FS) {
			m := s["compiler/gogen"].(fstest.MapFS)
			m["gogen.go"].Data = append(slices.Clone(m["gogen.go"].Data), ' ')
		}),
		"a file added to costs": edit(func(s map[string]fs.FS) {
			s["compiler/costs"].(fstest.MapFS)["more.go"] = &fstest.MapFile{Data: []byte("package costs\n")}
		}),
		"one byte of the TypeScript runtime": edit(func(s map[string]fs.FS) {
			m := s["compiler/portable"].(fstest.MapFS)
			m["runtime/ts/runtime.js"].Data = append(slices.Clone(m["runtime/ts/runtime.js"].Data), ' ')
		}),
		"a file moved between packages": edit(func(s map[string]fs.FS) {
			from, to := s["compiler/emit"].(fstest.MapFS), s["compiler/gogen"].(fstest.MapFS)
			to["stamp.go"] = from["stamp.go"]
			delete(from, "stamp.go")
		}),
	}
	for what, got := range changes {
		if got == base {
			t.Errorf("%s leaves the stamp unchanged", what)
		}
	}
	same := map[string]string{
		"a test edited": edit(func(s map[string]fs.FS) {
			s["compiler/emit"].(fstest.MapFS)["write_test.go"] = &fstest.MapFile{Data: []byte("package emit\n")}
		}),
		"a runtime's tests and benchmark edited": edit(func(s map[string]fs.FS) {
			m := s["compiler/portable"].(fstest.MapFS)
			for _, n := range []string{"runtime/ts/runtime.test.js", "runtime/py/test_runtime.py", "runtime/py/bench.py", "runtime/testdata/stub.json"} {
				m[n] = &fstest.MapFile{Data: []byte("edited\n")}
			}
		}),
		"CRLF line endings": edit(func(s map[string]fs.FS) {
			for _, f := range s["compiler/gogen"].(fstest.MapFS) {
				f.Data = []byte(strings.ReplaceAll(string(f.Data), "\n", "\r\n"))
			}
		}),
	}
	for what, got := range same {
		if got != base {
			t.Errorf("%s changes the stamp", what)
		}
	}
}

// TestInputHashIncludesStamp: the same inputs hash differently under a
// changed generator, so build --check finds old output stale.
func TestInputHashIncludesStamp(t *testing.T) {
	root := testtree.Write(t, map[string]string{
		config.FileName: "version: \"v1\"\nparts: base: file: \"base.md\"\nmodes: focus: compose: [parts.base]\norder: [\"focus\"]\ndefaultMode: \"focus\"\n",
		"base.md":       "Base.\n",
	})
	l, err := config.LoadFile(filepath.Join(root, config.FileName))
	if err != nil {
		t.Fatal(err)
	}
	p, err := compiler.Compile(l, compiler.Options{})
	if err != nil {
		t.Fatal(err)
	}
	before := InputHash(p)
	saved := generatorStamp
	defer func() { generatorStamp = saved }()
	s := sources(t)
	m := s["compiler/gogen"].(fstest.MapFS)
	m["gogen.go"].Data = append(slices.Clone(m["gogen.go"].Data), '\n')
	generatorStamp = func() string { return stamp(s) }
	if InputHash(p) == before {
		t.Error("InputHash is unchanged after a change to the generator")
	}
	generatorStamp = func() string { return stamp(maps.Clone(generatorSources)) }
	if InputHash(p) != before {
		t.Error("InputHash changed although the generator did not")
	}
}

// TestInputHashFollowsText: an edit that keeps a file's length and path
// still changes the input hash (it covers the text, through the file's
// digest), and so does renaming a file; the same text gives the same hash.
func TestInputHashFollowsText(t *testing.T) {
	hash := func(files map[string]string) string {
		t.Helper()
		files[config.FileName] = "version: \"v1\"\nparts: base: file: \"base.md\"\nmodes: focus: compose: [parts.base]\norder: [\"focus\"]\ndefaultMode: \"focus\"\n"
		l, err := config.LoadFile(filepath.Join(testtree.Write(t, files), config.FileName))
		if err != nil {
			t.Fatal(err)
		}
		p, err := compiler.Compile(l, compiler.Options{})
		if err != nil {
			t.Fatal(err)
		}
		return InputHash(p)
	}
	base := hash(map[string]string{"base.md": "Base text.\n@inc/a.md\n", "inc/a.md": "Alpha.\n"})
	for what, files := range map[string]map[string]string{
		"an edit of the same length": {"base.md": "Base text.\n@inc/a.md\n", "inc/a.md": "Alpho.\n"},
		"a renamed include":          {"base.md": "Base text.\n@inc/b.md\n", "inc/b.md": "Alpha.\n"},
	} {
		if hash(files) == base {
			t.Errorf("%s leaves the input hash unchanged", what)
		}
	}
	if again := hash(map[string]string{"base.md": "Base text.\n@inc/a.md\n", "inc/a.md": "Alpha.\n"}); again != base {
		t.Error("the same files in another directory hash differently")
	}
}
