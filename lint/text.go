package lint

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/promptc/promptc/internal/diag"
	"github.com/promptc/promptc/lint/secret"
)

// fileTasks returns one task per project file the compiler read, in path
// order, and one for promptc.cue, last. A file's task runs the
// character-level rules of on (as planned: trailing white space, tabs when
// lint.forbidTabs is set, invisible characters, credentials) on its text
// and finds its directives, which it keeps in l.dirs and l.dirDiags
// at the file's index: each file is read by one goroutine, once, while it
// is in its cache. promptc.cue gets the character-level rules except tabs
// (cue fmt indents with tabs).
func (l *linter) fileTasks(on textRules) []func() ([]diag.Diagnostic, error) {
	paths := slices.Sorted(maps.Keys(l.files))
	l.dirs = make([]directives, len(paths))
	l.dirDiags = make([][]diag.Diagnostic, len(paths))
	var tasks []func() ([]diag.Diagnostic, error)
	for i, p := range paths {
		f := l.files[p]
		tasks = append(tasks, func() ([]diag.Diagnostic, error) {
			l.dirs[i], l.dirDiags[i] = fileDirectives(f)
			return on.check(nil, p, f.Text), nil
		})
	}
	// A template part's typical rendering holds text its constants and
	// printf assemble, which its file does not hold as written.
	if rendered := (textRules{invisible: on.invisible, secrets: on.secrets}); rendered.invisible || rendered.secrets {
		for _, name := range slices.Sorted(maps.Keys(l.p.Parts)) {
			if t := l.p.Parts[name].Tmpl; t != nil && t.Typical != "" {
				tasks = append(tasks, func() ([]diag.Diagnostic, error) {
					return renderedFindings(rendered, t.Path, t.Source, t.Typical), nil
				})
			}
		}
	}
	cfg := on
	cfg.tabs = false
	return append(tasks, func() ([]diag.Diagnostic, error) {
		src := strings.ReplaceAll(string(l.p.Loaded.Source), "\r\n", "\n")
		return cfg.check(nil, configPath(l.p.Loaded), src), nil
	})
}

// columnIn finds "at column N" in a character rule's message.
var columnIn = regexp.MustCompile(` at column \d+`)

// renderedFindings are the findings of on in a template's rendering that
// its source (checked as a file) does not have: a credential or an
// invisible character that the template's constants or printf assemble.
// They are reported at the template's first line, naming the rendering:
// its lines are not the file's.
func renderedFindings(on textRules, path, source, rendered string) []diag.Diagnostic {
	have := map[string]bool{}
	for _, d := range on.check(nil, path, source) {
		have[d.Rule+columnIn.ReplaceAllString(d.Message, "")] = true
	}
	var out []diag.Diagnostic
	for _, d := range on.check(nil, path, rendered) {
		msg := columnIn.ReplaceAllString(d.Message, "")
		if have[d.Rule+msg] {
			continue
		}
		have[d.Rule+msg] = true
		d.Message = fmt.Sprintf("in its rendering with typical inputs, line %d: %s", d.Pos.Line, msg)
		d.Pos, d.End = diag.Position{Path: path, Line: 1, Col: 1}, diag.Position{}
		out = append(out, d)
	}
	return out
}

type textRules struct {
	trailing, tabs, invisible, secrets bool
	// everyRune makes scan read plain lines rune by rune too, as it reads
	// the others: the tests hold the shortcut to that.
	everyRune bool
}

// check appends the findings in text (LF line endings) of the file p.
func (on textRules) check(ds []diag.Diagnostic, p, text string) []diag.Diagnostic {
	if on.trailing || on.tabs || on.invisible {
		ds = on.scan(ds, p, text)
	}
	if on.secrets {
		ds = secrets(ds, p, text)
	}
	return ds
}

