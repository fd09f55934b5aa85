package compiler

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// Jobs returns how many goroutines a jobs setting allows: jobs itself when
// it is positive, else GOMAXPROCS (every core the process may use).
func Jobs(jobs int) int {
	if jobs > 0 {
		return jobs
	}
	return runtime.GOMAXPROCS(0)
}

// Parallel calls f(i) for every i from 0 to n-1 on at most Jobs(jobs)
// goroutines at once, and returns when every call has returned. With one
// job (or one item) the calls run in order on the calling goroutine. f
// must keep its results by i: callers merge them in index order, which is
// what keeps output the same whatever the number of jobs.
func Parallel(jobs, n int, f func(i int)) {
	w := min(Jobs(jobs), n)
	if w <= 1 {
		for i := range n {
			f(i)
		}
		return
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range w {
		wg.Go(func() {
			for {
				i := int(next.Add(1)) - 1
				if i >= n {
					return
				}
				f(i)
			}
		})
	}
	wg.Wait()
}
