package config

import (
	"os"
	"strconv"
	"strings"
	"testing"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/cuecontext"
)

// TestPositionsAgreeWithCUE checks the syntax-tree index against the
// positions CUE's own values report, for every path of the example
// project and of a file that declares fields more than once.
func TestPositionsAgreeWithCUE(t *testing.T) {
	example, err := os.ReadFile("../../assets/promptc.cue")
	if err != nil {
		t.Fatal(err)
	}
	repeated := []byte(`version: "v1"
parts: base: file: "base.md"
parts: other: {file: "other.md", budget: chars: 3}
families: rules: [{family: "claude", name: ["^claude"]}]
families: examples: {"claude-3:opus": {family: "claude", note: "Opus"}}
modes: focus: compose: [parts.base, parts.other]
`)
	for name, src := range map[string][]byte{"example": example, "repeated": repeated} {
		idx := positionsOf("promptc.cue", src)
		if len(idx) < 10 {
			t.Fatalf("%s: only %d positions indexed", name, len(idx))
		}
		v := cuecontext.New().CompileBytes(src, cue.Filename("promptc.cue"))
		for k, want := range idx {
			var sels []cue.Selector
			for _, e := range strings.Split(k, posSep) {
				if n, err := strconv.Atoi(e); err == nil {
					sels = append(sels, cue.Index(n))
				} else {
					sels = append(sels, cue.Str(e))
				}
			}
			got := v.LookupPath(cue.MakePath(sels...)).Pos()
			if got.Line() != want[0] || got.Column() != want[1] {
				t.Errorf("%s: %q at %d:%d, CUE says %d:%d", name, strings.ReplaceAll(k, posSep, "."), want[0], want[1], got.Line(), got.Column())
			}
		}
	}
}

func TestPosOfKeysFallsBackToTheNearestWrittenValue(t *testing.T) {
	src := []byte("version: \"v1\"\nparts: {\n\tbase: file: \"base.md\"\n}\n")
	l := &Loaded{Root: "/p", File: "/p/promptc.cue", positions: positionsOf("/p/promptc.cue", src)}
	for _, tc := range []struct {
		keys []string
		want string
	}{
		{[]string{"parts", "base", "file"}, "promptc.cue:3:8"},
		{[]string{"parts", "base", "budget", "chars"}, "promptc.cue:3:2"}, // a default: its part
		{[]string{"parts", "missing"}, "promptc.cue:2:1"},
		{[]string{"output", "dir"}, "promptc.cue:1:1"}, // nothing written: the file
	} {
		if got := l.PosOfKeys(tc.keys...).String(); got != tc.want {
			t.Errorf("PosOfKeys(%q) = %s, want %s", tc.keys, got, tc.want)
		}
	}
	if got := l.PosOf(`parts."base".file`).String(); got != "promptc.cue:3:8" {
		t.Errorf("PosOf with a quoted key = %s", got)
	}
}
