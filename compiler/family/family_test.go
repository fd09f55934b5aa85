package family

import (
	"slices"
	"strings"
	"testing"

	"github.com/promptc/promptc/internal/testtree"

	"github.com/promptc/promptc/compiler/include"
	"github.com/promptc/promptc/compiler/source"
	"github.com/promptc/promptc/internal/diag"
)

// project writes files (path -> text) below a fresh directory and opens it.
func project(t testing.TB, files map[string]string) *source.FS {
	t.Helper()
	fs, err := source.Open(testtree.Write(t, files))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { fs.Close() })
	return fs
}

const famPath = "prompts/families/claude.prompt.md"

// parse parses text as the claude family file, with extra files beside it.
func parse(t *testing.T, text string, extra map[string]string) (*Family, []diag.Diagnostic) {
	t.Helper()
	files := map[string]string{famPath: text}
	for k, v := range extra {
		files[k] = v
	}
	fs := project(t, files)
	return Parse(fs, famPath, Options{Expand: true})
}

// brief renders diagnostics as "line:col RULE".
func brief(ds []diag.Diagnostic) []string {
	var out []string
	for _, d := range diag.Sort(ds) {
		s := d.Pos.String()
		if d.Pos.Path == famPath {
			s = strings.TrimPrefix(s, famPath+":")
		}
		out = append(out, s+" "+d.Rule)
	}
	return out
}

const header = "---\nfamily: claude\nprovenance: original text\n---\n"

func TestParseSections(t *testing.T) {
	text := header + `

Claude line,
continued on a second line.

Body paragraph one.

Body paragraph two.
<!-- model "Opus" /opus/i -->
Opus note.

<!-- model "Sonnet 4" /sonnet-4/ -->

Sonnet note, after a blank line.
<!-- model "Haiku" /haiku/ -->
`
	fam, ds := parse(t, text, nil)
	if len(ds) > 0 {
		t.Fatalf("diagnostics %v", ds)
	}
	if fam.Name != "claude" || fam.Path != famPath || fam.Provenance != "original text" {
		t.Errorf("family %q at %q, provenance %q", fam.Name, fam.Path, fam.Provenance)
	}
	if fam.HeaderPos.String() != famPath+":1:1" {
		t.Errorf("header at %s", fam.HeaderPos)
	}
	check := func(what string, s Section, text string, line int) {
		t.Helper()
		if got := s.Text(); got != text {
			t.Errorf("%s text %q, want %q", what, got, text)
		}
		if s.Pos.Path != famPath || s.Pos.Line != line {
			t.Errorf("%s at %s, want line %d", what, s.Pos, line)
		}
	}
	check("line", fam.Line, "Claude line,\ncontinued on a second line.", 7)
	check("body", fam.Body, "Body paragraph one.\n\nBody paragraph two.", 10)
	if len(fam.Notes) != 3 {
		t.Fatalf("%d notes, want 3", len(fam.Notes))
	}
	wantNotes := []struct {
		label, literal, text string
		marker               int
	}{
		{"Opus", "/opus/i", "Opus note.", 13},
		{"Sonnet 4", "/sonnet-4/", "Sonnet note, after a blank line.", 16},
		{"Haiku", "/haiku/", "", 19},
	}
	for i, w := range wantNotes {
		n := fam.Notes[i]
		if n.Label != w.label || n.Literal != w.literal || n.Text() != w.text {
			t.Errorf("note %d: %q %q %q, want %q %q %q", i, n.Label, n.Literal, n.Text(), w.label, w.literal, w.text)
		}
		// A note's position is its marker line, where its label and
		// pattern are written.
		if n.Pos.Line != w.marker || n.Pos.Col != 1 {
			t.Errorf("note %q at %s, want line %d", n.Label, n.Pos, w.marker)
		}
		if n.Pattern == nil {
			t.Errorf("note %q has no pattern", n.Label)
		}
	}
	if got := fam.Files; !slices.Equal(got, []string{famPath}) {
		t.Errorf("files %v", got)
	}
	for id, want := range map[string]int{"claude-opus-4": 0, "CLAUDE-OPUS": 0, "claude-sonnet-4-5": 1, "claude-SONNET-4": -1, "claude-3-haiku": 2, "gpt-4o": -1} {
		if got := fam.NoteFor(id); got != want {
			t.Errorf("NoteFor(%q) = %d, want %d", id, got, want)
		}
	}
	if len(fam.Notes) != 3 {
		t.Errorf("%d notes, want 3", len(fam.Notes))
	}
}

