package markdown

import "bytes"

// blockTags are the tag names of CommonMark HTML block type 6, sorted.
var blockTags = []string{
	"address", "article", "aside", "base", "basefont", "blockquote", "body",
	"caption", "center", "col", "colgroup", "dd", "details", "dialog", "dir",
	"div", "dl", "dt", "fieldset", "figcaption", "figure", "footer", "form",
	"frame", "frameset", "h1", "h2", "h3", "h4", "h5", "h6", "head", "header",
	"hr", "html", "iframe", "legend", "li", "link", "main", "menu", "menuitem",
	"nav", "noframes", "ol", "optgroup", "option", "p", "param", "search",
	"section", "summary", "table", "tbody", "td", "tfoot", "th", "thead",
	"title", "tr", "track", "ul",
}

// rawTags open HTML block type 1, which blank lines do not end.
var rawTags = []string{"pre", "script", "style", "textarea"}

func isASCIILetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }
func isDigit(c byte) bool       { return c >= '0' && c <= '9' }

// tagName returns the length of the tag name at the start of b: an ASCII
// letter followed by letters, digits and hyphens.
func tagName(b []byte) int {
	if len(b) == 0 || !isASCIILetter(b[0]) {
		return 0
	}
	n := 1
	for n < len(b) && (isASCIILetter(b[n]) || isDigit(b[n]) || b[n] == '-') {
		n++
	}
	return n
}

// equalFold compares an ASCII name with a lower-case one.
func equalFold(name []byte, lower string) bool {
	if len(name) != len(lower) {
		return false
	}
	for i := range name {
		c := name[i]
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != lower[i] {
			return false
		}
	}
	return true
}

func inList(name []byte, list []string) bool {
	for _, t := range list {
		if equalFold(name, t) {
			return true
		}
	}
	return false
}

// htmlStart returns the CommonMark HTML block type (1 to 7) that rest, the
// line from its first non-space byte on, opens, or 0. inParagraph is set
// when the line could otherwise continue a paragraph, which type 7 may not
// interrupt.
func htmlStart(rest []byte, inParagraph bool) uint8 {
	if len(rest) < 2 || rest[0] != '<' {
		return 0
	}
	b := rest[1:]
	// Type 1: <pre, <script, <style, <textarea, then space, tab, > or EOL.
	if n := tagName(b); n > 0 && inList(b[:n], rawTags) {
		if n == len(b) || b[n] == ' ' || b[n] == '\t' || b[n] == '>' {
			return 1
		}
	}
	switch {
	case bytes.HasPrefix(b, []byte("!--")):
		return 2
	case b[0] == '?':
		return 3
	case b[0] == '!' && len(b) > 1 && isASCIILetter(b[1]):
		return 4
	case bytes.HasPrefix(b, []byte("![CDATA[")):
		return 5
	}
	// Type 6: a block-level tag name, opening or closing, then space, tab,
	// EOL, > or />.
	t := b
	if t[0] == '/' {
		t = t[1:]
	}
	if n := tagName(t); n > 0 && inList(t[:n], blockTags) {
		r := t[n:]
		if len(r) == 0 || r[0] == ' ' || r[0] == '\t' || r[0] == '>' ||
			(r[0] == '/' && len(r) > 1 && r[1] == '>') {
			return 6
		}
	}
	// Type 7: one complete open tag (any name but the type 1 ones) or
	// closing tag (any name), alone on the line.
	if inParagraph {
		return 0
	}
	var n int
	if b[0] == '/' {
		if n = closingTag(b[1:]); n > 0 {
			n++
		}
	} else {
		var name int
		n, name = openTag(b)
		if inList(b[:name], rawTags) {
			return 0
		}
	}
	if n == 0 {
		return 0
	}
	if !allSpaceOrTab(b[n:]) {
		return 0
	}
	return 7
}

// openTag matches a complete open tag after its "<": it returns the length
// matched and the length of the tag name, or zeros.
func openTag(b []byte) (int, int) {
	name := tagName(b)
	if name == 0 {
		return 0, 0
	}
	i := name
	for {
		// An attribute: whitespace, a name, and optionally = and a value.
		j := i
		for j < len(b) && isSpaceOrTab(b[j]) {
			j++
		}
		if j == i || j == len(b) || !isAttrNameStart(b[j]) {
			break
		}
		j++
		for j < len(b) && isAttrName(b[j]) {
			j++
		}
		k := j
		for k < len(b) && isSpaceOrTab(b[k]) {
			k++
		}
		if k < len(b) && b[k] == '=' {
			k++
			for k < len(b) && isSpaceOrTab(b[k]) {
				k++
			}
			v := attrValue(b[k:])
			if v == 0 {
				return 0, 0
			}
			j = k + v
		}
		i = j
	}
	for i < len(b) && isSpaceOrTab(b[i]) {
		i++
	}
	if i < len(b) && b[i] == '/' {
		i++
	}
	if i < len(b) && b[i] == '>' {
		return i + 1, name
	}
	return 0, 0
}

// closingTag returns the length of the closing tag after its "</", or 0.
func closingTag(b []byte) int {
	i := tagName(b)
	if i == 0 {
		return 0
	}
	for i < len(b) && isSpaceOrTab(b[i]) {
		i++
	}
	if i < len(b) && b[i] == '>' {
		return i + 1
	}
	return 0
}

func isAttrNameStart(c byte) bool { return isASCIILetter(c) || c == '_' || c == ':' }

func isAttrName(c byte) bool {
	return isAttrNameStart(c) || isDigit(c) || c == '.' || c == '-'
}

// attrValue returns the length of the attribute value at the start of b.
func attrValue(b []byte) int {
	if len(b) == 0 {
		return 0
	}
	if q := b[0]; q == '"' || q == '\'' {
		if i := bytes.IndexByte(b[1:], q); i >= 0 {
			return i + 2
		}
		return 0
	}
	n := 0
	for n < len(b) {
		switch c := b[n]; c {
		case '"', '\'', '=', '<', '>', '`':
			return n
		default:
			if c <= ' ' {
				return n
			}
		}
		n++
	}
	return n
}

// htmlEnds reports whether line holds the end condition of an HTML block of
// type t (1 to 5).
func htmlEnds(t uint8, line []byte) bool {
	switch t {
	case 1:
		for i := 0; i+2 < len(line); i++ {
			if line[i] == '<' && line[i+1] == '/' {
				n := tagName(line[i+2:])
				if n > 0 && i+2+n < len(line) && line[i+2+n] == '>' && inList(line[i+2:i+2+n], rawTags) {
					return true
				}
			}
		}
		return false
	case 2:
		return bytes.Contains(line, []byte("-->"))
	case 3:
		return bytes.Contains(line, []byte("?>"))
	case 4:
		return bytes.IndexByte(line, '>') >= 0
	case 5:
		return bytes.Contains(line, []byte("]]>"))
	}
	return false
}
