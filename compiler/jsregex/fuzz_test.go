package jsregex

import (
	"errors"
	"regexp"
	"strings"
	"testing"
)

// FuzzParse checks that Parse never panics, that every error has a sound
// position, that an accepted literal compiles, and that on the syntax that
// JavaScript and RE2 share (ASCII letters, digits, space, _ : -, groups,
// alternation, * + ?, ^ and $) the translation matches exactly what RE2
// matches when given the pattern untranslated.
func FuzzParse(f *testing.F) {
	for _, tc := range translateTests {
		f.Add(tc.lit, "")
	}
	for _, tc := range errorTests {
		if len(tc.lit) < 100 {
			f.Add(tc.lit, "")
		}
	}
	for _, tc := range matchTests {
		f.Add(tc.lit, tc.in)
	}
	f.Add(`/^(gpt|o)-?[0-9]+(-mini)?$/i`, "GPT-4-mini")
	f.Add(`/(a|ab)(c|bcd)(d*)/m`, "abcd\nabc")
	f.Add(`/a((b)|c)*?$/`, "abbc")

	f.Fuzz(func(t *testing.T, lit, input string) {
		r, err := Parse(lit)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("Parse(%q) error is %T", lit, err)
			}
			checkPosition(t, lit, e)
			return
		}
		if r.Literal != lit || "/"+r.Source+"/"+r.Flags != lit || r.RE == nil {
			t.Fatalf("Parse(%q) = %+v", lit, r)
		}
		goPattern, err := Translate(r.Source, r.Flags)
		if err != nil {
			t.Fatalf("Parse(%q) succeeds but Translate fails: %v", lit, err)
		}
		if goPattern != r.RE.String() {
			t.Fatalf("Parse(%q) compiled %s, Translate gives %s", lit, r.RE, goPattern)
		}
		regexp.MustCompile(goPattern)
		got := r.MatchString(input)

		if !sharedSyntax(r.Source) || strings.ContainsAny(r.Flags, "s") {
			return
		}
		prefix := ""
		if flags := strings.Trim(r.Flags, "u"); flags != "" {
			prefix = "(?" + flags + ")"
		}
		ref, err := regexp.Compile(prefix + r.Source)
		if err != nil {
			return // RE2 and JavaScript disagree on validity here; fine
		}
		for _, s := range append(samples(r.Source), input) {
			if !asciiNoCR(s) {
				continue
			}
			if a, b := r.MatchString(s), ref.MatchString(s); a != b {
				t.Fatalf("%s on %q: translation %s says %v, RE2 on the shared syntax %s says %v", lit, s, r.RE, a, ref, b)
			}
		}
		if plain(r.Source) && asciiNoCR(input) {
			want := strings.Contains(input, r.Source)
			if strings.Contains(r.Flags, "i") {
				want = strings.Contains(strings.ToLower(input), strings.ToLower(r.Source))
			}
			if got != want {
				t.Fatalf("%s on %q = %v, want %v", lit, input, got, want)
			}
		}
	})
}

// FuzzTranslate checks Translate alone: no panics, sound positions, and a
// result that compiles.
func FuzzTranslate(f *testing.F) {
	f.Add("", "")
	f.Add("a/b", "i")
	f.Add("(?<=a)", "")
	f.Add("[", "gu")
	f.Fuzz(func(t *testing.T, pattern, flags string) {
		g, err := Translate(pattern, flags)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("error is %T", err)
			}
			checkPosition(t, "/"+pattern+"/"+flags, e)
			return
		}
		regexp.MustCompile(g)
	})
}

// sharedSyntax reports whether s uses only syntax that means the same in
// JavaScript and RE2.
func sharedSyntax(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(isASCIILetter(c) || c >= '0' && c <= '9' || strings.IndexByte(" _:-|*+?^$()", c) >= 0) {
			return false
		}
	}
	return true
}

// plain reports whether s has no regex syntax at all.
func plain(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(isASCIILetter(c) || c >= '0' && c <= '9' || strings.IndexByte(" _:-", c) >= 0) {
			return false
		}
	}
	return true
}

func asciiNoCR(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 || s[i] == '\r' {
			return false
		}
	}
	return true
}

// samples derives inputs from the characters a pattern mentions.
func samples(src string) []string {
	var lits strings.Builder
	for i := 0; i < len(src); i++ {
		if c := src[i]; isASCIILetter(c) || c >= '0' && c <= '9' || c == ' ' || c == '_' || c == ':' || c == '-' {
			lits.WriteByte(c)
		}
	}
	l := lits.String()
	out := []string{"", "\n", l, strings.ToUpper(l), strings.ToLower(l), l + "\n" + l, l + l}
	// At most about 16 cut points, so that long patterns stay fast: the
	// samples are matched by two regexps each.
	step := max(1, len(l)/16)
	for i := 0; i < len(l); i += step {
		out = append(out, l[:i], l[i:], l[:i]+"\n"+l[i:], l[i:i+1])
	}
	return out
}
