// Package includecases holds the project trees on which promptc's two
// users of the include engine must agree: the compiler expanding a part at
// build time (compiler/include) and a generated package's LoadInstructions
// expanding the user's instruction files at run time. Each side's tests
// run every case and compare with the other through Outcome, so a change
// to either side's reading or wording that changes what is sent fails
// both.
package includecases

import (
	"fmt"
	"strings"
)

// Case is one project tree and the file expanded in it.
type Case struct {
	Name string
	// Files maps slash paths below the project root to their text.
	Files map[string]string
	// Root is the file expanded: a part's file, or the one instruction
	// file named.
	Root string
	// Want is the outcome both sides must give.
	Want Outcome
}

// Outcome is what an expansion sends and reports, in terms both sides
// share.
type Outcome struct {
	// Text is the expanded text without its surrounding blank lines.
	Text string
	// Files are the files whose text is in Text, in the order reached.
	Files []string
	// Problems are the include lines left out, each "path:line:col kind" in
	// the order found, kind as LoadInstructions reports it (a cycle and a
	// second path to one file leave nothing out and are not listed).
	Problems []string
}

// Problem formats one left-out include line for Outcome.Problems:
// "path:line:col kind".
func Problem(path string, line, col int, kind string) string {
	return fmt.Sprintf("%s:%d:%d %s", path, line, col, kind)
}

// TrimBlankLines removes the lines holding only white space at the start
// and end of text, and its final newline: how both sides' texts are
// compared.
func TrimBlankLines(text string) string {
	lines := strings.Split(strings.TrimRight(text, "\n"), "\n")
	for len(lines) > 0 && strings.TrimSpace(lines[0]) == "" {
		lines = lines[1:]
	}
	for len(lines) > 0 && strings.TrimSpace(lines[len(lines)-1]) == "" {
		lines = lines[:len(lines)-1]
	}
	return strings.Join(lines, "\n")
}

// chain returns files f0.md .. f(n-1).md, each including the next.
func chain(n int) map[string]string {
	files := map[string]string{}
	for i := range n {
		text := fmt.Sprintf("Rule %d of the chain.\n", i)
		if i+1 < n {
			text += fmt.Sprintf("@f%d.md\n", i+1)
		}
		files[fmt.Sprintf("f%d.md", i)] = text
	}
	return files
}

// chainText is the text of chain(n) expanded down to depth last.
func chainText(last int) string {
	var lines []string
	for i := 0; i <= last; i++ {
		lines = append(lines, fmt.Sprintf("Rule %d of the chain.", i))
	}
	return strings.Join(lines, "\n")
}

// chainFiles is f0.md .. f{last}.md.
func chainFiles(last int) []string {
	var out []string
	for i := 0; i <= last; i++ {
		out = append(out, fmt.Sprintf("f%d.md", i))
	}
	return out
}

// fanText is the text of fan(n) with its first kept files, and fanFiles
// those files after AGENTS.md.
func fanText(kept int) string {
	lines := []string{"# Team rules"}
	for i := range kept {
		lines = append(lines, fmt.Sprintf("- rule %d: keep it short.", i))
	}
	return strings.Join(lines, "\n")
}

func fanFiles(kept int) []string {
	out := []string{"AGENTS.md"}
	for i := range kept {
		out = append(out, fmt.Sprintf("rules/r%03d.md", i))
	}
	return out
}

// fan returns a root including n files.
func fan(n int) map[string]string {
	files := map[string]string{}
	var root strings.Builder
	root.WriteString("# Team rules\n")
	for i := range n {
		fmt.Fprintf(&root, "@rules/r%03d.md\n", i)
		files[fmt.Sprintf("rules/r%03d.md", i)] = fmt.Sprintf("- rule %d: keep it short.\n", i)
	}
	files["AGENTS.md"] = root.String()
	return files
}

// sized returns a line of n characters, its newline counted, "é" (two
// bytes, one character) among them so that characters, not bytes, are
// counted; n is at least 2.
func sized(n int) string { return "é" + strings.Repeat("x", n-2) + "\n" }

