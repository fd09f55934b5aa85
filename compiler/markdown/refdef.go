package markdown

import "unicode/utf8"

// maxLabel is the most characters a link label may hold between its
// brackets.
const maxLabel = 999

func isASCIIPunct(c byte) bool {
	return c >= '!' && c <= '/' || c >= ':' && c <= '@' || c >= '[' && c <= '`' || c >= '{' && c <= '~'
}

// skipSpaceTab returns the index of the first byte at or after i that is not
// a space or tab.
func skipSpaceTab(b []byte, i int) int {
	for i < len(b) && isSpaceOrTab(b[i]) {
		i++
	}
	return i
}

// skipSpaceNewline skips spaces and tabs including at most one line ending.
func skipSpaceNewline(b []byte, i int) int {
	i = skipSpaceTab(b, i)
	if i < len(b) && b[i] == '\n' {
		i = skipSpaceTab(b, i+1)
	}
	return i
}

// parseRefDef returns the length of the link reference definition at the
// start of b, which must end at a line end (the length then includes the
// "\n"), or 0 when b does not start with one. b is paragraph text: lines
// without their indentation, each ending in "\n".
//
// Only whether a definition is there matters to the scanner, so nothing is
// extracted.
func parseRefDef(b []byte) int {
	// The label: [ ... ] with no unescaped brackets, not only whitespace.
	if len(b) == 0 || b[0] != '[' {
		return 0
	}
	i, chars, content := 1, 0, false
	for {
		if i >= len(b) {
			return 0
		}
		c := b[i]
		if c == ']' {
			break
		}
		if c == '[' {
			return 0
		}
		if c == '\\' && i+1 < len(b) && isASCIIPunct(b[i+1]) {
			i += 2
			chars += 2
			content = true
		} else {
			if c != ' ' && c != '\t' && c != '\n' {
				content = true
			}
			_, size := utf8.DecodeRune(b[i:])
			i += size
			chars++
		}
		if chars > maxLabel {
			return 0
		}
	}
	if !content {
		return 0
	}
	i++
	if i >= len(b) || b[i] != ':' {
		return 0
	}
	i = skipSpaceNewline(b, i+1)

	// The destination: <...> on one line, or a run of non-space,
	// non-control characters with balanced parentheses.
	if i >= len(b) {
		return 0
	}
	if b[i] == '<' {
		j := i + 1
		for {
			if j >= len(b) || b[j] == '\n' || b[j] == '<' {
				return 0
			}
			if b[j] == '>' {
				break
			}
			if b[j] == '\\' && j+1 < len(b) && isASCIIPunct(b[j+1]) {
				j += 2
			} else {
				j++
			}
		}
		i = j + 1
	} else {
		j, depth := i, 0
	dest:
		for j < len(b) {
			c := b[j]
			switch {
			case c == '\\' && j+1 < len(b) && isASCIIPunct(b[j+1]):
				j += 2
			case c == '(':
				depth++
				j++
			case c == ')':
				if depth == 0 {
					break dest
				}
				depth--
				j++
			case c <= ' ' || c == 0x7f:
				break dest
			default:
				j++
			}
		}
		if j == i || depth != 0 {
			return 0
		}
		i = j
	}

	// An optional title, separated by whitespace, then only spaces and tabs
	// to the end of the line. A title that fails leaves a definition
	// without one, if the destination ended its line.
	before := i
	j := skipSpaceNewline(b, i)
	if j > before && j < len(b) {
		if end := title(b, j); end > 0 {
			k := skipSpaceTab(b, end)
			if k == len(b) {
				return k
			}
			if b[k] == '\n' {
				return k + 1
			}
		}
	}
	k := skipSpaceTab(b, before)
	if k == len(b) {
		return k
	}
	if b[k] == '\n' {
		return k + 1
	}
	return 0
}

// title returns the index just past the link title starting at b[i], or 0.
func title(b []byte, i int) int {
	open := b[i]
	closer := open
	switch open {
	case '"', '\'':
	case '(':
		closer = ')'
	default:
		return 0
	}
	for j := i + 1; j < len(b); j++ {
		c := b[j]
		switch {
		case c == '\\' && j+1 < len(b) && isASCIIPunct(b[j+1]):
			j++
		case c == closer:
			return j + 1
		case open == '(' && c == '(':
			return 0
		}
	}
	return 0
}
