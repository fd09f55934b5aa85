package config

import (
	"sync"

	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/parser"
)

// schemaFile is schema.cue parsed once, for naming the definitions that
// schema positions in CUE's errors fall in.
var schemaFile = sync.OnceValue(func() *ast.File {
	f, err := parser.ParseFile("schema.cue", schemaSource)
	if err != nil {
		return nil // the schema is compiled before any error is reported
	}
	return f
})

// schemaName names the schema field at line:col of schema.cue the way
// docs/config.md does, a definition then its fields (#Limit.chars,
// #Config.parts), so that an error can point at the constraint without a
// position in a file that is not the user's. Pattern labels ([Name=#Name])
// are left out of the name. It returns "" when no field holds the position.
func schemaName(line, col int) string {
	f := schemaFile()
	if f == nil {
		return ""
	}
	return fieldAt(f.Decls, line, col, "")
}

func fieldAt(decls []ast.Decl, line, col int, prefix string) string {
	for _, d := range decls {
		field, ok := d.(*ast.Field)
		if !ok || !contains(field, line, col) {
			continue
		}
		name := prefix
		if s, _, err := ast.LabelName(field.Label); err == nil {
			if name != "" {
				name += "."
			}
			name += s
		}
		if st, ok := field.Value.(*ast.StructLit); ok {
			if inner := fieldAt(st.Elts, line, col, name); inner != "" {
				return inner
			}
		}
		return name
	}
	return ""
}

func contains(n ast.Node, line, col int) bool {
	start, end := n.Pos().Position(), n.End().Position()
	after := line > start.Line || (line == start.Line && col >= start.Column)
	before := line < end.Line || (line == end.Line && col <= end.Column)
	return after && before
}
