package frontmatter

import (
	"strings"
)

// Frontmatter is the YAML header of an asset: the text between a first line
// "---" and the next line "---".
type Frontmatter struct {
	// YAML is the header text without its delimiter lines.
	YAML string
	// Lines is the number of lines the header occupies, delimiters included,
	// so the body starts at line Lines+1.
	Lines int
}

// Split finds the frontmatter at the start of text (LF line
// endings). ok is false when text does not start with a "---" line or the
// header is never closed.
func Split(text string) (fm Frontmatter, body string, ok bool) {
	if !strings.HasPrefix(text, "---\n") {
		return Frontmatter{}, text, false
	}
	rest := text[4:]
	line := 1
	for off := 0; off <= len(rest); {
		end := strings.IndexByte(rest[off:], '\n')
		var l string
		next := len(rest) + 1
		if end >= 0 {
			l = rest[off : off+end]
			next = off + end + 1
		} else {
			l = rest[off:]
		}
		line++
		if strings.TrimRight(l, " \t") == "---" {
			body := ""
			if next <= len(rest) {
				body = rest[next:]
			}
			return Frontmatter{YAML: rest[:off], Lines: line}, body, true
		}
		if end < 0 {
			break
		}
		off = next
	}
	return Frontmatter{}, text, false
}
