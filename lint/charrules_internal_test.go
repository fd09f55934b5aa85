package lint

import (
	"fmt"
	"strings"
	"testing"

	"github.com/promptc/promptc/internal/diag"
)

// TestInvisibleRanges checks every range of the invisible-character rules
// at its ends and just outside them.
func TestInvisibleRanges(t *testing.T) {
	tests := []struct {
		r                    rune
		tag, bidi, zeroWidth bool
	}{
		{0xDFFFF, false, false, false},
		{0xE0000, true, false, false},
		{0xE0001, true, false, false},
		{0xE007E, true, false, false},
		{0xE007F, true, false, false},
		{0xE0080, false, false, false},
		{0x061B, false, false, false},
		{0x061C, false, true, false},
		{0x061D, false, false, false},
		{0x200A, false, false, false},
		{0x200B, false, false, true},
		{0x200C, false, false, true},
		{0x200D, false, false, true},
		{0x200E, false, true, false},
		{0x200F, false, true, false},
		{0x2010, false, false, false},
		{0x2029, false, false, false},
		{0x202A, false, true, false},
		{0x202C, false, true, false},
		{0x202E, false, true, false},
		{0x202F, false, false, false},
		{0x205F, false, false, false},
		{0x2060, false, false, true},
		{0x2061, false, false, false},
		{0x2065, false, false, false},
		{0x2066, false, true, false},
		{0x2069, false, true, false},
		{0x206A, false, false, false},
		{0xFEFE, false, false, false},
		{0xFEFF, false, false, true},
		{0xFF00, false, false, false},
		{'a', false, false, false},
	}
	for _, tc := range tests {
		if got := isTag(tc.r); got != tc.tag {
			t.Errorf("isTag(%U) = %v", tc.r, got)
		}
		if got := isBidi(tc.r); got != tc.bidi {
			t.Errorf("isBidi(%U) = %v", tc.r, got)
		}
		if got := isZeroWidth(tc.r); got != tc.zeroWidth {
			t.Errorf("isZeroWidth(%U) = %v", tc.r, got)
		}
	}
}

// TestJoinerInContext checks each branch of the joiner rule on its own: a
// joiner between emoji (a variation selector or a skin tone counting as
// emoji), a joiner or non-joiner between letters of a script other than
// Latin, and everything else, Latin and ASCII letters included.
func TestJoinerInContext(t *testing.T) {
	const zwj, zwnj = 0x200D, 0x200C
	man, rocket := rune(0x1F468), rune(0x1F680)
	tests := []struct {
		name          string
		r, prev, next rune
		want          bool
	}{
		{"zwj between emoji", zwj, man, rocket, true},
		{"zwj after a variation selector", zwj, 0xFE0F, rocket, true},
		{"zwj before a variation selector", zwj, man, 0xFE0F, true},
		{"zwj after the first skin tone", zwj, 0x1F3FB, rocket, true},
		{"zwj after the last skin tone", zwj, 0x1F3FF, rocket, true},
		{"zwj before a skin tone", zwj, man, 0x1F3FB, true},
		{"zwj after a modifier symbol that is no skin tone", zwj, 0x02C2, rocket, false},
		{"zwj after emoji, before a letter", zwj, man, 'a', false},
		{"zwj after a letter, before emoji", zwj, 'a', rocket, false},
		{"zwj at the start of a line", zwj, 0, rocket, false},
		{"zwnj between emoji", zwnj, man, rocket, false},
		{"zero width space between emoji", 0x200B, man, rocket, false},
		{"word joiner between Persian letters", 0x2060, 0x0645, 0x06CC, false},
		{"zwnj between Persian letters", zwnj, 0x0645, 0x06CC, true},
		{"zwj between Arabic letters", zwj, 0x0644, 0x0627, true},
		{"zwnj between a Devanagari letter and a mark", zwnj, 0x0915, 0x094D, true},
		{"zwnj between a mark and a Devanagari letter", zwnj, 0x094D, 0x0915, true},
		{"zwnj between ASCII letters", zwnj, 'a', 'b', false},
		{"zwj between ASCII letters", zwj, 'a', 'b', false},
		{"zwnj between Latin letters", zwnj, 'é', 'ß', false},
		{"zwnj after a Latin letter", zwnj, 'é', 0x06CC, false},
		{"zwnj before a Latin letter", zwnj, 0x0645, 'é', false},
		{"zwnj between a Persian letter and a digit", zwnj, 0x0645, 0x06F1, false},
		{"zwnj between Persian letters and emoji", zwnj, 0x0645, rocket, false},
		{"zwnj after a control character", zwnj, 0x80, 0x06CC, false},
	}
	for _, tc := range tests {
		if got := joinerInContext(tc.r, tc.prev, tc.next); got != tc.want {
			t.Errorf("%s: joinerInContext(%U, %U, %U) = %v, want %v", tc.name, tc.r, tc.prev, tc.next, got, tc.want)
		}
	}
}

