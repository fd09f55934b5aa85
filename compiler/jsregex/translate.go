package jsregex

import (
	"errors"
	"fmt"
	"regexp"
	"regexp/syntax"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

const (
	// maxRepeat is RE2's limit on a counted repetition {n,m}, also applied
	// to the product of nested counts.
	maxRepeat = 1000
	// maxDepth bounds group nesting, which also bounds the recursion of the
	// translator.
	maxDepth = 1000
)

// flagSet holds the accepted flags of a literal.
type flagSet struct{ i, m, s, u bool }

// parseFlags checks the flags, which start at byte offset base of lit.
func parseFlags(lit string, base int, flags string) (flagSet, *Error) {
	var f flagSet
	seen := map[rune]bool{}
	for i, r := range flags {
		off := base + i
		name := "flag " + string(r)
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			name = fmt.Sprintf("flag %q", r)
		}
		if seen[r] {
			return f, newError(lit, off, name, "repeated: give each flag once")
		}
		seen[r] = true
		switch r {
		case 'i':
			f.i = true
		case 'm':
			f.m = true
		case 's':
			f.s = true
		case 'u':
			f.u = true
		case 'g':
			return f, newError(lit, off, name, "global matching has no meaning for a selector, which only tests whether a model id matches: remove it")
		case 'y':
			return f, newError(lit, off, name, "sticky matching has no meaning for a selector, which only tests whether a model id matches: remove it")
		case 'd':
			return f, newError(lit, off, name, "match indices have no meaning for a selector, which only tests whether a model id matches: remove it")
		case 'v':
			return f, newError(lit, off, name, "the unicodeSets syntax is not supported: use u")
		default:
			if unicode.IsSpace(r) {
				return f, newError(lit, off, name, "unexpected space after the closing /")
			}
			return f, newError(lit, off, name, "unknown flag: the accepted flags are i, m, s and u")
		}
	}
	return f, nil
}

// translator turns one JavaScript pattern into RE2 syntax. It is a
// recursive-descent parser of the ECMAScript pattern grammar (with the
// Annex B extensions when the u flag is absent) that writes RE2 text as it
// goes, escaping every literal character so that RE2 never reinterprets it.
type translator struct {
	lit     string // the literal, for error positions
	base    int    // offset of the pattern in lit
	src     string // the pattern
	pos     int    // current offset in src
	unicode bool   // the u flag
	dotAll  bool   // the s flag, as modified by enclosing (?s:...) groups
	groups  int    // capturing groups in the pattern
	named   bool   // the pattern has a named group
	names   map[string]bool
	depth   int
	out     strings.Builder
	marks   []mark
}

// mark records that the translation of the term at literal offset src
// starts at byte out of the output; it maps RE2's errors back to columns.
type mark struct{ out, src int }

// failure carries an Error out of the recursive descent.
type failure struct{ err *Error }

// rep mirrors a counted repetition {n,m} and the counted repetitions inside
// it, so that RE2's limit on nested counts can be checked where the
// offending quantifier is.
type rep struct {
	min, max int
	subs     []*rep
}

// translate checks the flags, which start at flagBase in lit, and
// translates the pattern src, which starts at base.
func translate(lit string, base int, src string, flagBase int, flags string) (string, []mark, *Error) {
	f, e := parseFlags(lit, flagBase, flags)
	if e != nil {
		return "", nil, e
	}
	t := &translator{lit: lit, base: base, src: src, unicode: f.u, dotAll: f.s, names: map[string]bool{}}
	t.prescan()
	if f.i || f.m || f.s {
		t.out.WriteString("(?")
		for _, on := range []struct {
			set bool
			c   byte
		}{{f.i, 'i'}, {f.m, 'm'}, {f.s, 's'}} {
			if on.set {
				t.out.WriteByte(on.c)
			}
		}
		t.out.WriteString(")")
	}
	if e := t.run(); e != nil {
		return "", nil, e
	}
	return t.out.String(), t.marks, nil
}

func (t *translator) run() (err *Error) {
	defer func() {
		if r := recover(); r != nil {
			f, ok := r.(failure)
			if !ok {
				panic(r)
			}
			err = f.err
		}
	}()
	t.disjunction()
	if t.pos < len(t.src) {
		// Only an unmatched ) stops the outermost disjunction early.
		t.fail(t.pos, "group )", "unmatched: nothing opened it; write \\) for a literal parenthesis")
	}
	return nil
}

