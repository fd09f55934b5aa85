package tokens

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// promptParagraphs is prompt-like Markdown: headings, bullets, inline code,
// a fenced block, a little non-ASCII text.
var promptParagraphs = []string{
	"# Working in this repository\n\n",
	"You are a coding assistant working in the user's repository. Read the relevant files before you change them, keep edits small, and explain what you changed and why.\n\n",
	"## Tools\n\n- `read_file(path)` returns the file's text; prefer it over guessing.\n- `run(cmd)` runs a shell command in the project root and returns its output.\n- `search(query)` finds code by meaning; use a few precise keywords.\n\n",
	"When a test fails, read the failure, form one hypothesis, and check it before editing. Do not rewrite unrelated code. If the user's instructions conflict with this guide, the user's instructions win.\n\n",
	"```go\nfunc Compose(mode Mode, modelID string, slots Slots) string {\n\treturn compose(mode, Resolve(modelID), slots)\n}\n```\n\n",
	"Respond in the user's language — français, Deutsch, 日本語 — and keep answers short: one paragraph, then the diff. Costs matter: every token of this prompt is sent on every call.\n\n",
}

// promptText returns size bytes (cut at a rune boundary) of prompt-like text.
func promptText(size int) string {
	var b strings.Builder
	for i := 0; b.Len() < size; i++ {
		b.WriteString(promptParagraphs[i%len(promptParagraphs)])
	}
	s := b.String()[:size]
	for !utf8.ValidString(s) {
		s = s[:len(s)-1]
	}
	return s
}

func benchmarkCount(b *testing.B, name string) {
	c, err := New(name)
	if err != nil {
		b.Fatal(err)
	}
	text := promptText(16 << 10)
	c.Count(text) // load the vocabulary outside the timed loop
	b.ReportAllocs()
	b.SetBytes(int64(len(text)))
	b.ResetTimer()
	for b.Loop() {
		c.Count(text)
	}
}

func BenchmarkCharsPer4(b *testing.B)  { benchmarkCount(b, CharsPer4) }
func BenchmarkO200kBase(b *testing.B)  { benchmarkCount(b, O200kBase) }
func BenchmarkCl100kBase(b *testing.B) { benchmarkCount(b, Cl100kBase) }
