package emit

import (
	"github.com/promptc/promptc/internal/config"
)

// Prefetch reads the output directory for a staleness check while the
// project compiles. The clean check hashes every generated file (16 MB at
// 10,000 assets) and needs nothing of the compilation for that, so a
// command that checks the output starts a Prefetch as soon as the
// configuration is loaded, and Stale or StaleFiles, given it, find the
// directory open and the files hashed. A Prefetch reads only what Stale
// would read, through the same confined directory; it writes nothing.
type Prefetch struct {
	loaded *config.Loaded
	done   chan struct{}
	o      *outDir
	err    error
}

// StartPrefetch opens the output directory of l and hashes, in the
// background, each file a build can generate there. Close must be called
// when the Prefetch is no longer needed.
func StartPrefetch(l *config.Loaded) *Prefetch {
	pf := &Prefetch{loaded: l, done: make(chan struct{})}
	go func() {
		defer close(pf.done)
		pf.o, pf.err = openOutput(l, false)
		if pf.err != nil || pf.o == nil {
			return
		}
		names := append([]string(nil), config.ReservedOutputFiles...)
		if g := l.Config.Guide; g != nil {
			names = append(names, g.Output)
		}
		hashed := map[string]hashResult{}
		for _, n := range names {
			if n == ManifestName {
				continue // read whole by scan, as it is small
			}
			r := hashResult{head: headFor(n)}
			r.sum, r.first, r.ok, r.bad, r.err = pf.o.hash(n, r.head)
			hashed[n] = r
		}
		pf.o.hashed = hashed
	}()
	return pf
}

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
	return pf.o, func() {}, pf.err
}

// Close waits for the background reads to end and releases the
// directory; the checks given pf must have returned. It may be called more
// than once, and on a nil Prefetch.
func (pf *Prefetch) Close() {
	if pf == nil {
		return
	}
	<-pf.done
	if pf.o != nil {
		pf.o.Close()
		pf.o = nil
	}
}
