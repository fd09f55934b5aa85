package synth

import (
	"math/rand/v2"
	"strings"
)

// Word lists for prompt-like prose. The text is meaningless but has the
// shape of prompt assets: imperative sentences, headings, bullet lists,
// inline code and the occasional fenced example. It avoids everything the
// linter rightly reports in real assets: digits that read as dates, times
// or counters, absolute paths, template markers, credentials, tabs and
// trailing spaces.
var (
	verbs = []string{
		"read", "check", "review", "update", "explain", "summarize", "compare", "verify",
		"inspect", "rename", "split", "merge", "format", "cite", "search", "edit",
		"rebuild", "test", "describe", "record", "confirm", "trace", "list", "narrow",
		"document", "measure", "group", "sort", "replace", "restore", "report", "keep",
	}
	nouns = []string{
		"file", "change", "test", "diff", "function", "module", "package", "command",
		"result", "error", "warning", "request", "answer", "summary", "plan", "branch",
		"commit", "config", "setting", "script", "build", "check", "log", "message",
		"section", "heading", "paragraph", "example", "snippet", "tool", "call", "output",
		"dependency", "interface", "schema", "query", "fixture", "benchmark", "profile", "review",
		"directory", "workspace", "task", "todo", "note", "citation", "patch", "release",
	}
	adjectives = []string{
		"small", "large", "short", "clear", "exact", "current", "relevant", "unrelated",
		"failing", "passing", "recent", "shared", "local", "remote", "generated", "missing",
		"stale", "fresh", "careful", "plain", "narrow", "broad", "quiet", "verbose",
		"visible", "hidden", "stable", "risky", "safe", "direct", "complete", "partial",
	}
	adverbs = []string{
		"first", "carefully", "briefly", "again", "once", "quietly", "explicitly", "always",
		"only", "directly", "later", "together",
	}
	preps = []string{
		"in", "for", "from", "with", "before", "after", "around", "near", "inside", "against",
	}
	tools = []string{
		"read_file", "edit", "search", "shell", "todo", "task", "list_dir", "grep",
		"tool_search", "web_fetch", "loop", "diff",
	}
	langs = []string{"sh", "text", "md", "go", "json"}
	// numbers appear in real prompts as limits and versions; none of them
	// forms a date, a time of day or a counter.
	numbers = []string{"2", "3", "5", "10", "20", "80", "200", "500", "1,000"}
)

// textGen draws prose from a seeded source.
type textGen struct{ r *rand.Rand }

func (g textGen) pick(list []string) string { return list[g.r.IntN(len(list))] }

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

func article(w string) string {
	if strings.ContainsRune("aeiou", rune(w[0])) {
		return "an"
	}
	return "a"
}

func plural(n string) string {
	switch {
	case strings.HasSuffix(n, "ch"), strings.HasSuffix(n, "sh"), strings.HasSuffix(n, "x"), strings.HasSuffix(n, "s"):
		return n + "es"
	case strings.HasSuffix(n, "y"):
		return n[:len(n)-1] + "ies"
	}
	return n + "s"
}

// sentence returns one sentence ending in a full stop.
func (g textGen) sentence() string {
	v, v2 := g.pick(verbs), g.pick(verbs)
	n, n2, n3 := g.pick(nouns), g.pick(nouns), g.pick(nouns)
	a, a2 := g.pick(adjectives), g.pick(adjectives)
	switch g.r.IntN(14) {
	case 12:
		return "Keep " + article(a) + " " + a + " " + n + " under " + g.pick(numbers) + " lines; " + v + " the rest " + g.pick(adverbs) + "."
	case 13:
		return capitalize(v) + " at most " + g.pick(numbers) + " " + plural(n) + " before you " + v2 + " the " + n2 + " (Python 3, Node 20 or Go 1.22)."
	case 0:
		return capitalize(v) + " the " + n + " before you " + v2 + " any " + a + " " + n2 + "."
	case 1:
		return "When the " + n + " is " + a + ", " + v + " the " + n2 + " and " + v2 + " the " + n3 + " " + g.pick(adverbs) + "."
	case 2:
		return "Keep " + plural(n) + " " + a + ": " + v + " only what the " + n2 + " asks for."
	case 3:
		return "If `" + g.pick(tools) + "` reports " + article(a) + " " + a + " " + n + ", " + v + " it instead of guessing."
	case 4:
		return "Never " + v + " " + article(n) + " " + n + " " + g.pick(preps) + " the " + n2 + " without asking the user."
	case 5:
		return "Prefer " + a + " " + plural(n) + " to " + a2 + " ones, and say why in the " + n2 + "."
	case 6:
		return capitalize(g.pick(adverbs)) + " " + v + " the " + a + " " + n + " " + g.pick(preps) + " the " + n2 + "."
	case 7:
		return capitalize(article(a)) + " " + a + " " + n + " is not " + article(n2) + " " + n2 + "; " + v + " it as one only when the user says so."
	case 8:
		return "Use `" + g.pick(tools) + "` to " + v + " " + plural(n) + ", then " + v2 + " the " + a + " " + n2 + "."
	case 9:
		return "The user's " + plural(n) + " win over this " + n2 + " — except where the " + n3 + " is " + a + "."
	case 10:
		return capitalize(v) + " each " + n + " once, " + v2 + " the " + n2 + ", and report the " + a + " " + n3 + "."
	default:
		return "Say which " + plural(n) + " you touched and which " + a + " " + plural(n2) + " remain."
	}
}

