// Package frontmatter validates the YAML frontmatter of project assets
// against JSON Schemas that the project supplies.
//
// promptc.cue maps asset globs to schema files:
//
//	frontmatter: {"cards/*.md": "schemas/card.json"}
//
// The header of every file a glob matches is parsed with CUE's YAML support
// (the same parser that reads family headers and cards), converted to JSON
// and validated with santhosh-tekuri/jsonschema/v6, which reports every
// violation rather than the first. Each violation becomes a diagnostic at
// the line and column of the offending key in the asset.
//
// Schemas are read through the project's confined file system: a schema,
// and any schema it references with $ref, must be a file inside the project
// root. Nothing is fetched over the network.
package frontmatter

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/cuecontext"
	cueerrors "cuelang.org/go/cue/errors"
	"cuelang.org/go/cue/literal"
	"cuelang.org/go/cue/token"
	"cuelang.org/go/encoding/yaml"
	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"golang.org/x/text/language"
	"golang.org/x/text/message"

	"github.com/promptc/promptc/compiler/source"
	"github.com/promptc/promptc/internal/config"
	"github.com/promptc/promptc/internal/diag"
)

// Rule is the ID of every problem this package reports.
const Rule = "FRONTMATTER_SCHEMA"

// base is the URL under which project files are known to the schema
// compiler. A $ref that resolves outside it leaves the project and is
// refused.
const base = "file:///project/"

var printer = message.NewPrinter(language.English)

// Check validates the frontmatter of every file matched by a glob of the
// configuration's frontmatter map against the schema the glob names. Globs
// are processed in sorted order; a file matched by several globs is checked
// against each of their schemas.
func Check(fs *source.FS, l *config.Loaded) []diag.Diagnostic {
	globs := l.Config.Frontmatter
	if len(globs) == 0 {
		return nil
	}
	v := &validator{fs: fs, schemas: map[string]*compiled{}}
	var ds []diag.Diagnostic
	for _, glob := range slices.Sorted(mapKeys(globs)) {
		schemaPath := globs[glob]
		at := l.PosOfKeys("frontmatter", glob)
		paths, err := fs.Glob(glob)
		if err != nil {
			ds = append(ds, diag.Errorf(at, Rule, "frontmatter glob: %v", err))
			continue
		}
		if len(paths) == 0 {
			ds = append(ds, diag.Errorf(at, Rule,
				"frontmatter glob %q matches no file, so %s checks nothing; fix the glob or remove the entry", glob, schemaPath))
			continue
		}
		sch, sds := v.schema(schemaPath)
		if len(sds) > 0 {
			for _, d := range sds {
				// Report where the schema is named, keeping the schema's own
				// position when it has one.
				if d.Pos.Path != "" {
					d.Related = append(d.Related, diag.Related{Pos: d.Pos, Message: "the schema file"})
				}
				d.Pos = at
				ds = append(ds, d)
			}
			continue
		}
		for _, p := range paths {
			ds = append(ds, v.file(p, schemaPath, sch)...)
		}
	}
	return ds
}

type compiled struct {
	schema *jsonschema.Schema
	diags  []diag.Diagnostic
}

type validator struct {
	fs      *source.FS
	schemas map[string]*compiled
}

// schema compiles the schema file at p once.
func (v *validator) schema(p string) (*jsonschema.Schema, []diag.Diagnostic) {
	if c, ok := v.schemas[p]; ok {
		return c.schema, c.diags
	}
	c := &compiled{}
	v.schemas[p] = c
	c.schema, c.diags = compileSchema(v.fs, p)
	return c.schema, c.diags
}

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

// file validates the frontmatter of the asset at p.
func (v *validator) file(p, schemaPath string, sch *jsonschema.Schema) []diag.Diagnostic {
	f, err := v.fs.Read(p)
	if err != nil {
		var re *source.ReadError
		if errors.As(err, &re) {
			return []diag.Diagnostic{re.Diag}
		}
		return []diag.Diagnostic{diag.Errorf(diag.Position{Path: p}, Rule, "cannot read %s: %v", p, err)}
	}
	inst, tree, ds := Decode(p, f.Text)
	if ds != nil {
		return ds
	}
	return Validate(p, schemaPath, sch, inst, tree)
}

// Tree is the parsed frontmatter of one asset, used to find the position of
// a value from its JSON pointer.
type Tree struct {
	path string
	file *ast.File // nil when the asset has no frontmatter
}

// Parse parses the frontmatter of the asset text at path p, keeping the
// position of every key. An asset without frontmatter gives an empty Tree.
func Parse(p, text string) (Tree, []diag.Diagnostic) {
	tree := Tree{path: p}
	fm, _, ok := Split(text)
	if !ok {
		return tree, nil
	}
	if ds := Refuse(p, fm, Rule); ds != nil {
		return tree, ds
	}
	// The header starts on line 2 of the file; one leading newline makes
	// the parser's positions the file's positions.
	f, err := yaml.Extract(p, "\n"+fm.YAML)
	if err != nil {
		return tree, yamlDiags(p, err)
	}
	tree.file = f
	return tree, nil
}

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

