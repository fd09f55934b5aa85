// This file is written by hand, not by promptc: it keeps the declarations
// docs/generated-api.md lists equal to the package's.
package generated_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"regexp"
	"strings"
	"testing"
)

// TestAPIBlocksMatchPackage reads every go block of docs/generated-api.md
// that lists declarations (not a program: no package clause, no func
// main) and, for each struct, constant and function the block declares
// that this package declares too, requires the same fields and types, the
// same value and the same signature. Declarations of features the example
// project does not use (profiles, permission sets, per-model settings) are
// not in this package and are left to their testscripts.
func TestAPIBlocksMatchPackage(t *testing.T) {
	doc, err := os.ReadFile("../docs/generated-api.md")
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := declsOf("prompts_gen.go", nil)
	if err != nil {
		t.Fatal(err)
	}
	blocks := regexp.MustCompile("(?s)```go\n(.*?)```").FindAllStringSubmatch(string(doc), -1)
	checked := 0
	for i, m := range blocks {
		body := m[1]
		if strings.Contains(body, "package ") || strings.Contains(body, "func main()") || strings.Contains(body, "func systemPrompt") {
			continue
		}
		decls, err := declsOf("block", []byte("package prompts\n"+body))
		if err != nil {
			continue // a snippet of statements, not declarations
		}
		for key, want := range decls {
			got, ok := pkg[key]
			if !ok || strings.HasSuffix(want, `…"`) {
				// Not in this package, or a value the page elides
				// (InputHash changes with every asset).
				continue
			}
			checked++
			if got != want {
				t.Errorf("go block %d of docs/generated-api.md: %s is\n\t%s\nbut the package has\n\t%s", i+1, key, want, got)
			}
		}
	}
	if checked < 40 {
		t.Errorf("only %d declarations of the page checked: the blocks no longer parse?", checked)
	}
}

// declsOf returns, by key ("struct Slots", "const InputHash", "func
// (Mode) String"), a canonical form of each struct's fields, constant's
// value and function's signature in the Go file name (its text src when
// not nil), or the error of parsing it.
func declsOf(name string, src []byte) (map[string]string, error) {
	var text any
	if src != nil {
		text = src
	}
	f, err := parser.ParseFile(token.NewFileSet(), name, text, 0)
	if err != nil {
		return nil, err
	}
	out := map[string]string{}
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			key := "func " + d.Name.Name
			if d.Recv != nil {
				key = "func (" + strings.TrimPrefix(exprString(d.Recv.List[0].Type), "*") + ") " + d.Name.Name
			}
			out[key] = exprString(d.Type)
		case *ast.GenDecl:
			for _, s := range d.Specs {
				switch s := s.(type) {
				case *ast.TypeSpec:
					st, ok := s.Type.(*ast.StructType)
					if !ok {
						out["type "+s.Name.Name] = exprString(s.Type)
						continue
					}
					// The page lists exported fields only.
					var fields []string
					for _, fl := range st.Fields.List {
						var names []string
						for _, n := range fl.Names {
							if n.IsExported() {
								names = append(names, n.Name)
							}
						}
						if len(names) > 0 {
							fields = append(fields, strings.Join(names, ", ")+" "+exprString(fl.Type))
						}
					}
					if len(fields) > 0 {
						out["struct "+s.Name.Name] = strings.Join(fields, "; ")
					}
				case *ast.ValueSpec:
					if d.Tok != token.CONST || len(s.Values) != len(s.Names) {
						continue
					}
					for i, n := range s.Names {
						out["const "+n.Name] = exprString(s.Values[i])
					}
				}
			}
		}
	}
	return out, nil
}

// exprString prints e without positions or comments.
func exprString(e ast.Expr) string { return types.ExprString(e) }