func TestParseShortLineOnly(t *testing.T) {
	for _, tc := range []struct {
		name, text, line, body string
		notes                  int
	}{
		{"line only", header + "Only a line.\n", "Only a line.", "", 0},
		{"no final newline", header + "Only a line.", "Only a line.", "", 0},
		{"empty", header, "", "", 0},
		{"note right after the header", header + "<!-- model \"A\" /a/ -->\nA.\n", "", "", 1},
		{"line then note", header + "Line.\n<!-- model \"A\" /a/ -->\nA.\n", "Line.", "", 1},
		{"blank lines everywhere", header + "\n\n\nLine.\n\n\n\nBody.\n\n\n", "Line.", "Body.", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fam, ds := parse(t, tc.text, nil)
			if len(ds) > 0 {
				t.Fatalf("diagnostics %v", ds)
			}
			if fam.Line.Text() != tc.line || fam.Body.Text() != tc.body || len(fam.Notes) != tc.notes {
				t.Errorf("line %q body %q notes %d; want %q %q %d", fam.Line.Text(), fam.Body.Text(), len(fam.Notes), tc.line, tc.body, tc.notes)
			}
		})
	}
}

func TestParseMarkerInCodeIsText(t *testing.T) {
	text := header + "Line.\n\nBody quotes markers:\n\n```markdown\n<!-- model \"Fenced\" /x/ -->\n```\n\n~~~\n<!-- model \"Tilde\" /x/ -->\n~~~\n\n    <!-- model \"Indented\" /x/ -->\n\n   <!-- model \"Real\" /real/ -->\nReal note.\n````\n<!-- model \"Unclosed fence\" /x/ -->\n"
	fam, ds := parse(t, text, nil)
	if len(ds) > 0 {
		t.Fatalf("diagnostics %v", ds)
	}
	if len(fam.Notes) != 1 || fam.Notes[0].Label != "Real" {
		t.Fatalf("notes %v, want only Real", fam.Notes)
	}
	for _, quoted := range []string{"Fenced", "Tilde", "Indented"} {
		if !strings.Contains(fam.Body.Text(), `"`+quoted+`"`) {
			t.Errorf("body lacks the quoted %s marker:\n%s", quoted, fam.Body.Text())
		}
	}
	// A fence that is never closed runs to the end of the file: the marker
	// in it is the note's text.
	if got := fam.Notes[0].Text(); !strings.Contains(got, `"Unclosed fence"`) {
		t.Errorf("note text %q lacks the marker quoted in the unclosed fence", got)
	}
}

