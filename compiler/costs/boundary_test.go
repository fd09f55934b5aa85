package costs_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/promptc/promptc/compiler"
	"github.com/promptc/promptc/compiler/costs"
	"github.com/promptc/promptc/internal/testproject"
	"github.com/promptc/promptc/internal/testtree"
)

// The tests of this file pin the session totals, comparisons, pointer
// rows and renderings of package costs to exact numbers and words, worked
// by hand on small projects (tokens are chars/4, rounded up).

// rediscoveryPrograms compiles a project of two modes, short (base) and
// focus (base, ops), in three profiles: classic sends everything,
// deletion omits ops and declares a rediscovery of 1,592 tokens, compact
// replaces ops with a pointer. base is 40 characters (10 tokens), ops 20
// (5 tokens); focus joins them with a blank line: 62 characters, 16
// tokens.
func rediscoveryPrograms(t *testing.T) map[string]*compiler.Program {
	t.Helper()
	progs := testproject.CompileAll(t, testtree.Write(t, map[string]string{
		"promptc.cue": `version: "v1"
parts: {
	base: {file: "base.md", governing: true}
	ops: file: "ops.md"
	opsPointer: pointer: {trigger: "Restarts", source: "docs/ops.md", covers: ["restart"]}
}
profiles: {
	default: "classic"
	values: {
		classic: {}
		compact: replace: [{replace: parts.ops, with: parts.opsPointer}]
		deletion: {omit: [parts.ops], rediscovery: 1592}
	}
}
modes: {
	short: compose: [parts.base]
	focus: compose: [parts.base, parts.ops]
}
order: ["short", "focus"]
defaultMode: "focus"
`,
		"base.md":     strings.Repeat("b", 40) + "\n",
		"ops.md":      "Use the restart tool" + "\n",
		"docs/ops.md": "Restart with the restart script, then check the health.\n",
	}))
	out := map[string]*compiler.Program{}
	for _, p := range progs.Programs() {
		out[p.Profile()] = p
	}
	for _, name := range []string{"classic", "compact", "deletion"} {
		if out[name] == nil {
			t.Fatalf("no program for profile %s", name)
		}
	}
	return out
}

func sessionRows(rows []costs.SessionRow) string {
	var got []string
	for _, r := range rows {
		got = append(got, fmt.Sprintf("%s S %d-%d rediscovery %d R %g-%g total %g-%g", r.Mode, r.StandingMin, r.StandingMax, r.Rediscovery,
			r.RetrievalMin, r.RetrievalMax, r.TotalMin, r.TotalMax))
	}
	return strings.Join(got, "\n")
}

// TestRediscoveryChargesModesThatSentTheText: a profile's declared
// rediscovery is added, once per session, to the retrieval and total of
// each mode that sent the text it drops, and of no other mode; a profile
// that drops nothing charges nothing.
func TestRediscoveryChargesModesThatSentTheText(t *testing.T) {
	ps := rediscoveryPrograms(t)
	s := costs.Session{Calls: 10, Overhead: 200}
	del := ps["deletion"]
	for _, c := range []struct {
		mode string
		want int
	}{{"short", 0}, {"focus", 1592}} {
		m, err := del.Mode(c.mode)
		if err != nil {
			t.Fatal(err)
		}
		if got := costs.Rediscovery(del, m); got != c.want {
			t.Errorf("deletion: Rediscovery(%s) = %d, want %d", c.mode, got, c.want)
		}
		if got := costs.Rediscovery(ps["classic"], m); got != 0 {
			t.Errorf("classic: Rediscovery(%s) = %d, want 0", c.mode, got)
		}
	}
	// 10 × (10 + 200) = 2,100; focus adds 1,592.
	want := "short S 10-10 rediscovery 0 R 0-0 total 2100-2100\n" +
		"focus S 10-10 rediscovery 1592 R 1592-1592 total 3692-3692"
	if got := sessionRows(costs.SessionTable(del, s)); got != want {
		t.Errorf("deletion:\n%s\nwant:\n%s", got, want)
	}
	want = "short S 10-10 rediscovery 0 R 0-0 total 2100-2100\n" +
		"focus S 16-16 rediscovery 0 R 0-0 total 2160-2160"
	if got := sessionRows(costs.SessionTable(ps["classic"], s)); got != want {
		t.Errorf("classic:\n%s\nwant:\n%s", got, want)
	}
}

