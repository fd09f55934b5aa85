package gogen

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"github.com/promptc/promptc/internal/config"
	"github.com/promptc/promptc/internal/diag"
)

// origin is where a Go identifier of the generated package comes from: a
// name of promptc.cue (what, such as `mode "default"`), at pos or, when
// keys is set, at those keys of promptc.cue (joined by keySep).
type origin struct {
	what string
	keys string
	pos  diag.Position
}

// keySep joins an origin's keys; no key of promptc.cue holds it.
const keySep = "\x00"

// at returns where o is written. Keys are looked up only here, for a
// clash: the positions of promptc.cue are read from the cache on their
// first use, which a package free of clashes never needs.
func (o origin) at(l *config.Loaded) diag.Position {
	if o.keys == "" {
		return o.pos
	}
	return l.PosOfKeys(strings.Split(o.keys, keySep)...)
}

// named records that the identifier id is derived from a name the user
// wrote, described by what ("mode \"default\"") and found at the keys of
// promptc.cue. check turns a clash of id into a configuration error there.
func (g *gen) named(id, what string, keys ...string) {
	g.addOrigin(id, origin{what: what, keys: strings.Join(keys, keySep)})
}

// namedAt is named with the position given (a family, named by its file).
func (g *gen) namedAt(id, what string, pos diag.Position) {
	g.addOrigin(id, origin{what: what, pos: pos})
}

// addOrigin records o as an origin of id, once.
func (g *gen) addOrigin(id string, o origin) {
	if g.origins == nil {
		g.origins = map[string][]origin{}
	}
	if !slices.Contains(g.origins[id], o) {
		g.origins[id] = append(g.origins[id], o)
	}
}

// check type-checks src, the source of the generated package as render
// wrote it, before anything is formatted or written. Identifiers the
// package declares twice, or a field and a method of one type with the
// same name, are reported as a *config.Error at the name of promptc.cue the
// identifier comes from (a mode called "default" becomes ModeDefault,
// which the package declares for the zero Mode), naming the identifier
// and what to rename. Any other type error is a generator bug, returned as
// a plain error with the numbered source (an internal error for the
// command line).
//
// Type-checking the standard library from source costs seconds (8 to 9 s
// for the example package on a shared two-core machine), and the bodies
// of the fixed code (compiler/genruntime) a quarter of what the check
// allocates on the example package (BenchmarkCheck: 3.4 MB in 68k
// objects in full, 2.4 MB in 51k without them), so neither is checked here:
// every import is an empty package, whose members' uses ("undefined:
// fmt.Errorf") are the only errors ignored (go/types gives such an
// expression an invalid type without reporting what follows from it), and
// the fixed functions are checked as declarations, without their bodies.
// Every declaration, every use of one and every body gogen writes is
// checked. The fixed code's bodies are compiled against a stub project by
// genruntime's tests, and the whole package of every test project, the
// standard library included, by TestGeneratedPackagesTypeCheck.
func (g *gen) check(src []byte) error {
	return g.checkWith(src, true)
}

// checkWith is check; full type-checks the fixed code's bodies too.
func (g *gen) checkWith(src []byte, skipRuntime bool) error {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, FileName, src, parser.SkipObjectResolution)
	if err != nil {
		return fmt.Errorf("generated code does not parse: %v\n%s", err, numbered(src))
	}
	if skipRuntime {
		base := fset.File(f.Pos()).Base()
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && int(fd.Pos())-base >= g.runtimeAt[0] && int(fd.End())-base <= g.runtimeAt[1] {
				fd.Body = nil
			}
		}
	}
	imported := map[string]bool{}
	for _, imp := range f.Imports {
		path, _ := strconv.Unquote(imp.Path.Value)
		imported[path[strings.LastIndex(path, "/")+1:]] = true
	}
	var errs []types.Error
	conf := types.Config{
		Importer: emptyImporter{},
		Error:    func(err error) { errs = append(errs, err.(types.Error)) },
	}
	conf.Check(g.p.Config.Output.Package, fset, []*ast.File{f}, nil)
	var ds []diag.Diagnostic
	var bugs []string
	for i := 0; i < len(errs); i++ {
		e := errs[i]
		if pkg, _, ok := strings.Cut(strings.TrimPrefix(e.Msg, "undefined: "), "."); ok && strings.HasPrefix(e.Msg, "undefined: ") && imported[pkg] {
			continue
		}
		// An import only the fixed code's bodies use looks unused.
		if skipRuntime && strings.HasSuffix(e.Msg, "imported and not used") {
			continue
		}
		// A clash is reported at one declaration, then ("\tother
		// declaration of X") at the other.
		other := ""
		if i+1 < len(errs) && strings.HasPrefix(errs[i+1].Msg, "\t") {
			other = identAt(src, fset.Position(errs[i+1].Pos).Offset)
			i++
		}
		id := identAt(src, fset.Position(e.Pos).Offset)
		if strings.Contains(e.Msg, "redeclared") || strings.Contains(e.Msg, "field and method with the same name") {
			if d, ok := g.clash(id, other, e.Msg); ok {
				if !slices.ContainsFunc(ds, func(x diag.Diagnostic) bool { return x.Pos == d.Pos && x.Message == d.Message }) {
					ds = append(ds, d)
				}
				continue
			}
		}
		bugs = append(bugs, fmt.Sprintf("%s: %s", fset.Position(e.Pos), e.Msg))
	}
	// A clash makes other errors follow (a constant used as a type): the
	// clashes alone are reported, as the user's to fix.
	if len(ds) > 0 {
		return &config.Error{Root: g.p.Loaded.Root, Diagnostics: diag.Sort(ds)}
	}
	if len(bugs) > 0 {
		return fmt.Errorf("generated code does not type-check (a promptc bug; please report it):\n%s\n%s", strings.Join(bugs, "\n"), numbered(src))
	}
	return nil
}

// clash turns a type error at identifier id (and other, the clashing
// declaration's identifier, when there is one) into a configuration error
// at the name of promptc.cue that id or other comes from; false when
// neither comes from one.
func (g *gen) clash(id, other, msg string) (diag.Diagnostic, bool) {
	os := g.origins[id]
	if len(os) == 0 {
		if os = g.origins[other]; len(os) == 0 {
			return diag.Diagnostic{}, false
		}
		id = other
	}
	o := os[len(os)-1]
	with := "which the generated package already declares"
	switch {
	case len(os) > 1:
		with = "as " + os[0].what + " does"
	case strings.Contains(msg, "field and method"):
		with = "which is also the name of a method of the same type"
	}
	noun := strings.TrimSpace(o.what[:strings.IndexByte(o.what, '"')])
	return diag.Errorf(o.at(g.p.Loaded), config.RuleConfig, "%s becomes the Go identifier %s, %s (%s); rename the %s",
		o.what, id, with, strings.TrimSpace(msg), noun), true
}

// identAt returns the Go identifier that starts at byte offset off of src.
func identAt(src []byte, off int) string {
	end := off
	for end < len(src) && (src[end] == '_' || src[end] >= '0' && src[end] <= '9' || src[end] >= 'a' && src[end] <= 'z' || src[end] >= 'A' && src[end] <= 'Z' || src[end] >= 0x80) {
		end++
	}
	return string(src[off:end])
}

// emptyImporter stands for every standard library package with an empty
// one (see check).
type emptyImporter struct{}

func (emptyImporter) Import(path string) (*types.Package, error) {
	if path == "" {
		return nil, errors.New("empty import path")
	}
	pkg := types.NewPackage(path, path[strings.LastIndex(path, "/")+1:])
	pkg.MarkComplete()
	return pkg, nil
}
