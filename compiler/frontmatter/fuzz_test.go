package frontmatter

import (
	"encoding/json"
	"math/big"
	"strconv"
	"strings"
	"testing"
)

// FuzzDecode feeds arbitrary asset text to Decode: it never panics, every
// diagnostic is inside the file, and every key of the decoded value maps to
// a position inside the frontmatter.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{
		"",
		"Body only.\n",
		"---\n---\n",
		"---\ntitle: T\nsummary: s\norder: 1\n---\nBody.\n",
		"---\nmeta:\n  owner:\n    name: me\nlist:\n  - a\n  - {k: v}\nflow: [1, 2]\n\"q k\": 1\n---\n",
		"---\n- a\n- b\n---\n",
		"---\nbase: &b {a: 1}\nm:\n  <<: *b\n  c: 2\n---\n",
		"---\nx: .inf\n---\n",
		"---\ntitle: [\n---\n",
		"---\n\tx: 1\n---\n",
		"---\na: !!binary aGVsbG8=\n---\n",
		"---\na: *missing\n---\n",
		"---\n? [a, b]\n: c\n---\n",
		"---\nq: \"quoted\\n\"\nm: |\n  multi\n  line\nn: -1\nf: 1.5e3\nh: 0x1F\no: 0o17\nt: ~\nd: 2024-01-01\nbig: 123456789012345678901234567890\nstr: !!str 12\ne: ''\nk:\n---\n",
		"---\na: 1\na: 1\nb: \"\\\\(x)\"\nc: 'it''s'\nd: -0.5e-3\ne: 1_000\n---\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		lines := strings.Count(text, "\n") + 1
		inst, tree, ds := Decode("a.md", text)
		for _, d := range ds {
			if d.Pos.Path != "a.md" || d.Pos.Line < 1 || d.Pos.Line > lines || d.Pos.Col < 1 {
				t.Fatalf("diagnostic outside the file (%d lines): %s", lines, d)
			}
		}
		if ds != nil {
			return
		}
		// The direct conversion agrees with CUE's wherever it applies.
		if tree.file != nil {
			if fast, ok := plain(tree.file); ok {
				slow, sds := viaCUE("a.md", tree.file)
				if sds != nil {
					t.Fatalf("plain converted what CUE refuses: %v", sds)
				}
				if fast == nil && !hasFields(tree.file) {
					fast = slow // both mean an empty header
				}
				if !sameJSON(fast, slow) {
					t.Fatalf("plain gives %#v, CUE gives %#v", fast, slow)
				}
			}
		}
		fm, _, ok := Split(text)
		last := 1
		if ok {
			last = fm.Lines
		}
		walk(inst, nil, func(loc []string) {
			pos := tree.Pos(loc)
			if pos.Line < 1 || pos.Line > last || pos.Col < 1 {
				t.Fatalf("Pos(%q) = %s, outside the frontmatter (lines 1-%d)", loc, pos, last)
			}
		})
	})
}

// walk calls fn with the JSON pointer tokens of every value in v.
func walk(v any, loc []string, fn func([]string)) {
	if len(loc) > 32 {
		return
	}
	fn(loc)
	switch v := v.(type) {
	case map[string]any:
		for k, c := range v {
			walk(c, append(loc[:len(loc):len(loc)], k), fn)
		}
	case []any:
		for i, c := range v {
			walk(c, append(loc[:len(loc):len(loc)], strconv.Itoa(i)), fn)
		}
	}
}

// sameJSON compares two JSON values, numbers by value.
func sameJSON(a, b any) bool {
	switch a := a.(type) {
	case map[string]any:
		bm, ok := b.(map[string]any)
		if !ok || len(a) != len(bm) {
			return false
		}
		for k, v := range a {
			w, ok := bm[k]
			if !ok || !sameJSON(v, w) {
				return false
			}
		}
		return true
	case []any:
		bl, ok := b.([]any)
		if !ok || len(a) != len(bl) {
			return false
		}
		for i := range a {
			if !sameJSON(a[i], bl[i]) {
				return false
			}
		}
		return true
	case json.Number:
		bn, ok := b.(json.Number)
		if !ok {
			return false
		}
		x, okx := new(big.Rat).SetString(string(a))
		y, oky := new(big.Rat).SetString(string(bn))
		return okx && oky && x.Cmp(y) == 0
	}
	return a == b
}