// TestCompareExactTotals: a comparison's per-mode sums, totals, change,
// reads and rediscovery, for one call and for sessions.
func TestCompareExactTotals(t *testing.T) {
	ps := rediscoveryPrograms(t)
	s := costs.Session{Calls: 10, Overhead: 200}
	for _, c := range []struct {
		name        string
		c           costs.Comparison
		modes       string
		from, to    int
		reads       bool
		rediscovery int
	}{
		// One call: short 10 and 10, focus 16 and 10.
		{"classic to deletion", costs.Compare(ps["classic"], ps["deletion"]), "short 10 10, focus 16 10", 26, 20, false, 0},
		// Sessions: focus under deletion is 2,100 + 1,592.
		{"classic to deletion, sessions", costs.CompareSessions(ps["classic"], ps["deletion"], s), "short 2100 2100, focus 2160 3692", 4260, 5792, false, 1592},
		{"deletion to classic, sessions", costs.CompareSessions(ps["deletion"], ps["classic"], s), "short 2100 2100, focus 3692 2160", 5792, 4260, false, 0},
		{"classic to classic", costs.Compare(ps["classic"], ps["classic"]), "short 10 10, focus 16 16", 26, 26, false, 0},
	} {
		var modes []string
		for _, m := range c.c.Modes {
			modes = append(modes, fmt.Sprintf("%s %d %d", m.Mode, m.From, m.To))
		}
		change := float64(c.to-c.from) / float64(c.from)
		if got := strings.Join(modes, ", "); got != c.modes || c.c.FromTotal != c.from || c.c.ToTotal != c.to ||
			c.c.Change != change || c.c.Reads != c.reads || c.c.Rediscovery != c.rediscovery {
			t.Errorf("%s: %s, totals %d %d, change %v, reads %v, rediscovery %d; want %s, %d %d, %v, %v, %d", c.name,
				got, c.c.FromTotal, c.c.ToTotal, c.c.Change, c.c.Reads, c.c.Rediscovery, c.modes, c.from, c.to, change, c.reads, c.rediscovery)
		}
	}
	// A pointer sent by either side makes reads part of the totals.
	for _, c := range []costs.Comparison{costs.CompareSessions(ps["classic"], ps["compact"], s), costs.CompareSessions(ps["compact"], ps["classic"], s)} {
		if !c.Reads {
			t.Errorf("%s to %s: no reads, want the pointer's", c.From, c.To)
		}
	}
}

// pointerProgram compiles a project whose pointer is sent by three modes:
// a and c with the same standing prompt, b with a larger one.
func pointerProgram(t *testing.T) *compiler.Program {
	t.Helper()
	return testproject.FromFiles(t, map[string]string{
		"promptc.cue": `version: "v1"
parts: {
	base: file: "base.md"
	extra: file: "extra.md"
	ptr: pointer: {trigger: "Restarts", source: "docs/runbook.md", covers: ["restart"]}
}
modes: {
	a: compose: [parts.base, parts.ptr]
	b: compose: [parts.base, parts.extra, parts.ptr]
	c: compose: [parts.base, parts.ptr]
	d: compose: [parts.base]
}
order: ["d", "a", "b", "c"]
defaultMode: "a"
`,
		"base.md":         strings.Repeat("b", 40) + "\n",
		"extra.md":        strings.Repeat("e", 40) + "\n",
		"docs/runbook.md": strings.Repeat("r", 80) + "\n",
	})
}