// scan walks text once, tracking line and column (in code points). A line
// of ASCII without a tab to report can hold only trailing white space,
// which is found from the line's end; other lines are read rune by rune.
// Most lines of most prompts are plain, and reading them byte by byte
// through the rune loop was 4% of a lint at 10,000 files.
func (on textRules) scan(ds []diag.Diagnostic, p, text string) []diag.Diagnostic {
	line, col := 1, 0
	wsStart := 0  // column where the current run of spaces and tabs began, 0 if none
	tabLine := 0  // the last line a tab was reported on
	var prev rune // the rune before the current one on this line, 0 at its start
	for i := 0; i < len(text); {
		if col == 0 && !on.everyRune { // at the start of a line
			end := len(text)
			if e := strings.IndexByte(text[i:], '\n'); e >= 0 {
				end = i + e
			}
			if plainLine(text[i:end], on.tabs) {
				k := end
				for k > i && (text[k-1] == ' ' || text[k-1] == '\t') {
					k--
				}
				if on.trailing && k < end {
					ds = append(ds, trailingDiag(p, line, k-i+1, end-i))
				}
				if end == len(text) {
					return ds
				}
				i, line = end+1, line+1
				continue
			}
		}
		c := text[i]
		if c < utf8.RuneSelf {
			i++
			switch c {
			case '\n':
				if on.trailing && wsStart > 0 {
					ds = append(ds, trailingDiag(p, line, wsStart, col))
				}
				line, col, wsStart, prev = line+1, 0, 0, 0
				continue
			case ' ', '\t':
				col++
				if wsStart == 0 {
					wsStart = col
				}
				if c == '\t' && on.tabs && tabLine != line {
					tabLine = line
					ds = append(ds, newDiag(diag.Position{Path: p, Line: line, Col: col}, RuleTab,
						fmt.Sprintf("tab character at column %d; lint.forbidTabs is set: indent with spaces", col)))
				}
			default:
				col++
				wsStart = 0
			}
			prev = rune(c)
			continue
		}
		r, size := utf8.DecodeRuneInString(text[i:])
		col++
		wsStart = 0
		if on.invisible {
			switch {
			case isTag(r):
				// A run of tag characters is one finding, with the text it spells.
				j, n := i, 0
				var spelled strings.Builder
				for j < len(text) {
					t, ts := utf8.DecodeRuneInString(text[j:])
					if !isTag(t) {
						break
					}
					if t >= 0xE0020 && t <= 0xE007E {
						spelled.WriteRune(t - 0xE0000)
					}
					j += ts
					n++
				}
				if !subdivisionFlag(prev, text[i:j]) {
					ds = append(ds, tagDiag(p, line, col, r, n, spelled.String()))
				}
				col += n - 1
				i = j
				prev = r
				continue
			case isBidi(r):
				ds = append(ds, newDiag(diag.Position{Path: p, Line: line, Col: col}, RuleBidi,
					fmt.Sprintf("bidirectional control %s at column %d: it changes how the text around it displays, so a reviewer and the model read different things; delete it", describe(r), col)))
			case isZeroWidth(r):
				next, _ := utf8.DecodeRuneInString(text[i+size:])
				if !joinerInContext(r, prev, next) {
					ds = append(ds, newDiag(diag.Position{Path: p, Line: line, Col: col}, RuleZeroWidth,
						fmt.Sprintf("zero-width character %s at column %d: invisible in editors and review, but read by the model; delete it", describe(r), col)))
				}
			}
		}
		prev = r
		i += size
	}
	if on.trailing && wsStart > 0 {
		ds = append(ds, trailingDiag(p, line, wsStart, col))
	}
	return ds
}

// plainLine reports whether line is all ASCII, and without a tab when
// tabs are reported.
func plainLine(line string, tabs bool) bool {
	for i := 0; i < len(line); i++ {
		if c := line[i]; c >= utf8.RuneSelf || tabs && c == '\t' {
			return false
		}
	}
	return true
}

func trailingDiag(p string, line, from, to int) diag.Diagnostic {
	n := to - from + 1
	what, it := "1 trailing space or tab", "it"
	if n > 1 {
		what, it = fmt.Sprintf("%d trailing spaces or tabs", n), "them"
	}
	d := newDiag(diag.Position{Path: p, Line: line, Col: from}, RuleTrailingSpace,
		fmt.Sprintf("%s at the end of the line: invisible, and paid for wherever the text is sent; delete %s", what, it))
	d.End = diag.Position{Path: p, Line: line, Col: to + 1}
	return d
}

func tagDiag(p string, line, col int, first rune, n int, spelled string) diag.Diagnostic {
	const maxShown = 60
	if utf8.RuneCountInString(spelled) > maxShown {
		spelled = string([]rune(spelled)[:maxShown]) + "…"
	}
	what, them := fmt.Sprintf("Unicode tag character %s", codePoint(first)), "it"
	if n > 1 {
		what, them = fmt.Sprintf("%d Unicode tag characters (%s...)", n, codePoint(first)), "them"
	}
	hidden := ""
	if spelled != "" {
		hidden = fmt.Sprintf(" spelling %q", spelled)
	}
	d := newDiag(diag.Position{Path: p, Line: line, Col: col}, RuleTag,
		fmt.Sprintf("%s at column %d%s: invisible to reviewers but read by models, a known way to hide instructions; delete %s", what, col, hidden, them))
	d.End = diag.Position{Path: p, Line: line, Col: col + n}
	return d
}