func TestParseIncludesKeepOrigins(t *testing.T) {
	text := header + "Line.\n\nBody start.\n@../shared/body.md\nBody end.\n<!-- model \"Opus\" /opus/ -->\n@notes/opus.md\n```\n@not/an/include.md\n```\n"
	extra := map[string]string{
		"prompts/shared/body.md":           "Shared body line 1.\nShared body line 2.\n",
		"prompts/families/notes/opus.md":   "Opus from a file.\n@deeper.md\n",
		"prompts/families/notes/deeper.md": "Deeper.\n",
	}
	fam, ds := parse(t, text, extra)
	if len(ds) > 0 {
		t.Fatalf("diagnostics %v", ds)
	}
	type origin struct {
		line string
		path string
		num  int
	}
	origins := func(s Section) []origin {
		var out []origin
		include.EachLine(s.Spans, func(line, path string, num int) bool {
			out = append(out, origin{line, path, num})
			return true
		})
		return out
	}
	wantBody := []origin{
		{"Body start.", famPath, 7},
		{"Shared body line 1.", "prompts/shared/body.md", 1},
		{"Shared body line 2.", "prompts/shared/body.md", 2},
		{"Body end.", famPath, 9},
	}
	if got := origins(fam.Body); !slices.Equal(got, wantBody) {
		t.Errorf("body origins\n%v\nwant\n%v", got, wantBody)
	}
	wantNote := []origin{
		{"Opus from a file.", "prompts/families/notes/opus.md", 1},
		{"Deeper.", "prompts/families/notes/deeper.md", 1},
		{"```", famPath, 12},
		{"@not/an/include.md", famPath, 13},
		{"```", famPath, 14},
	}
	if got := origins(fam.Notes[0].Section); !slices.Equal(got, wantNote) {
		t.Errorf("note origins\n%v\nwant\n%v", got, wantNote)
	}
	// The note's position stays its marker; its section starts in the
	// included file.
	if fam.Notes[0].Pos.Line != 10 {
		t.Errorf("note at %s, want its marker line 10", fam.Notes[0].Pos)
	}
	wantFiles := []string{famPath, "prompts/shared/body.md", "prompts/families/notes/opus.md", "prompts/families/notes/deeper.md"}
	if !slices.Equal(fam.Files, wantFiles) {
		t.Errorf("files %v, want %v", fam.Files, wantFiles)
	}

	// Without expansion the include lines are text.
	fs := project(t, withFile(extra, famPath, text))
	raw, ds := Parse(fs, famPath, Options{})
	if len(ds) > 0 {
		t.Fatalf("diagnostics %v", ds)
	}
	if !strings.Contains(raw.Body.Text(), "@../shared/body.md") || !slices.Equal(raw.Files, []string{famPath}) {
		t.Errorf("unexpanded body %q, files %v", raw.Body.Text(), raw.Files)
	}
}

func withFile(files map[string]string, p, text string) map[string]string {
	out := map[string]string{p: text}
	for k, v := range files {
		out[k] = v
	}
	return out
}

