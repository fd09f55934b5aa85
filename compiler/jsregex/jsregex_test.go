package jsregex

import (
	"errors"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"
)

// translateTests list accepted literals and the exact RE2 pattern each
// becomes.
var translateTests = []struct{ lit, want string }{
	// flags
	{`/claude-(opus|sonnet)/i`, `(?i)claude-(opus|sonnet)`},
	{`/a/m`, `(?m)a`},
	{`/a/s`, `(?s)a`},
	{`/a/u`, `a`},
	{`/a/usmi`, `(?ims)a`},
	// anchors and dot
	{`/^gpt-4o$/`, `^gpt-4o$`},
	{`/^a$/m`, `(?m)^a$`},
	{`/a.b/`, `a[^\n\r\x{2028}\x{2029}]b`},
	{`/a.b/s`, `(?s)a(?s:.)b`},
	// classes
	{`/[^]/`, `[\x{0}-\x{10FFFF}]`},
	{`/[]/`, `[^\x{0}-\x{10FFFF}]`},
	{`/[]a]/`, `[^\x{0}-\x{10FFFF}]a\]`},
	{`/[a-z0-9_-]/`, `[a-z0-9\x{5F}\x{2D}]`},
	{`/[^a]/`, `[^a]`},
	{`/[/]/`, `[\x{2F}]`},
	{`/[\b]/`, `[\x{8}]`},
	{`/[\d-z]/`, `[\d\x{2D}z]`},
	{`/[\-]/u`, `[\x{2D}]`},
	{`/[\]]/`, `[\x{5D}]`},
	{`/[é-ï]/`, `[\x{E9}-\x{EF}]`},
	// class escapes
	{`/\d\D\w\W\b\B/`, `\d\D\w\W\b\B`},
	{`/\s/`, `[` + jsSpace + `]`},
	{`/\S/`, `[^` + jsSpace + `]`},
	{`/[\s]/`, `[` + jsSpace + `]`},
	{`/[^\S]/`, `[^` + jsNonSpace + `]`},
	{`/\p{L}\P{Lu}\p{Letter}\p{gc=Nd}\p{General_Category=Uppercase_Letter}/u`, `\p{L}\P{Lu}\p{L}\p{Nd}\p{Lu}`},
	{`/\p{Script=Greek}\p{sc=Latin}\p{Any}\P{Any}/u`, `\p{Greek}\p{Latin}\p{Any}\P{Any}`},
	{`/\p{ASCII}\P{ASCII}[\p{ASCII}]/u`, `[[:ascii:]][[:^ascii:]][[:ascii:]]`},
	// character escapes
	{`/\u0041\x42\cJ\cj\0\t\n\v\f\r/`, `AB\x{A}\x{A}\x{0}\x{9}\x{A}\x{B}\x{C}\x{D}`},
	{`/\u{1F600}\u{41}/u`, `😀A`},
	{`/\uD83D\uDE00/`, `😀`},
	{`/\uD83D\uDE00/u`, `😀`},
	{`/a\/b/`, `a/b`},
	{`/\$\^\.\*\+\?\(\)\[\]\{\}\|\\/`, `\$\^\.\*\+\?\(\)\[\]\{\}\|\\`},
	{`/\-\@\ \_/`, `-@ _`},
	{`/ é😀/`, ` é😀`},
	{"/\u00a0\u200b/", `\x{A0}\x{200B}`},
	// Annex B literals without u
	{`/]/`, `\]`},
	{`/}/`, `\}`},
	{`/a{/`, `a\{`},
	{`/a{,2}/`, `a\{,2\}`},
	{`/a{2/`, `a\{2`},
	// groups
	{`/(?<model>opus)/`, `(?P<model>opus)`},
	{`/(?:a|b)+?/`, `(?:a|b)+?`},
	{`/()(|a)/`, `()(|a)`},
	{`/(?i:opus)-x/`, `(?i:opus)-x`},
	{`/(?-i:a)b/i`, `(?i)(?-i:a)b`},
	{`/(?i-:a)/`, `(?i:a)`},
	{`/(?ims-:a)/`, `(?ims:a)`},
	{`/(?s:.)./`, `(?s:(?s:.))[^\n\r\x{2028}\x{2029}]`},
	{`/(?-s:.)./s`, `(?s)(?-s:[^\n\r\x{2028}\x{2029}])(?s:.)`},
	// quantifiers
	{`/a*b+c?d*?e+?f??/`, `a*b+c?d*?e+?f??`},
	{`/a{2}b{2,}c{2,3}d{02}e{0}f{1000}/`, `a{2}b{2,}c{2,3}d{2}e{0}f{1000}`},
	{`/(a{10}){100}/`, `(a{10}){100}`},
	{`/(a{10}|b{100}){10}/`, `(a{10}|b{100}){10}`},
}