// TestPointerLargestPrompt: a pointer's S is the largest standing prompt
// of the modes that send it (the first of equals), and what it saves per
// call is X - P.
func TestPointerLargestPrompt(t *testing.T) {
	p := pointerProgram(t)
	pcs := costs.Pointers(p, costs.Session{Calls: 4, Overhead: 6})
	if len(pcs) != 1 {
		t.Fatalf("%d pointer rows, want 1", len(pcs))
	}
	pc := pcs[0]
	sizes := map[string]int{}
	for _, r := range costs.Table(p) {
		sizes[r.Mode] = r.Tokens
	}
	if sizes["a"] != sizes["c"] || sizes["b"] <= sizes["a"] {
		t.Fatalf("sizes %v: want a = c < b", sizes)
	}
	x := p.Counter.Count(strings.Repeat("r", 80) + "\n")
	if pc.Mode != "b" || pc.StandingTokens != sizes["b"] || pc.InlinedTokens != x || pc.SourceTokens != x ||
		pc.SavedPerCall != x-pc.PointerTokens || pc.PointerTokens <= 0 || pc.Calls != 4 || pc.Overhead != 6 {
		t.Errorf("pointer row %+v: want mode b (S %d), X = T = %d", pc, sizes["b"], x)
	}
	want := costs.Session{Calls: 4, Overhead: 6}.BreakEven(pc.StandingTokens, pc.PointerTokens, pc.InlinedTokens, pc.SourceTokens)
	if pc.BreakEven != want {
		t.Errorf("break-even %v, want %v", pc.BreakEven, want)
	}

	// Without b, a and c tie: a, listed first, stands for them.
	p = testproject.FromFiles(t, map[string]string{
		"promptc.cue": `version: "v1"
parts: {
	base: file: "base.md"
	ptr: pointer: {trigger: "Restarts", source: "docs/runbook.md", covers: ["restart"]}
}
modes: {
	a: compose: [parts.base, parts.ptr]
	c: compose: [parts.base, parts.ptr]
}
order: ["a", "c"]
defaultMode: "a"
`,
		"base.md":         strings.Repeat("b", 40) + "\n",
		"docs/runbook.md": "Restart with the restart script.\n",
	})
	if pcs := costs.Pointers(p, costs.Session{Calls: 1}); len(pcs) != 1 || pcs[0].Mode != "a" {
		t.Errorf("tie: %+v, want mode a", pcs)
	}
}

// TestRowNoteZero: a row names its note even when it is the family's
// first (index 0).
func TestRowNoteZero(t *testing.T) {
	p := testproject.FromFiles(t, map[string]string{
		"promptc.cue": `version: "v1"
parts: note: family: "note"
families: rules: [{family: "x", name: ["^x"]}]
modes: focus: compose: [parts.note]
order: ["focus"]
defaultMode: "focus"
`,
		"prompts/families/x.prompt.md": "Line x.\n\n<!-- model \"First\" /f/ -->\nThe first note, and the longest one.\n\n<!-- model \"Second\" /s/ -->\nShort.\n",
	})
	for _, r := range costs.PerFamily(p) {
		want := ""
		if r.Family == "x" {
			want = "First"
		}
		if r.Note != want {
			t.Errorf("%s/%s: note %q, want %q", r.Mode, r.Family, r.Note, want)
		}
	}
}

func intp(n int) *int { return &n }

