// Package source reads project files confined to the project root.
//
// Every read goes through an os.Root opened on the root, so ".." out of
// the root, absolute paths and symlinks whose target leaves the root are
// refused by the operating system itself. Non-regular files (FIFOs,
// devices, directories) are refused before they are opened, because
// opening a FIFO for reading blocks. Text must be valid UTF-8 without NUL
// bytes or a byte-order mark; CRLF line endings are normalised to LF and
// reported.
package source

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/bmatcuk/doublestar/v4"

	"github.com/promptc/promptc/compiler/diag"
	"github.com/promptc/promptc/compiler/markdown"
)

// Rule IDs of read failures.
const (
	RuleNotFound    = "INCLUDE_NOT_FOUND"
	RuleEscape      = "INCLUDE_ESCAPE"
	RuleNotRegular  = "INCLUDE_NOT_REGULAR"
	RuleInvalidUTF8 = "TEXT_INVALID_UTF8"
	RuleNUL         = "TEXT_NUL"
	RuleBOM         = "TEXT_BOM"
	RuleCRLF        = "TEXT_CRLF"
)

// File is a project file as read: its text normalised to LF line endings
// and its lines classified.
type File struct {
	// Path is slash-separated and relative to the project root.
	Path string
	// Text is the file's content, valid UTF-8, with LF line endings.
	Text string
	// Lines classifies every line of Text.
	Lines []markdown.Line
	// Diags holds warnings found while reading (CRLF normalised).
	Diags []diag.Diagnostic
}

// Line returns the text of line num (1-based), without its newline.
func (f *File) Line(num int) string {
	if num < 1 || num > len(f.Lines) {
		return ""
	}
	l := f.Lines[num-1]
	return f.Text[l.Start:l.End]
}

// ReadError is a file that cannot be used, as a diagnostic positioned in
// the file itself (or, for a file that cannot be opened, at its path).
// Callers re-position it at the reference that named the file.
type ReadError struct {
	Diag diag.Diagnostic
}

func (e *ReadError) Error() string { return e.Diag.Message }

// FS reads files below one project root. It caches every file it has read,
// so a file reached from several places is read and checked once. An FS is
// not safe for concurrent use.
type FS struct {
	root   *os.Root
	files  map[string]*File
	errs   map[string]*ReadError
	opened []string
}

// Open opens an FS on the directory root.
func Open(root string) (*FS, error) {
	r, err := os.OpenRoot(root)
	if err != nil {
		return nil, err
	}
	return &FS{root: r, files: map[string]*File{}, errs: map[string]*ReadError{}}, nil
}

// Close releases the root.
func (fsys *FS) Close() error { return fsys.root.Close() }

