package genruntime

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"text/template"

	"github.com/promptc/promptc/compiler/markdown"
)

// The functions export.go gives compiler/include, compiler and the CLI are
// tested here, against their contracts, and not only through the packages
// that call them.

// incTestFile returns text as the include engine reads a file at p.
func incTestFile(p, text string) *IncludeFile {
	return &IncludeFile{Path: p, Text: text, Lines: markdown.Scan([]byte(text))}
}

// incTestRead reads the files of fs, and fails for any other path.
func incTestRead(fs map[string]string) func(string) (*IncludeFile, error) {
	return func(p string) (*IncludeFile, error) {
		text, ok := fs[p]
		if !ok {
			return nil, fmt.Errorf("no file %s", p)
		}
		return incTestFile(p, text), nil
	}
}

var incTestLimits = IncludeLimits{MaxDepth: 4, MaxFiles: 10, MaxTotalChars: 1000, MaxFileChars: 1000}

// spansText joins the text of spans, each with where it starts.
func spansText(spans []IncludeSpan) string {
	var b strings.Builder
	for _, s := range spans {
		fmt.Fprintf(&b, "[%s:%d]%s", s.Path, s.Line, s.Text)
	}
	return b.String()
}

func eventKinds(evs []IncludeEvent) []IncludeEventKind {
	var out []IncludeEventKind
	for _, e := range evs {
		out = append(out, e.Kind)
	}
	return out
}

func TestExpandPartIncludesAndDropsDirectives(t *testing.T) {
	f := incTestFile("p.md", "Intro.\n<!-- promptc:ignore RULE why -->\n  @sub/x.md\nOutro.")
	read := incTestRead(map[string]string{"sub/x.md": "X line.\n"})
	spans, files, events := ExpandPart(read, "", f, 1, 4, incTestLimits)
	if got, want := spansText(spans), "[p.md:1]Intro.\n[sub/x.md:1]X line.\n[p.md:4]Outro.\n"; got != want {
		t.Errorf("spans = %q, want %q", got, want)
	}
	if got, want := strings.Join(files, ","), "p.md,sub/x.md"; got != want {
		t.Errorf("files = %s, want %s", got, want)
	}
	if len(events) != 1 || events[0].Kind != IncludeEntered {
		t.Fatalf("events = %+v, want one IncludeEntered", events)
	}
	e := events[0]
	if e.Target != "sub/x.md" || e.Path != "sub/x.md" || e.Pos != (IncludePos{"p.md", 3, 3}) || e.End != (IncludePos{"p.md", 3, 12}) {
		t.Errorf("event = %+v, want target sub/x.md at p.md:3:3 to 3:12", e)
	}
}

// Only the lines first..last of the part's file are expanded; first > last
// expands nothing, but the file is still reached.
func TestExpandPartLineRange(t *testing.T) {
	f := incTestFile("p.md", "one\ntwo\nthree\nfour\n")
	spans, files, _ := ExpandPart(incTestRead(nil), "", f, 2, 3, incTestLimits)
	if got, want := spansText(spans), "[p.md:2]two\nthree\n"; got != want {
		t.Errorf("lines 2..3: spans = %q, want %q", got, want)
	}
	if strings.Join(files, ",") != "p.md" {
		t.Errorf("lines 2..3: files %q, want p.md", files)
	}
	spans, files, events := ExpandPart(incTestRead(nil), "", f, 3, 2, incTestLimits)
	if len(spans) != 0 || len(events) != 0 || strings.Join(files, ",") != "p.md" {
		t.Errorf("lines 3..2: spans %q, files %q, events %+v; want none, p.md, none", spansText(spans), files, events)
	}
}

