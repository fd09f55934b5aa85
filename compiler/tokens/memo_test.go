package tokens

import (
	"strings"
	"sync"
	"testing"
)

// counting counts the texts it is asked to count, by text.
type counting struct {
	Counter
	mu    sync.Mutex
	calls map[string]int
}

func (c *counting) Count(text string) int {
	c.mu.Lock()
	c.calls[text]++
	c.mu.Unlock()
	return c.Counter.Count(text)
}

func TestMemoCountsEachLongTextOnce(t *testing.T) {
	inner := &counting{Counter: charsPer4{}, calls: map[string]int{}}
	m := Memo(inner)
	if m.Name() != CharsPer4 || m.Exact() {
		t.Fatalf("Memo changed the counter's name or exactness: %q %v", m.Name(), m.Exact())
	}
	long := strings.Repeat("é prompt text ", 40) // 560 bytes, 560 code points
	other := long[:len(long)-1] + "X"            // same length, different text
	short := "a short line"
	for range 3 {
		if got, want := m.Count(long), (len([]rune(long))+3)/4; got != want {
			t.Fatalf("Count(long) = %d, want %d", got, want)
		}
		if got, want := m.Count(other), (len([]rune(other))+3)/4; got != want {
			t.Fatalf("Count(other) = %d, want %d", got, want)
		}
		if got := m.Count(short); got != 3 {
			t.Fatalf("Count(short) = %d, want 3", got)
		}
	}
	if inner.calls[long] != 1 || inner.calls[other] != 1 {
		t.Errorf("long texts counted %d and %d times, want once each", inner.calls[long], inner.calls[other])
	}
	// Short texts are counted every time: hashing them would cost more.
	if inner.calls[short] != 3 {
		t.Errorf("short text counted %d times, want 3", inner.calls[short])
	}
	if Memo(m) != m {
		t.Error("Memo(Memo(c)) wraps twice")
	}
}

// The memo keeps a text's count apart from an equally long text's: a memo
// keyed by length alone would answer the first count for both.
func TestMemoTellsTextsOfOneLengthApart(t *testing.T) {
	m := Memo(charsPer4{})
	ascii := strings.Repeat("a", 600)
	wide := strings.Repeat("é", 300) // 600 bytes, 300 code points
	if m.Count(ascii) != 150 || m.Count(wide) != 75 {
		t.Fatalf("Count = %d, %d; want 150, 75", m.Count(ascii), m.Count(wide))
	}
}

func TestMemoConcurrent(t *testing.T) {
	m := Memo(charsPer4{})
	texts := make([]string, 50)
	for i := range texts {
		texts[i] = strings.Repeat("x", 300+i)
	}
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range texts {
				text := texts[(i+g)%len(texts)]
				if got, want := m.Count(text), (len(text)+3)/4; got != want {
					t.Errorf("Count = %d, want %d", got, want)
				}
			}
		}()
	}
	wg.Wait()
}
