package lint

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/promptc/promptc/internal/testproject"
)

// Paragraphs of 80 characters or more, and one of 79.
const (
	longA = "Run the project's tests after every change and report the result, including failures you did not cause."
	longB = "Read the relevant files before you edit them, and keep every change inside the scope the user asked for."
	short = "This paragraph is exactly seventy-nine characters long, just under the minimum."
)

// repeatProject is a project with a base part, the three family parts and
// two families; a case adds to or replaces its files.
func repeatProject(over map[string]string) map[string]string {
	files := map[string]string{
		"promptc.cue": `version: "v1"
parts: {
	base: file: "base.md"
	familyLine: family: "line"
	familyBody: family: "body"
	modelNote: family: "note"
}
modes: {
	focus: compose: [parts.base, parts.familyLine, parts.modelNote]
	guide: compose: [parts.base, parts.familyLine, parts.familyBody, parts.modelNote]
}
order: ["focus", "guide"]
defaultMode: "focus"
`,
		"base.md":                           "You are a coding agent.\n",
		"prompts/families/claude.prompt.md": "---\nfamily: claude\nprovenance: original text\n---\nClaude line.\n\nClaude body.\n",
		"prompts/families/gemini.prompt.md": "---\nfamily: gemini\nprovenance: original text\n---\nGemini line.\n\nGemini body.\n",
	}
	maps.Copy(files, over)
	return files
}

// familyFile is a family file of name with line, body and notes (each note
// "label\ntext").
func familyFile(name, line, body string, notes ...string) string {
	s := fmt.Sprintf("---\nfamily: %s\nprovenance: original text\n---\n%s\n\n%s\n", name, line, body)
	for _, n := range notes {
		label, text, _ := strings.Cut(n, "\n")
		s += fmt.Sprintf("<!-- model %q /%s/i -->\n%s\n", label, strings.ToLower(label), text)
	}
	return s
}