// A part's own text is kept whatever its size; the line at which it passes
// the total limit is reported, and from then on no include fits. A text of
// exactly the limit (the final newline not counted) is within it.
func TestExpandPartOwnTotal(t *testing.T) {
	text := "aaaa\nbbbb\ncccc\n" // 14 characters sent
	for _, tc := range []struct {
		limit, line int // line 0: no event
	}{
		{14, 0},
		{13, 3},
		{9, 3}, // through line 2 it is 9 characters: within
		{8, 2},
		{4, 2},
		{3, 1},
	} {
		lim := incTestLimits
		lim.MaxTotalChars = tc.limit
		spans, _, events := ExpandPart(incTestRead(nil), "", incTestFile("p.md", text), 1, 3, lim)
		if got := spansText(spans); got != "[p.md:1]"+text {
			t.Errorf("limit %d: spans = %q, want the whole text kept", tc.limit, got)
		}
		if tc.line == 0 {
			if len(events) != 0 {
				t.Errorf("limit %d: events %+v, want none", tc.limit, events)
			}
			continue
		}
		if len(events) != 1 || events[0].Kind != IncludeOwnTotal || events[0].Pos != (IncludePos{"p.md", tc.line, 1}) || events[0].Limit != tc.limit {
			t.Errorf("limit %d: events %+v, want IncludeOwnTotal at p.md:%d:1 with limit %d", tc.limit, events, tc.line, tc.limit)
		}
	}

	lim := incTestLimits
	lim.MaxTotalChars = 5
	f := incTestFile("p.md", "aaaa\nbbbb\n@x.md\ncc\n")
	spans, files, events := ExpandPart(incTestRead(map[string]string{"x.md": "x\n"}), "", f, 1, 4, lim)
	if got, want := eventKinds(events), []IncludeEventKind{IncludeOwnTotal, IncludeFull}; fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("events %+v, want the own total at line 2 then x.md left out as full", events)
	}
	if events[0].Pos.Line != 2 || events[1].Path != "x.md" || events[1].Limit != 5 {
		t.Errorf("events %+v, want line 2, then x.md with limit 5", events)
	}
	if got, want := spansText(spans), "[p.md:1]aaaa\nbbbb\n[p.md:4]cc\n"; got != want || strings.Join(files, ",") != "p.md" {
		t.Errorf("spans %q files %q, want %q and p.md only", got, files, want)
	}
}

// An include that climbs out of the root through the root's own name is
// read at the path inside; any other climb is refused unread.
func TestExpandPartBackInside(t *testing.T) {
	read := incTestRead(map[string]string{"x.md": "inside\n"})
	f := incTestFile("a/p.md", "@../../proj/x.md\n@../../other/x.md\n")
	spans, files, events := ExpandPart(read, "/home/u/proj", f, 1, 2, incTestLimits)
	if got, want := spansText(spans), "[x.md:1]inside\n"; got != want || strings.Join(files, ",") != "a/p.md,x.md" {
		t.Errorf("spans %q files %q, want %q and a/p.md,x.md", got, files, want)
	}
	if got := eventKinds(events); len(got) != 2 || got[0] != IncludeEntered || got[1] != IncludeClimbs || events[1].Path != "../other/x.md" {
		t.Errorf("events %+v, want x.md entered, then ../other/x.md refused as climbing out", events)
	}
	// Without the root the same line climbs out.
	_, _, events = ExpandPart(read, "", f, 1, 1, incTestLimits)
	if len(events) != 1 || events[0].Kind != IncludeClimbs || events[0].Path != "../proj/x.md" {
		t.Errorf("no root: events %+v, want ../proj/x.md refused", events)
	}
}

func TestResolveInclude(t *testing.T) {
	for _, tc := range []struct{ root, from, target, want string }{
		{"", "a/b.md", "c.md", "a/c.md"},
		{"", "a/b.md", "../c.md", "c.md"},
		{"", "b.md", "../c.md", "../c.md"},
		{"/home/u/proj", "a/b.md", "../../proj/x.md", "x.md"},
		{"/home/u/proj", "b.md", "../other/x.md", "../other/x.md"},
		{"/home/u/proj", "b.md", "../proj", "../proj"}, // the root itself is no file inside
	} {
		if tc.root == "" {
			if got := ResolveInclude(tc.from, tc.target); got != tc.want {
				t.Errorf("ResolveInclude(%q, %q) = %q, want %q", tc.from, tc.target, got, tc.want)
			}
		}
		if got := ResolveIncludeIn(tc.root, tc.from, tc.target); got != tc.want {
			t.Errorf("ResolveIncludeIn(%q, %q, %q) = %q, want %q", tc.root, tc.from, tc.target, got, tc.want)
		}
	}
}