func isTag(r rune) bool { return r >= 0xE0000 && r <= 0xE007F }

// subdivisionFlags are the tag runs that, after a black flag (U+1F3F4),
// spell the flags of England, Scotland and Wales: the only tag sequences
// Unicode recommends for display, shown as a flag rather than hidden.
var subdivisionFlags = map[string]bool{
	"\U000E0067\U000E0062\U000E0065\U000E006E\U000E0067\U000E007F": true, // gbeng
	"\U000E0067\U000E0062\U000E0073\U000E0063\U000E0074\U000E007F": true, // gbsct
	"\U000E0067\U000E0062\U000E0077\U000E006C\U000E0073\U000E007F": true, // gbwls
}

// subdivisionFlag reports whether run, a whole run of tag characters
// after prev, completes one of those flags: it hides no text, and any
// other run, a flag's tags with text added included, is reported.
func subdivisionFlag(prev rune, run string) bool {
	return prev == 0x1F3F4 && subdivisionFlags[run]
}

func isBidi(r rune) bool {
	return r >= 0x202A && r <= 0x202E || r >= 0x2066 && r <= 0x2069 || r == 0x200E || r == 0x200F || r == 0x061C
}

func isZeroWidth(r rune) bool {
	return r >= 0x200B && r <= 0x200D || r == 0x2060 || r == 0xFEFF
}

// joinerInContext reports a zero-width joiner or non-joiner doing its
// legitimate job: joining two emoji into one (a joiner between pictographs,
// after an optional variation selector), or shaping two letters of a
// script other than Latin (Persian, Devanagari, ...). Between ASCII or
// Latin letters they only hide text.
func joinerInContext(r, prev, next rune) bool {
	if r != 0x200C && r != 0x200D {
		return false
	}
	emoji := func(c rune) bool { return unicode.Is(unicode.So, c) || c == 0xFE0F || c >= 0x1F3FB && c <= 0x1F3FF }
	if r == 0x200D && emoji(prev) && emoji(next) {
		return true
	}
	letter := func(c rune) bool {
		return c >= utf8.RuneSelf && (unicode.IsLetter(c) || unicode.IsMark(c)) && !unicode.Is(unicode.Latin, c)
	}
	return letter(prev) && letter(next)
}

var invisibleNames = map[rune]string{
	0x200B: "ZERO WIDTH SPACE",
	0x200C: "ZERO WIDTH NON-JOINER",
	0x200D: "ZERO WIDTH JOINER",
	0x2060: "WORD JOINER",
	0xFEFF: "ZERO WIDTH NO-BREAK SPACE",
	0x202A: "LEFT-TO-RIGHT EMBEDDING",
	0x202B: "RIGHT-TO-LEFT EMBEDDING",
	0x202C: "POP DIRECTIONAL FORMATTING",
	0x202D: "LEFT-TO-RIGHT OVERRIDE",
	0x202E: "RIGHT-TO-LEFT OVERRIDE",
	0x2066: "LEFT-TO-RIGHT ISOLATE",
	0x2067: "RIGHT-TO-LEFT ISOLATE",
	0x2068: "FIRST STRONG ISOLATE",
	0x2069: "POP DIRECTIONAL ISOLATE",
	0x200E: "LEFT-TO-RIGHT MARK",
	0x200F: "RIGHT-TO-LEFT MARK",
	0x061C: "ARABIC LETTER MARK",
}

// describe names a code point: "U+200B (ZERO WIDTH SPACE)".
func describe(r rune) string {
	if n, ok := invisibleNames[r]; ok {
		return codePoint(r) + " (" + n + ")"
	}
	return codePoint(r)
}

func codePoint(r rune) string { return fmt.Sprintf("U+%04X", r) }

// secrets appends a finding for every credential-like string in text. The
// value itself never appears in the message: only secret.Mask of it.
func secrets(ds []diag.Diagnostic, p, text string) []diag.Diagnostic {
	if !mayHoldSecret(text) {
		return ds
	}
	ms := secret.Find(text)
	if len(ms) == 0 {
		return ds
	}
	starts := lineStarts(text)
	for _, m := range ms {
		line, col := lineCol(text, starts, m.Start)
		_, endCol := lineCol(text, starts, m.End)
		d := newDiag(diag.Position{Path: p, Line: line, Col: col}, RuleSecret,
			fmt.Sprintf("%s %s at column %d: prompt text is sent to every provider and logged; remove it and rotate the credential", m.Kind, secret.Mask(text[m.Start:m.End]), col))
		d.End = diag.Position{Path: p, Line: line, Col: endCol}
		ds = append(ds, d)
	}
	return ds
}

