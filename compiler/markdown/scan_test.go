package markdown

import (
	"bytes"
	"strings"
	"testing"
)

// kinds renders the Kind of each line as one letter: t, c or m.
func kinds(lines []Line) string {
	var b strings.Builder
	for _, l := range lines {
		b.WriteByte("tcm"[l.Kind])
	}
	return b.String()
}

func TestScanKinds(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"empty", "", ""},
		{"one line without newline", "@a.md", "t"},
		{"backtick fence", "text\n```\n@a.md\n```\n@b.md\n", "tccct"},
		{"tilde fence", "~~~ md\n@a.md\n~~~\n", "ccc"},
		{"fence with info", "```go title=\"x\"\n@a.md\n```\n", "ccc"},
		{"backtick in backtick info is no fence", "```a`b\n@a.md\n```\n", "ttc"},
		{"backtick in tilde info", "~~~a`b\n@a.md\n~~~\n", "ccc"},
		{"closing fence shorter", "````\n```\n@a.md\n````\nx\n", "cccct"},
		{"closing fence other char", "```\n~~~\n@a.md\n```\n", "cccc"},
		{"closing fence with info is content", "```\n``` x\n```\n", "ccc"},
		{"closing fence indented 3", "```\nx\n   ```\ny\n", "ccct"},
		{"closing fence indented 4 is content", "```\n    ```\nx\n", "ccc"},
		{"opening fence indented 3", "   ```\nx\n```\n", "ccc"},
		{"opening fence indented 4 is indented code", "    ```\nx\n", "ct"},
		{"unclosed fence runs to end", "```\na\n\nb\n", "cccc"},
		{"indented code", "    @a.md\n\tx\n", "cc"},
		{"indented code cannot interrupt a paragraph", "para\n    @a.md\n", "tt"},
		{"trailing blank lines are not code", "    a\n\n    b\n\n  \ntext\n", "cccttt"},
		{"fence in list item", "- item\n\n  ```\n  @a.md\n  ```\n- next\n", "ttccct"},
		{"fence in list item ends with the item", "- ```\n  @a.md\n@b.md\n", "cct"},
		{"fence in block quote", "> ```\n> @a.md\n> ```\n", "ccc"},
		{"fence ends with its block quote", "> ```\n> @a.md\n@b.md\n", "cct"},
		{"lazy continuation is text", "> para\n    @a.md\n", "tt"},
		{"indented code in list needs the item width", "- a\n\n      code\n    para\n", "ttct"},
		{"comment", "<!-- note\n@a.md\n-->\n@b.md\n", "mmmt"},
		{"one-line comment", "<!-- focus -->\n@a.md\n", "mt"},
		{"comment indented 3", "   <!--\nx\n-->\n", "mmm"},
		{"comment indented 4 is code", "    <!--\nx\n", "ct"},
		{"unclosed comment runs to end", "<!--\na\n\nb\n", "mmmm"},
		{"comment ends with its block quote", "> <!--\n> a\nb\n", "mmt"},
		{"comment inside code is code", "```\n<!--\n```\n@a.md\n", "ccct"},
		{"comment interrupts paragraph", "para\n<!--\nx -->\n", "tmm"},
		{"other html block is text", "<div>\n\n    code\n", "ttc"},
		{"html block swallows indented lines", "<div>\n    @a.md\n", "tt"},
		{"setext heading then code", "Title\n---\n    code\n", "ttc"},
		{"reference definitions leave no heading", "[a]: /u\n===\n    x\n", "ttt"},
		{"tab after list marker", "-\tfoo\n\n\t\tbar\n", "ttc"},
		{"ordered list item may not interrupt unless 1", "para\n2. x\n    y\n", "ttt"},
		{"crlf", "```\r\n@a.md\r\n```\r\nx\r\n", "ccct"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			lines := Scan([]byte(tc.src))
			checkLines(t, []byte(tc.src), lines)
			if got := kinds(lines); got != tc.want {
				t.Errorf("Scan(%q) kinds = %s, want %s", tc.src, got, tc.want)
			}
			if d := compareOracle(differential([]byte(tc.src))); d != "" && goldmarkReliable([]byte(tc.src)) {
				t.Errorf("goldmark disagrees:\n%s", d)
			}
		})
	}
}

