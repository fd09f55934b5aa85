package genruntime

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"io/fs"
	"slices"
	"strconv"
	"strings"

	"github.com/promptc/promptc/compiler/markdown"
)

// This file is not copied into generated packages: it copies other
// packages into them. A generated package is one directory importing the
// standard library only, so a promptc package whose code it must run (the
// Markdown line scanner, for the instruction-file loader) is carried as
// source, every name it declares at package level renamed with a prefix
// so that it cannot collide with the project's own names (a mode, input or
// family called "Line" or "scanner").

// markdownPrefix starts every name of the carried Markdown scanner, and
// markdownPath is the import path that the files of this package use for
// it: their markdown.X selectors become mdX in the copy.
const (
	markdownPrefix = "md"
	markdownPath   = "github.com/promptc/promptc/compiler/markdown"
)

// bundle returns the declarations of the named files of fsys, a package
// of the standard library's imports only, with every package-level name
// renamed to prefix+name, and the import
// paths they need. The renaming follows go/types' resolution of each
// identifier, so a field, method or local variable that shares a renamed
// name keeps its own; imported packages are not loaded (their names are
// left alone, whatever they resolve to).
func bundle(fsys fs.FS, names []string, prefix string) (imports []string, decls string, err error) {
	fset := token.NewFileSet()
	var files []*ast.File
	var srcs [][]byte
	for _, name := range names {
		src, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, "", err
		}
		f, err := parser.ParseFile(fset, name, src, parser.ParseComments)
		if err != nil {
			return nil, "", err
		}
		files = append(files, f)
		srcs = append(srcs, src)
	}
	info := &types.Info{Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{}}
	conf := types.Config{
		// The standard library is not loaded: a package stands in empty,
		// and the errors that follow from it are expected.
		Importer: importerFunc(func(path string) (*types.Package, error) {
			p := types.NewPackage(path, path[strings.LastIndexByte(path, '/')+1:])
			p.MarkComplete()
			return p, nil
		}),
		Error: func(error) {},
	}
	pkg, _ := conf.Check(files[0].Name.Name, fset, files, info)
	// Identifiers that go/types leaves unresolved (inside a literal of an
	// imported type, which it cannot check) are renamed by name, except
	// where they cannot be a package-level name: a selector's field or
	// method, a literal's key (a field of the imported type).
	notOurs := map[*ast.Ident]bool{}
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.SelectorExpr:
				notOurs[n.Sel] = true
			case *ast.KeyValueExpr:
				if id, ok := n.Key.(*ast.Ident); ok {
					notOurs[id] = true
				}
			}
			return true
		})
	}
	rename := func(id *ast.Ident) bool {
		if id.Name == "_" || id.Name == "init" {
			return false
		}
		obj := info.Defs[id]
		if obj == nil {
			obj = info.Uses[id]
		}
		if obj == nil {
			return !notOurs[id] && pkg.Scope().Lookup(id.Name) != nil
		}
		return obj.Parent() == pkg.Scope()
	}
	var b strings.Builder
	for i, f := range files {
		var edits []edit
		ast.Inspect(f, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && id != f.Name && rename(id) {
				edits = append(edits, edit{fset.Position(id.Pos()).Offset, len(id.Name), prefixed(prefix, id.Name)})
			}
			return true
		})
		imports = append(imports, importPaths(f)...)
		b.WriteString(applyEdits(srcs[i], declStart(fset, f), edits))
		b.WriteString("\n")
	}
	slices.Sort(imports)
	return slices.Compact(imports), b.String(), nil
}

// importerFunc makes a function a types.Importer.
type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

// prefixed returns name as bundle renames it: prefix, then name as it is
// ("md", "Scan" -> "mdScan"; "scan" -> "mdscan"), so that two names that
// differ stay different.
func prefixed(prefix, name string) string { return prefix + name }

// edit replaces n bytes at offset off with text.
type edit struct {
	off, n int
	text   string
}

// applyEdits returns src from offset start on, with edits (in any order,
// none overlapping) applied.
func applyEdits(src []byte, start int, edits []edit) string {
	slices.SortFunc(edits, func(a, b edit) int { return a.off - b.off })
	var b strings.Builder
	at := start
	for _, e := range edits {
		if e.off < start {
			continue
		}
		b.Write(src[at:e.off])
		b.WriteString(e.text)
		at = e.off + e.n
	}
	b.Write(src[at:])
	return strings.TrimLeft(b.String(), "\n")
}

// declStart is the offset in f's source where its declarations start:
// after the last import declaration, or the package clause.
func declStart(fset *token.FileSet, f *ast.File) int {
	end := f.Name.End()
	for _, d := range f.Decls {
		if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.IMPORT {
			end = g.End()
		}
	}
	return fset.Position(end).Offset
}

// importPaths returns the import paths of f.
func importPaths(f *ast.File) []string {
	var out []string
	for _, imp := range f.Imports {
		p, err := strconv.Unquote(imp.Path.Value)
		if err != nil {
			panic(err) // the parser accepted it: a quoted string
		}
		out = append(out, p)
	}
	return out
}

// unbundledSelectors rewrites the selectors of f that name the carried
// Markdown scanner (markdown.Scan) to its names in the copy (mdScan), and
// returns f's declarations so rewritten and its imports without the
// scanner's.
func unbundledSelectors(fset *token.FileSet, f *ast.File, src []byte) (imports []string, decls string) {
	var local string // the name f imports the scanner under
	for _, imp := range f.Imports {
		if p, _ := strconv.Unquote(imp.Path.Value); p == markdownPath {
			local = "markdown"
			if imp.Name != nil {
				local = imp.Name.Name
			}
		}
	}
	var edits []edit
	if local != "" {
		ast.Inspect(f, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok {
				if x, ok := sel.X.(*ast.Ident); ok && x.Name == local && x.Obj == nil {
					start := fset.Position(sel.Pos()).Offset
					edits = append(edits, edit{start, fset.Position(sel.End()).Offset - start, prefixed(markdownPrefix, sel.Sel.Name)})
				}
			}
			return true
		})
	}
	for _, p := range importPaths(f) {
		if p != markdownPath {
			imports = append(imports, p)
		}
	}
	return imports, applyEdits(src, declStart(fset, f), edits)
}

// markdownFiles are the files of the Markdown scanner a generated package
// carries.
var markdownFiles = []string{"scan.go", "html.go", "refdef.go"}

// markdownSource returns the carried Markdown scanner: its imports and
// its declarations, every package-level name prefixed with "md".
func markdownSource() ([]string, string) {
	imports, decls, err := bundle(markdown.Source, markdownFiles, markdownPrefix)
	if err != nil {
		panic(err) // markdown.Source is this binary's own, tested code
	}
	return imports, decls
}
