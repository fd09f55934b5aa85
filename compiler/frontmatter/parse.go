package frontmatter

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/cuecontext"
	cueerrors "cuelang.org/go/cue/errors"
	"cuelang.org/go/cue/literal"
	"cuelang.org/go/cue/token"
	"cuelang.org/go/encoding/yaml"
	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/promptc/promptc/internal/config"
	"github.com/promptc/promptc/internal/diag"
	"github.com/promptc/promptc/internal/lazyre"
)

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
		return tree, yamlDiags(p, "\n"+fm.YAML, err)
	}
	tree.file = f
	return tree, nil
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
		return nil, yamlDiags(p, "", err)
	}
	b, err := val.MarshalJSON()
	if err != nil {
		return nil, yamlDiags(p, "", err)
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
		if lit, isLit := n.X.(*ast.BasicLit); isLit && n.Op == token.SUB && jsonNumberRE().MatchString(lit.Value) {
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
			if jsonNumberRE().MatchString(n.Value) {
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
var jsonNumberRE = lazyre.New(`^(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$`)

func hasFields(f *ast.File) bool {
	for _, d := range f.Decls {
		if _, ok := d.(*ast.Field); ok {
			return true
		}
	}
	return false
}

// yamlDiags converts a YAML or CUE error into diagnostics at the first
// position in the asset. The YAML parser reports plain errors, placed by
// config.YAMLSyntax in src (the YAML as parsed); CUE's own errors carry
// positions.
func yamlDiags(p, src string, err error) []diag.Diagnostic {
	const prefix = "frontmatter cannot be checked against its schema: "
	var ce cueerrors.Error
	if !errors.As(err, &ce) {
		pos := diag.Position{Path: p, Line: 1, Col: 1}
		line, col, msg := config.YAMLSyntax(p, src, err)
		if line > 0 {
			pos.Line, pos.Col = line, col
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
