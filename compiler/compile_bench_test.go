package compiler_test

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/promptc/promptc/compiler"
	"github.com/promptc/promptc/internal/config"
	"github.com/promptc/promptc/internal/synth"
)

// benchProjects are the example assets and projects written by bench/gen
// (twelve families, a mode per 25 assets), loaded once per benchmark.
var benchProjects = []string{"assets", "gen100", "gen1000"}

// loadBench returns the project's configuration loaded twice: two
// independent values, so that one can be changed.
func loadBench(b *testing.B, name string) (*config.Loaded, *config.Loaded) {
	b.Setenv("PROMPTC_CACHE", "off") // write nothing to the user's cache
	path := "../assets/promptc.cue"
	if name != "assets" {
		var n int
		if _, err := fmt.Sscanf(name, "gen%d", &n); err != nil {
			b.Fatal(err)
		}
		dir := filepath.Join(b.TempDir(), name)
		files, err := synth.Generate(synth.Options{Assets: n, Families: 12, Modes: max(4, n/25), Seed: 1})
		if err != nil {
			b.Fatal(err)
		}
		if err := synth.Write(dir, files); err != nil {
			b.Fatal(err)
		}
		path = filepath.Join(dir, "promptc.cue")
	}
	l, err := config.LoadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	l2, err := config.LoadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	return l, l2
}

func compile(b *testing.B, l *config.Loaded) *compiler.Program {
	p, err := compiler.Compile(l, compiler.Options{})
	if err != nil {
		b.Fatal(err)
	}
	return p
}

// inputBytes is the size of every project file a program read.
func inputBytes(p *compiler.Program) int64 {
	var n int64
	for _, f := range p.Files {
		n += int64(len(f.Text))
	}
	return n
}

// withoutBudgets removes every part, mode, sum and guide budget from a
// freshly loaded configuration. The generated operator guide keeps its
// default ceiling, so one part budget remains.
func withoutBudgets(l *config.Loaded) *config.Loaded {
	c := l.Config
	for name, part := range c.Parts {
		part.Budget = nil
		c.Parts[name] = part
	}
	for name, m := range c.Modes {
		m.Budget = nil
		c.Modes[name] = m
	}
	c.Budgets = nil
	if c.Guide != nil {
		c.Guide.Budget = nil
	}
	return l
}

// BenchmarkCompile compiles a loaded project: reading and validating every
// file, includes, family files, examples, lattice, budgets and the
// static-text scan (config loading is BenchmarkLoadFile in cue/). Bytes
// are the project files read. nobudgets compiles the same configuration
// without budgets; the difference is the cost of checking them.
func BenchmarkCompile(b *testing.B) {
	for _, name := range benchProjects {
		b.Run(name, func(b *testing.B) {
			l, l2 := loadBench(b, name)
			for _, v := range []struct {
				name string
				l    *config.Loaded
			}{{"budgets", l}, {"nobudgets", withoutBudgets(l2)}} {
				b.Run(v.name, func(b *testing.B) {
					b.ReportAllocs()
					b.SetBytes(inputBytes(compile(b, v.l)))
					for b.Loop() {
						compile(b, v.l)
					}
				})
			}
		})
	}
}

// BenchmarkComposeAll composes the static text of every mode for every
// family and every note choice (no note included), as costs and mode
// budgets do. Bytes are the composed text.
func BenchmarkComposeAll(b *testing.B) {
	for _, name := range benchProjects {
		b.Run(name, func(b *testing.B) {
			l, _ := loadBench(b, name)
			p := compile(b, l)
			all := func() int64 {
				var n int64
				for _, m := range p.Modes {
					for _, fn := range p.FamilyNames {
						f := p.Families[fn]
						for _, note := range compiler.NoteChoices(f) {
							n += int64(len(p.Static(m, compiler.Selection{Family: f, Note: note})))
						}
					}
				}
				return n
			}
			b.ReportAllocs()
			b.SetBytes(all())
			for b.Loop() {
				all()
			}
		})
	}
}
