// Command timeit runs a command several times and prints the median wall
// time of a whole process in milliseconds, how many runs it took, and the
// median CPU time (user plus system) of the process in milliseconds, which
// says how much of the wall time was the command's own work when the
// machine is busy:
//
//	timeit -n 9 -budget 30s [-env NAME=VALUE] -- promptc lint assets
//	12.345 9 11.000
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
	flag.Func("env", "set `NAME=VALUE` in the command's environment (repeatable)", func(s string) error {
		env = append(env, s)
		return nil
	})
	flag.Parse()
	args := flag.Args()
	if len(args) == 0 || *n < 1 {
		fmt.Fprintln(os.Stderr, "usage: timeit [-n N] [-budget D] -- command [args...]")
		os.Exit(2)
	}
	start := time.Now()
	var wall, cpu []time.Duration
	first, firstCPU := run(args)
	if first >= time.Second {
		wall, cpu = append(wall, first), append(cpu, firstCPU)
	}
	for len(wall) < *n {
		last := first
		if len(wall) > 0 {
			last = wall[len(wall)-1]
		}
		if len(wall) > 0 && time.Since(start)+last > *budget {
			break
		}
		w, c := run(args)
		wall, cpu = append(wall, w), append(cpu, c)
	}
	fmt.Printf("%.3f %d %.3f\n", ms(median(wall)), len(wall), ms(median(cpu)))
}

// env is added to the command's environment.
var env []string

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func median(ds []time.Duration) time.Duration {
	ds = slices.Clone(ds)
	slices.Sort(ds)
	if k := len(ds); k%2 == 1 {
		return ds[k/2]
	}
	return (ds[len(ds)/2-1] + ds[len(ds)/2]) / 2
}

// run runs the command once and returns its wall time and CPU time; on
// failure it prints the command's output and exits.
func run(args []string) (wall, cpu time.Duration) {
	var out bytes.Buffer
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Stdout, cmd.Stderr = &out, &out
	cmd.Env = append(os.Environ(), env...)
	t := time.Now()
	err := cmd.Run()
	d := time.Since(t)
	if err != nil {
		fmt.Fprintf(os.Stderr, "timeit: %v: %v\n%s", args, err, out.Bytes())
		os.Exit(1)
	}
	return d, cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
}