// Clean validates a project-relative path and returns its clean slash
// form; ok is false for absolute paths and paths that leave the root
// lexically.
func Clean(rel string) (string, bool) {
	if rel == "" || strings.HasPrefix(rel, "/") || strings.HasPrefix(rel, `\`) || (len(rel) > 1 && rel[1] == ':') {
		return "", false
	}
	c := path.Clean(rel)
	if c == ".." || strings.HasPrefix(c, "../") {
		return "", false
	}
	return c, true
}

func fail(p, rule, format string, args ...any) *ReadError {
	return &ReadError{Diag: diag.Errorf(diag.Position{Path: p}, rule, format, args...)}
}

// Read returns the file at rel (relative to the root). A failure is a
// *ReadError.
func (fsys *FS) Read(rel string) (*File, error) {
	p, ok := Clean(rel)
	if !ok {
		return nil, fail(rel, RuleEscape, "%s is outside the project root: paths must be relative and stay inside the directory of promptc.cue", rel)
	}
	if f, ok := fsys.files[p]; ok {
		return f, nil
	}
	if e, ok := fsys.errs[p]; ok {
		return nil, e
	}
	f, e := fsys.read(p)
	if e != nil {
		fsys.errs[p] = e
		return nil, e
	}
	fsys.files[p] = f
	return f, nil
}

func (fsys *FS) read(p string) (*File, *ReadError) {
	// Stat (following symlinks inside the root) before opening: a FIFO
	// must be refused without opening it.
	fi, err := fsys.root.Stat(p)
	if err != nil {
		return nil, statError(p, err)
	}
	if !fi.Mode().IsRegular() {
		return nil, fail(p, RuleNotRegular, "%s is not a regular file (%s); only regular files can be prompt assets", p, kind(fi.Mode()))
	}
	fsys.opened = append(fsys.opened, p)
	b, err := fsys.root.ReadFile(p)
	if err != nil {
		return nil, statError(p, err)
	}
	return decode(p, b)
}

// decode validates and normalises the bytes of file p.
func decode(p string, b []byte) (*File, *ReadError) {
	at := func(off int) diag.Position {
		line := bytes.Count(b[:off], []byte{'\n'}) + 1
		start := bytes.LastIndexByte(b[:off], '\n') + 1
		return diag.Position{Path: p, Line: line, Col: utf8.RuneCount(b[start:off]) + 1}
	}
	if bytes.HasPrefix(b, []byte("\xef\xbb\xbf")) {
		return nil, &ReadError{diag.Errorf(at(0), RuleBOM, "%s starts with a byte-order mark (byte offset 0); save it as UTF-8 without BOM", p)}
	}
	if i := bytes.IndexByte(b, 0); i >= 0 {
		return nil, &ReadError{diag.Errorf(at(i), RuleNUL, "%s contains a NUL byte at byte offset %d; prompt assets must be text", p, i)}
	}
	if !utf8.Valid(b) {
		i := 0
		for i < len(b) {
			r, size := utf8.DecodeRune(b[i:])
			if r == utf8.RuneError && size <= 1 {
				break
			}
			i += size
		}
		return nil, &ReadError{diag.Errorf(at(i), RuleInvalidUTF8, "%s is not valid UTF-8 at byte offset %d (byte 0x%02x); re-save it as UTF-8", p, i, b[i])}
	}
	f := &File{Path: p}
	if i := bytes.Index(b, []byte("\r\n")); i >= 0 {
		pos := at(i)
		f.Diags = append(f.Diags, diag.Warnf(pos, RuleCRLF, "%s uses CRLF line endings (first at line %d); promptc normalises them to LF: convert the file to LF", p, pos.Line))
		b = bytes.ReplaceAll(b, []byte("\r\n"), []byte("\n"))
	}
	f.Text = string(b)
	f.Lines = markdown.Scan(b)
	return f, nil
}

func kind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a FIFO"
	case m&fs.ModeDevice != 0, m&fs.ModeCharDevice != 0:
		return "a device"
	case m&fs.ModeSocket != 0:
		return "a socket"
	}
	return "mode " + m.String()
}

func statError(p string, err error) *ReadError {
	if errors.Is(err, fs.ErrNotExist) {
		return fail(p, RuleNotFound, "%s does not exist; create it or fix the path", p)
	}
	msg := err.Error()
	if strings.Contains(msg, "escapes from parent") || strings.Contains(msg, "path escapes") {
		return fail(p, RuleEscape, "%s leads outside the project root (through .. or a symlink); assets must stay inside the directory of promptc.cue", p)
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		msg = pe.Err.Error()
	}
	return fail(p, RuleNotFound, "cannot read %s: %s", p, msg)
}

// Glob returns the files matching pattern (doublestar syntax, relative to
// the root), minus those matching any exclude pattern, sorted. Hidden files
// and directories are skipped.
func (fsys *FS) Glob(pattern string, exclude ...string) ([]string, error) {
	if !doublestar.ValidatePattern(pattern) {
		return nil, fmt.Errorf("invalid glob pattern %q", pattern)
	}
	matches, err := doublestar.Glob(fsys.root.FS(), pattern, doublestar.WithFilesOnly(), doublestar.WithNoHidden())
	if err != nil {
		return nil, err
	}
	out := matches[:0]
	for _, m := range matches {
		skip := false
		for _, x := range exclude {
			if ok, _ := doublestar.Match(x, m); ok {
				skip = true
				break
			}
		}
		if !skip {
			out = append(out, m)
		}
	}
	slices.Sort(out)
	return out, nil
}

// Opened lists every path opened for reading, in order, for tests that
// check confinement.
func (fsys *FS) Opened() []string { return slices.Clone(fsys.opened) }