// TestWriteFormats renders the same rows in every format, word for word:
// signs of the difference (none, zero, positive, negative), typical and
// maximum tokens, a note with its conditional parts, exact and estimated
// counters, and the default mode named in the heading.
func TestWriteFormats(t *testing.T) {
	rows := []costs.Row{
		{Mode: "focus", Family: "x", Tokens: 1234, TokensNoNote: 1000, OverFocus: intp(0), Base: "focus", Chars: 4936, PrefixTokens: 900, Note: "Big", Conditional: []string{"small"}, Counter: "chars/4"},
		{Mode: "full", Family: "*", Tokens: 2000, TokensNoNote: 2000, OverFocus: intp(766), Base: "focus", Chars: 8000, PrefixTokens: 2000, Conditional: []string{"c1", "c2"}, Counter: "chars/4", TypicalTokens: intp(1500)},
		{Mode: "tiny", Family: "y", Tokens: 5, TokensNoNote: 5, OverFocus: intp(-1229), Base: "focus", Chars: 20, PrefixTokens: 5, Counter: "chars/4"},
		{Mode: "free", Family: "*", Tokens: 7, TokensNoNote: 7, Chars: 28, PrefixTokens: 0, Counter: "chars/4"},
	}
	for _, c := range []struct {
		format, want string
	}{
		{"table", "" +
			"MODE   FAMILY  TOKENS                 NO NOTE  OVER FOCUS  CHARS  PREFIX  NOTE        COUNTED\n" +
			"focus  x       1,234                  1,000    0           4,936  900     Big +small  chars/4 (estimate)\n" +
			"full   *       1,500 typ / 2,000 max  2,000    +766        8,000  2,000   +c1 +c2     chars/4 (estimate)\n" +
			"tiny   y       5                      5        -1,229      20     5                   chars/4 (estimate)\n" +
			"free   *       7                      7        -           28     0                   chars/4 (estimate)\n"},
		{"markdown", "# Prompt costs\n\n" +
			"Static tokens each mode puts in front of every model call, per family (`*`: a mode that sends no family part, the same for every family), without the text the harness supplies at call time (instructions, skills, memory). Estimated as characters over four, rounded up.\n\n" +
			costs.TypMaxLine + "\n\n" +
			"| mode | family | tokens | no note | over focus | chars | prefix | note |\n" +
			"| --- | --- | --- | --- | --- | --- | --- | --- |\n" +
			"| focus | x | 1,234 | 1,000 | 0 | 4,936 | 900 | Big +small |\n" +
			"| full | * | 1,500 typ / 2,000 max | 2,000 | +766 | 8,000 | 2,000 | +c1 +c2 |\n" +
			"| tiny | y | 5 | 5 | -1,229 | 20 | 5 |  |\n" +
			"| free | * | 7 | 7 | - | 28 | 0 |  |\n"},
		{"csv", "mode,family,tokens,tokensNoNote,overFocus,chars,prefixTokens,note,counter,exact\n" +
			"focus,x,1234,1000,0,4936,900,Big,chars/4,false\n" +
			"full,*,2000,2000,766,8000,2000,,chars/4,false\n" +
			"tiny,y,5,5,-1229,20,5,,chars/4,false\n" +
			"free,*,7,7,,28,0,,chars/4,false\n"},
	} {
		var b strings.Builder
		if err := costs.Write(&b, c.format, rows); err != nil {
			t.Fatal(err)
		}
		if b.String() != c.want {
			t.Errorf("%s:\n%s\nwant:\n%s", c.format, b.String(), c.want)
		}
	}
	var b strings.Builder
	if err := costs.Write(&b, "text", rows[:1]); err != nil || !strings.HasPrefix(b.String(), "MODE ") {
		t.Errorf("text format: %v, %q", err, b.String())
	}
	if err := costs.Write(&b, "yaml", rows); err == nil || err.Error() != `unknown costs format "yaml" (valid: table, markdown, json, csv)` {
		t.Errorf("unknown format: %v", err)
	}
	// An exact counter is named in the Markdown; without a default mode the
	// column is "over default".
	exact := []costs.Row{{Mode: "m", Family: "*", Tokens: 1, Counter: "o200k", Exact: true}}
	md := costs.Markdown(exact)
	if !strings.Contains(md, "Counted exactly with o200k.\n\n") || !strings.Contains(md, "| over default |") {
		t.Errorf("Markdown of an exact row:\n%s", md)
	}
	j, err := costs.JSON(nil)
	if err != nil || string(j) != "{\n  \"costs\": []\n}\n" {
		t.Errorf("JSON(nil) = %q, %v", j, err)
	}
}

