package config_test

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/promptc/promptc/internal/config"
	"github.com/promptc/promptc/internal/synth"
)

// BenchmarkLoadFile loads, validates and decodes a promptc.cue: the
// example assets' and the configuration of generated projects (bench/gen)
// of 100 and 1,000 assets; cue evaluates it with CUE every time
// (PROMPTC_CACHE=off), cached reads the decoded configuration from a warm
// cache. The schema is compiled once per process, before the loops;
// BenchmarkSchemaCompile measures that.
func BenchmarkLoadFile(b *testing.B) {
	b.Setenv("PROMPTC_CACHE", "off")
	for _, name := range []string{"assets", "gen100", "gen1000"} {
		b.Run(name, func(b *testing.B) {
			path := "../../assets/promptc.cue"
			if name != "assets" {
				var n int
				if _, err := fmt.Sscanf(name, "gen%d", &n); err != nil {
					b.Fatal(err)
				}
				path = generated(b, n)
			}
			src, err := os.ReadFile(path)
			if err != nil {
				b.Fatal(err)
			}
			for _, cache := range []string{"cue", "cached"} {
				b.Run(cache, func(b *testing.B) {
					if cache == "cached" {
						b.Setenv("PROMPTC_CACHE", b.TempDir())
					}
					if _, err := config.LoadFile(path); err != nil { // fills the cache
						b.Fatal(err)
					}
					b.ReportAllocs()
					b.SetBytes(int64(len(src)))
					for b.Loop() {
						if _, err := config.LoadFile(path); err != nil {
							b.Fatal(err)
						}
					}
				})
			}
		})
	}
}

// generated writes the project bench/gen makes for n assets (twelve
// families, a mode per 25 assets) and returns its promptc.cue.
func generated(b *testing.B, n int) string {
	dir := filepath.Join(b.TempDir(), fmt.Sprint(n))
	files, err := synth.Generate(synth.Options{Assets: n, Families: 12, Modes: max(4, n/25), Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	if err := synth.Write(dir, files); err != nil {
		b.Fatal(err)
	}
	return filepath.Join(dir, "promptc.cue")
}
