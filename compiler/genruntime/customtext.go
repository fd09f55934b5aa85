package genruntime

// This file is promptc's reading of a custom-mode file, and it is also
// copied, as source, into every generated package that has a custom mode
// (see Source), so that the build-time check of the example and the
// run-time loader cannot disagree. It must use nothing but the strings
// package.

import "strings"

// customText splits a custom file into its name and its instructions:
// the frontmatter (a first line "---" up to the next "---" line, possibly
// empty) is removed and read for name:; without one, the name is the first
// heading outside code. The instructions lose the blank lines and trailing
// white space around them.
func customText(text string) (name, body string) {
	if rest, ok := strings.CutPrefix(text, "---\n"); ok {
		// The header runs to the first line that is "---" (trailing
		// spaces and tabs allowed), which may be the very next one.
		for off := 0; off <= len(rest); {
			end := strings.IndexByte(rest[off:], '\n')
			line, next := rest[off:], len(rest)+1
			if end >= 0 {
				line, next = rest[off:off+end], off+end+1
			}
			if strings.TrimRight(line, " \t") == "---" {
				for _, l := range strings.Split(rest[:off], "\n") {
					if v, ok := strings.CutPrefix(l, "name:"); ok {
						name = strings.Trim(strings.TrimSpace(v), "\"'")
					}
				}
				text = ""
				if next <= len(rest) {
					text = rest[next:]
				}
				break
			}
			if end < 0 {
				break
			}
			off = next
		}
	}
	// Blank lines around the instructions go; the first line keeps its
	// indentation, which can make it code.
	body = strings.TrimRight(text, " \t\n")
	for {
		line, rest, ok := strings.Cut(body, "\n")
		if !ok || strings.TrimSpace(line) != "" {
			break
		}
		body = rest
	}
	if strings.TrimSpace(body) == "" {
		body = ""
	}
	if name == "" {
		name = firstHeading(text)
	}
	return name, body
}

// firstHeading returns the text of the first ATX ("# Title") or setext
// ("Title" over "=====" or "-----") heading outside fenced and indented
// code, "" when there is none. It follows CommonMark for top-level blocks;
// headings inside block quotes and list items are not looked for.
func firstHeading(text string) string {
	fence := ""       // the opening fence of the code block we are in
	var para []string // the paragraph lines so far, for a setext heading
	for _, line := range strings.Split(text, "\n") {
		t := strings.TrimLeft(line, " ")
		indent := len(line) - len(t)
		if fence != "" {
			if indent <= 3 && strings.HasPrefix(t, fence) && strings.TrimRight(strings.TrimLeft(t, fence[:1]), " \t") == "" {
				fence = ""
			}
			continue
		}
		if strings.TrimSpace(line) == "" {
			para = para[:0]
			continue
		}
		if indent >= 4 || strings.HasPrefix(t, "\t") {
			if len(para) == 0 {
				continue // indented code
			}
			para = append(para, strings.TrimSpace(line)) // a lazy continuation
			continue
		}
		if f := customFence(t); f != "" {
			fence, para = f, para[:0]
			continue
		}
		if containerLine(t) {
			para = para[:0] // a list item or block quote: not looked into
			continue
		}
		if h, ok := atxText(t); ok {
			if h != "" {
				return h
			}
			para = para[:0]
			continue
		}
		if len(para) > 0 && setextLine(t) {
			return strings.Join(para, " ")
		}
		if breakLine(t) {
			para = para[:0]
			continue
		}
		para = append(para, strings.TrimSpace(t))
	}
	return ""
}

// customFence returns the run of three or more backticks or tildes that
// opens a fenced code block on line t, "" when t opens none.
func customFence(t string) string {
	if len(t) < 3 || (t[0] != '`' && t[0] != '~') {
		return ""
	}
	n := len(t) - len(strings.TrimLeft(t, t[:1]))
	if n < 3 || (t[0] == '`' && strings.Contains(t[n:], "`")) {
		return ""
	}
	return t[:n]
}

// atxText returns the text of an ATX heading line, without its closing
// run of #, and whether t is one.
func atxText(t string) (string, bool) {
	rest := strings.TrimLeft(t, "#")
	n := len(t) - len(rest)
	if n < 1 || n > 6 || (rest != "" && rest[0] != ' ' && rest[0] != '\t') {
		return "", false
	}
	rest = strings.TrimSpace(rest)
	if trimmed := strings.TrimRight(rest, "#"); trimmed == "" || strings.HasSuffix(trimmed, " ") || strings.HasSuffix(trimmed, "\t") {
		rest = strings.TrimSpace(trimmed)
	}
	return rest, true
}

// setextLine reports whether t is a line of only "=" or only "-"
// (trailing white space allowed).
func setextLine(t string) bool {
	t = strings.TrimRight(t, " \t")
	return t != "" && (strings.Trim(t, "=") == "" || strings.Trim(t, "-") == "")
}

// containerLine reports whether t opens a block quote or a list item:
// ">", a bullet "-", "+" or "*", or one to nine digits and "." or ")",
// followed by a space, a tab or the end of the line.
func containerLine(t string) bool {
	if strings.HasPrefix(t, ">") {
		return true
	}
	rest := t
	switch {
	case strings.HasPrefix(t, "-"), strings.HasPrefix(t, "+"), strings.HasPrefix(t, "*"):
		rest = t[1:]
	default:
		digits := strings.TrimLeft(t, "0123456789")
		if n := len(t) - len(digits); n < 1 || n > 9 || digits == "" || (digits[0] != '.' && digits[0] != ')') {
			return false
		}
		rest = digits[1:]
	}
	return rest == "" || rest[0] == ' ' || rest[0] == '\t'
}

// breakLine reports whether t is three or more "*", "-" or "_",
// optionally separated by spaces or tabs.
func breakLine(t string) bool {
	s := strings.NewReplacer(" ", "", "\t", "").Replace(t)
	return len(s) >= 3 && (strings.Trim(s, "*") == "" || strings.Trim(s, "-") == "" || strings.Trim(s, "_") == "")
}