// TestWriteComparisonWords: the comparison table and its sentences, word
// for word, for a smaller, a larger and an equal profile, with and
// without sessions, dropped text and a declared rediscovery.
func TestWriteComparisonWords(t *testing.T) {
	s := &costs.Session{Calls: 1, Overhead: 1500}
	for _, c := range []struct {
		name string
		c    costs.Comparison
		want string
	}{
		{"smaller", costs.Comparison{From: "classic", To: "lean", Modes: []costs.ModeDelta{{"focus", 1000, 875}, {"empty", 0, 3}}, FromTotal: 1000, ToTotal: 878, Change: -0.122},
			"MODE       classic  lean  CHANGE  %\n" +
				"focus      1,000    875   -125    -12.5%\n" +
				"empty      0        3     +3      +0.0%\n" +
				"all modes  1,000    878   -122    -12.2%\n" +
				"\nEstimate of standing-prompt size only: lean's static text is 12.2% smaller than classic's (tokens per call, summed over every mode and family).\n" +
				"Savings claim: not evaluated. It needs measured runs (outcomes and token usage of matched tasks); see promptc claim.\n"},
		{"larger", costs.Comparison{From: "a", To: "b", Modes: []costs.ModeDelta{{"m", 200, 206}}, FromTotal: 200, ToTotal: 206, Change: 0.03},
			"MODE       a    b    CHANGE  %\n" +
				"m          200  206  +6      +3.0%\n" +
				"all modes  200  206  +6      +3.0%\n" +
				"\nEstimate of standing-prompt size only: b's static text is 3.0% larger than a's (tokens per call, summed over every mode and family).\n" +
				"Savings claim: not evaluated. It needs measured runs (outcomes and token usage of matched tasks); see promptc claim.\n"},
		{"same, dropped", costs.Comparison{From: "a", To: "b", Modes: []costs.ModeDelta{{"m", 5, 5}}, FromTotal: 5, ToTotal: 5,
			Dropped: []costs.DroppedPart{{Part: "style", Tokens: 1200}, {Part: "ops", With: "opsShort", Tokens: 7}}},
			"MODE       a  b  CHANGE  %\n" +
				"m          5  5  0       +0.0%\n" +
				"all modes  5  5  0       +0.0%\n" +
				"\nEstimate of standing-prompt size only: b's static text is the same size as a's (tokens per call, summed over every mode and family).\n" +
				"b drops with no pointer to its text: style (1,200 tokens), ops (7 tokens fewer, replaced by opsShort). Deleted detail can raise total input when the model has to search for what the prompt no longer tells it how to find.\n" +
				"Savings claim: not evaluated. It needs measured runs (outcomes and token usage of matched tasks); see promptc claim.\n"},
		{"sessions, rediscovery", costs.Comparison{From: "a", To: "b", Modes: []costs.ModeDelta{{"m", 3500, 4592}}, FromTotal: 3500, ToTotal: 4592, Change: 0.312, Session: s, Rediscovery: 1592,
			Dropped: []costs.DroppedPart{{Part: "ops", Tokens: 50}}},
			"MODE (SESSION OF 1 CALL)  a      b      CHANGE  %\n" +
				"m                         3,500  4,592  +1,092  +31.2%\n" +
				"all modes                 3,500  4,592  +1,092  +31.2%\n" +
				"\nEstimate from the session model only: a session of 1 call under b is expected to send 31.2% more input tokens than under a (Σ(S+R+H) with H = 1,500 per call and no pointer sent, summed over every mode and family).\n" +
				"b drops with no pointer to its text: ops (50 tokens). Deleted detail can raise total input when the model has to search for what the prompt no longer tells it how to find; the session totals above price that search at 1,592 tokens per session (its rediscovery in promptc.cue).\n" +
				"Savings claim: not evaluated. It needs measured runs (outcomes and token usage of matched tasks); see promptc claim.\n"},
		{"sessions, unpriced, fewer", costs.Comparison{From: "a", To: "b", Modes: []costs.ModeDelta{{"m", 2000, 1000}}, FromTotal: 2000, ToTotal: 1000, Change: -0.5, Session: &costs.Session{Calls: 20, DefaultRate: 0.25}, Reads: true,
			Dropped: []costs.DroppedPart{{Part: "ops", Tokens: 50}}},
			"MODE (SESSION OF 20 CALLS)  a      b      CHANGE  %\n" +
				"m                           2,000  1,000  -1,000  -50.0%\n" +
				"all modes                   2,000  1,000  -1,000  -50.0%\n" +
				"\nEstimate from the session model only: a session of 20 calls under b is expected to send 50.0% fewer input tokens than under a (Σ(S+R+H) with H = 0 per call and every pointer read in 25% of sessions, summed over every mode and family).\n" +
				"b drops with no pointer to its text: ops (50 tokens). Deleted detail can raise total input when the model has to search for what the prompt no longer tells it how to find; the session totals above do not price that search (declare the profile's rediscovery to price it).\n" +
				"Savings claim: not evaluated. It needs measured runs (outcomes and token usage of matched tasks); see promptc claim.\n"},
		{"sessions, as many", costs.Comparison{From: "a", To: "b", Modes: []costs.ModeDelta{{"m", 10, 10}}, FromTotal: 10, ToTotal: 10, Session: &costs.Session{Calls: 2}},
			"MODE (SESSION OF 2 CALLS)  a   b   CHANGE  %\n" +
				"m                          10  10  0       +0.0%\n" +
				"all modes                  10  10  0       +0.0%\n" +
				"\nEstimate from the session model only: a session of 2 calls under b is expected to send as many input tokens than under a (Σ(S+R+H) with H = 0 per call and no pointer sent, summed over every mode and family).\n" +
				"Savings claim: not evaluated. It needs measured runs (outcomes and token usage of matched tasks); see promptc claim.\n"},
	} {
		var b strings.Builder
		if err := costs.WriteComparison(&b, c.c); err != nil {
			t.Fatal(err)
		}
		if b.String() != c.want {
			t.Errorf("%s:\n%s\nwant:\n%s", c.name, b.String(), c.want)
		}
	}
}