func TestIsIncludeAndSpacedInclude(t *testing.T) {
	for _, tc := range []struct {
		line           string
		include, space string // the path each reports, "" for none
	}{
		{"@notes.md", "notes.md", ""},
		{" \t@dir/notes \t", "dir/notes", ""},
		{"@my notes.md", "", "my notes.md"},
		{"  @my\tnotes.md\t", "", "my\tnotes.md"},
		{"@my notes", "", ""},      // no extension
		{"@@my notes.md", "", ""},  // a handle
		{"@ my notes.md", "", ""},  // a space after the @
		{"@\tnotes.md", "", ""},    // a tab after the @
		{"x @my notes.md", "", ""}, // not the whole line
		{"@", "", ""},              // nothing after the @
		{"@notes", "", ""},         // a mention, not a path
		{"@@notes.md", "", ""},     // a handle
		{"see @notes.md", "", ""},  // prose
		{"@notes.md.", "", ""},     // a sentence's full stop
		{"@a.verylongextension", "", ""},
	} {
		p, ok := IsInclude(tc.line)
		if ok != (tc.include != "") || p != tc.include {
			t.Errorf("IsInclude(%q) = %q, %v; want %q", tc.line, p, ok, tc.include)
		}
		p, ok = SpacedInclude(tc.line)
		if ok != (tc.space != "") || p != tc.space {
			t.Errorf("SpacedInclude(%q) = %q, %v; want %q", tc.line, p, ok, tc.space)
		}
	}
}

func TestIsDirective(t *testing.T) {
	for line, want := range map[string]bool{
		"<!-- promptc:ignore X reason -->":   true,
		"  <!-- promptc:file-ignore X -->\t": true,
		"<!-- promptc:ignore X":              false,
		"<!-- other -->":                     false,
		"text <!-- promptc:ignore X -->":     false,
	} {
		if got := IsDirective(line); got != want {
			t.Errorf("IsDirective(%q) = %v, want %v", line, got, want)
		}
	}
}

func TestIsAbsPath(t *testing.T) {
	for p, want := range map[string]bool{
		"/x": true, `\x`: true, "C:x": true, "c:/x": true, `z:\x`: true,
		"x/y": false, "1:x": false, ":x": false, "C": false, "": false, "x:": true, "./x": false,
	} {
		if got := IsAbsPath(p); got != want {
			t.Errorf("IsAbsPath(%q) = %v, want %v", p, got, want)
		}
	}
}

func TestModelID(t *testing.T) {
	if got := ModelID("", "gpt-5"); got != "gpt-5" {
		t.Errorf("ModelID without a provider = %q, want the model alone", got)
	}
	if got := ModelID("openrouter", "anthropic/claude"); got != "openrouter/anthropic/claude" {
		t.Errorf("ModelID with a provider = %q, want provider/model", got)
	}
}