func (t *translator) fail(off int, construct, msg string) {
	panic(failure{newError(t.lit, t.base+off, construct, msg)})
}

// prescan counts the capturing groups and notes named ones, which decide how
// \1 and \k are read.
func (t *translator) prescan() {
	s := t.src
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '[':
			for i++; i < len(s) && s[i] != ']'; i++ {
				if s[i] == '\\' {
					i++
				}
			}
		case '(':
			rest := s[i+1:]
			switch {
			case !strings.HasPrefix(rest, "?"):
				t.groups++
			case strings.HasPrefix(rest, "?<") && !strings.HasPrefix(rest, "?<=") && !strings.HasPrefix(rest, "?<!"):
				t.groups++
				t.named = true
			}
		}
	}
}

func (t *translator) disjunction() []*rep {
	var reps []*rep
	for {
		reps = append(reps, t.alternative()...)
		if t.pos >= len(t.src) || t.src[t.pos] != '|' {
			return reps
		}
		t.out.WriteByte('|')
		t.pos++
	}
}

func (t *translator) alternative() []*rep {
	var reps []*rep
	for t.pos < len(t.src) && t.src[t.pos] != '|' && t.src[t.pos] != ')' {
		reps = append(reps, t.term()...)
	}
	return reps
}

const noLookaround = "not supported: RE2 has no lookahead or lookbehind (it matches in linear time); match the text itself instead"

func (t *translator) term() []*rep {
	start := t.pos
	t.marks = append(t.marks, mark{t.out.Len(), t.base + start})
	rest := t.src[start:]
	switch {
	case rest[0] == '^' || rest[0] == '$':
		// Same meaning in both syntaxes; see the package documentation.
		t.out.WriteByte(rest[0])
		t.pos++
		t.assertionEnd(rest[:1])
		return nil
	case strings.HasPrefix(rest, `\b`) || strings.HasPrefix(rest, `\B`):
		t.out.WriteString(rest[:2])
		t.pos += 2
		t.assertionEnd(rest[:2])
		return nil
	case strings.HasPrefix(rest, "(?="):
		t.fail(start, "lookahead (?=...)", noLookaround)
	case strings.HasPrefix(rest, "(?!"):
		t.fail(start, "negative lookahead (?!...)", noLookaround)
	case strings.HasPrefix(rest, "(?<="):
		t.fail(start, "lookbehind (?<=...)", noLookaround)
	case strings.HasPrefix(rest, "(?<!"):
		t.fail(start, "negative lookbehind (?<!...)", noLookaround)
	}
	reps := t.atom()
	return t.quantifier(reps)
}

// assertionEnd refuses a quantifier after the assertion what.
func (t *translator) assertionEnd(what string) {
	if q, _, _, ok := t.quantifierAt(t.pos); ok {
		t.fail(t.pos, "quantifier "+q, "nothing to repeat: "+what+" is an assertion and cannot be repeated")
	}
}

// quantifierAt reports whether a quantifier (without its lazy ?) starts at
// offset i, and its text and bounds; max is -1 when unbounded.
func (t *translator) quantifierAt(i int) (text string, min, max int, ok bool) {
	if i >= len(t.src) {
		return "", 0, 0, false
	}
	switch t.src[i] {
	case '*':
		return "*", 0, -1, true
	case '+':
		return "+", 1, -1, true
	case '?':
		return "?", 0, 1, true
	case '{':
		return t.braced(i)
	}
	return "", 0, 0, false
}

// braced parses {n}, {n,} or {n,m} at offset i. Counts saturate at about
// 10^10, far above any limit.
func (t *translator) braced(i int) (text string, min, max int, ok bool) {
	s, j := t.src, i+1
	number := func() (int, bool) {
		n, digits := 0, false
		for ; j < len(s) && s[j] >= '0' && s[j] <= '9'; j++ {
			if n < 1<<30 {
				n = n*10 + int(s[j]-'0')
			}
			digits = true
		}
		return n, digits
	}
	min, ok = number()
	if !ok {
		return "", 0, 0, false
	}
	max = min
	if j < len(s) && s[j] == ',' {
		j++
		if n, digits := number(); digits {
			max = n
		} else {
			max = -1
		}
	}
	if j >= len(s) || s[j] != '}' {
		return "", 0, 0, false
	}
	return s[i : j+1], min, max, true
}

