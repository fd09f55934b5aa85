package lint

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// TestScanPlainLines: scan's shortcut for plain lines (ASCII, no tab to
// report) finds exactly what reading every rune finds, for every
// combination of rules, on hand-picked lines and on 5,000 texts assembled
// at random from ASCII, spaces, tabs, newlines and invisible or wide
// characters.
func TestScanPlainLines(t *testing.T) {
	texts := []string{
		"", "\n", "a", "a ", "a\t", " ", "\t", "a \n", "a\t \nb", "x\n\n  \n", "  lead\n", "end  ",
		"tab\tinside\n", "é \n", "a\u200b b\n", "\u202e \n", "x\U000E0041\U000E0042 \n", "👍\u200d👍\n",
		"plain\nnot plain é  \nplain again \t\n",
	}
	pieces := []string{"a", "word", " ", "  ", "\t", "\n", "\n\n", "é", "\u200b", "\u200d", "\u202e",
		"\U000E0041", "👍", "\ufe0f", "x y", "-", "ش"}
	r := rand.New(rand.NewPCG(3, 4))
	for range 5000 {
		var b strings.Builder
		for range r.IntN(16) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		texts = append(texts, b.String())
	}
	found := 0
	for mask := range 8 {
		on := textRules{trailing: mask&1 != 0, tabs: mask&2 != 0, invisible: mask&4 != 0}
		slow := on
		slow.everyRune = true
		for _, text := range texts {
			got, want := on.scan(nil, "f.md", text), slow.scan(nil, "f.md", text)
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("rules %+v, text %q:\nshortcut %v\nevery rune %v", on, text, got, want)
			}
			found += len(want)
		}
	}
	if found < len(texts) {
		t.Errorf("only %d findings in %d texts and 8 rule sets: the sample finds too little", found, len(texts))
	}
}
