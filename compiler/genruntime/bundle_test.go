package genruntime

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
)

// TestInstructionsSource: a package that loads instruction files carries
// the loader, the include engine, the project-file opener and the Markdown
// scanner, the scanner's every name prefixed, and no reference to
// promptc's markdown package is left; a package without instructions
// carries none of it.
func TestInstructionsSource(t *testing.T) {
	imports, with := Source(Parts{Instructions: true})
	_, without := Source(Parts{})
	for _, want := range []string{"func LoadInstructions(", "func incIsInclude(", "func openInProject(", "func mdScan(", "type mdLine struct", "func (s *mdscanner) run("} {
		if n := strings.Count(with, want); n != 1 {
			t.Errorf("Source(Parts{Instructions: true}) holds %q %d times, want 1", want, n)
		}
		if strings.Contains(without, want) {
			t.Errorf("Source(Parts{}) holds %q", want)
		}
	}
	if strings.Contains(with, "markdown.") {
		t.Errorf("Source(Parts{Instructions: true}) still names the markdown package")
	}
	if slices.Contains(imports, markdownPath) {
		t.Errorf("imports %v name the markdown package", imports)
	}
}

// TestSourceRemembered: Source answers each Parts from its memo as it
// answered the first time, whatever the caller did with the imports it got,
// and never with another Parts' answer.
func TestSourceRemembered(t *testing.T) {
	for _, parts := range []Parts{{Instructions: true}, {Custom: true}, {}, {Tools: true, Enums: true}} {
		want, wantDecls := source(parts)
		for i := range 2 {
			imports, decls := Source(parts)
			if !slices.Equal(imports, want) || decls != wantDecls {
				t.Errorf("Source(%+v), call %d: not what the files give", parts, i+1)
			}
			if len(imports) > 0 {
				imports[0] = "changed by the caller"
			}
		}
	}
}

// TestMarkdownBundleTypeChecks: the carried scanner type-checks on its
// own against the standard library, and every name it declares at package
// level carries the prefix, so it cannot collide with a project's names.
func TestMarkdownBundleTypeChecks(t *testing.T) {
	imports, decls := markdownSource()
	var b strings.Builder
	b.WriteString("package p\n\nimport (\n")
	for _, p := range imports {
		b.WriteString("\t\"" + p + "\"\n")
	}
	b.WriteString(")\n\n" + decls)
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "bundle.go", b.String(), 0)
	if err != nil {
		t.Fatalf("the bundle does not parse: %v", err)
	}
	conf := types.Config{Importer: importer.Default()}
	pkg, err := conf.Check("p", fset, []*ast.File{f}, nil)
	if err != nil {
		t.Fatalf("the bundle does not type-check: %v", err)
	}
	names := pkg.Scope().Names()
	if len(names) < 40 {
		t.Fatalf("the bundle declares %d names, want the whole scanner", len(names))
	}
	for _, name := range names {
		if !strings.HasPrefix(name, markdownPrefix) {
			t.Errorf("package-level name %s lacks the prefix %q", name, markdownPrefix)
		}
	}
}

// TestBundleRenamesByResolution: a field, method or local variable that
// shares a package-level name keeps its own; package-level uses in every
// file are renamed, and an imported package's names are left alone.
func TestBundleRenamesByResolution(t *testing.T) {
	fsys := fstest.MapFS{
		"a.go": {Data: []byte("package x\n\nimport \"strings\"\n\ntype Kind int\n\ntype Line struct{ Kind Kind }\n\nfunc (l Line) Kind2() Kind { Kind := l.Kind; return Kind }\n\nfunc Index(s string) int { return strings.Index(s, \"a\") }\n")},
		"b.go": {Data: []byte("package x\n\nvar first = Line{Kind: Kind(1)}\n\nfunc use() int { return Index(\"\") + int(first.Kind2()) }\n")},
	}
	imports, decls, err := bundle(fsys, []string{"a.go", "b.go"}, "q")
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(imports, " "); got != "strings" {
		t.Errorf("imports %q, want strings", got)
	}
	want := "type qKind int\n\ntype qLine struct{ Kind qKind }\n\nfunc (l qLine) Kind2() qKind { Kind := l.Kind; return Kind }\n\nfunc qIndex(s string) int { return strings.Index(s, \"a\") }\n\n" +
		"var qfirst = qLine{Kind: qKind(1)}\n\nfunc quse() int { return qIndex(\"\") + int(qfirst.Kind2()) }\n\n"
	if decls != want {
		t.Errorf("bundle:\n%s\nwant:\n%s", decls, want)
	}
}
