package frontmatter

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/url"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/promptc/promptc/compiler/source"
	"github.com/promptc/promptc/internal/diag"
)

// compileSchema reads and compiles the JSON Schema at p, a path relative
// to the project root. Schemas it references must be inside the project
// too.
func compileSchema(fs *source.FS, p string) (*jsonschema.Schema, []diag.Diagnostic) {
	clean, rerr := source.Clean(p)
	if rerr != nil {
		return nil, []diag.Diagnostic{schemaReadDiag(rerr, p)}
	}
	doc, ds := loadJSON(fs, clean)
	if ds != nil {
		return nil, ds
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	c.UseLoader(loader{fs})
	u := base + (&url.URL{Path: clean}).EscapedPath()
	if err := c.AddResource(u, doc); err != nil {
		return nil, []diag.Diagnostic{diag.Errorf(diag.Position{Path: clean}, Rule, "schema %s: %s", clean, unbase(err.Error()))}
	}
	sch, err := c.Compile(u)
	if err != nil {
		return nil, []diag.Diagnostic{diag.Errorf(diag.Position{Path: clean}, Rule,
			"schema %s does not compile: %s", clean, unbase(compileMessage(err)))}
	}
	return sch, nil
}

// loadJSON reads a project file and parses it as one JSON value, with the
// position of a syntax error.
func loadJSON(fs *source.FS, p string) (any, []diag.Diagnostic) {
	f, err := fs.Read(p)
	if err != nil {
		return nil, []diag.Diagnostic{schemaReadDiag(err, p)}
	}
	doc, err := jsonschema.UnmarshalJSON(strings.NewReader(f.Text))
	if err != nil {
		pos := diag.Position{Path: p, Line: 1, Col: 1}
		var se *json.SyntaxError
		if errors.As(err, &se) {
			// Offset counts the bytes read, the offending one included.
			pos = offsetPos(p, f.Text, int(se.Offset)-1)
		} else if errors.Is(err, io.ErrUnexpectedEOF) {
			pos = offsetPos(p, f.Text, len(f.Text))
		}
		return nil, []diag.Diagnostic{diag.Errorf(pos, Rule, "schema %s is not valid JSON: %v", p, err)}
	}
	return doc, nil
}

// offsetPos converts a byte offset in text to a 1-based line and column (in
// code points).
func offsetPos(p, text string, off int) diag.Position {
	off = min(max(off, 0), len(text))
	before := text[:off]
	line := strings.Count(before, "\n") + 1
	start := strings.LastIndexByte(before, '\n') + 1
	return diag.Position{Path: p, Line: line, Col: len([]rune(before[start:])) + 1}
}

// loader loads the schemas a schema references, from inside the project.
type loader struct{ fs *source.FS }

func (l loader) Load(u string) (any, error) {
	rest, ok := strings.CutPrefix(u, base)
	if !ok {
		return nil, fmt.Errorf("%s is outside the project; promptc only reads schemas from files inside the project root", u)
	}
	p, err := url.PathUnescape(rest)
	if err != nil {
		return nil, err
	}
	doc, ds := loadJSON(l.fs, p)
	if ds != nil {
		return nil, errors.New(ds[0].String())
	}
	return doc, nil
}

// compileMessage renders a schema compilation error without the library's
// absolute URLs.
func compileMessage(err error) string {
	var le *jsonschema.LoadURLError
	if errors.As(err, &le) {
		return fmt.Sprintf("cannot load %s: %v", le.URL, le.Err)
	}
	return err.Error()
}

// unbase turns the compiler's URLs for project files back into project
// paths.
func unbase(s string) string { return strings.ReplaceAll(s, base, "") }

func schemaReadDiag(err error, p string) diag.Diagnostic {
	var re *source.ReadError
	if errors.As(err, &re) {
		d := re.Diag
		d.Rule = Rule
		d.Message = "schema: " + d.Message
		return d
	}
	return diag.Errorf(diag.Position{Path: p}, Rule, "schema %s cannot be read: %v", p, err)
}
