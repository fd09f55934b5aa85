package costs_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/promptc/promptc/compiler/costs"
)

// simulate sums the input of every call of a session in which exactly the
// pointers in read are read, call by call: the first call, then one extra
// call per read (in order, each carrying everything read so far, its own
// source included), then calls 2..N with everything read.
func simulate(n, s, h int, reads []costs.Retrieval, read []bool) int {
	total := s + h // call 1
	ctx := 0
	for i, r := range reads {
		if read[i] {
			ctx += r.SourceTokens
			total += s + h + ctx // the extra call that brings the source in
		}
	}
	total += (n - 1) * (s + h + ctx)
	return total
}

// TestSessionTotalIsTheExpectedSum checks Session.Total against the
// expected value over every subset of reads, each simulated call by call,
// on random sessions.
func TestSessionTotalIsTheExpectedSum(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 300 {
		n, s, h := 1+rng.IntN(30), rng.IntN(5000), rng.IntN(800)
		reads := make([]costs.Retrieval, rng.IntN(4))
		for i := range reads {
			reads[i] = costs.Retrieval{SourceTokens: rng.IntN(3000), Rate: float64(rng.IntN(11)) / 10}
		}
		want, noRead := 0.0, 0.0
		for mask := range 1 << len(reads) {
			read := make([]bool, len(reads))
			p := 1.0
			for i, r := range reads {
				read[i] = mask&(1<<i) != 0
				if read[i] {
					p *= r.Rate
				} else {
					p *= 1 - r.Rate
				}
			}
			want += p * float64(simulate(n, s, h, reads, read))
			if mask == 0 {
				noRead = float64(simulate(n, s, h, reads, read))
			}
		}
		sess := costs.Session{Calls: n, Overhead: h}
		got, ret := sess.Total(s, reads)
		if math.Abs(got-want) > 1e-6*max(1, want) {
			t.Fatalf("N=%d S=%d H=%d reads %+v: Total %f, simulated %f", n, s, h, reads, got, want)
		}
		if math.Abs(got-ret-noRead) > 1e-6*max(1, want) {
			t.Fatalf("retrieval part %f, want %f", ret, want-noRead)
		}
	}
}

// TestBreakEvenEqualsInlining: at the break-even rate, a session with the
// pointer costs exactly what it costs with the replaced text (X, the source
// itself or a different, larger or smaller text) sent in its place.
func TestBreakEvenEqualsInlining(t *testing.T) {
	for _, c := range []struct{ n, s, h, p, x, t int }{
		{1, 17, 0, 17, 100, 100}, {20, 17, 50, 17, 100, 100}, {40, 2500, 300, 20, 1800, 1800},
		{10, 500, 200, 17, 161, 400}, {3, 900, 0, 30, 60, 250},
	} {
		sess := costs.Session{Calls: c.n, Overhead: c.h}
		r := sess.BreakEven(c.s, c.p, c.x, c.t)
		if r <= 0 || r >= 1 {
			t.Fatalf("%+v: break-even %f, want a rate strictly between 0 and 1", c, r)
		}
		withPointer, _ := sess.Total(c.s, []costs.Retrieval{{SourceTokens: c.t, Rate: r}})
		inlined, _ := sess.Total(c.s-c.p+c.x, nil)
		if math.Abs(withPointer-inlined) > 1e-6 {
			t.Errorf("%+v: at r*=%f the pointer costs %f, inlining %f", c, r, withPointer, inlined)
		}
	}
	if r := (costs.Session{Calls: 5}).BreakEven(100, 40, 40, 400); r != 0 {
		t.Errorf("replaced text no larger than its pointer has break-even %f, want 0", r)
	}
	// A source much smaller than the text it replaces pays even when
	// every session reads it: the rate is capped at 1.
	if r := (costs.Session{Calls: 10}).BreakEven(100, 10, 1000, 20); r != 1 {
		t.Errorf("a cheap read of a large replaced text has break-even %f, want 1", r)
	}
}