// TestWritePointersWords: the pointer table word for word, a pointer that
// replaces parts and one that stands for its source; nothing at all
// without pointers.
func TestWritePointersWords(t *testing.T) {
	var b strings.Builder
	if err := costs.WritePointers(&b, nil); err != nil || b.Len() != 0 {
		t.Errorf("no pointers: %q, %v", b.String(), err)
	}
	pcs := []costs.PointerCost{
		{Part: "opsPointer", Source: "docs/ops.md", PointerTokens: 12, SourceTokens: 1500, Replaces: []string{"ops", "runbook"}, InlinedTokens: 2000, SavedPerCall: 1988, Calls: 1, Overhead: 1500, StandingTokens: 3000, Mode: "focus", BreakEven: 0.25},
		{Part: "apiPointer", Source: "docs/api.md", PointerTokens: 8, SourceTokens: 400, InlinedTokens: 400, SavedPerCall: 392, Calls: 1, Overhead: 1500, StandingTokens: 2500, Mode: "full", BreakEven: 0.0625},
	}
	if err := costs.WritePointers(&b, pcs); err != nil {
		t.Fatal(err)
	}
	want := "\n" +
		"POINTER     SOURCE       STANDING (P)  REPLACES (X)               SAVED PER CALL  PER READ (T)  LARGEST PROMPT (S)  BREAK-EVEN READ RATE\n" +
		"opsPointer  docs/ops.md  12            2,000 (ops, runbook)       1,988           1,500         3,000 (focus)       25.0%\n" +
		"apiPointer  docs/api.md  8             400 (the source, inlined)  392             400           2,500 (full)        6.2%\n" +
		"A pointer pays off while fewer sessions than its break-even rate read the source: r* = N(X-P) / (S + H + N·T), X being the standing text it replaces (its source when it replaces none), for a session of N = 1 call with H = 1,500 overhead tokens per call (--calls, --overhead); a read costs an extra call and its text stays in context.\n"
	if b.String() != want {
		t.Errorf("got:\n%s\nwant:\n%s", b.String(), want)
	}
}

