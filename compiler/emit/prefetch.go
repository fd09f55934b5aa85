package emit

import (
	"errors"
	"sync"

	"github.com/promptc/promptc/internal/config"
)

// Prefetch reads the output directory for a staleness check while the
// project compiles. The clean check hashes every generated file (18 MB at
// 10,000 assets) and needs nothing of the compilation for that, so a
// command that checks the output starts a Prefetch as soon as the
// configuration is loaded, and Stale or StaleFiles, given it, find the
// directory open and the files hashed. A Prefetch reads only what Stale
// would read, through the same confined directory; it writes nothing.
type Prefetch struct {
	loaded *config.Loaded
	// done is closed when the background reads have ended.
	done chan struct{}
	// mu guards o's release: by Close when the reads have ended, else by
	// the reads themselves when they end after Close.
	mu       sync.Mutex
	closed   bool
	finished bool
	o        *outDir
	err      error
}

// StartPrefetch opens the output directory of l and hashes, in the
// background, each file a build can generate there. Close must be called
// when the Prefetch is no longer needed; it does not wait for the reads.
func StartPrefetch(l *config.Loaded) *Prefetch {
	pf := &Prefetch{loaded: l, done: make(chan struct{})}
	go pf.read(l)
	return pf
}

// read opens the directory and hashes the generated files, stopping early
// once the Prefetch is closed (a command that ends before its check, on
// compile errors, does not wait for 18 MB of hashing).
func (pf *Prefetch) read(l *config.Loaded) {
	defer close(pf.done)
	o, err := openOutput(l, false)
	if err == nil && o != nil {
		names := append([]string(nil), config.ReservedOutputFiles...)
		if g := l.Config.Guide; g != nil {
			names = append(names, g.Output)
		}
		hashed := map[string]hashResult{}
		for _, n := range names {
			if n == ManifestName || pf.isClosed() {
				continue // the manifest is read whole by scan: it is small
			}
			var r hashResult
			r.sum, r.first, r.ok, r.bad, r.err = o.hash(n)
			hashed[n] = r
		}
		o.hashed = hashed
	}
	pf.mu.Lock()
	defer pf.mu.Unlock()
	pf.o, pf.err, pf.finished = o, err, true
	if pf.closed && o != nil {
		o.Close()
		pf.o = nil
	}
}

func (pf *Prefetch) isClosed() bool {
	pf.mu.Lock()
	defer pf.mu.Unlock()
	return pf.closed
}

// errPrefetchClosed is open's answer after Close: a caller error, which
// must not read as a missing directory.
var errPrefetchClosed = errors.New("emit: output directory prefetch used after Close")

// open returns the output directory of l and a function that releases it:
// the prefetched one when pf was started on l, else one opened now. A
// missing directory is nil.
func (pf *Prefetch) open(l *config.Loaded) (*outDir, func(), error) {
	if pf == nil || pf.loaded != l {
		o, err := openOutput(l, false)
		if err != nil || o == nil {
			return nil, func() {}, err
		}
		return o, func() { o.Close() }, nil
	}
	<-pf.done
	pf.mu.Lock()
	defer pf.mu.Unlock()
	if pf.closed {
		return nil, func() {}, errPrefetchClosed
	}
	return pf.o, func() {}, pf.err
}

// Close releases the directory, now if the background reads have ended,
// else when they end (they stop early). The checks given pf must have
// returned. It may be called more than once, and on a nil Prefetch.
func (pf *Prefetch) Close() {
	if pf == nil {
		return
	}
	pf.mu.Lock()
	defer pf.mu.Unlock()
	pf.closed = true
	if pf.finished && pf.o != nil {
		pf.o.Close()
		pf.o = nil
	}
}
