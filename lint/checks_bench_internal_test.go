package lint

import (
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/promptc/promptc/internal/synth"
	"github.com/promptc/promptc/internal/testproject"
)

// BenchmarkChecks measures lint's project-wide checks one by one, and the
// per-file task of every file (the character rules and the directives),
// on a generated project (internal/synth, the generator's defaults: 8
// families, 4 modes) of 2,000 assets, or PROMPTC_BENCH_ASSETS. The
// project is compiled once; each iteration runs the check on it as lint
// does, from nothing kept. cpu-ms/op is the process's CPU time per
// iteration, the figure to compare on a busy machine.
//
//	PROMPTC_BENCH_ASSETS=10000 go test ./lint -run '^$' -bench Checks -benchtime 5x
func BenchmarkChecks(b *testing.B) {
	n := 2000
	if v := os.Getenv("PROMPTC_BENCH_ASSETS"); v != "" {
		var err error
		if n, err = strconv.Atoi(v); err != nil {
			b.Fatal(err)
		}
	}
	files, err := synth.Generate(synth.Options{Assets: n, Families: 8, Modes: 4, Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	root := b.TempDir()
	if err := synth.Write(root, files); err != nil {
		b.Fatal(err)
	}
	proj := testproject.CompileAll(b, root)
	p := proj.Default()
	sel, err := newSelection(p.Loaded)
	if err != nil {
		b.Fatal(err)
	}
	l := &linter{p: p, sel: sel, files: filesRead(proj)}
	on := planChecks(l).text
	for _, c := range []struct {
		name string
		run  func()
	}{
		{"PARAGRAPH_REPEATED", func() { l.repeats() }},
		// Each run finds the include lines afresh, as a lint does once
		// for both checks (the last entry).
		{"ORPHAN_FILE", func() { l.at = atCache{}; l.orphans() }},
		{"INCLUDE_SPACE", func() { l.at = atCache{}; l.spacedIncludes() }},
		{"ORPHAN_FILE+INCLUDE_SPACE", func() { l.at = atCache{}; l.orphans(); l.spacedIncludes() }},
		{"DUPLICATE_PARAGRAPH", func() { l.duplicates() }},
		{"files", func() {
			for _, task := range l.fileTasks(on) {
				if _, err := task(); err != nil {
					b.Fatal(err)
				}
			}
		}},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			cpu := testproject.CPUTime()
			for b.Loop() {
				c.run()
			}
			b.ReportMetric(float64(testproject.CPUTime()-cpu)/float64(time.Millisecond)/float64(b.N), "cpu-ms/op")
		})
	}
}
