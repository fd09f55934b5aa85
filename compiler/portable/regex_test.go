package portable

import (
	"encoding/json"
	"os/exec"
	"regexp"
	"strings"
	"testing"
)

// regexCases are RE2 patterns as promptc.cue writes them, and ids to try
// them on: folding (K, S and their non-ASCII orbit members), classes,
// anchors with and without (?m), word boundaries, repetition, the dot.
var regexCases = []string{
	`(?i)^claude`, `^gpt-(4|5)(\.\d+)?(-mini)?$`, `(?i)kelvin|sonnet`, `(?m)^b$`, `(?s)a.c`, `a.c`,
	`\bo\d\b`, `[^a-z]x`, `(?i)[k-s]+$`, `^$`, `x{2,3}`, `x{2,}y`, `\Aab\z`, `(?U)a+`, `[[:alpha:]]+-\d`,
	`\pL+`, `(?i)ǅ`, `\s`, `\S+`, `\w+\W`, `a|`, `[\d\-_]`, `^x{2,}y$`, `^a.c$`,
}

var regexInputs = []string{
	"claude-3", "Claude-opus", "openrouter/claude", "gpt-4", "gpt-5.1-mini", "gpt-4o", "KELVIN", "\u212aelvin", "ſonnet",
	"a\nb\nc", "b", "a\nc", "abc", "o3", "o3-mini", "xo3", "Ax", "ax", "K\u017f", "", "xx", "xxxy", "ab", "ab\n",
	"aaa", "é-1", "ǆ", "ǅ", "Ǆ", "a b", "\u00a0", "\u2028", "_-", "日本-2", "a\rc", "a\u2028c", "a\u2029c",
}

func TestTranslateMatchesRE2(t *testing.T) {
	type tc struct {
		JS, Py string
		Want   []bool
	}
	var cases []tc
	for _, pat := range regexCases {
		r, err := Translate(pat)
		if err != nil {
			t.Fatalf("Translate(%q): %v", pat, err)
		}
		re := regexp.MustCompile(pat)
		c := tc{JS: r.JS, Py: r.Py}
		for _, in := range regexInputs {
			c.Want = append(c.Want, re.MatchString(in))
		}
		cases = append(cases, c)
	}
	data, err := json.Marshal(map[string]any{"cases": cases, "inputs": regexInputs})
	if err != nil {
		t.Fatal(err)
	}
	run := func(t *testing.T, tool, script string) {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("no %s on PATH: the %s translation is not checked here (CI has it)", tool, tool)
		}
		args := []string{"-e", script}
		if tool == "python3" {
			args = []string{"-c", script}
		}
		cmd := exec.Command(tool, args...)
		cmd.Stdin = strings.NewReader(string(data))
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s: %v\n%s", tool, err, out)
		}
		var got [][]bool
		if err := json.Unmarshal(out, &got); err != nil {
			t.Fatalf("%s: %v\n%s", tool, err, out)
		}
		for i, c := range cases {
			for j, w := range c.Want {
				if got[i][j] != w {
					t.Errorf("%s: %q on %q: %v, RE2 says %v (translated %q)", tool, regexCases[i], regexInputs[j], got[i][j], w, c.JS+" | "+c.Py)
				}
			}
		}
	}
	t.Run("javascript", func(t *testing.T) {
		run(t, "node", `let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const d=JSON.parse(s);
console.log(JSON.stringify(d.cases.map(c=>{const re=new RegExp(c.JS,"u");return d.inputs.map(i=>re.test(i))})))})`)
	})
	t.Run("python", func(t *testing.T) {
		run(t, "python3", `import json,re,sys
d=json.load(sys.stdin)
print(json.dumps([[re.search(re.compile(c["Py"],re.ASCII),i) is not None for i in d["inputs"]] for c in d["cases"]]))`)
	})
}

// TestTranslateRefusesLarge: a pattern whose spelled-out form passes 64
// KiB is refused, one just under is not.
func TestTranslateRefusesLarge(t *testing.T) {
	if _, err := Translate(strings.Repeat(`\pL`, 6)); err != nil {
		t.Fatalf("6 letters (57,616 bytes in Python): %v", err)
	}
	_, err := Translate(strings.Repeat(`\pL`, 7))
	if err == nil || !strings.Contains(err.Error(), "spells out to more than 65536 bytes") {
		t.Fatalf("7 letters (67,218 bytes): %v", err)
	}
}