func TestScanOffsetsAndIndent(t *testing.T) {
	src := "a\r\n\t  b\n\n    c"
	lines := Scan([]byte(src))
	want := []Line{
		{Num: 1, Start: 0, End: 1, Kind: Text, Indent: 0},
		{Num: 2, Start: 3, End: 7, Kind: Text, Indent: 6},
		{Num: 3, Start: 8, End: 8, Kind: Text, Indent: 0},
		{Num: 4, Start: 9, End: 14, Kind: Code, Indent: 4},
	}
	if len(lines) != len(want) {
		t.Fatalf("got %d lines, want %d: %+v", len(lines), len(want), lines)
	}
	for i := range want {
		if lines[i] != want[i] {
			t.Errorf("line %d = %+v, want %+v", i+1, lines[i], want[i])
		}
	}
}

// benchDoc builds a prompt file of about 16 KB: headings, prose, lists,
// fenced and indented code, comments, block quotes and include lines.
func benchDoc() []byte {
	section := `## Working with the repository

You are working in a repository that other people also change. Read a file
before you edit it, keep your changes small, and say what you changed.

- Prefer the project's own scripts over ad-hoc commands.
- Run the tests that cover the code you touched; say which ones you ran.
  If a test was already failing, say so rather than fixing it silently.
- Never commit secrets. If you find one, stop and report it.

<!-- focus -->
Keep answers short unless the user asks for detail.
<!-- /focus -->

@shared/tools.md

> Note: the harness may truncate long tool output. When it does, ask for
> the part you need instead of guessing.

` + "```bash" + `
go test ./...
go vet ./...
` + "```" + `

    # an indented example
    @not/an/include.md

1. Understand the request.
2. Look at the code.
3. Make the change, then check it.

`
	var b bytes.Buffer
	for b.Len() < 16*1024 {
		b.WriteString(section)
	}
	return b.Bytes()[:16*1024]
}

func BenchmarkScan(b *testing.B) {
	doc := benchDoc()
	b.ReportAllocs()
	b.SetBytes(int64(len(doc)))
	for b.Loop() {
		Scan(doc)
	}
}

// TestAppendScan: AppendScan appends to what dst holds, numbers the lines
// of src from 1 and gives offsets into src; a scan leaves nothing behind
// for the next one (the scanners are reused), so a text scanned after one
// that ended inside a fence or a deep list is classified on its own.
func TestAppendScan(t *testing.T) {
	open := []byte("- a\n  - b\n    - c\n      > d\n\n```\nunclosed fence\n")
	plain := []byte("one\ntwo\n    not code after a paragraph\n")
	dst := AppendScan(nil, open)
	if got := kinds(dst); got != "tttttcc" {
		t.Fatalf("AppendScan(nil, open) kinds %q, want %q", got, "tttttcc")
	}
	n := len(dst)
	dst = AppendScan(dst, plain)
	if len(dst) != n+3 {
		t.Fatalf("AppendScan appended %d lines, want 3", len(dst)-n)
	}
	if got := kinds(dst[n:]); got != "ttt" {
		t.Errorf("plain text after an unclosed fence: kinds %q, want %q", got, "ttt")
	}
	for i, ln := range dst[n:] {
		if int(ln.Num) != i+1 {
			t.Errorf("appended line %d has Num %d", i+1, ln.Num)
		}
	}
	if ln := dst[n+1]; string(plain[ln.Start:ln.End]) != "two" {
		t.Errorf("appended line 2 spans %q, want %q", plain[ln.Start:ln.End], "two")
	}
	// The lines before the appended ones are left as they were.
	if got, want := kinds(dst[:n]), kinds(Scan(open)); got != want {
		t.Errorf("lines before the appended ones: %q, want %q", got, want)
	}
	// Reusing the slice from its start gives what Scan gives.
	again := AppendScan(dst[:0], plain)
	if got, want := kinds(again), kinds(Scan(plain)); got != want || len(again) != 3 {
		t.Errorf("AppendScan(dst[:0], plain) = %q, want %q", got, want)
	}
}