// TestRepeats checks which paragraphs PARAGRAPH_REPEATED reports, where,
// and for which modes and families: only two copies one prompt sends.
func TestRepeats(t *testing.T) {
	withParts := func(parts, modes string) string {
		return `version: "v1"
parts: {
	base: file: "base.md"
	familyLine: family: "line"
	familyBody: family: "body"
	modelNote: family: "note"
` + parts + `
}
modes: {
` + modes + `
}
defaultMode: "focus"
`
	}
	tests := []struct {
		name  string
		files map[string]string
		// want holds "path:line:col message-substring" per finding.
		want []string
	}{
		{
			name: "base and family body",
			files: repeatProject(map[string]string{
				"base.md":                           "You are a coding agent.\n\n" + longA + "\n",
				"prompts/families/claude.prompt.md": familyFile("claude", "Claude line.", "Claude body.\n\n"+longA),
			}),
			want: []string{"prompts/families/claude.prompt.md:9:1 part base sends it first, at base.md:3, and part familyBody again here (in mode guide for family claude)"},
		},
		{
			name: "white space collapsed",
			files: repeatProject(map[string]string{
				"base.md":                           longA + "\n",
				"prompts/families/gemini.prompt.md": familyFile("gemini", "Gemini line.", strings.ReplaceAll(longA, " after ", "\n  after\t")),
			}),
			want: []string{"prompts/families/gemini.prompt.md:7:1 (in mode guide for family gemini)"},
		},
		{
			name: "79 characters",
			files: repeatProject(map[string]string{
				"base.md":                           short + "\n",
				"prompts/families/claude.prompt.md": familyFile("claude", "Claude line.", short),
			}),
		},
		{
			name: "the mode does not send the family part",
			files: repeatProject(map[string]string{
				"promptc.cue": withParts("", `focus: compose: [parts.base, parts.familyLine]`),
				"base.md":     longA + "\n",
				// Only the body repeats it, and no mode sends the body.
				"prompts/families/claude.prompt.md": familyFile("claude", "Claude line.", longA),
			}),
		},
		{
			name: "every family and two modes: one finding",
			files: repeatProject(map[string]string{
				"promptc.cue": withParts("", `focus: compose: [parts.base, parts.familyBody]
	guide: compose: [parts.base, parts.familyLine, parts.familyBody]
	lean: compose: [parts.familyLine]`),
				"base.md":                            longA + "\n",
				"prompts/shared/tests.md":            longA + "\n",
				"prompts/families/claude.prompt.md":  familyFile("claude", "Claude line.", "@../shared/tests.md"),
				"prompts/families/gemini.prompt.md":  familyFile("gemini", "Gemini line.", "@../shared/tests.md"),
				"prompts/families/neutral.prompt.md": familyFile("neutral", "Neutral line.", "@../shared/tests.md"),
			}),
			want: []string{"prompts/shared/tests.md:1:1 part base sends it first, at base.md:1, and part familyBody again here (in modes focus, guide);"},
		},
		{
			name: "a shared file two families include",
			files: repeatProject(map[string]string{
				"base.md":                           longA + "\n",
				"prompts/shared/tests.md":           longA + "\n",
				"prompts/families/claude.prompt.md": familyFile("claude", "Claude line.", "@../shared/tests.md"),
				"prompts/families/gemini.prompt.md": familyFile("gemini", "Gemini line.", "@../shared/tests.md"),
			}),
			want: []string{"prompts/shared/tests.md:1:1 (in mode guide for families claude, gemini)"},
		},
		{
			name: "a model note",
			files: repeatProject(map[string]string{
				"base.md":                           longA + "\n",
				"prompts/families/claude.prompt.md": familyFile("claude", "Claude line.", "Claude body.", "Opus\n"+longA, "Haiku\nBe brief."),
			}),
			want: []string{`prompts/families/claude.prompt.md:9:1 part modelNote again here (in modes focus, guide for family claude note "Opus")`},
		},
		{
			name: "two notes of one family",
			files: repeatProject(map[string]string{
				"prompts/families/claude.prompt.md": familyFile("claude", "Claude line.", "Claude body.", "Opus\n"+longA, "Haiku\n"+longA),
			}),
		},
		{
			name: "two modes, never one prompt",
			files: repeatProject(map[string]string{
				"promptc.cue": withParts(`	a: file: "a.md"
	b: file: "b.md"`, `focus: compose: [parts.base, parts.a]
	lean: compose: [parts.b]`),
				"a.md": longA + "\n",
				"b.md": longA + "\n",
			}),
		},
		{
			name: "one part says it twice",
			files: repeatProject(map[string]string{
				"base.md": longA + "\n\n" + longA + "\n",
			}),
		},
		{
			// Both parts take lines of shared.md, so each of its
			// paragraphs is a candidate; only the one base sends too is
			// sent twice.
			name: "two blocks of one file, each sent by one part",
			files: repeatProject(map[string]string{
				"promptc.cue": withParts(`	one: {file: "shared.md", block: "one"}
	two: {file: "shared.md", block: "two"}`, `focus: compose: [parts.base, parts.one, parts.two]`),
				"base.md":   longB + "\n",
				"shared.md": "<!-- one -->\n" + longA + "\n<!-- /one -->\n\n<!-- two -->\n" + longB + "\n<!-- /two -->\n",
			}),
			want: []string{"shared.md:6:1 part base sends it first, at base.md:1, and part two again here (in mode focus)"},
		},
		{
			name: "two values of one enum input",
			files: repeatProject(map[string]string{
				"promptc.cue": withParts(`	terse: {file: "terse.md", when: {input: "Style", is: ["terse"]}}
	caveman: {file: "caveman.md", when: {input: "Style", is: ["caveman", "grunt"]}}`,
					`focus: compose: [parts.base, parts.terse, parts.caveman]`) + `inputs: Style: {type: "enum", values: ["terse", "caveman", "grunt"]}
`,
				"terse.md":   longA + "\n",
				"caveman.md": longA + "\n",
			}),
		},
		{
			name: "one value meets both conditions",
			files: repeatProject(map[string]string{
				"promptc.cue": withParts(`	terse: {file: "terse.md", when: {input: "Style", is: ["terse", "grunt"]}}
	caveman: {file: "caveman.md", when: {input: "Style", is: ["caveman", "grunt"]}}`,
					`focus: compose: [parts.base, parts.terse, parts.caveman]`) + `inputs: Style: {type: "enum", values: ["terse", "caveman", "grunt"]}
`,
				"terse.md":   longA + "\n",
				"caveman.md": longA + "\n",
			}),
			want: []string{"caveman.md:1:1 part terse sends it first, at terse.md:1, and part caveman again here (in mode focus)"},
		},
		{
			name: "true and false of one bool input",
			files: repeatProject(map[string]string{
				"promptc.cue": withParts(`	own: {file: "own.md", when: input: "HasOwn"}
	packaged: {file: "packaged.md", when: {input: "HasOwn", is: [false]}}`,
					`focus: compose: [parts.own, parts.packaged]`) + `inputs: HasOwn: type: "bool"
`,
				"own.md":      longB + "\n",
				"packaged.md": longB + "\n",
			}),
		},
		{
			name: "conditions on two inputs",
			files: repeatProject(map[string]string{
				"promptc.cue": withParts(`	own: {file: "own.md", when: input: "HasOwn"}
	git: {file: "git.md", when: input: "IsGit"}`,
					`focus: compose: [parts.own, parts.git]`) + `inputs: {HasOwn: type: "bool", IsGit: type: "bool"}
`,
				"own.md": longB + "\n",
				"git.md": longB + "\n",
			}),
			want: []string{"git.md:1:1 (in mode focus)"},
		},
		{
			name: "a conditional part no example reaches",
			files: repeatProject(map[string]string{
				"promptc.cue": withParts(`	patch: {file: "patch.md", models: ["^o3"]}`,
					`focus: compose: [parts.base, parts.familyLine, parts.patch]`),
				"base.md":  longA + "\n",
				"patch.md": longA + "\n",
			}),
			// Nothing tells which families it reaches: it counts as sent
			// with every family.
			want: []string{"patch.md:1:1 part base sends it first, at base.md:1, and part patch again here (in mode focus)"},
		},
		{
			name: "a conditional part an example reaches",
			files: repeatProject(map[string]string{
				"promptc.cue": withParts(`	patch: {file: "patch.md", models: ["^o3"]}`,
					`focus: compose: [parts.base, parts.familyLine, parts.patch]`) + `families: examples: "o3-mini": {family: "neutral", parts: ["patch"]}
`,
				"base.md":  longA + "\n",
				"patch.md": longA + "\n",
			}),
			// The fallback family o3-mini resolves to, and no other.
			want: []string{"patch.md:1:1 part base sends it first, at base.md:1, and part patch again here (in mode focus for family neutral)"},
		},
		{
			name: "two parts include one file",
			files: repeatProject(map[string]string{
				"promptc.cue": withParts(`	a: file: "a.md"
	b: file: "b.md"`, `focus: compose: [parts.base, parts.a, parts.b]`),
				"a.md":           "Part a.\n\n@shared/safe.md\n",
				"b.md":           "Part b.\n\n  @shared/safe.md\n",
				"shared/safe.md": longB + "\n",
			}),
			want: []string{"b.md:3:3 this @include sends a paragraph (104 characters, shared/safe.md:1) that part a already sends in the same prompt, through its @include at a.md:3 (in mode focus)"},
		},
		{
			name: "two parts include a file that includes another",
			files: repeatProject(map[string]string{
				"promptc.cue": withParts(`	a: file: "a.md"
	b: file: "b.md"`, `focus: compose: [parts.base, parts.a, parts.b]`),
				"a.md":            "Part a.\n\n@shared/outer.md\n",
				"b.md":            "Part b.\n\n@shared/outer.md\n",
				"shared/outer.md": longA + "\n\n@inner.md\n",
				"shared/inner.md": longB + "\n",
			}),
			// One finding at the include line of the file reached twice,
			// counting the paragraphs of both files; none in outer.md.
			want: []string{"b.md:3:1 this @include sends 2 paragraphs (207 characters, the first at shared/outer.md:1) that part a already sends in the same prompt, through its @include at a.md:3 (in mode focus)"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := testproject.FromFiles(t, tt.files)
			l := &linter{p: p}
			var got []string
			for _, d := range l.repeats() {
				got = append(got, fmt.Sprintf("%s %s", d.Pos, d.Message))
			}
			if len(got) != len(tt.want) {
				t.Fatalf("got %d findings, want %d:\n%s", len(got), len(tt.want), strings.Join(got, "\n"))
			}
			for i, w := range tt.want {
				pos, sub, _ := strings.Cut(w, " ")
				if !strings.HasPrefix(got[i], pos+" ") || !strings.Contains(got[i], sub) {
					t.Errorf("finding %d:\n got  %s\n want %s ... %s ...", i, got[i], pos, sub)
				}
			}
		})
	}
}