// Decode parses the frontmatter of the asset text at path p into a JSON
// value as jsonschema expects it (objects as map[string]any, numbers as
// json.Number). An asset without frontmatter, or with an empty one, is the
// empty object. YAML that cannot be parsed or has no JSON form is reported
// at its position.
func Decode(p, text string) (any, Tree, []diag.Diagnostic) {
	tree, ds := Parse(p, text)
	if ds != nil {
		return nil, tree, ds
	}
	if tree.file == nil {
		return map[string]any{}, tree, nil
	}
	f := tree.file
	inst, ok := plain(f)
	if !ok {
		var ds []diag.Diagnostic
		if inst, ds = viaCUE(p, f); ds != nil {
			return nil, tree, ds
		}
	}
	if inst == nil && !hasFields(f) {
		inst = map[string]any{} // an empty header (or one of comments only)
	}
	return inst, tree, nil
}

// viaCUE evaluates the extracted YAML with CUE and converts the result to
// JSON: the general path, for what plain does not handle.
func viaCUE(p string, f *ast.File) (any, []diag.Diagnostic) {
	val := cuecontext.New().BuildFile(f)
	if err := val.Err(); err != nil {
		return nil, yamlDiags(p, err)
	}
	b, err := val.MarshalJSON()
	if err != nil {
		return nil, yamlDiags(p, err)
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
	if err != nil {
		return nil, []diag.Diagnostic{diag.Errorf(diag.Position{Path: p, Line: 1, Col: 1}, Rule, "frontmatter has no JSON form: %v", err)}
	}
	return inst, nil
}

// plain converts the syntax tree of extracted YAML to a JSON value directly
// when it holds only what frontmatter usually holds: mappings with distinct
// keys, lists, strings, decimal numbers, booleans and null. Evaluating it
// with CUE costs several times more than parsing it. ok is false for
// anything else (hexadecimal or huge numbers, infinities, binary data, a
// repeated key), which viaCUE then handles; the two agree wherever plain
// succeeds (FuzzDecode checks it).
func plain(n ast.Node) (v any, ok bool) {
	switch n := n.(type) {
	case *ast.File:
		var fields []ast.Decl
		for _, d := range n.Decls {
			switch d := d.(type) {
			case *ast.Field:
				fields = append(fields, d)
			case *ast.EmbedDecl:
				if len(n.Decls) != 1 {
					return nil, false
				}
				return plain(d.Expr)
			default:
				return nil, false
			}
		}
		if len(fields) == 0 {
			return nil, true
		}
		return plainFields(fields)
	case *ast.StructLit:
		return plainFields(n.Elts)
	case *ast.ListLit:
		out := make([]any, 0, len(n.Elts))
		for _, e := range n.Elts {
			v, ok := plain(e)
			if !ok {
				return nil, false
			}
			out = append(out, v)
		}
		return out, true
	case *ast.UnaryExpr:
		if lit, isLit := n.X.(*ast.BasicLit); isLit && n.Op == token.SUB && jsonNumberRE.MatchString(lit.Value) {
			return json.Number("-" + lit.Value), true
		}
	case *ast.BasicLit:
		switch n.Kind {
		case token.STRING:
			if !strings.HasPrefix(n.Value, `"`) {
				return nil, false // bytes ('...'): CUE encodes them
			}
			s, err := literal.Unquote(n.Value)
			return s, err == nil
		case token.INT, token.FLOAT:
			if jsonNumberRE.MatchString(n.Value) {
				return json.Number(n.Value), true
			}
		case token.TRUE:
			return true, true
		case token.FALSE:
			return false, true
		case token.NULL:
			return nil, true
		}
	}
	return nil, false
}

func plainFields(decls []ast.Decl) (any, bool) {
	out := make(map[string]any, len(decls))
	for _, d := range decls {
		f, ok := d.(*ast.Field)
		if !ok {
			return nil, false
		}
		name, _, err := ast.LabelName(f.Label)
		if err != nil {
			return nil, false
		}
		if _, dup := out[name]; dup {
			return nil, false // CUE unifies repeated keys
		}
		v, ok := plain(f.Value)
		if !ok {
			return nil, false
		}
		out[name] = v
	}
	return out, true
}

// jsonNumberRE is JSON's number syntax, without the sign.
var jsonNumberRE = regexp.MustCompile(`^(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$`)

func hasFields(f *ast.File) bool {
	for _, d := range f.Decls {
		if _, ok := d.(*ast.Field); ok {
			return true
		}
	}
	return false
}

// yamlDiags converts a YAML or CUE error into diagnostics at the first
// position in the asset. The YAML parser reports plain errors of the form
// "path:line: message"; CUE's own errors carry positions.
func yamlDiags(p string, err error) []diag.Diagnostic {
	const prefix = "frontmatter cannot be checked against its schema: "
	var ce cueerrors.Error
	if !errors.As(err, &ce) {
		pos := diag.Position{Path: p, Line: 1, Col: 1}
		msg := err.Error()
		if m := plainPosRE.FindStringSubmatch(msg); m != nil && m[1] == p {
			if n, err := strconv.Atoi(m[2]); err == nil && n > 0 {
				pos.Line = n
			}
			msg = m[3]
		}
		return []diag.Diagnostic{diag.Errorf(pos, Rule, "%s%s", prefix, msg)}
	}
	var ds []diag.Diagnostic
	for _, e := range cueerrors.Errors(err) {
		pos := diag.Position{Path: p, Line: 1, Col: 1}
		for _, ep := range cueerrors.Positions(e) {
			if ep.Filename() == p && ep.Line() > 0 {
				pos = diag.Position{Path: p, Line: ep.Line(), Col: max(ep.Column(), 1)}
				break
			}
		}
		format, args := e.Msg()
		msg := fmt.Sprintf(format, args...)
		if path := strings.Join(e.Path(), "."); path != "" {
			msg = path + ": " + msg
		}
		ds = append(ds, diag.Errorf(pos, Rule, "%s%s", prefix, msg))
	}
	if len(ds) == 0 {
		ds = append(ds, diag.Errorf(diag.Position{Path: p, Line: 1, Col: 1}, Rule, "%s%v", prefix, err))
	}
	return ds
}

// plainPosRE splits "path:line: message" (the column is optional).
var plainPosRE = regexp.MustCompile(`(?s)^(.*?):(\d+)(?::\d+)?: (.*)$`)

// Validate checks a decoded frontmatter value against sch and reports every
// violation at the position of the offending key (the opening line of the
// frontmatter for the header as a whole).
func Validate(p, schemaPath string, sch *jsonschema.Schema, inst any, tree Tree) []diag.Diagnostic {
	err := sch.Validate(inst)
	if err == nil {
		return nil
	}
	var ve *jsonschema.ValidationError
	if !errors.As(err, &ve) {
		return []diag.Diagnostic{diag.Errorf(diag.Position{Path: p, Line: 1, Col: 1}, Rule, "frontmatter: %v", err)}
	}
	var ds []diag.Diagnostic
	for _, leaf := range leaves(ve, nil) {
		loc := slices.Clone(leaf.InstanceLocation)
		// An unexpected key is reported at that key, not at its object.
		if ap, ok := leaf.ErrorKind.(*kind.AdditionalProperties); ok && len(ap.Properties) > 0 {
			loc = append(loc, ap.Properties[0])
		}
		pos := tree.Pos(loc)
		where := "frontmatter"
		if len(leaf.InstanceLocation) > 0 {
			where = "frontmatter field " + strings.Join(leaf.InstanceLocation, ".")
		}
		d := diag.Errorf(pos, Rule, "%s: %s (schema %s)", where, leaf.ErrorKind.LocalizedString(printer), schemaPath)
		d.Related = []diag.Related{{Pos: diag.Position{Path: schemaPath}, Message: "the schema"}}
		ds = append(ds, d)
	}
	return ds
}

// leaves returns the errors without causes: the individual violations.
// The library nests them under group errors (allOf, $ref, the schema
// itself); the leaves carry the instance location and the reason.
func leaves(e *jsonschema.ValidationError, out []*jsonschema.ValidationError) []*jsonschema.ValidationError {
	if len(e.Causes) == 0 {
		return append(out, e)
	}
	for _, c := range e.Causes {
		out = leaves(c, out)
	}
	return out
}

// Pos returns the position in the asset of the value at the JSON pointer
// tokens loc: the key that holds it (or the list item), or the nearest
// enclosing key that exists, or the opening line of the frontmatter.
func (t Tree) Pos(loc []string) diag.Position {
	at := diag.Position{Path: t.path, Line: 1, Col: 1}
	if t.file == nil {
		return at
	}
	var node ast.Node = t.file
	for _, tok := range loc {
		next, pos := child(node, tok)
		if next == nil {
			break
		}
		if pos.IsValid() && pos.Line() > 0 {
			at = diag.Position{Path: t.path, Line: pos.Line(), Col: max(pos.Column(), 1)}
		}
		node = next
	}
	return at
}

// child returns the value of key tok in node (a mapping) or item tok (a
// list), with the position of the key or item.
func child(node ast.Node, tok string) (ast.Node, token.Pos) {
	switch n := node.(type) {
	case *ast.File:
		var fields []ast.Decl
		for _, d := range n.Decls {
			switch d := d.(type) {
			case *ast.Field:
				fields = append(fields, d)
			case *ast.EmbedDecl:
				return child(d.Expr, tok)
			}
		}
		return field(fields, tok)
	case *ast.StructLit:
		return field(n.Elts, tok)
	case *ast.ListLit:
		i, err := strconv.Atoi(tok)
		if err != nil || i < 0 || i >= len(n.Elts) {
			return nil, token.NoPos
		}
		return n.Elts[i], n.Elts[i].Pos()
	}
	return nil, token.NoPos
}

func field(decls []ast.Decl, tok string) (ast.Node, token.Pos) {
	for _, d := range decls {
		f, ok := d.(*ast.Field)
		if !ok {
			continue
		}
		if name, _, err := ast.LabelName(f.Label); err == nil && name == tok {
			return f.Value, f.Label.Pos()
		}
	}
	return nil, token.NoPos
}

func mapKeys[M ~map[string]V, V any](m M) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}