// lineStarts returns the byte offset of the start of every line of text.
func lineStarts(text string) []int {
	starts := []int{0}
	for i := 0; i < len(text); i++ {
		if text[i] == '\n' {
			starts = append(starts, i+1)
		}
	}
	return starts
}

// lineCol converts a byte offset in text to a 1-based line and a 1-based
// column in code points.
func lineCol(text string, starts []int, off int) (line, col int) {
	i := sort.Search(len(starts), func(i int) bool { return starts[i] > off }) - 1
	return i + 1, utf8.RuneCountInString(text[starts[i]:off]) + 1
}

// secretHints are literal prefixes at least one of which every credential
// format of package secret starts with, after a word boundary. secret.Find
// runs ten regular expressions whose leading \b keeps RE2 from skipping
// ahead to a literal, at about 1.5 MB/s; most prompt files contain none of
// these prefixes, and a cheap search for them lets lint skip those files
// without changing what is found. TestSecretPrefilter checks the hints
// against every format package secret knows.
var secretHints = []string{"sk-", "sk_live_", "rk_live_", "ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_", "AKIA", "ASIA", "AIza", "xox", "eyJ"}

// credentialWords end the names that package secret's credential
// assignment pattern accepts before ":" or "=" (api_key, auth-token, ...).
var credentialWords = []string{"apikey", "api_key", "api-key", "secretkey", "secret_key", "secret-key",
	"accesstoken", "access_token", "access-token", "authtoken", "auth_token", "auth-token", "password"}

// secretStarts maps each byte that starts a hint to the hints it starts.
var secretStarts = func() (t [256][]string) {
	for _, h := range secretHints {
		t[h[0]] = append(t[h[0]], h)
	}
	return t
}()

// mayHoldSecret reports whether secret.Find could find anything in text:
// a hint after a word boundary, a private key header, or a credential name
// followed by ":" or "=". It reads text in one pass, stopping only at a
// byte that starts a hint after a byte that is no word byte, and at ':'
// and '='; one search per hint read every file fourteen times, which at
// 10,000 files was 5% of a lint. Each byte's class is one table lookup,
// and the test for the boundary is folded into the one for the byte, so
// that the common letters that start hints ("s", "e", "r") cost no branch
// inside words.
func mayHoldSecret(text string) bool {
	if strings.Contains(text, "PRIVATE KEY") {
		return true
	}
	prev := byte(0) // the class of the byte before
	for i := 0; i < len(text); i++ {
		c := secretClass[text[i]]
		// A hint start counts only after a byte that is no word byte:
		// shifted, prev's word bit clears the start bit.
		stop := c &^ ((prev & classWord) << 1) & (classStart | classAssign)
		prev = c
		if stop == 0 {
			continue
		}
		if stop&classAssign != 0 {
			if credentialBefore(text, i) {
				return true
			}
			continue
		}
		for _, h := range secretStarts[text[i]] {
			if strings.HasPrefix(text[i:], h) {
				return true
			}
		}
	}
	return false
}

// The bits of secretClass.
const (
	classWord   = 1 << iota // isWordByte
	classStart              // the first byte of a hint
	classAssign             // ':' or '='
)

// secretClass holds, for every byte, which of classWord, classStart and
// classAssign it is.
var secretClass = func() (t [256]byte) {
	for c := range 256 {
		if isWordByte(byte(c)) {
			t[c] |= classWord
		}
	}
	for _, h := range secretHints {
		t[h[0]] |= classStart
	}
	t[':'] |= classAssign
	t['='] |= classAssign
	return t
}()

// credentialBefore reports whether a credential name, then an optional
// quote and only white space, comes before text[i].
func credentialBefore(text string, i int) bool {
	j := i
	for j > 0 && isSpaceByte(text[j-1]) {
		j--
	}
	if j > 0 && (text[j-1] == '"' || text[j-1] == '\'') {
		j--
	}
	before := text[max(0, j-len("access_token")):j]
	for _, w := range credentialWords {
		if hasSuffixFold(before, w) {
			return true
		}
	}
	return false
}

func isWordByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

func isSpaceByte(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' }

// hasSuffixFold reports whether s ends with the ASCII suffix, ignoring
// letter case.
func hasSuffixFold(s, suffix string) bool {
	return len(s) >= len(suffix) && strings.EqualFold(s[len(s)-len(suffix):], suffix)
}