func TestParseIncludeProblemsAreReported(t *testing.T) {
	text := header + "Line.\n\n@missing.md\n<!-- model \"A\" /a/ -->\n@claude.prompt.md\n"
	_, ds := parse(t, text, nil)
	got := brief(ds)
	want := []string{"7:1 INCLUDE_NOT_FOUND", "9:1 INCLUDE_CYCLE"}
	if len(got) != 2 || !strings.HasSuffix(got[0], want[0]) || !strings.HasPrefix(got[1], want[1]) {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestParseDirectivesAreStripped(t *testing.T) {
	text := header + "Line.\n\nBody.\n<!-- promptc:ignore TEXT_TRAILING_SPACE kept on purpose -->\nMore body.\n<!-- model \"A\" /a/ -->\n<!-- promptc:ignore X reason -->\nNote.\n"
	fam, ds := parse(t, text, nil)
	if len(ds) > 0 {
		t.Fatalf("diagnostics %v", ds)
	}
	if got := fam.Body.Text(); got != "Body.\nMore body." {
		t.Errorf("body %q", got)
	}
	if got := fam.Notes[0].Text(); got != "Note." {
		t.Errorf("note %q", got)
	}
	if fam.Notes[0].Section.Spans[0].Line != 12 {
		t.Errorf("note text origin %v, want line 12", fam.Notes[0].Section.Spans)
	}
}

func TestParseMarkers(t *testing.T) {
	tests := []struct {
		name, marker string
		diags        []string // "col RULE"
		label, lit   string   // of the parsed note, "" when none
	}{
		{"plain", `<!-- model "Opus" /opus/i -->`, nil, "Opus", "/opus/i"},
		{"tight comment", `<!--model "Opus" /opus/-->`, nil, "Opus", "/opus/"},
		{"extra spaces", `<!--   model   "Opus 4.1"   /opus-4[.-]1/  -->`, nil, "Opus 4.1", "/opus-4[.-]1/"},
		{"three spaces of indent", `   <!-- model "A" /a/ -->`, nil, "A", "/a/"},
		{"trailing space", `<!-- model "A" /a/ -->  `, nil, "A", "/a/"},
		{"empty label", `<!-- model "" /a/ -->`, nil, "", "/a/"},
		{"no label", `<!-- model /a/ -->`, []string{"1 FAMILY_NOTE_MARKER"}, "", ""},
		{"unquoted label", `<!-- model Opus /a/ -->`, []string{"1 FAMILY_NOTE_MARKER"}, "", ""},
		{"no pattern", `<!-- model "A" -->`, []string{"1 FAMILY_NOTE_MARKER"}, "", ""},
		{"pattern without slashes", `<!-- model "A" opus -->`, []string{"1 FAMILY_NOTE_MARKER"}, "", ""},
		{"lookbehind", `<!-- model "A" /(?<=claude-)opus/i -->`, []string{"17 FAMILY_NOTE_PATTERN"}, "A", "/(?<=claude-)opus/i"},
		{"lookahead after text", `<!-- model "A" /opus(?=-4)/ -->`, []string{"21 FAMILY_NOTE_PATTERN"}, "A", "/opus(?=-4)/"},
		{"backreference", `<!-- model "A" /(a)\1/ -->`, []string{"20 FAMILY_NOTE_PATTERN"}, "A", `/(a)\1/`},
		{"g flag", `<!-- model "A" /a/g -->`, []string{"19 FAMILY_NOTE_PATTERN"}, "A", "/a/g"},
		{"y flag", `<!-- model "Ä" /a/iy -->`, []string{"20 FAMILY_NOTE_PATTERN"}, "Ä", "/a/iy"},
		{"unknown flag", `<!-- model "A" /a/x -->`, []string{"19 FAMILY_NOTE_PATTERN"}, "A", "/a/x"},
		// The column is found from the match, not by searching the line for
		// the literal's text, which the label may repeat.
		{"label repeats the literal", `<!-- model "/a/g" /a/g -->`, []string{"22 FAMILY_NOTE_PATTERN"}, "/a/g", "/a/g"},
		{"unterminated", `<!-- model "A" /abc -->`, []string{"FAMILY_NOTE_PATTERN"}, "A", "/abc"},
		{"other comment", `<!-- models "A" /a/ -->`, nil, "", ""},
		{"not a comment", `model "A" /a/`, nil, "", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			text := header + "Line.\n\nBody.\n" + tc.marker + "\nNote text.\n<!-- model \"Last\" /last/ -->\nLast.\n"
			fam, ds := parse(t, text, nil)
			var got []string
			for _, d := range diag.Sort(ds) {
				if d.Pos.Line != 8 {
					t.Errorf("%s: want line 8", d)
				}
				if d.Rule == RuleNotePattern && !strings.Contains(d.Message, "model note") {
					t.Errorf("%s: message does not name the note", d)
				}
				got = append(got, itoa(d.Pos.Col)+" "+d.Rule)
			}
			want := tc.diags
			if tc.name == "unterminated" && len(got) == 1 {
				got[0] = got[0][strings.IndexByte(got[0], ' ')+1:]
			}
			if !slices.Equal(got, want) {
				t.Errorf("diagnostics %q, want %q", got, want)
			}
			// The last note is always found.
			last := fam.Notes[len(fam.Notes)-1]
			if last.Label != "Last" || last.Text() != "Last." {
				t.Errorf("last note %q %q", last.Label, last.Text())
			}
			var first *Note
			if len(fam.Notes) == 2 {
				first = &fam.Notes[0]
			}
			switch {
			case tc.lit == "" && first != nil:
				t.Errorf("unexpected note %q %q", first.Label, first.Literal)
			case tc.lit != "" && first == nil:
				t.Errorf("no note parsed, want %q %q", tc.label, tc.lit)
			case first != nil:
				if first.Label != tc.label || first.Literal != tc.lit || first.Text() != "Note text." {
					t.Errorf("note %q %q %q", first.Label, first.Literal, first.Text())
				}
				if (first.Pattern == nil) != (len(tc.diags) > 0) {
					t.Errorf("pattern %v with diagnostics %v", first.Pattern, tc.diags)
				}
			}
			// A malformed marker still ends the body; a comment that is no
			// marker is body text.
			if tc.lit == "" && len(tc.diags) == 0 {
				if !strings.Contains(fam.Body.Text(), tc.marker) {
					t.Errorf("body %q lacks the non-marker line", fam.Body.Text())
				}
			} else if fam.Body.Text() != "Body." {
				t.Errorf("body %q, want the text before the marker", fam.Body.Text())
			}
		})
	}
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + itoa(n%10)
}

func TestParseHeader(t *testing.T) {
	tests := []struct {
		name, path, text string
		want             []string // "line:col RULE" in the family file
	}{
		{"good", famPath, header + "Line.\n", nil},
		{"no header", famPath, "Line.\n", []string{"1:1 FAMILY_NO_PROVENANCE"}},
		{"unclosed header", famPath, "---\nfamily: claude\nLine.\n", []string{"1:1 FAMILY_HEADER"}},
		{"no provenance", famPath, "---\nfamily: claude\n---\nLine.\n", []string{"1:1 FAMILY_NO_PROVENANCE"}},
		{"blank provenance", famPath, "---\nfamily: claude\nprovenance: \"  \"\n---\nLine.\n", []string{"1:1 FAMILY_NO_PROVENANCE"}},
		{"wrong family", famPath, "---\nfamily: gemini\nprovenance: x\n---\nLine.\n", []string{"2:1 FAMILY_HEADER"}},
		{"wrong family, later key", famPath, "---\nprovenance: x\n# comment\nfamily: gemini\n---\nLine.\n", []string{"4:1 FAMILY_HEADER"}},
		{"no family", famPath, "---\nprovenance: x\n---\nLine.\n", nil},
		{"bad family name", famPath, "---\nfamily: \"9 lives\"\nprovenance: x\n---\nLine.\n", []string{"2:9 FAMILY_HEADER"}},
		{"not yaml", famPath, "---\nfamily: [\n---\nLine.\n", []string{"FAMILY_HEADER"}},
		// A merge key of an alias of its own mapping overflows the YAML
		// decoder's stack; every merge key is refused before decoding.
		{"merge key", famPath, "---\nfamily: claude\nprovenance: x\nx: &x\n  <<: *x\n---\nLine.\n", []string{"5:3 FAMILY_HEADER"}},
		{"extra keys allowed", famPath, "---\nfamily: claude\nprovenance: x\nowner: me\n---\nLine.\n", nil},
		// The name a file claims is its base name without .prompt.md, so
		// claude.md claims "claude.md" and its header disagrees.
		{"bad name", "prompts/families/claude.md", "---\nfamily: claude\nprovenance: x\n---\nLine.\n", []string{"prompts/families/claude.md FAMILY_FILE_NAME"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			fs := project(t, map[string]string{tc.path: tc.text})
			fam, ds := Parse(fs, tc.path, Options{Expand: true, RequireProvenance: true})
			if fam == nil {
				t.Fatal("no family returned")
			}
			got := brief(ds)
			if tc.name == "not yaml" {
				for i := range got {
					got[i] = got[i][strings.IndexByte(got[i], ' ')+1:]
				}
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("diagnostics %q, want %q", got, tc.want)
			}
			if fam.Line.Text() != "Line." && tc.name != "unclosed header" && tc.name != "not yaml" {
				t.Errorf("line %q", fam.Line.Text())
			}
		})
	}
}

func TestParseHeaderOptional(t *testing.T) {
	// Without requireProvenance, a header and each of its keys are
	// optional; what is there is still checked.
	tests := []struct {
		name, text string
		want       []string
	}{
		{"no header", "Line.\n\nBody.\n", nil},
		{"no provenance", "---\nfamily: claude\n---\nLine.\n\nBody.\n", nil},
		{"empty header", "---\n---\nLine.\n\nBody.\n", nil},
		{"wrong family", "---\nfamily: gemini\n---\nLine.\n\nBody.\n", []string{"2:1 FAMILY_HEADER"}},
		{"unclosed header", "---\nLine.\n\nBody.\n", []string{"1:1 FAMILY_HEADER"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			fam, ds := parse(t, tc.text, nil)
			if got := brief(ds); !slices.Equal(got, tc.want) {
				t.Errorf("diagnostics %q, want %q", got, tc.want)
			}
			if tc.want == nil && (fam.Name != "claude" || fam.Line.Text() != "Line." || fam.Body.Text() != "Body.") {
				t.Errorf("family %s line %q body %q", fam.Name, fam.Line.Text(), fam.Body.Text())
			}
		})
	}
}

func TestValidName(t *testing.T) {
	for name, want := range map[string]bool{
		"gpt-5.1": true, "claude": true, "o3_mini": true, "Qwen3": true,
		"9lives": false, "a b": false, "": false, ".hidden": false, "-x": false, "ü": false,
	} {
		if got := ValidName(name); got != want {
			t.Errorf("ValidName(%q) = %v, want %v", name, got, want)
		}
	}
}

func TestParseLineFromExpandedText(t *testing.T) {
	// A family file that only includes its prompt: the line is the
	// included text's first paragraph, the body the rest, each with its
	// origin in the included file.
	shared := "\nFirst paragraph,\nstill the first.\n\nSecond paragraph.\n\nThird.\n"
	fam, ds := parse(t, "@../shared/codex.md\n<!-- model \"Mini\" /mini/ -->\nSmall.\n", map[string]string{"prompts/shared/codex.md": shared})
	if len(ds) > 0 {
		t.Fatalf("diagnostics %v", ds)
	}
	if got := fam.Line.Text(); got != "First paragraph,\nstill the first." {
		t.Errorf("line %q", got)
	}
	if got := fam.Body.Text(); got != "Second paragraph.\n\nThird." {
		t.Errorf("body %q", got)
	}
	if fam.Line.Pos != (diag.Position{Path: "prompts/shared/codex.md", Line: 2, Col: 1}) || fam.Body.Pos != (diag.Position{Path: "prompts/shared/codex.md", Line: 5, Col: 1}) {
		t.Errorf("line at %s, body at %s", fam.Line.Pos, fam.Body.Pos)
	}
	if len(fam.Notes) != 1 || fam.Notes[0].Text() != "Small." {
		t.Errorf("notes %+v", fam.Notes)
	}
	// The line's paragraph may also start in the family file and end in
	// an included one: the split is made on the text as sent.
	fam, _ = parse(t, "Own words,\n@../shared/tail.md\n", map[string]string{"prompts/shared/tail.md": "and included ones.\n\nBody.\n"})
	if fam.Line.Text() != "Own words,\nand included ones." || fam.Body.Text() != "Body." {
		t.Errorf("line %q body %q", fam.Line.Text(), fam.Body.Text())
	}
}

func TestParseUnreadable(t *testing.T) {
	fs := project(t, map[string]string{"prompts/families/bad.prompt.md": "\xff\xfe bad bytes\n"})
	for p, rule := range map[string]string{
		"prompts/families/missing.prompt.md": source.RuleNotFound,
		"prompts/families/bad.prompt.md":     source.RuleInvalidUTF8,
		"../outside.prompt.md":               source.RuleEscape,
	} {
		fam, ds := Parse(fs, p, Options{Expand: true})
		if fam != nil || len(ds) != 1 || ds[0].Rule != rule {
			t.Errorf("Parse(%s) = %v, %v; want nil and one %s", p, fam, ds, rule)
		}
	}
}

func TestNameOf(t *testing.T) {
	for p, want := range map[string]string{
		"prompts/families/claude.prompt.md": "claude",
		"claude.prompt.md":                  "claude",
		"a/b/gemini.md":                     "gemini",
		"x.prompt.md.bak":                   "x.prompt.md.bak",
	} {
		if got := NameOf(p); got != want {
			t.Errorf("NameOf(%q) = %q, want %q", p, got, want)
		}
	}
}

func TestIsDirective(t *testing.T) {
	for line, want := range map[string]bool{
		"<!-- promptc:ignore X reason -->":  true,
		"  <!-- promptc:anything -->  ":     true,
		"<!-- promptc: -->":                 true,
		"<!-- model \"A\" /a/ -->":          false,
		"text <!-- promptc:ignore X y -->":  false,
		"<!-- promptc:ignore X y --> after": false,
		"<!-- promptcx -->":                 false,
	} {
		if got := IsDirective(line); got != want {
			t.Errorf("IsDirective(%q) = %v, want %v", line, got, want)
		}
	}
}

func TestCheckCollisions(t *testing.T) {
	tests := []struct {
		paths []string
		want  []string // reported paths
	}{
		{nil, nil},
		{[]string{"a.prompt.md", "b.prompt.md"}, nil},
		{[]string{"claude.prompt.md", "Claude.prompt.md"}, []string{"Claude.prompt.md"}},
		{[]string{"CLAUDE.md", "claude.md"}, []string{"claude.md"}},
		{[]string{"x/claude.md", "X/claude.md"}, []string{"X/claude.md"}},
		{[]string{"a.md", "a.md"}, nil}, // the same path twice is one file
		{[]string{"a.md", "A.md", "A.MD"}, []string{"A.md", "A.MD"}},
		{[]string{"straße.md", "STRASSE.md"}, nil}, // simple case folding only
		{[]string{"é.md", "É.md"}, []string{"É.md"}},
	}
	for _, tc := range tests {
		ds := CheckCollisions(tc.paths)
		var got []string
		for _, d := range ds {
			got = append(got, d.Pos.Path)
			if d.Rule != RuleNameCollision || d.Severity != diag.Error {
				t.Errorf("%s: want an error %s", d, RuleNameCollision)
			}
			if !strings.Contains(d.Message, "differ only by letter case") {
				t.Errorf("message %q", d.Message)
			}
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("CheckCollisions(%q) reports %q, want %q", tc.paths, got, tc.want)
		}
	}
}

// TestParseBodyTail: with KeepTrailing the body keeps its end as written,
// up to the first note or the end of the file (no newline when the file
// ends without one); a file with no body, every note, and every file
// without the option keep none.
func TestParseBodyTail(t *testing.T) {
	for _, c := range []struct {
		name, text string
		keep       bool
		want       string
	}{
		{"before a note", "Line.\n\nBody.\n\n\n<!-- model \"A\" /a/ -->\nA note.\n\n", true, "\n\n\n"},
		{"end of file", "Line.\n\nBody.\n\n", true, "\n\n"},
		{"no final newline", "Line.\n\nBody.", true, ""},
		{"one final newline", "Line.\n\nBody.\n", true, "\n"},
		{"spaces kept", "Line.\n\nBody.\n  \n", true, "\n  \n"},
		{"no body", "Line.\n\n\n", true, ""},
		{"without the option", "Line.\n\nBody.\n\n", false, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			fs := project(t, map[string]string{famPath: c.text})
			fam, ds := Parse(fs, famPath, Options{Expand: true, KeepTrailing: c.keep})
			if len(ds) > 0 {
				t.Fatal(brief(ds))
			}
			if fam.Body.Tail != c.want {
				t.Errorf("Body.Tail = %q, want %q", fam.Body.Tail, c.want)
			}
			if got, want := fam.Body.Text(), include.Text(fam.Body.Spans)+c.want; got != want {
				t.Errorf("Body.Text() = %q, want %q", got, want)
			}
			for _, n := range fam.Notes {
				if n.Tail != "" {
					t.Errorf("note %s keeps %q", n.Label, n.Tail)
				}
			}
		})
	}
}
