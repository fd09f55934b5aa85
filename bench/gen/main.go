// Command gen writes a synthetic promptc project for benchmarks: N
// Markdown assets with @include lines, K family files with model notes and
// a promptc.cue with M modes that uses every asset. The same flags always
// write a byte-identical project, which builds and lints clean. See package
// internal/synth for its layout.
//
//	cd bench && go run ./gen -assets 1000 -families 12 -modes 40 -seed 1 -out /tmp/p1000
package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/promptc/promptc/internal/synth"
)

func main() { os.Exit(run(os.Args[1:], os.Stderr)) }

func run(args []string, stderr io.Writer) int {
	fs := flag.NewFlagSet("gen", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var o synth.Options
	var out string
	fs.IntVar(&o.Assets, "assets", 100, "number of Markdown assets, family files not counted")
	fs.IntVar(&o.Families, "families", 8, "number of family files")
	fs.IntVar(&o.Modes, "modes", 4, "number of modes (the first four form the lattice order)")
	fs.Uint64Var(&o.Seed, "seed", 1, "random seed; the same seed and sizes give the same project")
	fs.StringVar(&out, "out", "", "directory to write (must not exist or be empty)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if out == "" || fs.NArg() > 0 {
		fmt.Fprintln(stderr, "usage: gen -assets N -families K -modes M -seed S -out DIR")
		return 2
	}
	files, err := synth.Generate(o)
	if err == nil {
		err = synth.Write(out, files)
	}
	if err != nil {
		fmt.Fprintln(stderr, "gen:", err)
		return 1
	}
	return 0
}
