package jsregex

import (
	"fmt"
	"strings"
	"unicode"
)

// jsSpaceRanges are the characters of JavaScript's \s: WhiteSpace (tab,
// vertical tab, form feed, space, no-break space, the byte order mark and
// category Zs) and LineTerminator (\n, \r, U+2028, U+2029). RE2's \s is
// only [\t\n\f\r ].
var jsSpaceRanges = [][2]rune{
	{0x09, 0x0D}, {0x20, 0x20}, {0xA0, 0xA0}, {0x1680, 0x1680},
	{0x2000, 0x200A}, {0x2028, 0x2029}, {0x202F, 0x202F}, {0x205F, 0x205F},
	{0x3000, 0x3000}, {0xFEFF, 0xFEFF},
}

// jsSpace and jsNonSpace are RE2 class contents for \s and \S.
var (
	jsSpace    = classRanges(jsSpaceRanges)
	jsNonSpace = classRanges(complement(jsSpaceRanges))
)

func classRanges(rs [][2]rune) string {
	var b strings.Builder
	for _, r := range rs {
		if r[0] == r[1] {
			fmt.Fprintf(&b, `\x{%X}`, r[0])
		} else {
			fmt.Fprintf(&b, `\x{%X}-\x{%X}`, r[0], r[1])
		}
	}
	return b.String()
}

// complement returns the code points outside the sorted, disjoint ranges rs.
func complement(rs [][2]rune) [][2]rune {
	var out [][2]rune
	next := rune(0)
	for _, r := range rs {
		if r[0] > next {
			out = append(out, [2]rune{next, r[0] - 1})
		}
		next = r[1] + 1
	}
	if next <= unicode.MaxRune {
		out = append(out, [2]rune{next, unicode.MaxRune})
	}
	return out
}

// longCategories maps the long names and other aliases of the General_Category
// values that JavaScript accepts in \p{...} to the short names RE2 knows.
var longCategories = map[string]string{
	"Letter": "L", "Cased_Letter": "LC", "Uppercase_Letter": "Lu",
	"Lowercase_Letter": "Ll", "Titlecase_Letter": "Lt", "Modifier_Letter": "Lm",
	"Other_Letter": "Lo",
	"Mark":         "M", "Combining_Mark": "M", "Nonspacing_Mark": "Mn",
	"Spacing_Mark": "Mc", "Enclosing_Mark": "Me",
	"Number": "N", "Decimal_Number": "Nd", "digit": "Nd", "Letter_Number": "Nl",
	"Other_Number": "No",
	"Punctuation":  "P", "punct": "P", "Connector_Punctuation": "Pc",
	"Dash_Punctuation": "Pd", "Open_Punctuation": "Ps", "Close_Punctuation": "Pe",
	"Initial_Punctuation": "Pi", "Final_Punctuation": "Pf", "Other_Punctuation": "Po",
	"Symbol": "S", "Math_Symbol": "Sm", "Currency_Symbol": "Sc",
	"Modifier_Symbol": "Sk", "Other_Symbol": "So",
	"Separator": "Z", "Space_Separator": "Zs", "Line_Separator": "Zl",
	"Paragraph_Separator": "Zp",
	"Other":               "C", "Control": "Cc", "cntrl": "Cc", "Format": "Cf",
	"Surrogate": "Cs", "Private_Use": "Co", "Unassigned": "Cn",
}

// generalCategory returns RE2's name for the General_Category value v, or ""
// if v is not one.
func generalCategory(v string) string {
	if short, ok := longCategories[v]; ok {
		v = short
	}
	if _, ok := unicode.Categories[v]; ok {
		return v
	}
	return ""
}