// TestLinesOf checks the lines of a span's text a paragraph is compared by.
func TestLinesOf(t *testing.T) {
	text := "one\ntwo\nthree\n"
	for _, tt := range []struct {
		from, to int
		want     string
	}{
		{0, 0, "one\n"},
		{1, 2, "two\nthree\n"},
		{0, 2, text},
		{2, 5, "three\n"},
	} {
		if got := linesOf(text, tt.from, tt.to); got != tt.want {
			t.Errorf("linesOf(%d, %d) = %q, want %q", tt.from, tt.to, got, tt.want)
		}
	}
}

// TestIncludeLinesReadEachFileOnce checks that the include lines of a file
// are searched once per lint, however often a repeated paragraph asks
// where a file was included: the second search finds the same lines with
// the program's files gone.
func TestIncludeLinesReadEachFileOnce(t *testing.T) {
	p := testproject.FromFiles(t, repeatProject(map[string]string{
		"promptc.cue": `version: "v1"
includes: enabled: true
parts: {
	a: file: "a.md"
	b: file: "b.md"
}
modes: focus: compose: [parts.a, parts.b]
order: ["focus"]
defaultMode: "focus"
`,
		"a.md":            "Part a.\n\n@shared/outer.md\n",
		"b.md":            "Part b.\n\n  @shared/outer.md\n",
		"shared/outer.md": longA + "\n\n@inner.md\n",
		"shared/inner.md": longB + "\n",
	}))
	x := &paragraphIndex{p: p}
	a, b := p.Parts["a"].Spans, p.Parts["b"].Spans
	va, vb := x.includeLines(a, b, "shared/inner.md")
	if va.String() != "a.md:3:1" || vb.String() != "b.md:3:3" {
		t.Fatalf("include lines %s and %s, want a.md:3:1 and b.md:3:3", va, vb)
	}
	// Every file searched is remembered; the next search, the sources
	// the other way round, reads none.
	p.Files = nil
	vb, va = x.includeLines(b, a, "shared/inner.md")
	if va.String() != "a.md:3:1" || vb.String() != "b.md:3:3" {
		t.Fatalf("the other way round: include lines %s and %s, want b.md:3:3 and a.md:3:1", vb, va)
	}
	if got := slices.Sorted(maps.Keys(x.includes)); !slices.Equal(got, []string{"a.md", "b.md", "shared/outer.md"}) {
		t.Errorf("files searched %q, want a.md, b.md, shared/outer.md", got)
	}
	// The answer for the two sources and the file is kept too: with the
	// files' include lines forgotten it is the same, and nothing is
	// searched again.
	x.includes = nil
	if va, vb := x.includeLines(a, b, "shared/inner.md"); va.String() != "a.md:3:1" || vb.String() != "b.md:3:3" {
		t.Errorf("asked again: include lines %s and %s, want a.md:3:1 and b.md:3:3", va, vb)
	}
	if len(x.includes) != 0 || len(x.vias) != 2 {
		t.Errorf("asked again: %d files searched, %d answers kept; want 0 and 2", len(x.includes), len(x.vias))
	}
}

