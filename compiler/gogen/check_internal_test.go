package gogen

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/promptc/promptc/compiler"
	"github.com/promptc/promptc/internal/config"
	"github.com/promptc/promptc/internal/testproject"
	"github.com/promptc/promptc/internal/testtree"
)

// BenchmarkCheck measures the type check of the package of the example
// project (assets/) as build runs it (the fixed code's bodies skipped)
// and in full, to compare with BenchmarkGenerateAssets.
func BenchmarkCheck(b *testing.B) {
	progs := testproject.CompileAll(b, "../../assets").Programs()
	g := &gen{p: progs[0], progs: progs, textIndex: map[string]int{}}
	src := g.render("h")
	for _, full := range []bool{false, true} {
		name := "build"
		if full {
			name = "full"
		}
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				if err := g.checkWith(src, !full); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestCheckRefusesBrokenCode: a type error in what gogen writes (not a
// clash of a user's name) is a generator bug: a plain error, with the
// numbered source, never a configuration error; and without the fixed
// code's bodies skipped, the same holds for an error in one of them.
func TestCheckRefusesBrokenCode(t *testing.T) {
	root := testtree.Write(t, map[string]string{
		"promptc.cue": "version: \"v1\"\nparts: base: file: \"base.md\"\nmodes: focus: compose: [parts.base]\norder: [\"focus\"]\ndefaultMode: \"focus\"\n",
		"base.md":     "Base.\n",
	})
	progs := testproject.CompileAll(t, root).Programs()
	g := &gen{p: progs[0], progs: progs, textIndex: map[string]int{}}
	src := g.render("h")
	if err := g.check(src); err != nil {
		t.Fatal(err)
	}
	if err := g.checkWith(src, false); err != nil {
		t.Fatal(err)
	}
	bad := append(slices.Clone(src), "\nvar brokenTable = [...]Mode{\"focus\"}\n"...)
	err := g.check(bad)
	var ce *config.Error
	if err == nil || errors.As(err, &ce) || !strings.Contains(err.Error(), "does not type-check") || !strings.Contains(err.Error(), "brokenTable") {
		t.Errorf("a type error in the tables: got %v", err)
	}
	// A body of the fixed code: skipped by build's check, found in full.
	body := bytes.Replace(slices.Clone(src), []byte("func (m Mode) String() string {"), []byte("func (m Mode) String() string {\n\tvar unusedVariable int"), 1)
	if bytes.Equal(body, src) {
		t.Fatal("the fixed code has no Mode.String to break")
	}
	g.runtimeAt[1] += len(body) - len(src)
	if err := g.check(body); err != nil {
		t.Errorf("build's check read a body of the fixed code: %v", err)
	}
	if err := g.checkWith(body, false); err == nil || !strings.Contains(err.Error(), "unusedVariable") {
		t.Errorf("the full check missed an error in the fixed code: %v", err)
	}
}

// TestClashesRemembersOnlyFreedom: with a cache, a package found free of
// clashes is not type-checked again while its source stays the same; a
// changed source is checked; a clash is checked, and reported, every time.
// The prompts' text declares no name: a package whose texts alone changed
// is not checked again.
func TestClashesRemembersOnlyFreedom(t *testing.T) {
	t.Setenv("PROMPTC_CACHE", t.TempDir())
	base := "Base.\n"
	project := func(mode string) []*compiler.Program {
		root := testtree.Write(t, map[string]string{
			"promptc.cue": "version: \"v1\"\nparts: base: file: \"base.md\"\nmodes: " + mode + ": compose: [parts.base]\norder: [\"" + mode + "\"]\ndefaultMode: \"" + mode + "\"\n",
			"base.md":     base,
		})
		return testproject.CompileAll(t, root).Programs()
	}
	checks := func(progs []*compiler.Program, wantClash bool) int {
		t.Helper()
		before := clashChecks
		err := Clashes(progs)
		var ce *config.Error
		if errors.As(err, &ce) != wantClash || (err != nil && ce == nil) {
			t.Fatalf("Clashes = %v, want a clash: %t", err, wantClash)
		}
		return clashChecks - before
	}
	free := project("focus")
	if n := checks(free, false); n != 1 {
		t.Errorf("first check of a free package: %d type checks, want 1", n)
	}
	if n := checks(free, false); n != 0 {
		t.Errorf("the same package again: %d type checks, want 0", n)
	}
	base = "Another text, `quoted`, of another length.\n"
	if n := checks(project("focus"), false); n != 0 {
		t.Errorf("the same names, another text: %d type checks, want 0", n)
	}
	if n := checks(project("standard"), false); n != 1 {
		t.Errorf("another package: %d type checks, want 1", n)
	}
	clash := project("default")
	for i := range 2 {
		if n := checks(clash, true); n != 1 {
			t.Errorf("a clash, check %d: %d type checks, want 1", i+1, n)
		}
	}
	t.Setenv("PROMPTC_CACHE", "off")
	if n := checks(free, false); n != 1 {
		t.Errorf("with the cache off: %d type checks, want 1", n)
	}
}

// TestClashesLeavesPositionsUnread: the positions of promptc.cue are read
// (from their cache entry) only for a clash. With the entry removed after
// a load from the cache, a package free of clashes leaves it removed; a
// clash reads it again, and reports the name where promptc.cue writes it.
func TestClashesLeavesPositionsUnread(t *testing.T) {
	cache := t.TempDir()
	t.Setenv("PROMPTC_CACHE", cache)
	positions := func() []string {
		t.Helper()
		names, err := filepath.Glob(filepath.Join(cache, "*-positions.json"))
		if err != nil {
			t.Fatal(err)
		}
		return names
	}
	for _, mode := range []string{"focus", "default"} {
		root := testtree.Write(t, map[string]string{
			"promptc.cue": "version: \"v1\"\nparts: base: file: \"base.md\"\n\nmodes: " + mode + ": compose: [parts.base]\norder: [\"" + mode + "\"]\ndefaultMode: \"" + mode + "\"\n",
			"base.md":     "Base.\n",
		})
		testproject.CompileAll(t, root) // evaluates, and fills the cache
		progs := testproject.CompileAll(t, root).Programs()
		if len(positions()) == 0 {
			t.Fatal("no positions entry in the cache after a load")
		}
		for _, name := range positions() {
			if err := os.Remove(name); err != nil {
				t.Fatal(err)
			}
		}
		err := Clashes(progs)
		read := len(positions()) > 0
		switch mode {
		case "focus":
			if err != nil || read {
				t.Errorf("a package free of clashes: Clashes = %v, positions read: %t", err, read)
			}
		case "default":
			var ce *config.Error
			if !errors.As(err, &ce) || !read || len(ce.Diagnostics) != 1 || ce.Diagnostics[0].Pos.Line != 4 || ce.Diagnostics[0].Pos.Col != 8 {
				t.Errorf("a clash: Clashes = %v (%#v), positions read: %t; want one finding at promptc.cue:4:8", err, ce, read)
			}
		}
	}
}