func (t *translator) quantifier(reps []*rep) []*rep {
	qs := t.pos
	text, min, max, ok := t.quantifierAt(qs)
	if !ok {
		return reps
	}
	t.pos += len(text)
	if max >= 0 && min > max {
		t.fail(qs, "quantifier "+text, "numbers out of order: the minimum is above the maximum")
	}
	if min > maxRepeat || max > maxRepeat {
		t.fail(qs, "quantifier "+text, fmt.Sprintf("repeat count above %d, RE2's limit", maxRepeat))
	}
	lazy := t.pos < len(t.src) && t.src[t.pos] == '?'
	if lazy {
		t.pos++
	}
	switch {
	case text[0] != '{':
		t.out.WriteString(text)
	case max == min:
		fmt.Fprintf(&t.out, "{%d}", min)
	case max < 0:
		fmt.Fprintf(&t.out, "{%d,}", min)
	default:
		fmt.Fprintf(&t.out, "{%d,%d}", min, max)
	}
	if lazy {
		t.out.WriteByte('?')
	}
	if next, _, _, ok := t.quantifierAt(t.pos); ok {
		if !lazy && next == "+" {
			t.fail(qs, "possessive quantifier "+text+"+", "JavaScript has no possessive quantifiers: nothing to repeat")
		}
		t.fail(t.pos, "quantifier "+next, "nothing to repeat: quantifiers cannot be stacked; group the repeated part with (?:...)")
	}
	if text[0] != '{' {
		return reps
	}
	r := &rep{min: min, max: max, subs: reps}
	if (min >= 2 || max >= 2) && !repeatOK(r, maxRepeat) {
		t.fail(qs, "quantifier "+text, fmt.Sprintf("nested repeat counts multiply past %d, RE2's limit", maxRepeat))
	}
	return []*rep{r}
}

// repeatOK mirrors regexp/syntax's check of nested repetitions: the counts
// along any path may not multiply past n.
func repeatOK(r *rep, n int) bool {
	m := r.max
	if m == 0 {
		return true
	}
	if m < 0 {
		m = r.min
	}
	if m > n {
		return false
	}
	if m > 0 {
		n /= m
	}
	for _, sub := range r.subs {
		if !repeatOK(sub, n) {
			return false
		}
	}
	return true
}

func (t *translator) atom() []*rep {
	start := t.pos
	switch c := t.src[start]; c {
	case '.':
		t.pos++
		if t.dotAll {
			t.out.WriteString(`(?s:.)`)
		} else {
			t.out.WriteString(`[^\n\r\x{2028}\x{2029}]`)
		}
	case '(':
		return t.group()
	case '[':
		t.class()
	case '*', '+', '?':
		t.fail(start, "quantifier "+string(c), "nothing to repeat: write \\"+string(c)+" for the character")
	case '{':
		if q, _, _, ok := t.braced(start); ok {
			t.fail(start, "quantifier "+q, "nothing to repeat")
		}
		if t.unicode {
			t.fail(start, "lone {", "with the u flag a literal { must be escaped: write \\{")
		}
		t.literal('{')
		t.pos++
	case '}', ']':
		if t.unicode {
			t.fail(start, "lone "+string(c), "with the u flag a literal "+string(c)+" must be escaped: write \\"+string(c))
		}
		t.literal(rune(c))
		t.pos++
	case '\\':
		t.atomEscape()
	default:
		r, n := utf8.DecodeRuneInString(t.src[start:])
		t.literal(r)
		t.pos += n
	}
	return nil
}

func (t *translator) group() []*rep {
	open := t.pos
	if t.depth >= maxDepth {
		t.fail(open, "group (", fmt.Sprintf("groups nested more than %d deep", maxDepth))
	}
	rest := t.src[open:]
	dotAll := t.dotAll
	switch {
	case strings.HasPrefix(rest, "(?:"):
		t.out.WriteString("(?:")
		t.pos += 3
	case strings.HasPrefix(rest, "(?<"):
		name := t.groupName(open)
		t.out.WriteString("(?P<" + name + ">")
	case strings.HasPrefix(rest, "(?P<"):
		t.fail(open, "named group (?P<name>...)", "this is Python's and RE2's syntax, not JavaScript's: write (?<name>...)")
	case strings.HasPrefix(rest, "(?>"):
		t.fail(open, "atomic group (?>...)", "JavaScript has no atomic groups")
	case strings.HasPrefix(rest, "(?#"):
		t.fail(open, "comment (?#...)", "JavaScript has no comment groups")
	case strings.HasPrefix(rest, "(?"):
		t.modifiers(open)
	default:
		t.out.WriteByte('(')
		t.pos++
	}
	t.depth++
	reps := t.disjunction()
	t.depth--
	t.dotAll = dotAll
	if t.pos >= len(t.src) {
		t.fail(open, "group (", "missing )")
	}
	t.out.WriteByte(')')
	t.pos++
	return reps
}