// candidatesProject has longB in base.md (wrapped, in a list item) and in
// other.md, which another part sends, and longA in base.md alone.
func candidatesProject(t *testing.T) *paragraphIndex {
	t.Helper()
	p := testproject.FromFiles(t, repeatProject(map[string]string{
		"promptc.cue": `version: "v1"
parts: {
	base: file: "base.md"
	other: file: "other.md"
}
modes: focus: compose: [parts.base, parts.other]
order: ["focus"]
defaultMode: "focus"
`,
		"base.md":  longA + "\n\n- " + strings.Replace(longB, " before ", "\n  before  ", 1) + "\n",
		"other.md": longB + "\n",
	}))
	return newParagraphIndex(p)
}

// TestCandidatesOncePerFile checks that a file's candidate paragraphs,
// with their collapsed text, are found once, however many sections send
// the file: the second call answers with the index's paragraphs gone.
func TestCandidatesOncePerFile(t *testing.T) {
	x := candidatesProject(t)
	if x.ncandidates != 1 {
		t.Fatalf("%d candidate keys, want 1 (longB)", x.ncandidates)
	}
	got := x.candidatesOf("base.md")
	if len(got) != 1 || got[0].text != longB || got[0].start != 3 || got[0].end != 4 || got[0].id != 0 {
		t.Fatalf("candidatesOf(base.md) = %+v, want longB collapsed, lines 3 to 4, id 0", got)
	}
	if other := x.candidatesOf("other.md"); len(other) != 1 || other[0].id != 0 || other[0].start != 1 {
		t.Fatalf("candidatesOf(other.md) = %+v, want longB at line 1 with the same id", other)
	}
	asked := 0
	for _, f := range x.files {
		if f.found {
			asked++
		}
		f.text, f.paras = "", nil
	}
	if again := x.candidatesOf("base.md"); len(again) != 1 || again[0].text != longB {
		t.Errorf("asked again: %+v, want the same paragraph without scanning", again)
	}
	if x.ids != 1 || asked != 2 {
		t.Errorf("%d ids numbered, %d files asked; want 1 and 2", x.ids, asked)
	}
}