func TestTranslate(t *testing.T) {
	for _, tc := range translateTests {
		r, err := Parse(tc.lit)
		if err != nil {
			t.Errorf("Parse(%s): %v", tc.lit, err)
			continue
		}
		if got := r.RE.String(); got != tc.want {
			t.Errorf("Parse(%s) = %s\n  want %s", tc.lit, got, tc.want)
		}
		if r.Literal != tc.lit || "/"+r.Source+"/"+r.Flags != tc.lit || r.String() != tc.lit {
			t.Errorf("Parse(%s): Literal %q Source %q Flags %q", tc.lit, r.Literal, r.Source, r.Flags)
		}
		got, err := Translate(r.Source, r.Flags)
		if err != nil || got != tc.want {
			t.Errorf("Translate(%q, %q) = %s, %v; want %s", r.Source, r.Flags, got, err, tc.want)
		}
	}
}

func TestTranslateOnly(t *testing.T) {
	// What the RegExp constructor accepts but a literal cannot hold.
	for _, tc := range []struct{ pattern, flags, want string }{
		{"", "", ""},
		{"", "i", "(?i)"},
		{"a/b", "", "a/b"},
		{"a\nb", "", `a\x{A}b`},
		{"[/]", "", `[\x{2F}]`},
	} {
		got, err := Translate(tc.pattern, tc.flags)
		if err != nil || got != tc.want {
			t.Errorf("Translate(%q, %q) = %q, %v; want %q", tc.pattern, tc.flags, got, err, tc.want)
		}
	}
	_, err := Translate("(?<=a)", "")
	var e *Error
	if !errors.As(err, &e) || e.Offset != 1 || e.Col != 2 {
		t.Errorf("Translate error positions are not relative to /pattern/flags: %#v", err)
	}
	_, err = Translate("a", "g")
	if !errors.As(err, &e) || e.Offset != 3 || e.Construct != "flag g" {
		t.Errorf("Translate flag error: %#v", err)
	}
}

// Whether JavaScript accepts what promptc refuses; checked against node by
// TestAgainstJavaScript.
const (
	jsAccepts = iota // JavaScript accepts it; promptc refuses by design
	jsRejects        // a SyntaxError in JavaScript too
	jsLiteral        // not a literal at all: nothing to ask JavaScript
)

