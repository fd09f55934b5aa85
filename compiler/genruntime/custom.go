package genruntime

// This file is part of the fixed code of every generated package that has
// a custom mode: gogen copies its declarations, without the package clause
// and imports, after the package's data tables. See the package
// documentation.

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"
	"unicode/utf8"
)

// Custom is the custom mode as loaded from a project. Its zero value is a
// custom mode that was never loaded: not Usable, composed with the small
// boundary.
type Custom struct {
	// Name comes from the frontmatter's name:, else the first ATX or
	// setext heading outside code; "" when neither is present.
	Name string
	// Text is what to send in place of the project's text: the file's
	// instructions (frontmatter removed, {{cwd}} expanded, surrounding
	// white space trimmed), or, when the file cannot be used, the small
	// boundary.
	Text string
	// Usable is false when Text is the fallback. Only a usable custom mode
	// is offered in ModesFor and NextMode.
	Usable bool
	// Reason says why the file was not used ("" when Usable).
	Reason string
	// Path is the file LoadCustom read, relative to the project directory.
	Path string
}

// ModesFor returns the modes a picker offers, in order: Modes(), then
// ModeCustom when c is usable.
func ModesFor(c Custom) []Mode {
	ms := Modes()
	if c.Usable {
		ms = append(ms, ModeCustom)
	}
	return ms
}

// NextMode returns the mode after m in ModesFor(c), wrapping around: the
// cycle a harness runs on a key press. ModeDefault is DefaultMode there
// as everywhere (ModesFor lists DefaultMode, never ModeDefault). A mode
// that is not offered (the custom mode of an unusable file, a value that
// is no mode) is followed by the first mode.
func NextMode(m Mode, c Custom) Mode {
	if m == ModeDefault {
		m = DefaultMode
	}
	ms := ModesFor(c)
	for i, x := range ms {
		if x == m {
			return ms[(i+1)%len(ms)]
		}
	}
	return ms[0]
}

// Compose returns the custom mode's prompt: c.Text, then the slots every
// mode sends (the user's rules among them) and the parts of custom.carry
// (with zero Inputs, so a part sent under an input's value is left out),
// each non-empty section separated by a blank line. Compose(ModeCustom, ...) is the same for a
// custom file that could not be used.
//
// Deprecated: set the Request's Mode to ModeCustom and its Custom to &c.
func (c Custom) Compose(slots Slots) string {
	cc := c.composition(0)
	var inputs Inputs
	p, _ := cc.prompt(&slots, &inputs) // zero Inputs render every template part a carried part may be
	return p.Text
}

// Sections returns the non-empty sections c.Compose joins, in order.
//
// Deprecated: set the Request's Mode to ModeCustom and its Custom to &c.
func (c Custom) Sections(slots Slots) []Section {
	cc := c.composition(0)
	var inputs Inputs
	secs, _ := cc.sections(&slots, &inputs) // zero Inputs render every template part a carried part may be
	return secs
}

// composition is the custom mode composed from c in program pr.
func (c Custom) composition(pr int) composition {
	return composition{pr: pr, mode: ModeCustom, r: choose(Auto, "", ""), custom: c.text(), customSrc: c.source()}
}

// text is what the custom item sends: the loaded text, or the fallback for
// a Custom that was never loaded.
func (c Custom) text() string {
	if c.Text == "" {
		return customFallback
	}
	return c.Text
}

func (c Custom) source() string {
	if c.Usable {
		return c.Path
	}
	return customFallbackSource
}

// LoadCustom reads the custom file at path (slash-separated, relative to
// projectDir; usually CustomFile) through an os.Root opened on projectDir,
// so a symbolic link inside the project is followed (an absolute one too,
// when its target is inside) and one that leaves it, like a path that
// does, is refused. It accepts only a regular file of at most
// CustomMaxBytes bytes of valid UTF-8 (multi-byte characters count their
// bytes), without NUL bytes or a byte-order mark; the file is opened
// without blocking and checked once open, so a FIFO or device put in its
// place at any moment is refused, never waited on. CRLF becomes LF, a
// frontmatter block (even an empty one) is removed, and {{cwd}} expands to
// projectDir. When the file is missing, empty or unsafe, the result
// carries the small boundary and the reason, never another mode's text.
// LoadCustom only reads: it creates nothing.
func LoadCustom(projectDir, path string) Custom {
	fail := func(reason string) Custom {
		return Custom{Text: customFallback, Reason: reason, Path: path}
	}
	root, err := os.OpenRoot(projectDir)
	if err != nil {
		return fail("project directory: " + err.Error())
	}
	defer root.Close()
	f, err := openInProject(root, projectDir, path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fail(path + " does not exist")
	case errors.Is(err, errOutside):
		return fail(path + " is unsafe: it leads outside the project")
	case err != nil:
		return fail(path + " cannot be read")
	}
	defer f.Close()
	fi, err := f.Stat()
	switch {
	case err != nil:
		return fail(path + " cannot be read")
	case !fi.Mode().IsRegular():
		return fail(path + " is not a regular file")
	case fi.Size() > CustomMaxBytes:
		return fail(fmt.Sprintf("%s is %d bytes, over the limit of %d", path, fi.Size(), CustomMaxBytes))
	}
	data, err := io.ReadAll(io.LimitReader(f, CustomMaxBytes+1))
	if err != nil {
		return fail(path + " cannot be read")
	}
	name, text, reason := customData(path, data, CustomMaxBytes)
	if reason != "" {
		return fail(reason)
	}
	return Custom{Name: name, Text: strings.ReplaceAll(text, "{{cwd}}", projectDir), Usable: true, Path: path}
}

// customData applies LoadCustom's rules to data, the bytes read from the
// custom file at path (at most maxBytes+1 of them): at most maxBytes of
// valid UTF-8 without NUL bytes or a byte-order mark, not empty once CRLF
// is LF and the frontmatter is removed. It returns the file's name and
// text ({{cwd}} not expanded), or why the file is refused.
func customData(path string, data []byte, maxBytes int) (name, text, reason string) {
	switch {
	case len(data) > maxBytes:
		return "", "", fmt.Sprintf("%s is over the limit of %d bytes", path, maxBytes)
	case !utf8.Valid(data):
		return "", "", path + " is not valid UTF-8"
	case strings.ContainsRune(string(data), 0):
		return "", "", path + " contains a NUL byte"
	case strings.ContainsRune(string(data), '\uFEFF'):
		return "", "", path + " contains a byte-order mark"
	}
	name, text = customText(strings.ReplaceAll(string(data), "\r\n", "\n"))
	if text == "" {
		return "", "", path + " is empty"
	}
	return name, text, ""
}