// groupName reads the name of the group (?<name>... at open and returns it.
func (t *translator) groupName(open int) string {
	start := open + 3
	end := strings.IndexByte(t.src[start:], '>')
	if end < 0 {
		t.fail(open, "named group (?<", "missing > after the group name")
	}
	name := t.src[start : start+end]
	t.pos = start + end + 1
	construct := "group name <" + name + ">"
	if name == "" {
		t.fail(open, "named group (?<>", "the group name is empty")
	}
	ascii := true
	for i, r := range name {
		switch {
		case r == '_' || r < utf8.RuneSelf && unicode.IsLetter(r), i > 0 && r >= '0' && r <= '9':
		case r == '$' || r == '\\' || r >= utf8.RuneSelf:
			ascii = false
		default:
			t.fail(start, construct, "not a valid group name: use letters, digits and _, not starting with a digit")
		}
	}
	if !ascii {
		t.fail(start, construct, "RE2 accepts only ASCII letters, digits and _ in group names")
	}
	if t.names[name] {
		t.fail(start, construct, "the name is already used: RE2 requires each group name once")
	}
	t.names[name] = true
	return name
}

// modifiers reads a modifier group (?ims-ims:... at open and writes its RE2
// form.
func (t *translator) modifiers(open int) {
	s, i := t.src, open+2
	seen := map[byte]bool{}
	read := func() string {
		from := i
		for ; i < len(s) && s[i] < utf8.RuneSelf && unicode.IsLetter(rune(s[i])); i++ {
			c := s[i]
			if c != 'i' && c != 'm' && c != 's' {
				t.fail(i, "modifier "+string(c), "unknown: a modifier group (?flags:...) takes only i, m and s")
			}
			if seen[c] {
				t.fail(i, "modifier "+string(c), "repeated in the same group")
			}
			seen[c] = true
		}
		return s[from:i]
	}
	add, remove, dash := read(), "", false
	if i < len(s) && s[i] == '-' {
		dash = true
		i++
		remove = read()
	}
	if i < len(s) && s[i] == ')' && add+remove != "" {
		t.fail(open, "inline flags "+s[open:i+1], "JavaScript has no inline flag groups: put the flag after the closing /, or scope it as (?"+s[open+2:i]+":...)")
	}
	if i >= len(s) || s[i] != ':' {
		_, n := utf8.DecodeRuneInString(s[min(i, len(s)):])
		t.fail(open, "group "+s[open:min(i+n, len(s))], "not a JavaScript group: groups start with (, (?:, (?<name>, (?flags:, or a lookaround")
	}
	if dash && add == "" && remove == "" {
		t.fail(open, "modifiers (?-:", "names no flag")
	}
	t.out.WriteString("(?" + add)
	if remove != "" {
		t.out.WriteString("-" + remove)
	}
	t.out.WriteString(":")
	if strings.Contains(add, "s") {
		t.dotAll = true
	}
	if strings.Contains(remove, "s") {
		t.dotAll = false
	}
	t.pos = i + 1
}

// classItem is one element of a character class: a character or a class
// escape such as \d.
type classItem struct {
	start int
	r     rune
	set   string // RE2 class content for a class escape; "" for a character
}

func (c classItem) content() string {
	if c.set != "" {
		return c.set
	}
	return classChar(c.r)
}

// anyChar is RE2 class content for every code point.
const anyChar = `\x{0}-\x{10FFFF}`

