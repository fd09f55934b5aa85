// Package bench holds promptc's benchmark suite, a Go module of its own
// (bench/go.mod, which replaces promptc with ../) so that `go install ./...`
// at the repository root builds promptc alone: run.sh measures whole
// processes (promptc lint and build --check against a program that only
// reads the same files), gen writes synthetic projects of any size, floor
// is that reading program, timeit times commands, and the benchmarks in
// this package run the promptc command in-process on the same projects so
// that they can be profiled:
//
//	cd bench && go test . -run '^$' -bench Command -cpuprofile cpu.out
//
// Set PROMPTC_BENCH_LARGE=1 to include the 10,000-asset project.
//
// mutate measures the tests rather than promptc: it applies each one-line
// bug of mutate/mutants.txt in turn and reports how many the tests catch:
//
//	cd bench && go run ./mutate
//
// BENCHMARKS.md at the top of the repository has the figures.
package bench
