package compiler

import (
	"strings"
	"sync"
	"testing"

	"github.com/promptc/promptc/compiler/tokens"
)

// recordingCounter counts like Counter, under the name given, and records
// every text it is asked to count.
type recordingCounter struct {
	tokens.Counter
	name  string
	mu    sync.Mutex
	texts []string
}

func (r *recordingCounter) Name() string { return r.name }

func (r *recordingCounter) Count(text string) int {
	r.mu.Lock()
	r.texts = append(r.texts, text)
	r.mu.Unlock()
	return r.Counter.Count(text)
}

// TestModeTokenBudgetJoinsOnlyForCountsThatNeedIt checks what a mode's
// token budget counts: with the default estimate, whose count follows
// from the code points, the mode's text is never joined and counted (its
// size comes from the sections' sizes, which add up) and the finding is
// the one the joined text gives; with any other counter the joined text
// is counted, once.
func TestModeTokenBudgetJoinsOnlyForCountsThatNeedIt(t *testing.T) {
	files := map[string]string{
		"promptc.cue": `version: "v1"
parts: {
	a: file: "a.md"
	b: file: "b.md"
}
modes: focus: {compose: [parts.a, parts.b], budget: {tokens: 2, warnAt: 1}}
order: ["focus"]
defaultMode: "focus"
`,
		"a.md": "aaaa\n",
		"b.md": "bbbb\n",
	}
	const joined = "aaaa\n\nbbbb"
	for _, tc := range []struct {
		name        string
		joinedCount int
	}{{tokens.CharsPer4, 0}, {"other", 1}} {
		t.Run(tc.name, func(t *testing.T) {
			b := newTestBuilder(t, files, "")
			b.loadFamilies(b.fs, b.lim)
			b.loadParts()
			b.loadModes()
			counter := &recordingCounter{Counter: b.Counter, name: tc.name}
			b.Counter = counter
			ds := b.checkModeBudgets()
			if len(ds) != 1 || !strings.Contains(ds[0].Message, "over budget for family neutral: 3 tokens ("+tc.name+"), ceiling 2, over by 1") {
				t.Fatalf("findings %v, want focus over budget by 1 at 3 tokens", ds)
			}
			n := 0
			for _, text := range counter.texts {
				if text == joined {
					n++
				}
			}
			if n != tc.joinedCount {
				t.Errorf("the joined text was counted %d times, want %d (texts counted: %q)", n, tc.joinedCount, counter.texts)
			}
		})
	}
}
