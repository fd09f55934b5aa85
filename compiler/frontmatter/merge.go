package frontmatter

import (
	"strings"
	"unicode/utf8"

	"github.com/promptc/promptc/internal/diag"
)

// Refuse reports, with rule, a YAML merge key (<<) in the frontmatter fm of
// the asset at p, and returns nil when there is none. Every frontmatter is
// checked with it before it is parsed, because CUE's YAML decoder does not
// bound merges: merging an alias of a mapping that holds the merge recurses
// until the stack overflows, killing the process, and merges of merges of
// the same alias re-expand it exponentially (nine short lines take
// minutes). Frontmatter is a handful of keys; writing them out is the fix.
//
// The scan is lexical and errs on the side of refusing: "<<" followed by
// ":" where a key can start (at the start of a line after indentation and
// "- " or "? " indicators, or after "{" or "," in a flow collection,
// anchors and tags skipped), and any explicit !!merge tag.
func Refuse(p string, fm Frontmatter, rule string) []diag.Diagnostic {
	line, col, ok := mergeKey(fm.YAML)
	if !ok {
		return nil
	}
	return []diag.Diagnostic{diag.Errorf(diag.Position{Path: p, Line: line + 1, Col: col}, rule,
		"frontmatter uses a YAML merge key (<<); write the keys out instead: promptc refuses merge keys because the YAML decoder cannot bound what they expand to")}
}

// mergeKey finds the first merge key in yaml text: its 1-based line within
// the text and its column.
func mergeKey(text string) (line, col int, ok bool) {
	for i, l := range strings.Split(text, "\n") {
		if c := strings.Index(l, "!!merge"); c >= 0 {
			return i + 1, utf8.RuneCountInString(l[:c]) + 1, true
		}
		if c := strings.Index(l, "tag:yaml.org,2002:merge"); c >= 0 {
			return i + 1, utf8.RuneCountInString(l[:c]) + 1, true
		}
		// Candidate key starts: the line's first token, and every place
		// after "{" or ",".
		starts := []int{0}
		for j := 0; j < len(l); j++ {
			if l[j] == '{' || l[j] == ',' {
				starts = append(starts, j+1)
			}
		}
		for k, at := range starts {
			if j, isMerge := mergeAt(l, at, k == 0); isMerge {
				return i + 1, utf8.RuneCountInString(l[:j]) + 1, true
			}
		}
	}
	return 0, 0, false
}

// mergeAt reports whether a merge key starts at byte at of line l, after
// blanks, properties (&anchor, !tag) and, at the start of a line, block
// indicators ("- ", "? ", ": "). It returns the offset of the "<<".
func mergeAt(l string, at int, lineStart bool) (int, bool) {
	j := at
	explicit := false // after "? ", a key needs no ":" on its line
	for {
		for j < len(l) && (l[j] == ' ' || l[j] == '\t') {
			j++
		}
		if j >= len(l) {
			return 0, false
		}
		switch {
		case lineStart && (l[j] == '-' || l[j] == '?' || l[j] == ':') && (j+1 == len(l) || l[j+1] == ' ' || l[j+1] == '\t'):
			explicit = explicit || l[j] == '?'
			j++
			continue
		case l[j] == '&' || l[j] == '!':
			for j < len(l) && l[j] != ' ' && l[j] != '\t' {
				j++
			}
			continue
		}
		break
	}
	if !strings.HasPrefix(l[j:], "<<") {
		return 0, false
	}
	rest := strings.TrimLeft(l[j+2:], " \t")
	return j, strings.HasPrefix(rest, ":") || (explicit && (rest == "" || rest[0] == '#'))
}
