// Command timeit runs a command several times and prints the median wall
// time of a whole process in milliseconds, and how many runs it took:
//
//	timeit -n 9 -budget 30s -- promptc lint assets
//	12.345 9
//
// The first run warms the page cache and is not counted, unless it took a
// second or more (then warming matters little and a run is expensive).
// Further runs stop at n, or once the next run would go past the budget.
// A command that exits non-zero stops timeit with its output.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"time"
)

func main() {
	n := flag.Int("n", 9, "number of timed runs")
	budget := flag.Duration("budget", 30*time.Second, "stop starting runs once this much time has been spent")
	flag.Parse()
	args := flag.Args()
	if len(args) == 0 || *n < 1 {
		fmt.Fprintln(os.Stderr, "usage: timeit [-n N] [-budget D] -- command [args...]")
		os.Exit(2)
	}
	start := time.Now()
	var samples []time.Duration
	first := run(args)
	if first >= time.Second {
		samples = append(samples, first)
	}
	for len(samples) < *n {
		last := first
		if len(samples) > 0 {
			last = samples[len(samples)-1]
		}
		if len(samples) > 0 && time.Since(start)+last > *budget {
			break
		}
		samples = append(samples, run(args))
	}
	slices.Sort(samples)
	var median time.Duration
	if k := len(samples); k%2 == 1 {
		median = samples[k/2]
	} else {
		median = (samples[k/2-1] + samples[k/2]) / 2
	}
	fmt.Printf("%.3f %d\n", float64(median.Microseconds())/1000, len(samples))
}

// run runs the command once and returns its wall time; on failure it
// prints the command's output and exits.
func run(args []string) time.Duration {
	var out bytes.Buffer
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Stdout, cmd.Stderr = &out, &out
	t := time.Now()
	err := cmd.Run()
	d := time.Since(t)
	if err != nil {
		fmt.Fprintf(os.Stderr, "timeit: %v: %v\n%s", args, err, out.Bytes())
		os.Exit(1)
	}
	return d
}