func (t *translator) class() {
	open := t.pos
	t.pos++
	negated := t.pos < len(t.src) && t.src[t.pos] == '^'
	if negated {
		t.pos++
	}
	var b strings.Builder
	for {
		if t.pos >= len(t.src) {
			t.fail(open, "class [", "missing ]")
		}
		if t.src[t.pos] == ']' {
			t.pos++
			break
		}
		a := t.classAtom()
		if t.pos+1 < len(t.src) && t.src[t.pos] == '-' && t.src[t.pos+1] != ']' {
			dash := t.pos
			t.pos++
			z := t.classAtom()
			if a.set != "" || z.set != "" {
				if t.unicode {
					t.fail(dash, "class range "+t.src[a.start:t.pos], "a range cannot start or end at a class escape such as \\d")
				}
				// Without u, JavaScript reads the - literally.
				b.WriteString(a.content() + classChar('-') + z.content())
				continue
			}
			if a.r > z.r {
				t.fail(a.start, "class range "+t.src[a.start:t.pos], "out of order: the first character is above the last")
			}
			b.WriteString(classChar(a.r) + "-" + classChar(z.r))
			continue
		}
		b.WriteString(a.content())
	}
	switch {
	case b.Len() > 0 && negated:
		t.out.WriteString("[^" + b.String() + "]")
	case b.Len() > 0:
		t.out.WriteString("[" + b.String() + "]")
	case negated: // [^] matches any character, line breaks included
		t.out.WriteString("[" + anyChar + "]")
	default: // [] matches nothing
		t.out.WriteString("[^" + anyChar + "]")
	}
}

