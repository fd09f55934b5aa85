// Command inittrace measures what each package's initialisation costs when
// a command starts: it runs the command n times with GODEBUG=inittrace=1,
// takes each package's minimum and median init clock time over the runs,
// and prints the packages by median, the largest first, then the totals:
//
//	inittrace -n 21 -top 25 -- promptc version
//
// The minimum is what the package costs on an idle machine; the median is
// what a typical run pays on this one. The totals add the per-package
// figures, so "total min" is the start-up work that no scheduling noise
// explains. -total prints only the totals line, for scripts.
package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
)

func main() { os.Exit(run()) }

func run() int {
	n := flag.Int("n", 21, "number of runs")
	top := flag.Int("top", 25, "packages to list (0: none)")
	totalOnly := flag.Bool("total", false, "print only the totals: packages, total min ms, total median ms, bytes, allocs")
	flag.Parse()
	args := flag.Args()
	if len(args) == 0 || *n < 1 {
		fmt.Fprintln(os.Stderr, "usage: inittrace [-n N] [-top K] [-total] -- command [args...]")
		return 2
	}
	clock := map[string][]float64{}
	var order []string
	bytesPer, allocsPer := map[string]float64{}, map[string]float64{}
	for range *n {
		cmd := exec.Command(args[0], args[1:]...)
		cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1")
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Run(); err != nil {
			fmt.Fprintf(os.Stderr, "inittrace: %v\n%s", err, stderr.Bytes())
			return 1
		}
		sc := bufio.NewScanner(&stderr)
		for sc.Scan() {
			// init PKG @T ms, C ms clock, B bytes, A allocs
			f := strings.Fields(sc.Text())
			if len(f) != 11 || f[0] != "init" || f[6] != "clock," {
				continue
			}
			pkg := f[1]
			c, err1 := strconv.ParseFloat(f[4], 64)
			b, err2 := strconv.ParseFloat(f[7], 64)
			a, err3 := strconv.ParseFloat(f[9], 64)
			if err1 != nil || err2 != nil || err3 != nil {
				continue
			}
			if _, seen := clock[pkg]; !seen {
				order = append(order, pkg)
			}
			clock[pkg] = append(clock[pkg], c)
			bytesPer[pkg], allocsPer[pkg] = b, a
		}
	}
	if len(order) == 0 {
		fmt.Fprintln(os.Stderr, "inittrace: no init lines: is the command a Go program?")
		return 1
	}
	type row struct {
		pkg         string
		min, median float64
	}
	var rows []row
	var tmin, tmed, tbytes, tallocs float64
	for _, pkg := range order {
		cs := slices.Sorted(slices.Values(clock[pkg]))
		r := row{pkg, cs[0], cs[len(cs)/2]}
		rows = append(rows, r)
		tmin += r.min
		tmed += r.median
		tbytes += bytesPer[pkg]
		tallocs += allocsPer[pkg]
	}
	if *totalOnly {
		fmt.Printf("%d %.2f %.2f %.0f %.0f\n", len(rows), tmin, tmed, tbytes, tallocs)
		return 0
	}
	slices.SortStableFunc(rows, func(a, b row) int {
		switch {
		case a.median > b.median:
			return -1
		case a.median < b.median:
			return 1
		}
		return 0
	})
	fmt.Printf("%-56s %8s %8s\n", "package", "min ms", "med ms")
	for _, r := range rows[:min(*top, len(rows))] {
		fmt.Printf("%-56s %8.2f %8.2f\n", r.pkg, r.min, r.median)
	}
	fmt.Printf("%d packages, %d runs: total %.2f ms min, %.2f ms median; %.0f bytes, %.0f allocs\n", len(rows), *n, tmin, tmed, tbytes, tallocs)
	return 0
}
