package jsregex

import (
	"bytes"
	"context"
	"encoding/json"
	"os/exec"
	"testing"
	"time"
)

// nodeScript reads [{source, flags, inputs}] and prints, for each case,
// {error} when the RegExp constructor throws, or {matches} otherwise.
const nodeScript = `
const cases = JSON.parse(require("fs").readFileSync(0, "utf8"));
const out = cases.map(c => {
  let re;
  try { re = new RegExp(c.source, c.flags); }
  catch (e) { return { error: String(e.message) }; }
  return { matches: (c.inputs || []).map(s => re.test(s)) };
});
process.stdout.write(JSON.stringify(out));
`

type nodeCase struct {
	Source string   `json:"source"`
	Flags  string   `json:"flags"`
	Inputs []string `json:"inputs"`
}

type nodeResult struct {
	Error   *string `json:"error"`
	Matches []bool  `json:"matches"`
}

// runNode evaluates the cases with node, or skips the test when node is not
// installed.
func runNode(t *testing.T, cases []nodeCase) []nodeResult {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node not installed: the tables are checked against JavaScript only where node is available")
	}
	in, err := json.Marshal(cases)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, node, "-e", nodeScript)
	cmd.Stdin = bytes.NewReader(in)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, stderr.String())
	}
	var res []nodeResult
	if err := json.Unmarshal(out, &res); err != nil || len(res) != len(cases) {
		t.Fatalf("node output: %v (%d results for %d cases)", err, len(res), len(cases))
	}
	return res
}

// split returns the source and flags of a literal that Parse's scanner
// accepts.
func split(t *testing.T, lit string) (source, flags string) {
	t.Helper()
	end, e := closingSlash(lit)
	if e != nil {
		t.Fatalf("%q: %v", lit, e)
	}
	return lit[1:end], lit[end+1:]
}

// TestAgainstJavaScript checks the tables of this package against a real
// JavaScript engine: every expected match is JavaScript's answer, every
// refusal marked jsAccepts is accepted by JavaScript (promptc refuses it by
// design) and every one marked jsRejects is a SyntaxError there too, and
// every pinned divergence really diverges.
func TestAgainstJavaScript(t *testing.T) {
	var cases []nodeCase
	for _, tc := range matchTests {
		s, f := split(t, tc.lit)
		cases = append(cases, nodeCase{s, f, []string{tc.in}})
	}
	for _, tc := range errorTests {
		if tc.js == jsLiteral {
			continue
		}
		s, f := split(t, tc.lit)
		cases = append(cases, nodeCase{s, f, nil})
	}
	for _, d := range divergences {
		s, f := split(t, d.lit)
		cases = append(cases, nodeCase{s, f, []string{d.in}})
	}
	for _, tc := range translateTests {
		s, f := split(t, tc.lit)
		cases = append(cases, nodeCase{s, f, nil})
	}
	res := runNode(t, cases)

	i := 0
	for _, tc := range matchTests {
		r := res[i]
		i++
		switch {
		case r.Error != nil && tc.modern:
			t.Logf("%s: this node predates the syntax (%s); skipped", tc.lit, *r.Error)
		case r.Error != nil:
			t.Errorf("%s: JavaScript rejects it: %s", tc.lit, *r.Error)
		case r.Matches[0] != tc.want:
			t.Errorf("%s.test(%q): JavaScript says %v, the table %v", tc.lit, tc.in, r.Matches[0], tc.want)
		}
	}
	for _, tc := range errorTests {
		if tc.js == jsLiteral {
			continue
		}
		r := res[i]
		i++
		if rejects := r.Error != nil; rejects != (tc.js == jsRejects) {
			t.Errorf("%s: JavaScript rejects it: %v, the table says %v", tc.lit, rejects, tc.js == jsRejects)
		}
	}
	for _, d := range divergences {
		r := res[i]
		i++
		if r.Error != nil || r.Matches[0] == d.re2 {
			t.Errorf("%s.test(%q): not a divergence in JavaScript (%+v)", d.lit, d.in, r)
		}
	}
	for _, tc := range translateTests {
		r := res[i]
		i++
		if r.Error != nil && !isModifierCase(tc.lit) {
			t.Errorf("%s: JavaScript rejects what promptc accepts: %s", tc.lit, *r.Error)
		}
	}
}

// isModifierCase reports whether lit uses modifier groups, which node 20
// does not know yet.
func isModifierCase(lit string) bool {
	for _, m := range []string{"(?i", "(?-", "(?s", "(?m"} {
		if bytes.Contains([]byte(lit), []byte(m)) {
			return true
		}
	}
	return false
}