// Cases returns the shared cases; the limits are promptc's defaults
// (depth 8, 100 files, 64,000 characters in all, 16,000 per file).
func Cases() []Case {
	with := func(files map[string]string, extra map[string]string) map[string]string {
		for k, v := range extra {
			files[k] = v
		}
		return files
	}
	return []Case{
		{Name: "no includes", Root: "AGENTS.md", Files: map[string]string{
			"AGENTS.md": "# Repository rules\n\nRun `go test ./...` before every commit.\n"},
			Want: Outcome{Text: "# Repository rules\n\nRun `go test ./...` before every commit.", Files: []string{"AGENTS.md"}}},
		{Name: "nested relative paths", Root: "AGENTS.md", Files: map[string]string{
			"AGENTS.md":            "# Rules\n\n@docs/agents/style.md\n\nEnd of rules.\n",
			"docs/agents/style.md": "## Style\nWrap at 100 columns.\n@../shared/tests.md\n",
			"docs/shared/tests.md": "## Tests\nTable-driven, with boundaries.\n"},
			Want: Outcome{Text: "# Rules\n\n## Style\nWrap at 100 columns.\n## Tests\nTable-driven, with boundaries.\n\nEnd of rules.", Files: []string{"AGENTS.md", "docs/agents/style.md", "docs/shared/tests.md"}}},
		{Name: "code, comments and prose are not includes", Root: "AGENTS.md", Files: map[string]string{
			"AGENTS.md": "Intro.\n\n```\n@docs/a.md\n```\n\n    @docs/a.md\n\n<!--\n@docs/a.md\n-->\n\nmail me@example.com\n@someone\n@docs/a.md\n",
			"docs/a.md": "Included once.\n"},
			Want: Outcome{Text: "Intro.\n\n```\n@docs/a.md\n```\n\n    @docs/a.md\n\n<!--\n@docs/a.md\n-->\n\nmail me@example.com\n@someone\nIncluded once.", Files: []string{"AGENTS.md", "docs/a.md"}}},
		{Name: "blanks and tabs around the include", Root: "AGENTS.md", Files: map[string]string{
			"AGENTS.md": "A\n \t@b.md\t \nC\n", "b.md": "B\n"},
			Want: Outcome{Text: "A\nB\nC", Files: []string{"AGENTS.md", "b.md"}}},
		{Name: "directive lines dropped", Root: "AGENTS.md", Files: map[string]string{
			"AGENTS.md": "A\n<!-- promptc:ignore STATIC_DYNAMIC example -->\nB\n"},
			Want: Outcome{Text: "A\nB", Files: []string{"AGENTS.md"}}},
		{Name: "cycle", Root: "AGENTS.md", Files: map[string]string{
			"AGENTS.md": "Top.\n@a.md\n", "a.md": "A.\n@b.md\n", "b.md": "B.\n@a.md\n@AGENTS.md\n"},
			Want: Outcome{Text: "Top.\nA.\nB.", Files: []string{"AGENTS.md", "a.md", "b.md"}}},
		{Name: "diamond", Root: "AGENTS.md", Files: map[string]string{
			"AGENTS.md": "@b.md\n@c.md\n", "b.md": "B\n@d.md\n", "c.md": "C\n@d.md\n", "d.md": "D\n"},
			Want: Outcome{Text: "B\nD\nC", Files: []string{"AGENTS.md", "b.md", "d.md", "c.md"}}},
		{Name: "missing include", Root: "AGENTS.md", Files: map[string]string{
			"AGENTS.md": "A\n@missing.md\nB\n"},
			Want: Outcome{Text: "A\nB", Files: []string{"AGENTS.md"}, Problems: []string{"AGENTS.md:2:1 not-found"}}},
		{Name: "escapes", Root: "AGENTS.md", Files: map[string]string{
			"AGENTS.md": "A\n@../outside.md\n@/etc/passwd.md\n@sub/../../x.md\nB\n"},
			Want: Outcome{Text: "A\nB", Files: []string{"AGENTS.md"}, Problems: []string{"AGENTS.md:2:1 escape", "AGENTS.md:3:1 escape", "AGENTS.md:4:1 escape"}}},
		{Name: "depth 8 is allowed", Root: "f0.md", Files: chain(9),
			Want: Outcome{Text: chainText(8), Files: chainFiles(8)}},
		{Name: "depth 9 is refused", Root: "f0.md", Files: chain(10),
			Want: Outcome{Text: chainText(8), Files: chainFiles(8), Problems: []string{"f8.md:2:1 depth"}}},
		{Name: "100 files are allowed", Root: "AGENTS.md", Files: fan(99),
			Want: Outcome{Text: fanText(99), Files: fanFiles(99)}},
		{Name: "file 101 is refused", Root: "AGENTS.md", Files: fan(101),
			Want: Outcome{Text: fanText(99), Files: fanFiles(99), Problems: []string{"AGENTS.md:101:1 files", "AGENTS.md:102:1 files"}}},
		{Name: "16000 characters from one file", Root: "AGENTS.md", Files: map[string]string{
			"AGENTS.md": "A\n@big.md\n", "big.md": sized(16000)},
			Want: Outcome{Text: "A\n" + strings.TrimSuffix(sized(16000), "\n"), Files: []string{"AGENTS.md", "big.md"}}},
		{Name: "16001 characters from one file", Root: "AGENTS.md", Files: map[string]string{
			"AGENTS.md": "A\n@big.md\nB\n", "big.md": sized(16001)},
			Want: Outcome{Text: "A\nB", Files: []string{"AGENTS.md"}, Problems: []string{"AGENTS.md:2:1 file-chars"}}},
		// A blank line and four files of 16,000 characters: 64,001 with
		// the final newline, which is not sent.
		{Name: "64000 characters in all", Root: "AGENTS.md", Files: with(map[string]string{
			"AGENTS.md": "\n@p1.md\n@p2.md\n@p3.md\n@p4.md\n"}, map[string]string{
			"p1.md": sized(16000), "p2.md": sized(16000), "p3.md": sized(16000), "p4.md": sized(16000)}),
			Want: Outcome{Text: strings.TrimSuffix(strings.Repeat(sized(16000), 4), "\n"), Files: []string{"AGENTS.md", "p1.md", "p2.md", "p3.md", "p4.md"}}},
		{Name: "64001 characters in all", Root: "AGENTS.md", Files: with(map[string]string{
			"AGENTS.md": "Z\n@p1.md\n@p2.md\n@p3.md\n@p4.md\n@p5.md\n"}, map[string]string{
			"p1.md": sized(16000), "p2.md": sized(16000), "p3.md": sized(16000), "p4.md": sized(16000), "p5.md": "small\n"}),
			Want: Outcome{Text: "Z\n" + strings.Repeat(sized(16000), 3) + "small", Files: []string{"AGENTS.md", "p1.md", "p2.md", "p3.md", "p5.md"}, Problems: []string{"AGENTS.md:5:1 total-chars"}}},
		{Name: "an undone include takes its files with it", Root: "AGENTS.md", Files: map[string]string{
			"AGENTS.md": "@p1.md\n@p2.md\n@p3.md\n@p4.md\n@small.md\n",
			"p1.md":     sized(16000), "p2.md": sized(16000), "p3.md": sized(16000),
			"p4.md": "@small.md\n" + sized(16000), "small.md": "small\n"},
			Want: Outcome{Text: strings.Repeat(sized(16000), 3) + "small", Files: []string{"AGENTS.md", "p1.md", "p2.md", "p3.md", "small.md"}, Problems: []string{"AGENTS.md:4:1 total-chars"}}},
		{Name: "CRLF line endings", Root: "AGENTS.md", Files: map[string]string{
			"AGENTS.md": "A\r\n@b.md\r\nC\r\n", "b.md": "B1\r\nB2\r\n"},
			Want: Outcome{Text: "A\nB1\nB2\nC", Files: []string{"AGENTS.md", "b.md"}}},
		{Name: "lone CR line endings", Root: "AGENTS.md", Files: map[string]string{
			"AGENTS.md": "A\r@b.md\rC\r", "b.md": "B\r"},
			Want: Outcome{Text: "A\nB\nC", Files: []string{"AGENTS.md", "b.md"}}},
		{Name: "a byte-order mark", Root: "AGENTS.md", Files: map[string]string{
			"AGENTS.md": "A\n@bom.md\n", "bom.md": "\uFEFFB\n"},
			Want: Outcome{Text: "A", Files: []string{"AGENTS.md"}, Problems: []string{"AGENTS.md:2:1 unreadable"}}},
		{Name: "not text", Root: "AGENTS.md", Files: map[string]string{
			"AGENTS.md": "A\n@bad.md\n@nul.md\nB\n", "bad.md": "\xff\xfe\n", "nul.md": "a\x00b\n"},
			Want: Outcome{Text: "A\nB", Files: []string{"AGENTS.md"}, Problems: []string{"AGENTS.md:2:1 unreadable", "AGENTS.md:3:1 unreadable"}}},
		{Name: "a directory", Root: "AGENTS.md", Files: map[string]string{
			"AGENTS.md": "A\n@docs/\n@docs/x.md\n", "docs/x.md/keep.md": "k\n"},
			Want: Outcome{Text: "A", Files: []string{"AGENTS.md"}, Problems: []string{"AGENTS.md:2:1 unreadable", "AGENTS.md:3:1 unreadable"}}},
		{Name: "include without final newline", Root: "AGENTS.md", Files: map[string]string{
			"AGENTS.md": "A\n@b.md\nC", "b.md": "B"},
			Want: Outcome{Text: "A\nB\nC", Files: []string{"AGENTS.md", "b.md"}}},
	}
}

// Diff describes how b differs from a, "" when it does not: the text's
// first differing line, then the files and problems in full.
func Diff(a, b Outcome) string {
	var out strings.Builder
	if a.Text != b.Text {
		al, bl := strings.Split(a.Text, "\n"), strings.Split(b.Text, "\n")
		i := 0
		for i < len(al) && i < len(bl) && al[i] == bl[i] {
			i++
		}
		at := func(ls []string) string {
			if i < len(ls) {
				return fmt.Sprintf("%.80q", ls[i])
			}
			return "(end)"
		}
		fmt.Fprintf(&out, "text (%d and %d characters), line %d:\n- %s\n+ %s\n", len(a.Text), len(b.Text), i+1, at(al), at(bl))
	}
	if strings.Join(a.Files, " ") != strings.Join(b.Files, " ") {
		fmt.Fprintf(&out, "files:\n- %q\n+ %q\n", a.Files, b.Files)
	}
	if strings.Join(a.Problems, "|") != strings.Join(b.Problems, "|") {
		fmt.Fprintf(&out, "problems:\n- %q\n+ %q\n", a.Problems, b.Problems)
	}
	return out.String()
}