// CustomData refuses what a generated LoadCustom refuses, with the reason,
// and reads the name and text of what it accepts.
func TestCustomData(t *testing.T) {
	const limit = 40
	ok := "---\nname: \"Mine\"\n---\r\n\nDo it my way.\r\n\n"
	for _, tc := range []struct {
		data            string
		name, text, why string
	}{
		{ok, "Mine", "Do it my way.", ""},
		{"# Title\n\nBody.\n", "Title", "# Title\n\nBody.", ""},
		{strings.Repeat("x", limit), "", strings.Repeat("x", limit), ""},
		{strings.Repeat("x", limit+1), "", "", "c.md is over the limit of 40 bytes"},
		{"bad \xff", "", "", "c.md is not valid UTF-8"},
		{"a\x00b", "", "", "c.md contains a NUL byte"},
		{"\uFEFFtext", "", "", "c.md contains a byte-order mark"},
		{" \n\t\n", "", "", "c.md is empty"},
		{"---\nname: x\n---\n", "", "", "c.md is empty"},
	} {
		name, text, why := CustomData("c.md", []byte(tc.data), limit)
		if name != tc.name || text != tc.text || why != tc.why {
			t.Errorf("CustomData(%q) = %q, %q, %q; want %q, %q, %q", tc.data, name, text, why, tc.name, tc.text, tc.why)
		}
	}
}

// RenderTemplate stops at maxChars characters (not bytes) with an error
// naming the bound; a rendering of exactly the bound is whole.
func TestRenderTemplate(t *testing.T) {
	tm := template.Must(template.New("t.tmpl").Parse("{{.}}!"))
	got, err := RenderTemplate(tm, "héé", 4)
	if err != nil || got != "héé!" {
		t.Errorf("at the bound: %q, %v; want %q", got, err, "héé!")
	}
	got, err = RenderTemplate(tm, "héé", 3)
	if err == nil || got != "" || !strings.Contains(err.Error(), "template t.tmpl: the rendering passes its bound of 3 characters") {
		t.Errorf("over the bound: %q, %v; want no text and the bound's error", got, err)
	}
	// An error of the template itself is returned as it is.
	bad := template.Must(template.New("b.tmpl").Option("missingkey=error").Parse("{{.x}}"))
	if _, err := RenderTemplate(bad, map[string]any{}, 10); err == nil || errors.Is(err, errRenderBound) || strings.Contains(err.Error(), "bound") {
		t.Errorf("missing key: %v, want the template's own error", err)
	}
}