var errorTests = []struct {
	lit       string
	offset    int // byte offset
	col       int
	construct string
	js        int
}{
	// the literal
	{``, 0, 1, "literal", jsLiteral},
	{`a/`, 0, 1, "literal", jsLiteral},
	{` /a/`, 0, 1, "literal", jsLiteral},
	{`/a`, 0, 1, "literal", jsLiteral},
	{`//`, 0, 1, "literal", jsLiteral},
	{`//i`, 0, 1, "literal", jsLiteral},
	{`/[a/`, 1, 2, "class [", jsLiteral},
	{`/a[/]b[/`, 6, 7, "class [", jsLiteral},
	{`/a\`, 2, 3, `escape \`, jsLiteral},
	{"/a\nb/", 2, 3, "line break", jsLiteral},
	{"/a\\\nb/", 3, 4, "line break", jsLiteral},
	{"/é\u2028/", 3, 3, "line break", jsLiteral},
	{"/a\xffb/", 2, 3, "encoding", jsLiteral},
	// flags
	{`/a/g`, 3, 4, "flag g", jsAccepts},
	{`/a/ig`, 4, 5, "flag g", jsAccepts},
	{`/a/y`, 3, 4, "flag y", jsAccepts},
	{`/a/d`, 3, 4, "flag d", jsAccepts},
	{`/a/v`, 3, 4, "flag v", jsAccepts},
	{`/a/x`, 3, 4, "flag x", jsRejects},
	{`/a/I`, 3, 4, "flag I", jsRejects},
	{`/a/imi`, 5, 6, "flag i", jsRejects},
	{`/a/ `, 3, 4, "flag ' '", jsLiteral},
	{`/é/ü`, 4, 4, "flag ü", jsRejects},
	// lookaround
	{`/(?=a)/`, 1, 2, "lookahead (?=...)", jsAccepts},
	{`/x(?!a)/`, 2, 3, "negative lookahead (?!...)", jsAccepts},
	{`/(?<=a)b/`, 1, 2, "lookbehind (?<=...)", jsAccepts},
	{`/é(?<!a)b/`, 3, 3, "negative lookbehind (?<!...)", jsAccepts},
	{`/(a|(?=b))/`, 4, 5, "lookahead (?=...)", jsAccepts},
	// backreferences and octal escapes
	{`/(a)\1/`, 4, 5, `backreference \1`, jsAccepts},
	{`/(a)(b)(c)(d)(e)(f)(g)(h)(i)(j)\10/`, 31, 32, `backreference \10`, jsAccepts},
	{`/\1/`, 1, 2, `backreference \1`, jsAccepts},
	{`/\8/`, 1, 2, `backreference \8`, jsAccepts},
	{`/(?<n>a)\k<n>/`, 8, 9, `named backreference \k<n>`, jsAccepts},
	{`/\k<n>/`, 1, 2, `named backreference \k<n>`, jsAccepts},
	{`/\k/`, 1, 2, `escape \k`, jsAccepts},
	{`/(?<n>a)\k/`, 8, 9, `escape \k`, jsRejects},
	{`/\k/u`, 1, 2, `escape \k`, jsRejects},
	{`/\01/`, 1, 2, `escape \01`, jsAccepts},
	{`/\01/u`, 1, 2, `escape \01`, jsRejects},
	{`/[\1]/`, 2, 3, `escape \1`, jsAccepts},
	{`/(a)\1/u`, 4, 5, `backreference \1`, jsAccepts},
	{`/\2(a)/u`, 1, 2, `backreference \2`, jsRejects},
	// quantifiers
	{`/*a/`, 1, 2, "quantifier *", jsRejects},
	{`/a|+/`, 3, 4, "quantifier +", jsRejects},
	{`/(?)/`, 1, 2, "group (?)", jsRejects},
	{`/a**/`, 3, 4, "quantifier *", jsRejects},
	{`/a*??/`, 4, 5, "quantifier ?", jsRejects},
	{`/a*+/`, 2, 3, "possessive quantifier *+", jsRejects},
	{`/a{2}+/`, 2, 3, "possessive quantifier {2}+", jsRejects},
	{`/a{2}{3}/`, 5, 6, "quantifier {3}", jsRejects},
	{`/^*/`, 2, 3, "quantifier *", jsRejects},
	{`/a$+/`, 3, 4, "quantifier +", jsRejects},
	{`/\b{2}/`, 3, 4, "quantifier {2}", jsRejects},
	{`/{2}/`, 1, 2, "quantifier {2}", jsRejects},
	{`/a{3,2}/`, 2, 3, "quantifier {3,2}", jsRejects},
	{`/a{1001}/`, 2, 3, "quantifier {1001}", jsAccepts},
	{`/a{0,99999999999999}/`, 2, 3, "quantifier {0,99999999999999}", jsAccepts},
	{`/(a{100}){11}/`, 9, 10, "quantifier {11}", jsAccepts},
	{`/(?:(?:a{10}){10}){11}/`, 18, 19, "quantifier {11}", jsAccepts},
	// groups
	{`/(a/`, 1, 2, "group (", jsRejects},
	{`/((a)/`, 1, 2, "group (", jsRejects},
	{`/a)/`, 2, 3, "group )", jsRejects},
	{`/(?P<n>a)/`, 1, 2, "named group (?P<name>...)", jsRejects},
	{`/(?>a)/`, 1, 2, "atomic group (?>...)", jsRejects},
	{`/(?#c)/`, 1, 2, "comment (?#...)", jsRejects},
	{`/(?i)a/`, 1, 2, "inline flags (?i)", jsRejects},
	{`/(?i-m)a/`, 1, 2, "inline flags (?i-m)", jsRejects},
	{`/(?x:a)/`, 3, 4, "modifier x", jsRejects},
	{`/(?ii:a)/`, 4, 5, "modifier i", jsRejects},
	{`/(?i-i:a)/`, 5, 6, "modifier i", jsRejects},
	{`/(?-:a)/`, 1, 2, "modifiers (?-:", jsRejects},
	{`/(?i/`, 1, 2, "group (?i", jsRejects},
	{`/(?<n/`, 1, 2, "named group (?<", jsRejects},
	{`/(?<>a)/`, 1, 2, "named group (?<>", jsRejects},
	{`/(?<1a>x)/`, 4, 5, "group name <1a>", jsRejects},
	{`/(?<a-b>x)/`, 4, 5, "group name <a-b>", jsRejects},
	{`/(?<a$>x)/`, 4, 5, "group name <a$>", jsAccepts},
	{`/(?<é>x)/`, 4, 5, "group name <é>", jsAccepts},
	{`/(?<n>a)(?<n>b)/`, 11, 12, "group name <n>", jsRejects},
	// classes
	{`/[z-a]/`, 2, 3, "class range z-a", jsRejects},
	{`/[\d-z]/u`, 4, 5, `class range \d-z`, jsRejects},
	{`/[a-\w]/u`, 3, 4, `class range a-\w`, jsRejects},
	// escapes
	{`/\z/`, 1, 2, `escape \z`, jsAccepts},
	{`/\A/`, 1, 2, `escape \A`, jsAccepts},
	{`/[\e]/`, 2, 3, `escape \e`, jsAccepts},
	{`/\z/u`, 1, 2, `escape \z`, jsRejects},
	{`/\-/u`, 1, 2, `escape \-`, jsRejects},
	{`/\c1/`, 1, 2, `escape \c`, jsAccepts},
	{`/\c/u`, 1, 2, `escape \c`, jsRejects},
	{`/\x4/`, 1, 2, `escape \x`, jsAccepts},
	{`/\x4g/u`, 1, 2, `escape \x`, jsRejects},
	{`/\u12/`, 1, 2, `escape \u`, jsAccepts},
	{`/\u{1F600}/`, 1, 2, `escape \u{...}`, jsAccepts},
	{`/\u{110000}/u`, 1, 2, `escape \u{110000}`, jsRejects},
	{`/\u{D800}/u`, 1, 2, `escape \u{D800}`, jsAccepts},
	{`/\u{}/u`, 1, 2, `escape \u{...}`, jsRejects},
	{`/\u{12x}/u`, 1, 2, `escape \u{12x}`, jsRejects},
	{`/\uD83D/`, 1, 2, `escape \uD83D`, jsAccepts},
	{`/\uDE00\uD83D/`, 1, 2, `escape \uDE00`, jsAccepts},
	{`/\p{L}/`, 1, 2, `escape \p{...}`, jsAccepts},
	{`/\P{L}/`, 1, 2, `escape \P{...}`, jsAccepts},
	{`/\p/u`, 1, 2, `escape \p`, jsRejects},
	{`/\p{L/u`, 1, 2, `escape \p{`, jsRejects},
	{`/\p{Foo}/u`, 1, 2, `property \p{Foo}`, jsRejects},
	{`/\p{Alphabetic}/u`, 1, 2, `property \p{Alphabetic}`, jsAccepts},
	{`/\p{scx=Greek}/u`, 1, 2, `property \p{scx=Greek}`, jsAccepts},
	{`/\p{Script=Grek}/u`, 1, 2, `property \p{Script=Grek}`, jsAccepts},
	{`/\p{gc=Foo}/u`, 1, 2, `property \p{gc=Foo}`, jsRejects},
	{`/\p{Block=Basic_Latin}/u`, 1, 2, `property \p{Block=Basic_Latin}`, jsRejects},
	// lone brackets with u
	{`/]/u`, 1, 2, "lone ]", jsRejects},
	{`/a{/u`, 2, 3, "lone {", jsRejects},
	{`/}/u`, 1, 2, "lone }", jsRejects},
	// depth
	{"/" + strings.Repeat("(", 1001) + "a" + strings.Repeat(")", 1001) + "/", 1001, 1002, "group (", jsAccepts},
}

func TestErrors(t *testing.T) {
	for _, tc := range errorTests {
		r, err := Parse(tc.lit)
		if err == nil {
			t.Errorf("Parse(%q) = %s, want an error", tc.lit, r.RE)
			continue
		}
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("Parse(%q) error is %T, want *Error", tc.lit, err)
			continue
		}
		if e.Offset != tc.offset || e.Col != tc.col || e.Construct != tc.construct {
			t.Errorf("Parse(%q) = offset %d col %d %q; want offset %d col %d %q (%v)",
				tc.lit, e.Offset, e.Col, e.Construct, tc.offset, tc.col, tc.construct, e)
		}
		if e.Msg == "" || !strings.HasPrefix(e.Error(), "column ") || !strings.Contains(e.Error(), e.Construct) {
			t.Errorf("Parse(%q): poor message %q", tc.lit, e.Error())
		}
		checkPosition(t, tc.lit, e)
	}
}

// TestFlagMessages checks that each flag JavaScript accepts but a selector
// cannot use is refused with its own reason, not as an unknown flag.
func TestFlagMessages(t *testing.T) {
	for flag, want := range map[string]string{
		"g": "global matching has no meaning",
		"y": "sticky matching has no meaning",
		"d": "match indices have no meaning",
		"v": "unicodeSets syntax is not supported",
		"x": "unknown flag: the accepted flags are i, m, s and u",
	} {
		_, err := Parse("/a/" + flag)
		var e *Error
		if !errors.As(err, &e) || !strings.Contains(e.Msg, want) {
			t.Errorf("/a/%s: %v, want a message with %q", flag, err, want)
		}
	}
}

// checkPosition asserts the invariants of every Error position.
func checkPosition(t *testing.T, lit string, e *Error) {
	t.Helper()
	if e.Offset < 0 || (len(lit) > 0 && e.Offset >= len(lit)) || (len(lit) == 0 && e.Offset != 0) {
		t.Fatalf("%q: offset %d outside the literal (%v)", lit, e.Offset, e)
	}
	if want := utf8.RuneCountInString(lit[:e.Offset]) + 1; e.Col != want {
		t.Fatalf("%q: col %d, want %d for offset %d", lit, e.Col, want, e.Offset)
	}
	if n := utf8.RuneCountInString(lit); e.Col < 1 || e.Col > max(n, 1) {
		t.Fatalf("%q: col %d outside 1..%d", lit, e.Col, n)
	}
	if utf8.ValidString(lit) && len(lit) > 0 && !utf8.RuneStart(lit[e.Offset]) {
		t.Fatalf("%q: offset %d inside a character", lit, e.Offset)
	}
	if e.Construct == "" || e.Msg == "" {
		t.Fatalf("%q: empty construct or message: %#v", lit, e)
	}
}

// matchTests give JavaScript's answer for RegExp.prototype.test; all are
// checked against node by TestAgainstJavaScript.
var matchTests = []struct {
	lit    string
	in     string
	want   bool
	modern bool // needs a newer JavaScript engine than node 20 (modifiers)
}{
	{lit: `/claude-(opus|sonnet)/i`, in: "anthropic/Claude-Opus-4", want: true},
	{lit: `/claude-(opus|sonnet)/i`, in: "claude-haiku", want: false},
	{lit: `/^gpt-4o(?:-mini)?$/`, in: "gpt-4o-mini", want: true},
	{lit: `/^gpt-4o(?:-mini)?$/`, in: "gpt-4o-minix", want: false},
	// $ and ^: the decision documented in the package comment
	{lit: `/a$/`, in: "a", want: true},
	{lit: `/a$/`, in: "a\n", want: false},
	{lit: `/a$/`, in: "a\nb", want: false},
	{lit: `/a$/m`, in: "a\nb", want: true},
	{lit: `/^b/`, in: "a\nb", want: false},
	{lit: `/^b/m`, in: "a\nb", want: true},
	{lit: `/^$/`, in: "", want: true},
	// dot
	{lit: `/a.b/`, in: "axb", want: true},
	{lit: `/a.b/`, in: "a\nb", want: false},
	{lit: `/a.b/`, in: "a\rb", want: false},
	{lit: `/a.b/`, in: "a\u2028b", want: false},
	{lit: `/a.b/`, in: "a\u2029b", want: false},
	{lit: `/a.b/`, in: "a\u0085b", want: true},
	{lit: `/a.b/s`, in: "a\nb", want: true},
	{lit: `/a.b/s`, in: "a\u2028b", want: true},
	{lit: `/a(?s:.)b/`, in: "a\nb", want: true, modern: true},
	{lit: `/a(?-s:.)b/s`, in: "a\nb", want: false, modern: true},
	// classes
	{lit: `/[^]/`, in: "\n", want: true},
	{lit: `/[]/`, in: "a", want: false},
	{lit: `/[]/`, in: "", want: false},
	{lit: `/[]a]/`, in: "a]", want: false},
	{lit: `/[^a]/`, in: "\n", want: true},
	{lit: `/[\d-z]/`, in: "-", want: true},
	{lit: `/[\d-z]/`, in: "b", want: false},
	{lit: `/[\b]/`, in: "\b", want: true},
	{lit: `/[/]/`, in: "/", want: true},
	{lit: `/[\]]/`, in: "]", want: true},
	// \s \w \d \b
	{lit: `/\s/`, in: "\u00a0", want: true},
	{lit: `/\s/`, in: "\u2003", want: true},
	{lit: `/\s/`, in: "\ufeff", want: true},
	{lit: `/\s/`, in: "\v", want: true},
	{lit: `/\s/`, in: "\u0085", want: false},
	{lit: `/\s/`, in: "\u200b", want: false},
	{lit: `/\S/`, in: "\u00a0", want: false},
	{lit: `/\S/`, in: "x", want: true},
	{lit: `/[\S]/`, in: "\u3000", want: false},
	{lit: `/[^\S]/`, in: "\u3000", want: true},
	{lit: `/^[\s\S]$/`, in: "\n", want: true},
	{lit: `/\w/`, in: "é", want: false},
	{lit: `/\W/`, in: "é", want: true},
	{lit: `/\d/`, in: "\u0663", want: false},
	{lit: `/\bfoo\b/`, in: "a foo b", want: true},
	{lit: `/\bfoo\b/`, in: "afoo", want: false},
	{lit: `/\Bfoo/`, in: "afoo", want: true},
	// escapes
	{lit: `/a\/b/`, in: "a/b", want: true},
	{lit: `/\cJ/`, in: "\n", want: true},
	{lit: `/\0/`, in: "\x00", want: true},
	{lit: `/\u0041\x42/`, in: "AB", want: true},
	{lit: `/\uD83D\uDE00/`, in: "😀", want: true},
	{lit: `/\u{1F600}/u`, in: "😀", want: true},
	{lit: `/\-\@/`, in: "-@", want: true},
	// Annex B literals
	{lit: `/]/`, in: "]", want: true},
	{lit: `/a{/`, in: "a{", want: true},
	{lit: `/a{,2}/`, in: "a{,2}", want: true},
	{lit: `/a{,2}/`, in: "aa", want: false},
	// quantifiers
	{lit: `/^a{2,3}$/`, in: "aa", want: true},
	{lit: `/^a{2,3}$/`, in: "aaaa", want: false},
	{lit: `/^a{02}$/`, in: "aa", want: true},
	{lit: `/^a{0}$/`, in: "", want: true},
	// groups
	{lit: `/(?<model>opus)/`, in: "opus", want: true},
	{lit: `/(?i:opus)-x/`, in: "OPUS-x", want: true, modern: true},
	{lit: `/(?i:opus)-x/`, in: "OPUS-X", want: false, modern: true},
	{lit: `/(?-i:opus)-x/i`, in: "opus-X", want: true, modern: true},
	// properties
	{lit: `/\p{Lu}/u`, in: "É", want: true},
	{lit: `/\p{Lu}/u`, in: "é", want: false},
	{lit: `/\p{Lu}/iu`, in: "é", want: true},
	{lit: `/\P{L}/u`, in: "é", want: false},
	{lit: `/\p{Script=Greek}/u`, in: "α", want: true},
	{lit: `/^\p{ASCII}+$/u`, in: "abc~", want: true},
	{lit: `/\P{ASCII}/u`, in: "abc~", want: false},
	{lit: `/^\p{Any}$/u`, in: "😀", want: true},
	// case folding
	{lit: `/é/i`, in: "É", want: true},
	{lit: `/[a-z]/i`, in: "Q", want: true},
	{lit: `/[^a-z]/i`, in: "Q", want: false},
}

func TestMatch(t *testing.T) {
	for _, tc := range matchTests {
		r, err := Parse(tc.lit)
		if err != nil {
			t.Errorf("Parse(%s): %v", tc.lit, err)
			continue
		}
		if got := r.MatchString(tc.in); got != tc.want {
			t.Errorf("%s.test(%q) = %v, want %v (RE2: %s)", tc.lit, tc.in, got, tc.want, r.RE)
		}
	}
}

// divergences are the documented differences, pinned so that a change is
// noticed; TestAgainstJavaScript confirms that JavaScript answers !re2.
var divergences = []struct {
	lit, in string
	re2     bool
	why     string
}{
	{`/^a$/m`, "x\ra", false, "with m, RE2 breaks lines only at \\n"},
	{`/^a$/m`, "a\u2028x", false, "with m, RE2 breaks lines only at \\n"},
	{`/^.$/`, "😀", true, "without u, JavaScript sees two UTF-16 units"},
	{`/k/i`, "\u212a", true, "without u, JavaScript does not fold the Kelvin sign"},
}

func TestDivergences(t *testing.T) {
	for _, d := range divergences {
		r, err := Parse(d.lit)
		if err != nil {
			t.Fatal(err)
		}
		if got := r.MatchString(d.in); got != d.re2 {
			t.Errorf("%s.test(%q) = %v, pinned %v (%s)", d.lit, d.in, got, d.re2, d.why)
		}
	}
}

// TestDollar verifies the premise of keeping $ as it is: RE2's $ without
// (?m) matches only at the very end, like JavaScript's and unlike Perl's.
func TestDollar(t *testing.T) {
	if regexp.MustCompile(`a$`).MatchString("a\n") {
		t.Fatal("RE2's $ matches before a final newline; the translation of $ must change")
	}
	if !regexp.MustCompile(`(?m)a$`).MatchString("a\n") {
		t.Fatal("RE2's (?m)$ does not match before a newline")
	}
}

func TestRegexpConcurrent(t *testing.T) {
	r, err := Parse(`/claude-(opus|sonnet)/i`)
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan bool)
	for range 4 {
		go func() {
			for range 100 {
				if !r.MatchString("claude-opus-4") {
					t.Error("no match")
				}
			}
			done <- true
		}()
	}
	for range 4 {
		<-done
	}
}
