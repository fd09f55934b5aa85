package lsp

import (
	"strconv"

	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/parser"
	"cuelang.org/go/cue/token"
)

// cueNode is the innermost value of promptc.cue at a position: its field
// path (keys, list indexes as numbers) and the node itself.
type cueNode struct {
	path []string
	node ast.Node
	// str is the value of a string literal, when node is one.
	str   string
	isStr bool
}

// cueAt parses src and returns the innermost field value, list element,
// string literal or selector (parts.base) that holds the 1-based line and
// byte column. ok is false when src does not parse or nothing is there.
func cueAt(src []byte, line, col int) (cueNode, bool) {
	f, err := parser.ParseFile("promptc.cue", src)
	if err != nil {
		return cueNode{}, false
	}
	var best cueNode
	found := false
	var walk func(path []string, n ast.Node)
	walk = func(path []string, n ast.Node) {
		if n == nil || !contains(n, line, col) {
			if _, isFile := n.(*ast.File); !isFile {
				return
			}
		}
		switch x := n.(type) {
		case *ast.File:
			for _, d := range x.Decls {
				walk(path, d)
			}
			return
		case *ast.StructLit:
			for _, d := range x.Elts {
				walk(path, d)
			}
			return
		case *ast.Field:
			name, _, err := ast.LabelName(x.Label)
			if err != nil {
				return
			}
			p := append(append([]string(nil), path...), name)
			best, found = cueNode{path: p, node: x}, true
			walk(p, x.Value)
			return
		case *ast.ListLit:
			best, found = cueNode{path: path, node: x}, true
			for i, e := range x.Elts {
				walk(append(append([]string(nil), path...), strconv.Itoa(i)), e)
			}
			return
		case *ast.BasicLit:
			best, found = cueNode{path: path, node: x}, true
			if x.Kind == token.STRING {
				if s, err := strconv.Unquote(x.Value); err == nil {
					best.str, best.isStr = s, true
				}
			}
			return
		case *ast.SelectorExpr, *ast.Ident:
			best, found = cueNode{path: path, node: x}, true
			return
		}
		best, found = cueNode{path: path, node: n}, true
	}
	walk(nil, f)
	return best, found
}

// contains reports whether n's source range holds the line and column.
func contains(n ast.Node, line, col int) bool {
	start, end := n.Pos(), n.End()
	if !start.IsValid() || !end.IsValid() {
		return false
	}
	if line < start.Line() || line > end.Line() {
		return false
	}
	if line == start.Line() && col < start.Column() {
		return false
	}
	return line != end.Line() || col <= end.Column()
}

// selector returns the two names of a selector such as parts.base.
func selector(n ast.Node) (x, sel string, ok bool) {
	s, isSel := n.(*ast.SelectorExpr)
	if !isSel {
		return "", "", false
	}
	id, isIdent := s.X.(*ast.Ident)
	if !isIdent {
		return "", "", false
	}
	name, _, err := ast.LabelName(s.Sel)
	if err != nil {
		return "", "", false
	}
	return id.Name, name, true
}
