package tokens

import (
	"hash/maphash"
	"sync"
)

// Memo returns a Counter that counts like c but remembers the count of
// every text it has seen, so that counting the same text again costs a
// hash of it instead of a count. Composing every mode for every family
// produces the same texts many times over (the default mode's text is the
// base of every mode's comparison), and an exact counter's byte-pair
// encoding is far slower than hashing.
//
// Texts are remembered by a 128-bit hash and their length, never by the
// text itself, so the memo holds no prompt text alive. Two different texts
// of one length would have to agree on two independent 64-bit hashes to be
// confused. Memo(c) is safe for concurrent use when c is (every Counter of
// this package is). Memo of a Memo returns it unchanged.
func Memo(c Counter) Counter {
	if m, ok := c.(*memo); ok {
		return m
	}
	return &memo{Counter: c, seeds: [2]maphash.Seed{maphash.MakeSeed(), maphash.MakeSeed()}, counts: map[memoKey]int{}}
}

type memoKey struct {
	h1, h2 uint64
	n      int
}

type memo struct {
	Counter
	seeds  [2]maphash.Seed
	mu     sync.Mutex
	counts map[memoKey]int
}

// Count returns the wrapped counter's count of text, from the memo when
// text was counted before.
func (m *memo) Count(text string) int {
	// Short texts cost less to count than to hash twice and look up.
	if len(text) < 256 {
		return m.Counter.Count(text)
	}
	k := memoKey{maphash.String(m.seeds[0], text), maphash.String(m.seeds[1], text), len(text)}
	m.mu.Lock()
	n, ok := m.counts[k]
	m.mu.Unlock()
	if ok {
		return n
	}
	n = m.Counter.Count(text)
	m.mu.Lock()
	m.counts[k] = n
	m.mu.Unlock()
	return n
}