// Each limit of an expansion, at its boundary: what fits is included, what
// passes it is left out with the event saying why, and an include undone
// for the total takes back the files it reached.
func TestExpandPartLimits(t *testing.T) {
	fs := map[string]string{
		"a.md":     "A\n@b.md\n",
		"b.md":     "B\n@a.md\n", // a cycle back to a.md
		"c.md":     "@d.md\n",    // c reaches d
		"d.md":     "D\n",        // reached twice: a diamond
		"e.md":     "@f.md\n",    // depth 2
		"f.md":     "@g.md\n",    // depth 3
		"g.md":     "G\n",
		"big.md":   "0123456789\n",        // 11 characters of its own, its newline counted
		"deep.md":  "@d.md\n0123456789\n", // takes d.md with it
		"small.md": "@c.md\n",
	}
	read := incTestRead(fs)
	expand := func(text string, lim IncludeLimits) ([]IncludeSpan, []string, []IncludeEvent) {
		return ExpandPart(read, "", incTestFile("p.md", text), 1, strings.Count(text, "\n"), lim)
	}

	_, _, events := expand("@a.md\n", incTestLimits)
	if k := eventKinds(events); fmt.Sprint(k) != fmt.Sprint([]IncludeEventKind{IncludeEntered, IncludeEntered, IncludeCycle}) ||
		strings.Join(events[2].Chain, ",") != "p.md,a.md,b.md" || events[2].Path != "a.md" {
		t.Errorf("cycle: events %+v, want a.md and b.md entered, then a.md refused with chain p.md,a.md,b.md", events)
	}

	spans, _, events := expand("@c.md\n@d.md\n", incTestLimits)
	if k := eventKinds(events); len(k) != 3 || k[2] != IncludeDiamond || events[2].First != (IncludePos{"c.md", 1, 1}) {
		t.Errorf("diamond: events %+v, want d.md noted as first included at c.md:1:1", events)
	}
	if got := spansText(spans); got != "[d.md:1]D\n" {
		t.Errorf("diamond: spans %q, want d.md's text once", got)
	}

	lim := incTestLimits
	lim.MaxDepth = 3
	if _, _, events = expand("@e.md\n", lim); fmt.Sprint(eventKinds(events)) != fmt.Sprint([]IncludeEventKind{IncludeEntered, IncludeEntered, IncludeEntered}) {
		t.Errorf("depth 3 of 3: events %+v, want e, f, g entered", events)
	}
	lim.MaxDepth = 2
	_, _, events = expand("@e.md\n", lim)
	if len(events) != 3 || events[2].Kind != IncludeDepth || events[2].N != 3 || events[2].Limit != 2 || events[2].Path != "g.md" {
		t.Errorf("depth 3 over 2: events %+v, want g.md refused at depth 3 of 2", events)
	}

	lim = incTestLimits
	lim.MaxFiles = 3 // p.md, c.md, d.md
	if _, files, events := expand("@c.md\n", lim); len(files) != 3 || len(events) != 2 {
		t.Errorf("3 files of 3: files %q events %+v, want all three", files, events)
	}
	lim.MaxFiles = 2
	_, files, events := expand("@c.md\n", lim)
	if len(files) != 2 || len(events) != 2 || events[1].Kind != IncludeFiles || events[1].N != 3 || events[1].Limit != 2 {
		t.Errorf("3 files over 2: files %q events %+v, want d.md refused as file 3 of 2", files, events)
	}

	lim = incTestLimits
	lim.MaxFileChars = 11
	if _, _, events := expand("@big.md\n", lim); len(events) != 1 || events[0].Kind != IncludeEntered {
		t.Errorf("11 characters of 11: events %+v, want big.md entered", events)
	}
	lim.MaxFileChars = 10
	_, _, events = expand("@big.md\n", lim)
	if len(events) != 1 || events[0].Kind != IncludeFileChars || events[0].N != 11 || events[0].Limit != 10 {
		t.Errorf("11 characters over 10: events %+v, want big.md refused with 11 of 10", events)
	}

	// p.md's "x" and deep.md's d.md and digits: x\nD\n0123456789 is 14
	// characters sent.
	lim = incTestLimits
	lim.MaxTotalChars = 14
	if spans, _, _ := expand("x\n@deep.md\n", lim); spansText(spans) != "[p.md:1]x\n[d.md:1]D\n[deep.md:2]0123456789\n" {
		t.Errorf("14 of 14: spans %q, want everything", spansText(spans))
	}
	lim.MaxTotalChars = 13
	spans, files, events = expand("x\n@deep.md\n@d.md\n", lim)
	if got := spansText(spans); got != "[p.md:1]x\n[d.md:1]D\n" {
		t.Errorf("14 over 13: spans %q, want deep.md undone and d.md included again on its own", got)
	}
	if strings.Join(files, ",") != "p.md,d.md" {
		t.Errorf("14 over 13: files %q, want p.md,d.md (deep.md's reach taken back)", files)
	}
	k := eventKinds(events)
	if fmt.Sprint(k) != fmt.Sprint([]IncludeEventKind{IncludeEntered, IncludeEntered, IncludeTotal, IncludeEntered}) || events[2].N != 14 || events[2].Limit != 13 || events[2].Path != "deep.md" {
		t.Errorf("14 over 13: events %+v, want deep.md and d.md entered, deep.md undone at 14 of 13, d.md entered again", events)
	}

	_, _, events = expand("@missing.md\n", incTestLimits)
	if len(events) != 1 || events[0].Kind != IncludeRead || events[0].Err == nil {
		t.Errorf("unreadable: events %+v, want one IncludeRead with the error", events)
	}
	_, _, events = expand("@/etc/x.md\n", incTestLimits)
	if len(events) != 1 || events[0].Kind != IncludeAbsolute || events[0].Target != "/etc/x.md" {
		t.Errorf("absolute: events %+v, want one IncludeAbsolute", events)
	}
}