// TestPlainLine checks the shortcut's test: ASCII up to 0x7F, a tab only
// when tabs are not reported.
func TestPlainLine(t *testing.T) {
	tests := []struct {
		line string
		tabs bool
		want bool
	}{
		{"", true, true},
		{"abc ", true, true},
		{"\x7f", true, true},
		{"a\x80", false, false},
		{"é", false, false},
		{"a\tb", false, true},
		{"a\tb", true, false},
		{"\t", true, false},
	}
	for _, tc := range tests {
		if got := plainLine(tc.line, tc.tabs); got != tc.want {
			t.Errorf("plainLine(%q, %v) = %v, want %v", tc.line, tc.tabs, got, tc.want)
		}
	}
}

// TestScanInvisible checks the findings and their columns: a run of tag
// characters is one finding spelling only the printable tags (U+E0020 to
// U+E007E), and the columns after it count each tag once.
func TestScanInvisible(t *testing.T) {
	on := textRules{invisible: true}
	tests := []struct {
		name, text string
		want       []string
	}{
		{"one tag", "a\U000E0041", []string{
			`1:2-1:3 INVISIBLE_TAG Unicode tag character U+E0041 at column 2 spelling "A": invisible to reviewers but read by models, a known way to hide instructions; delete it`}},
		{"a run spells its printable tags", "\U000E0001\U000E001F\U000E0020\U000E0041\U000E007E\U000E007F", []string{
			`1:1-1:7 INVISIBLE_TAG 6 Unicode tag characters (U+E0001...) at column 1 spelling " A~": invisible to reviewers but read by models, a known way to hide instructions; delete them`}},
		{"a run spelling nothing", "\U000E0001\U000E007F", []string{
			`1:1-1:3 INVISIBLE_TAG 2 Unicode tag characters (U+E0001...) at column 1: invisible to reviewers but read by models, a known way to hide instructions; delete them`}},
		{"columns after a run", "\U000E0041\U000E0042x\u202e", []string{
			`1:1-1:3 INVISIBLE_TAG 2 Unicode tag characters (U+E0041...) at column 1 spelling "AB": invisible to reviewers but read by models, a known way to hide instructions; delete them`,
			`1:4 INVISIBLE_BIDI bidirectional control U+202E (RIGHT-TO-LEFT OVERRIDE) at column 4: it changes how the text around it displays, so a reviewer and the model read different things; delete it`}},
		{"joiner between Latin letters", "a\u200db", []string{
			`1:2 INVISIBLE_ZERO_WIDTH zero-width character U+200D (ZERO WIDTH JOINER) at column 2: invisible in editors and review, but read by the model; delete it`}},
		{"joiner between Arabic letters", "\u0644\u200d\u0627", nil},
		{"joiner after a line break is not joined to the last line", "\u0644\n\u200d\u0627", []string{
			`2:1 INVISIBLE_ZERO_WIDTH zero-width character U+200D (ZERO WIDTH JOINER) at column 1: invisible in editors and review, but read by the model; delete it`}},
		{"joiner at the end of the text", "\u0644\u200d", []string{
			`1:2 INVISIBLE_ZERO_WIDTH zero-width character U+200D (ZERO WIDTH JOINER) at column 2: invisible in editors and review, but read by the model; delete it`}},
		{"emoji sequence", "👨\u200d🚀", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			for _, d := range on.scan(nil, "f.md", tc.text) {
				got = append(got, show(d))
			}
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("scan(%q):\n%s\nwant:\n%s", tc.text, strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
		})
	}
}

func show(d diag.Diagnostic) string {
	at := fmt.Sprintf("%d:%d", d.Pos.Line, d.Pos.Col)
	if d.End.Line > 0 {
		at += fmt.Sprintf("-%d:%d", d.End.Line, d.End.Col)
	}
	return at + " " + d.Rule + " " + d.Message
}

// TestTagSpellingShown checks that at most 60 spelled characters are shown.
func TestTagSpellingShown(t *testing.T) {
	for _, tc := range []struct {
		n    int
		want string
	}{
		{59, strings.Repeat("A", 59)},
		{60, strings.Repeat("A", 60)},
		{61, strings.Repeat("A", 60) + "…"},
	} {
		d := tagDiag("f.md", 1, 1, 0xE0041, tc.n, strings.Repeat("A", tc.n))
		if !strings.Contains(d.Message, fmt.Sprintf("spelling %q:", tc.want)) {
			t.Errorf("%d tags: %s", tc.n, d.Message)
		}
		if d.End.Col != 1+tc.n {
			t.Errorf("%d tags: end column %d", tc.n, d.End.Col)
		}
	}
}

// TestTrailingDiag checks the count and the span of trailing white space.
func TestTrailingDiag(t *testing.T) {
	for _, tc := range []struct {
		from, to int
		want     string
	}{
		{5, 5, "1:5-1:6 TEXT_TRAILING_SPACE 1 trailing space or tab at the end of the line: invisible, and paid for wherever the text is sent; delete them"},
		{5, 6, "1:5-1:7 TEXT_TRAILING_SPACE 2 trailing spaces or tabs at the end of the line: invisible, and paid for wherever the text is sent; delete them"},
	} {
		if got := show(trailingDiag("f.md", 1, tc.from, tc.to)); got != tc.want {
			t.Errorf("trailingDiag(%d, %d) = %s\nwant %s", tc.from, tc.to, got, tc.want)
		}
	}
}