// TestCandidatesOncePerSection checks that a section's candidate
// paragraphs are found once, however many compositions send it: the
// second call answers with the program's files and the candidates gone.
func TestCandidatesOncePerSection(t *testing.T) {
	x := candidatesProject(t)
	spans := x.p.Parts["base"].Spans
	got := x.candidatesIn(spans)
	if len(got) != 1 || got[0].text != longB || got[0].pos.String() != "base.md:3:1" {
		t.Fatalf("candidatesIn = %+v, want the second paragraph at base.md:3:1", got)
	}
	x.p.Files, x.files = nil, nil
	if again := x.candidatesIn(spans); len(again) != 1 || again[0].text != longB {
		t.Errorf("asked again: %+v, want the same paragraph without scanning", again)
	}
	if len(x.sectionCandidates) != 1 {
		t.Errorf("%d sections scanned, want 1", len(x.sectionCandidates))
	}
}

// TestKeyTable checks the table against a map: a key one holder holds
// keeps it, a key a second holder holds is held by many, keys that meet
// in a slot are kept apart, and the table never grows past its room.
func TestKeyTable(t *testing.T) {
	var tb keyTable
	const n = 5000
	tb.init(n)
	size := len(tb.slots)
	want := map[uint64]int32{}
	slot := map[uint64]int32{}
	for i := range 3 * n {
		// n distinct keys, with low and high bits alike for many, each
		// held by one of three holders or by many.
		key := uint64(i%n) << 40 * 7
		holder := int32(i%3) + 1
		if i%n == 17 {
			holder = manyHolders
		}
		if i >= n && i%5 != 0 {
			holder = want[key] // held again by the same holder
		}
		s, was := tb.hold(key, holder)
		switch before, ok := want[key]; {
		case !ok:
			want[key] = holder
			if was != 0 {
				t.Fatalf("key %x: new, but was held by %d", key, was)
			}
		case before != holder:
			want[key] = manyHolders
			fallthrough
		default:
			if was != before {
				t.Fatalf("key %x: was held by %d, want %d", key, was, before)
			}
		}
		if first, ok := slot[key]; ok && first != s {
			t.Fatalf("key %x in slot %d, then %d", key, first, s)
		}
		slot[key] = s
	}
	for key, holder := range want {
		if s := tb.slots[slot[key]]; s.key != key || s.holder != holder {
			t.Errorf("key %x: slot holds %x by %d, want held by %d", key, s.key, s.holder, holder)
		}
	}
	if len(tb.slots) != size || size < 2*n {
		t.Errorf("%d slots for %d keys (%d at first)", len(tb.slots), n, size)
	}
}

// TestTextGroupsCollision checks that two texts with one key are two
// groups, in the order the texts first appear, and that a reset keeps no
// group.
func TestTextGroupsCollision(t *testing.T) {
	var g textGroups
	g.reset()
	a, b, c := g.find(7, "a"), g.find(7, "b"), g.find(8, "c")
	if a != 0 || b != 1 || c != 2 {
		t.Fatalf("groups %d, %d, %d; want 0, 1, 2", a, b, c)
	}
	if g.find(7, "b") != 1 || g.find(7, "a") != 0 || g.n != 3 {
		t.Errorf("found again: b %d, a %d, %d groups; want 1, 0 and 3", g.find(7, "b"), g.find(7, "a"), g.n)
	}
	g.list[a].occ = append(g.list[a].occ, occurrence{sec: 1})
	g.reset()
	if j := g.find(7, "b"); j != 0 || g.n != 1 || len(g.list[j].occ) != 0 {
		t.Errorf("after reset: group %d of %d with %d copies; want 0 of 1 with none", j, g.n, len(g.list[j].occ))
	}
}
