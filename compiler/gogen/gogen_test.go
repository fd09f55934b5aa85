package gogen

import (
	"go/ast"
	"go/constant"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"
)

// TestGoStringRoundTrips checks that every text becomes a Go expression
// whose constant value is the text itself: raw literals where possible,
// quoted pieces around backticks, and a quoted literal for what a raw
// literal cannot hold.
func TestGoStringRoundTrips(t *testing.T) {
	for _, s := range []string{
		"", "plain", "line one\nline two", "a `code` span", "``", "`start", "end`",
		"carriage\rreturn", "nul\x00byte", "bom\ufeff", "tab\tand \\ backslash", "ünïcödé ✓",
		"invalid \xff utf-8",
	} {
		src := "package p\nconst s = " + goString(s) + "\n"
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, "p.go", src, 0)
		if err != nil {
			t.Fatalf("%q: %v\n%s", s, err, src)
		}
		conf := types.Config{Importer: importer.Default()}
		info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}}
		if _, err := conf.Check("p", fset, []*ast.File{f}, info); err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		spec := f.Decls[0].(*ast.GenDecl).Specs[0].(*ast.ValueSpec)
		if got := constant.StringVal(info.Types[spec.Values[0]].Value); got != s {
			t.Errorf("goString(%q) evaluates to %q", s, got)
		}
	}
}