func (t *translator) classAtom() classItem {
	start := t.pos
	if t.src[start] != '\\' {
		r, n := utf8.DecodeRuneInString(t.src[start:])
		t.pos += n
		return classItem{start: start, r: r}
	}
	if start+1 >= len(t.src) {
		t.fail(start, `escape \`, `\ at the end of the pattern escapes nothing`)
	}
	switch e := t.src[start+1]; e {
	case 'b': // backspace inside a class
		t.pos += 2
		return classItem{start: start, r: '\b'}
	case '-':
		t.pos += 2
		return classItem{start: start, r: '-'}
	case 'd', 'D', 'w', 'W', 's', 'S', 'p', 'P':
		_, set := t.setEscape()
		return classItem{start: start, set: set}
	case 'k':
		t.kEscape(start)
	case '1', '2', '3', '4', '5', '6', '7', '8', '9':
		t.fail(start, "escape "+t.digitsAt(start), "octal escapes are not supported (and a class cannot hold a backreference): write \\xHH")
	}
	return classItem{start: start, r: t.charEscape()}
}

// digitsAt returns the backslash at i and the digits after it.
func (t *translator) digitsAt(i int) string {
	j := i + 1
	for j < len(t.src) && t.src[j] >= '0' && t.src[j] <= '9' {
		j++
	}
	return t.src[i:j]
}

func (t *translator) atomEscape() {
	start := t.pos
	if start+1 >= len(t.src) {
		t.fail(start, `escape \`, `\ at the end of the pattern escapes nothing`)
	}
	switch e := t.src[start+1]; e {
	case '1', '2', '3', '4', '5', '6', '7', '8', '9':
		text := t.digitsAt(start)
		n, err := strconv.Atoi(text[1:])
		msg := "backreferences are not supported: RE2 has none (it matches in linear time)"
		if err != nil || n > t.groups {
			msg = fmt.Sprintf("there is no group %s", text[1:])
			if !t.unicode {
				msg += ", so JavaScript would read this as a legacy octal escape or a plain digit: write \\xHH for a character"
			}
		}
		t.fail(start, "backreference "+text, msg)
	case 'k':
		t.kEscape(start)
	case 'd', 'D', 'w', 'W', 's', 'S', 'p', 'P':
		top, _ := t.setEscape()
		t.out.WriteString(top)
	default:
		t.literal(t.charEscape())
	}
}

// kEscape refuses \k at start.
func (t *translator) kEscape(start int) {
	rest := t.src[start:]
	if strings.HasPrefix(rest, `\k<`) {
		construct := `named backreference \k<...>`
		if end := strings.IndexByte(rest, '>'); end > 0 {
			construct = "named backreference " + rest[:end+1]
		}
		t.fail(start, construct, "backreferences are not supported: RE2 has none (it matches in linear time)")
	}
	if t.unicode || t.named {
		t.fail(start, `escape \k`, `\k must be followed by <name> (and backreferences are not supported)`)
	}
	t.fail(start, `escape \k`, "JavaScript reads \\k here as the plain letter k, which is rarely what was meant: write k")
}

// setEscape reads a class escape (\d \D \w \W \s \S \p{..} \P{..}) at t.pos
// and returns its RE2 form outside a class and inside one.
func (t *translator) setEscape() (top, class string) {
	start := t.pos
	e := t.src[start+1]
	t.pos += 2
	switch e {
	case 'd', 'D', 'w', 'W': // ASCII in both syntaxes
		return t.src[start : start+2], t.src[start : start+2]
	case 's':
		return "[" + jsSpace + "]", jsSpace
	case 'S':
		return "[^" + jsSpace + "]", jsNonSpace
	}
	return t.property(start, e == 'P')
}

// property reads \p{...} or \P{...} at start; t.pos is after the letter.
func (t *translator) property(start int, negated bool) (top, class string) {
	letter := t.src[start : start+2]
	if !t.unicode {
		t.fail(start, "escape "+letter+"{...}", "Unicode property escapes need the u flag; without it JavaScript reads "+letter+" as the plain letter "+letter[1:])
	}
	if t.pos >= len(t.src) || t.src[t.pos] != '{' {
		t.fail(start, "escape "+letter, letter+" must be followed by {Name}")
	}
	end := strings.IndexByte(t.src[t.pos:], '}')
	if end < 0 {
		t.fail(start, "escape "+letter+"{", "missing }")
	}
	body := t.src[t.pos+1 : t.pos+end]
	t.pos += end + 1
	construct := "property " + t.src[start:t.pos]
	key, value, hasValue := strings.Cut(body, "=")
	var name string
	switch {
	case hasValue && (key == "General_Category" || key == "gc"):
		if name = generalCategory(value); name == "" {
			t.fail(start, construct, "unknown general category "+value)
		}
	case hasValue && (key == "Script" || key == "sc"):
		if unicode.Scripts[value] == nil {
			t.fail(start, construct, "unknown script "+value+" (RE2 knows scripts by their long names, such as Greek, Latin and Han)")
		}
		name = value
	case hasValue && (key == "Script_Extensions" || key == "scx"):
		t.fail(start, construct, "Script_Extensions is not supported by RE2: use Script=")
	case hasValue:
		t.fail(start, construct, "unknown property "+key)
	case generalCategory(body) != "":
		name = generalCategory(body)
	case body == "Any":
		name = "Any"
	case body == "ASCII":
		if negated {
			return "[[:^ascii:]]", "[:^ascii:]"
		}
		return "[[:ascii:]]", "[:ascii:]"
	default:
		t.fail(start, construct, "not supported by RE2: use a general category (L, Lu, Letter, ...), Script=Name, Any or ASCII")
	}
	p := `\p{` + name + `}`
	if negated {
		p = `\P{` + name + `}`
	}
	return p, p
}

// charEscape reads an escape that stands for one character at t.pos and
// returns the character.
func (t *translator) charEscape() rune {
	start := t.pos
	e, n := utf8.DecodeRuneInString(t.src[start+1:])
	simple := map[rune]rune{'f': '\f', 'n': '\n', 'r': '\r', 't': '\t', 'v': '\v'}
	if r, ok := simple[e]; ok {
		t.pos += 2
		return r
	}
	switch e {
	case '0':
		if start+2 < len(t.src) && t.src[start+2] >= '0' && t.src[start+2] <= '9' {
			t.fail(start, "escape "+t.digitsAt(start), "octal escapes are not supported: write \\xHH")
		}
		t.pos += 2
		return 0
	case 'c':
		if start+2 < len(t.src) && isASCIILetter(t.src[start+2]) {
			t.pos += 3
			return rune(t.src[start+2] % 32)
		}
		t.fail(start, `escape \c`, `\c must be followed by a letter A-Z or a-z (\cJ is a line feed)`)
	case 'x':
		if v, ok := hexValue(t.src, start+2, 2); ok {
			t.pos += 4
			return rune(v)
		}
		t.fail(start, `escape \x`, `\x must be followed by two hex digits`)
	case 'u':
		return t.unicodeEscape(start)
	}
	if strings.ContainsRune(`^$\.*+?()[]{}|/`, e) {
		t.pos += 1 + n
		return e
	}
	construct := "escape \\" + string(e)
	if t.unicode {
		t.fail(start, construct, "not a valid escape with the u flag: only ^ $ \\ . * + ? ( ) [ ] { } | / and - in a class may be escaped")
	}
	if e < utf8.RuneSelf && isASCIILetter(byte(e)) {
		t.fail(start, construct, fmt.Sprintf("JavaScript reads \\%c as the plain letter %c, which is rarely what was meant: write %c", e, e, e))
	}
	t.pos += 1 + n // an identity escape
	return e
}

// unicodeEscape reads \uXXXX, a \uXXXX\uXXXX surrogate pair, or with the u
// flag \u{X...}, at start.
func (t *translator) unicodeEscape(start int) rune {
	s := t.src
	if start+2 < len(s) && s[start+2] == '{' {
		if !t.unicode {
			t.fail(start, `escape \u{...}`, `\u{...} needs the u flag; without it JavaScript reads u{...} as the letter u repeated`)
		}
		end := strings.IndexByte(s[start+3:], '}')
		if end <= 0 {
			t.fail(start, `escape \u{...}`, `\u{ must be followed by hex digits and }`)
		}
		construct := "escape " + s[start:start+4+end]
		v, ok := hexValue(s, start+3, end)
		if !ok {
			t.fail(start, construct, `\u{...} must hold only hex digits`)
		}
		if v > unicode.MaxRune {
			t.fail(start, construct, "above U+10FFFF, the largest code point")
		}
		if isSurrogate(v) {
			t.fail(start, construct, "a lone surrogate never matches UTF-8 text: write the whole character")
		}
		t.pos = start + 4 + end
		return rune(v)
	}
	v, ok := hexValue(s, start+2, 4)
	if !ok {
		t.fail(start, `escape \u`, `\u must be followed by four hex digits (or, with the u flag, {hex})`)
	}
	t.pos = start + 6
	if v >= 0xD800 && v <= 0xDBFF && strings.HasPrefix(s[t.pos:], `\u`) {
		if w, ok := hexValue(s, t.pos+2, 4); ok && w >= 0xDC00 && w <= 0xDFFF {
			t.pos += 6
			return rune(0x10000 + (v-0xD800)<<10 + (w - 0xDC00))
		}
	}
	if isSurrogate(v) {
		t.fail(start, "escape "+s[start:start+6], "a lone surrogate never matches UTF-8 text: write the whole character or a \\uD8xx\\uDCxx pair")
	}
	return rune(v)
}

// literal writes r so that RE2 reads it as that character.
func (t *translator) literal(r rune) {
	switch {
	case r < utf8.RuneSelf && strings.ContainsRune(`\.+*?()|[]{}^$`, r):
		t.out.WriteByte('\\')
		t.out.WriteRune(r)
	case r >= ' ' && r < 0x7f, r >= utf8.RuneSelf && unicode.IsGraphic(r) && !unicode.IsSpace(r):
		t.out.WriteRune(r)
	default:
		fmt.Fprintf(&t.out, `\x{%X}`, r)
	}
}

// classChar returns r as RE2 class content: letters and digits as they are,
// everything else as \x{...}.
func classChar(r rune) string {
	if r < utf8.RuneSelf && (isASCIILetter(byte(r)) || r >= '0' && r <= '9') {
		return string(r)
	}
	return fmt.Sprintf(`\x{%X}`, r)
}

func isASCIILetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

func isSurrogate(v int) bool { return v >= 0xD800 && v <= 0xDFFF }

// hexValue parses n hex digits at s[i:]; values saturate above MaxRune.
func hexValue(s string, i, n int) (int, bool) {
	if i+n > len(s) {
		return 0, false
	}
	v := 0
	for _, c := range []byte(s[i : i+n]) {
		var d int
		switch {
		case c >= '0' && c <= '9':
			d = int(c - '0')
		case c|0x20 >= 'a' && c|0x20 <= 'f':
			d = int(c|0x20-'a') + 10
		default:
			return 0, false
		}
		if v <= unicode.MaxRune {
			v = v*16 + d
		}
	}
	return v, true
}

// compile compiles the translated pattern; an error RE2 still finds is
// mapped back to the term of the literal it came from when possible, and to
// the start of the pattern (base) otherwise.
func compile(literal string, base int, goPattern string, marks []mark) (*regexp.Regexp, *Error) {
	re, err := regexp.Compile(goPattern)
	if err == nil {
		return re, nil
	}
	off, msg := base, err.Error()
	var se *syntax.Error
	if errors.As(err, &se) {
		msg = "RE2 refuses the translated pattern: " + string(se.Code)
		if se.Code != syntax.ErrLarge && se.Code != syntax.ErrNestingDepth && se.Expr != "" {
			if i := strings.Index(goPattern, se.Expr); i >= 0 {
				for _, m := range marks {
					if m.out > i {
						break
					}
					off = m.src
				}
			}
		}
	}
	return nil, newError(literal, off, "RE2", msg)
}
