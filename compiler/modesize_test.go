package compiler

import (
	"fmt"
	"strings"
	"testing"

	"github.com/promptc/promptc/compiler/family"
	"github.com/promptc/promptc/compiler/include"
	"github.com/promptc/promptc/internal/config"
)

// sizedBuilder is a builder whose mode m sends parts a and b, each the
// run-time placeholder {{h}} at most each bytes long, and whose mode
// "fam" sends the family body, the placeholder {{g}} at most body bytes
// long in the last family (the first one's is one byte), then a.
func sizedBuilder(each, body int) *builder {
	spans := func(path string) []include.Span { return []include.Span{{Text: "{{h}}", Path: path, Line: 1}} }
	cfg := &config.Config{
		Placeholders: map[string]config.Placeholder{
			"h": {Runtime: &config.Runtime{MaxChars: each}},
			"g": {Runtime: &config.Runtime{MaxChars: body}},
		},
		Parts: map[string]config.Part{"a": {File: "a.md"}, "b": {File: "b.md"}, "body": {Family: "body"}},
	}
	p := &Program{
		Loaded: &config.Loaded{},
		Config: cfg,
		Parts: map[string]*Part{
			"a": {Name: "a", Spans: spans("a.md"), Text: "{{h}}"},
			"b": {Name: "b", Spans: spans("b.md"), Text: "{{h}}"},
		},
		Families: map[string]*family.Family{
			"a-small": {Name: "a-small", Body: family.Section{Spans: []include.Span{{Text: "x", Path: "s.md", Line: 1}}}},
			"z-large": {Name: "z-large", Body: family.Section{Spans: []include.Span{{Text: "{{g}}", Path: "l.md", Line: 1}}}},
		},
		FamilyNames: []string{"a-small", "z-large"},
	}
	p.Modes = []*Mode{
		{Name: "m", Config: config.Mode{Separator: "\n\n", Before: map[string]string{"b": "\n---\n"}, FinalNewline: true,
			Compose: []config.Ref{{Name: "a", Kind: "part"}, {Name: "s", Kind: "slot"}, {Name: "b", Kind: "part"}}}},
		{Name: "fam", Config: config.Mode{Compose: []config.Ref{{Name: "body", Kind: "part"}, {Name: "a", Kind: "part"}}}},
	}
	return &builder{Program: p}
}

// TestModeSizeCap: a mode whose text, every part and family section at
// its longest and every separator and the end counted, reaches
// MaxModeText exactly is accepted; one byte more is an error naming the
// mode, the cap and the largest part, and the mode then composes as
// empty. Slots count nothing.
func TestModeSizeCap(t *testing.T) {
	// Two separators, before the slot and before b (its own), and the
	// final newline.
	const fixed = 2 + 5 + 1
	each := int((MaxModeText - fixed) / 2)
	if 2*int64(each)+fixed != MaxModeText {
		t.Fatalf("cannot reach the cap exactly: %d", 2*int64(each)+fixed)
	}
	b := sizedBuilder(each, 1)
	if ds := b.checkModeSizes(); len(ds) != 0 {
		t.Fatalf("a mode of exactly %d bytes: %v", MaxModeText, ds)
	}
	b = sizedBuilder(each+1, 1)
	ds := b.checkModeSizes()
	if len(ds) != 1 || ds[0].Rule != RuleBudgetOver || !strings.Contains(ds[0].Message, fmt.Sprintf("mode m: its text would be up to %d bytes", MaxModeText+2)) ||
		!strings.Contains(ds[0].Message, "more than the 64 MiB (67108864 bytes)") || !strings.Contains(ds[0].Message, fmt.Sprintf("its largest part is a (up to %d bytes)", each+1)) {
		t.Fatalf("one byte over: %v", ds)
	}
	secs := b.Sections(b.Modes[0], Selection{Runtime: b.RuntimeAtMax}, map[string]string{"s": "slot text"})
	for _, s := range secs {
		if s.Text != "" {
			t.Errorf("section %s of an oversized mode holds %d bytes", s.Name, len(s.Text))
		}
	}
	// The largest family's body counts, not the first one's.
	fam := func(each, body int) (n int) {
		for _, d := range sizedBuilder(each, body).checkModeSizes() {
			if strings.HasPrefix(d.Message, "mode fam:") {
				n++
			}
		}
		return n
	}
	if n := fam(MaxModeText/2, MaxModeText/2); n != 0 {
		t.Fatalf("a family body and a part at the cap: %d findings", n)
	}
	if n := fam(MaxModeText/2, MaxModeText/2+1); n != 1 {
		t.Fatalf("a family body over the cap: %d findings", n)
	}
}