// TestWritePermissionCostsWords: the permission table and its sentence.
func TestWritePermissionCostsWords(t *testing.T) {
	var b strings.Builder
	err := costs.WritePermissionCosts(&b, costs.PermissionCosts{
		Columns: []string{"read", "full/write"},
		Modes:   []costs.PermissionRow{{Name: "focus", Tokens: []int{1200, 15000}}},
		Tools:   []costs.PermissionRow{{Name: "tools part", Tokens: []int{0, 3}}},
		Counter: "chars/4",
	})
	if err != nil {
		t.Fatal(err)
	}
	want := "MODE        read   full/write\n" +
		"focus       1,200  15,000\n" +
		"tools part  0      3\n" +
		"\nStanding-prompt tokens per call (chars/4): for each mode, the most any family's call costs, in each profile under each permission set; a set's tools part lists only the tools it permits.\n"
	if b.String() != want {
		t.Errorf("got:\n%s\nwant:\n%s", b.String(), want)
	}
}

// TestNoticeText: a notice is its line, then the warning indented on a
// line of its own when there is one.
func TestNoticeText(t *testing.T) {
	if got := (costs.Notice{Line: "focus · 5 tokens per call"}).Text(); got != "focus · 5 tokens per call\n" {
		t.Errorf("without a warning: %q", got)
	}
	if got := (costs.Notice{Line: "full · +5 tokens per call (10 total)", Warning: "Costly."}).Text(); got != "full · +5 tokens per call (10 total)\n  Costly.\n" {
		t.Errorf("with a warning: %q", got)
	}
}

// TestNoticesAroundTheDefaultMode: a mode ranked above the default mode
// shows its difference with a sign and the total; the default mode and the
// modes below it show their own tokens.
func TestNoticesAroundTheDefaultMode(t *testing.T) {
	p := pointerProgram(t)
	r, err := costs.Report(p, "", "any-model")
	if err != nil {
		t.Fatal(err)
	}
	sizes := map[string]int{}
	for _, row := range costs.Table(p) {
		sizes[row.Mode] = row.Tokens
	}
	var got []string
	for _, n := range r.Notices {
		got = append(got, fmt.Sprintf("%s %d %d %s", n.Mode, n.Tokens, n.Over, n.Line))
	}
	a, b, c, d := sizes["a"], sizes["b"], sizes["c"], sizes["d"]
	want := []string{
		fmt.Sprintf("d %d %d d · %d tokens per call", d, d-a, d),
		fmt.Sprintf("a %d 0 a · %d tokens per call", a, a),
		fmt.Sprintf("b %d %d b · +%d tokens per call (%d total)", b, b-a, b-a, b),
		fmt.Sprintf("c %d 0 c · +0 tokens per call (%d total)", c, c),
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") || r.Choice != "auto" || r.Model != "any-model" {
		t.Errorf("notices (choice %q):\n%s\nwant:\n%s", r.Choice, strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if d >= a {
		t.Errorf("d (%d) is not below a (%d): the case shows no negative difference", d, a)
	}
}

// TestCompareWithNothingSent: a comparison of programs that send no text
// at all has no change, not a division by zero.
func TestCompareWithNothingSent(t *testing.T) {
	p := testproject.FromFiles(t, map[string]string{
		"promptc.cue": `version: "v1"
parts: e: file: "e.md"
modes: focus: compose: [parts.e]
order: ["focus"]
defaultMode: "focus"
`,
		"e.md": "<!-- promptc:ignore TEXT_TAB nothing but a directive -->\n",
	})
	c := costs.Compare(p, p)
	if c.FromTotal != 0 || c.ToTotal != 0 || c.Change != 0 {
		t.Errorf("totals %d, %d, change %v; want 0, 0, 0", c.FromTotal, c.ToTotal, c.Change)
	}
}