// paragraph returns sentences wrapped at about width columns.
func (g textGen) paragraph(sentences, width int) string {
	var b strings.Builder
	col := 0
	for i := 0; i < sentences; i++ {
		for _, w := range strings.Fields(g.sentence()) {
			switch {
			case col == 0:
			case width > 0 && col+1+len(w) > width:
				b.WriteByte('\n')
				col = 0
			default:
				b.WriteByte(' ')
				col++
			}
			b.WriteString(w)
			col += len(w)
		}
	}
	return b.String()
}

func (g textGen) heading() string {
	return "## " + capitalize(g.pick(adjectives)) + " " + plural(g.pick(nouns))
}

func (g textGen) bullets(n int) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString("- " + g.sentence())
	}
	return b.String()
}

// fence returns a fenced example. Some hold a line that looks like an
// include but, being inside code, is text.
func (g textGen) fence() string {
	lang := g.pick(langs)
	var body string
	switch lang {
	case "md":
		body = "@examples/" + g.pick(nouns) + ".md\n" + g.sentence()
	case "json":
		body = `{"` + g.pick(nouns) + `": "` + g.pick(adjectives) + `", "` + g.pick(nouns) + `": true}`
	case "go":
		body = "func " + g.pick(verbs) + capitalize(g.pick(nouns)) + "() error {\n\treturn nil\n}"
	default:
		body = g.pick(tools) + " --" + g.pick(adjectives) + " " + g.pick(nouns) + "\n" + g.pick(tools) + " " + g.pick(nouns)
	}
	return "```" + lang + "\n" + body + "\n```"
}

// block returns one Markdown block: a paragraph, a list, a heading with a
// paragraph, or a fenced example.
func (g textGen) block() string {
	switch k := g.r.IntN(10); {
	case k < 4:
		return g.paragraph(2+g.r.IntN(3), 100)
	case k < 7:
		return g.bullets(2 + g.r.IntN(4))
	case k < 9:
		return g.heading() + "\n\n" + g.paragraph(1+g.r.IntN(3), 0)
	default:
		return g.fence()
	}
}

// document returns Markdown blocks of about size bytes (at least min),
// never more than max bytes. The first block is a heading and paragraph.
func (g textGen) document(size, min, max int) []string {
	blocks := []string{"# " + capitalize(g.pick(adjectives)) + " " + plural(g.pick(nouns)) + "\n\n" + g.paragraph(2, 100)}
	n := len(blocks[0])
	for tries := 0; n < size && tries < 1000; tries++ {
		b := g.block()
		if n+2+len(b) > max {
			if n >= min {
				break
			}
			continue
		}
		blocks = append(blocks, b)
		n += 2 + len(b)
	}
	return blocks
}

// Prose draws the generator's prompt-like prose from a seeded source, for
// other test generators that need text promptc lints clean.
type Prose struct{ g textGen }

// NewProse returns a Prose drawing from r.
func NewProse(r *rand.Rand) Prose { return Prose{textGen{r}} }

// Sentence returns one imperative sentence ending with a period.
func (p Prose) Sentence() string { return p.g.sentence() }

// Paragraph returns the given number of sentences wrapped at width.
func (p Prose) Paragraph(sentences, width int) string { return p.g.paragraph(sentences, width) }

// Bullets returns a list of n bullet lines.
func (p Prose) Bullets(n int) string { return p.g.bullets(n) }
