package config

import (
	"fmt"
	"os"
	"testing"

	"github.com/promptc/promptc/internal/synth"
)

// BenchmarkEvaluate evaluates the configuration of generated projects
// (bench/gen's defaults: eight families, four modes) in this process, as
// the evaluator process does, so that a CPU profile sees CUE's work:
// fast is what evaluate does (the schema's fast form and fastDecode),
// schema what it does when the fast way cannot vouch for the result (the
// schema itself and CUE's decoder, which errors take); both index the
// positions and run the checks. Set
// PROMPTC_BENCH_LARGE=1 for the 10,000-asset configuration (396 KB):
//
//	PROMPTC_BENCH_LARGE=1 go test ./internal/config -run '^$' -bench Evaluate/10000 -cpuprofile cpu.out
func BenchmarkEvaluate(b *testing.B) {
	sizes := []int{1000}
	if os.Getenv("PROMPTC_BENCH_LARGE") != "" {
		sizes = append(sizes, 10000)
	}
	for _, n := range sizes {
		files, err := synth.Generate(synth.Options{Assets: n, Families: 8, Modes: 4, Seed: 1})
		if err != nil {
			b.Fatal(err)
		}
		var src []byte
		for _, f := range files {
			if f.Path == FileName {
				src = f.Data
			}
		}
		file := "/p/" + FileName
		for _, way := range []string{"fast", "schema"} {
			b.Run(fmt.Sprintf("%d/%s", n, way), func(b *testing.B) {
				eval := evaluate
				if way == "schema" {
					eval = func(file string, src []byte) (*Loaded, error) {
						return evaluateWith(func(string, []byte) (*Config, Positions, bool) { return nil, nil, false }, file, src)
					}
				}
				if _, err := eval(file, src); err != nil { // compiles the schema
					b.Fatal(err)
				}
				b.ReportAllocs()
				b.SetBytes(int64(len(src)))
				for b.Loop() {
					if _, err := eval(file, src); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
