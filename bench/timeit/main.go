// Command timeit times whole processes. It runs one or more commands,
// interleaved (one run of each in turn, so that a change in the machine's
// load touches them all alike), and prints one line per command:
//
//	timeit -n 20 -budget 30s -- promptc lint assets ::: PROMPTC_CACHE=off promptc lint assets
//	runs wall-min wall-median cpu-min cpu-median maxrss-median-kb
//	20 24.612 31.204 22.000 27.500 61234
//	20 70.113 82.950 75.000 88.100 90112
//
// Times are milliseconds: the wall time of the process, and its CPU time
// (user plus system), which says how much of the wall time was the
// command's own work when the machine is busy. maxrss is the peak resident
// memory of the process (getrusage), in kilobytes. ":::" separates
// commands; NAME=VALUE words before a command's name set its environment,
// as in a shell. -header prints the header line first.
//
// Each command runs once first to warm the page cache; that run is not
// counted unless it took a second or more (then warming matters little and
// a run is expensive). Rounds stop at n, or once the next round would go
// past the budget (at least one round always runs). A command that exits
// non-zero stops timeit with its output.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strings"
	"syscall"
	"time"
)

// command is one command to time, with its measurements.
type command struct {
	env, args []string
	wall, cpu []time.Duration
	maxrss    []int64
	lastWall  time.Duration // of the latest run, to predict the next round
}

func main() {
	n := flag.Int("n", 9, "number of timed runs of each command")
	budget := flag.Duration("budget", 30*time.Second, "stop starting rounds once this much time has been spent")
	header := flag.Bool("header", false, "print a header line first")
	flag.Parse()
	cmds := parse(flag.Args())
	if len(cmds) == 0 || *n < 1 {
		fmt.Fprintln(os.Stderr, "usage: timeit [-n N] [-budget D] [-header] -- [NAME=VALUE...] command [args...] [::: command...]")
		os.Exit(2)
	}
	start := time.Now()
	for _, c := range cmds {
		c.run(false)
	}
	for {
		done, round := true, time.Duration(0)
		for _, c := range cmds {
			if len(c.wall) < *n {
				done = false
			}
			round += c.lastWall
		}
		if done || (len(cmds[0].wall) > 0 && time.Since(start)+round > *budget) {
			break
		}
		for _, c := range cmds {
			if len(c.wall) < *n {
				c.run(true)
			}
		}
	}
	if *header {
		fmt.Println("runs wall-min wall-median cpu-min cpu-median maxrss-median-kb")
	}
	for _, c := range cmds {
		fmt.Printf("%d %.3f %.3f %.3f %.3f %d\n", len(c.wall),
			ms(slices.Min(c.wall)), ms(median(c.wall)), ms(slices.Min(c.cpu)), ms(median(c.cpu)), median(c.maxrss))
	}
}

// parse splits the arguments at ":::" into commands, each with its leading
// NAME=VALUE words as environment.
func parse(args []string) []*command {
	var cmds []*command
	for len(args) > 0 {
		i := slices.Index(args, ":::")
		if i < 0 {
			i = len(args)
		}
		c := &command{}
		for _, a := range args[:i] {
			if len(c.args) == 0 && strings.Contains(a, "=") && !strings.HasPrefix(a, "=") && !strings.ContainsAny(a[:strings.Index(a, "=")], "/.") {
				c.env = append(c.env, a)
			} else {
				c.args = append(c.args, a)
			}
		}
		if len(c.args) == 0 {
			return nil
		}
		cmds = append(cmds, c)
		args = args[min(i+1, len(args)):]
	}
	return cmds
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func median[T int64 | time.Duration](xs []T) T {
	xs = slices.Clone(xs)
	slices.Sort(xs)
	if k := len(xs); k%2 == 1 {
		return xs[k/2]
	}
	return (xs[len(xs)/2-1] + xs[len(xs)/2]) / 2
}

// run runs the command once; it records the wall time, CPU time and peak
// memory when keep is set or the run took a second or more. On failure it
// prints the command's output and exits.
func (c *command) run(keep bool) {
	var out bytes.Buffer
	cmd := exec.Command(c.args[0], c.args[1:]...)
	cmd.Stdout, cmd.Stderr = &out, &out
	cmd.Env = append(os.Environ(), c.env...)
	t := time.Now()
	err := cmd.Run()
	d := time.Since(t)
	if err != nil {
		fmt.Fprintf(os.Stderr, "timeit: %v: %v\n%s", c.args, err, out.Bytes())
		os.Exit(1)
	}
	c.lastWall = d
	if keep || d >= time.Second {
		c.wall = append(c.wall, d)
		c.cpu = append(c.cpu, cmd.ProcessState.UserTime()+cmd.ProcessState.SystemTime())
		var rss int64
		if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
			rss = ru.Maxrss
		}
		c.maxrss = append(c.maxrss, rss)
	}
}
