package gogen_test

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"github.com/promptc/promptc/compiler/gogen"
	"github.com/promptc/promptc/internal/scaffold"
	"github.com/promptc/promptc/internal/testproject"
	"github.com/promptc/promptc/internal/testtree"
)

// TestGeneratedPackagesTypeCheck type-checks in full, the standard
// library and the fixed code's bodies included, the package generated for
// every test project: the example project, the harness-like project of
// the scripts and the starter projects of promptc init. Build checks less
// (see the check in gogen.Generate), cheaply; this is the rest. Importing
// the standard library from source takes seconds, so -short skips it.
func TestGeneratedPackagesTypeCheck(t *testing.T) {
	if testing.Short() {
		t.Skip("type-checks the standard library from source")
	}
	roots := map[string]string{
		"assets":  "../../assets",
		"harness": "../../testscripts/testdata/harness",
	}
	for _, name := range scaffold.Templates {
		files, err := scaffold.Files(name)
		if err != nil {
			t.Fatal(err)
		}
		roots["init "+name] = testtree.Write(t, files)
	}
	fset := token.NewFileSet()
	imp := importer.ForCompiler(fset, "source", nil)
	for name, root := range roots {
		t.Run(name, func(t *testing.T) {
			progs := testproject.CompileAll(t, root).Programs()
			src, err := gogen.Generate(progs, "h")
			if err != nil {
				t.Fatal(err)
			}
			f, err := parser.ParseFile(fset, name+".go", src, 0)
			if err != nil {
				t.Fatal(err)
			}
			conf := types.Config{Importer: imp}
			if _, err := conf.Check(progs[0].Config.Output.Package, fset, []*ast.File{f}, nil); err != nil {
				t.Fatal(err)
			}
		})
	}
}
