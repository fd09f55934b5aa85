package config

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/format"
	"cuelang.org/go/cue/parser"

	"github.com/promptc/promptc/internal/regular"
)

// Formatted is a configuration file and its text as CUE's own formatter
// (cue fmt) writes it. Formatting parses the file and never evaluates it,
// so it needs no time or memory bound beyond MaxSize.
type Formatted struct {
	// File is the absolute path of the configuration.
	File string
	// Source is the file's content as read; Text is it formatted.
	Source, Text []byte
	// info is the file as read, so that Write replaces only that file.
	info fs.FileInfo
}

// Changed reports whether formatting changes the file.
func (f *Formatted) Changed() bool { return !bytes.Equal(f.Source, f.Text) }

// Format reads the configuration at path as LoadFile reads it (a regular
// file, never through a link, at most MaxSize) and formats it. A file that
// does not parse is an *Error positioned where LoadFile would position it;
// a path that cannot be opened is the system's *fs.PathError.
func Format(path string) (*Formatted, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	src, fi, err := readFile(abs, path)
	if err != nil {
		return nil, err
	}
	return formatSource(abs, src, fi)
}

// FormatBytes formats src, the text of the configuration at path as an
// editor holds it, as Format formats the file (the language server's
// formatting). Its Formatted is not written: Write needs the file as
// Format read it.
func FormatBytes(path string, src []byte) (*Formatted, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	return formatSource(abs, src, nil)
}

// formatSource formats src, the text of the configuration at abs, as read
// with fi (nil: not read from disk).
func formatSource(abs string, src []byte, fi fs.FileInfo) (*Formatted, error) {
	f, err := parser.ParseFile(abs, src, parser.ParseComments)
	if err != nil {
		return nil, newError(filepath.Dir(abs), src, err, cue.Value{}, cue.Value{})
	}
	text, err := format.Node(f)
	if err != nil {
		return nil, err // a parsed file that does not print: CUE's bug
	}
	return &Formatted{File: abs, Source: src, Text: text, info: fi}, nil
}

// Write replaces the file with its formatted text, atomically, through a
// root on the directory that holds it (regular.Replace): a file changed,
// replaced or linked since it was read is a configuration error naming it,
// and is left as it is.
func (f *Formatted) Write() error {
	if f.info == nil {
		return fileError(f.File, "%s was formatted from an editor's text, not read from disk: nothing written", filepath.Base(f.File))
	}
	dir, name := filepath.Split(f.File)
	root, err := os.OpenRoot(dir)
	if err != nil {
		return err
	}
	defer root.Close()
	err = regular.Replace(root, name, f.Text, f.info)
	var ce *regular.ChangedError
	var nr *regular.NotRegularError
	switch {
	case errors.As(err, &ce):
		return fileError(f.File, "%s changed while it was formatted; nothing written: run promptc fmt again", name)
	case errors.As(err, &nr):
		return fileError(f.File, "%s is now %s; nothing written: promptc formats only a regular file with one name", name, nr.What())
	}
	return err
}
