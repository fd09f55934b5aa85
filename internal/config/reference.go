package config

import (
	"fmt"
	"math"
	"strings"

	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/format"
	"cuelang.org/go/cue/parser"
)

// ReferenceDoc renders the schema as a Markdown reference: one section per
// definition, one row per field with its type and default as written in
// schema.cue, and its doc comment. docs/config.md is this text; a test
// keeps the two equal so the reference cannot drift from the schema.
func ReferenceDoc() (string, error) {
	f, err := parser.ParseFile("schema.cue", schemaSource, parser.ParseComments)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	b.WriteString("# promptc.cue reference\n\n")
	b.WriteString("<!-- Generated from cue/schema.cue by `go test ./internal/config -update`. Do not edit. -->\n\n")
	b.WriteString("A project's `promptc.cue` is checked against `#Config`. Every definition is closed: a field that is not listed here is an error. ")
	b.WriteString("A type written `*x | y` has the default `x`. A field marked `!` is required; `?` is optional.\n\n")
	b.WriteString("CUE reports some errors only after others are fixed (a known limitation of CUE's evaluator): fix what is reported and run promptc again.\n\n")
	fmt.Fprintf(&b, "`promptc.cue` describes assets and needs no computation. Its evaluation is stopped after %v and reported as a configuration error (exit code 2) at the first comprehension, the usual cause (`[for a in list.Range(0, 100000, 1) {a}]` would run for minutes); the environment variable `%s` sets another limit, written as a Go duration (`10s`, `500ms`). Numbers must fit in 64 bits: a budget or limit above %d is an error at its value.\n",
		DefaultEvalTimeout, EvalTimeoutEnv, int64(math.MaxInt64))
	for _, d := range f.Decls {
		field, ok := d.(*ast.Field)
		if !ok {
			continue
		}
		name := label(field)
		st, ok := field.Value.(*ast.StructLit)
		fmt.Fprintf(&b, "\n## %s\n\n", name)
		if doc := comment(field); doc != "" {
			b.WriteString(doc + "\n\n")
		}
		if !ok {
			fmt.Fprintf(&b, "`%s`\n", expr(field.Value))
			continue
		}
		b.WriteString("| field | type and default | meaning |\n| --- | --- | --- |\n")
		for _, e := range st.Elts {
			switch x := e.(type) {
			case *ast.Field:
				fmt.Fprintf(&b, "| `%s%s` | `%s` | %s |\n", label(x), constraint(x), cell(expr(x.Value)), cell(comment(x)))
			case *ast.Ellipsis:
				b.WriteString("| `...` | | other fields are allowed |\n")
			case *ast.EmbedDecl:
				fmt.Fprintf(&b, "| (embedded) | `%s` | the fields of %s |\n", cell(expr(x.Expr)), expr(x.Expr))
			}
		}
	}
	return b.String(), nil
}

func label(f *ast.Field) string {
	if s, _, err := ast.LabelName(f.Label); err == nil {
		return s
	}
	return expr(f.Label.(ast.Expr))
}

func constraint(f *ast.Field) string {
	switch f.Constraint.String() {
	case "!":
		return "!"
	case "?":
		return "?"
	}
	return ""
}

func expr(n ast.Node) string {
	b, err := format.Node(n)
	if err != nil {
		return "?"
	}
	return strings.Join(strings.Fields(string(b)), " ")
}

func comment(n ast.Node) string {
	var lines []string
	for _, cg := range ast.Comments(n) {
		if cg.Position != 0 {
			continue // trailing comments belong to other nodes
		}
		for _, c := range cg.List {
			lines = append(lines, strings.TrimSpace(strings.TrimPrefix(c.Text, "//")))
		}
	}
	return strings.Join(lines, " ")
}

func cell(s string) string {
	return strings.NewReplacer("|", `\|`, "<", "&lt;").Replace(s)
}
