package config

import (
	"fmt"
	"math"
	"strings"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/format"
	"cuelang.org/go/cue/parser"
	"cuelang.org/go/cue/token"
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
	b.WriteString("A type written `*x | y` has the default `x`. A field marked `!` must be set: the schema writes it `name!`, or gives it neither a default nor a value (a field the schema fills from a key is not marked); `?` is optional.\n\n")
	b.WriteString("CUE reports some errors only after others are fixed (a known limitation of CUE's evaluator): fix what is reported and run promptc again.\n\n")
	fmt.Fprintf(&b, "`promptc.cue` must be a regular file inside the project root, at most %d MiB: it is opened without following a symbolic link and without blocking, so a link (even one to a file inside the project), a FIFO or a device such as `/dev/zero` in its place, found or named by `--config`, is a configuration error (exit code 2) before anything of it is read, and so is a larger file. Replace a link with the file itself.\n\n",
		MaxSize>>20)
	fmt.Fprintf(&b, "`promptc.cue` describes assets and needs no computation. CUE can neither be cancelled nor limited in memory within a process, so promptc evaluates it in a child process of its own executable, which stops itself when it has used more than %v of processor time or needs more than %d MiB of memory (on Linux the system refuses it more address space, so even one huge allocation fails at once). The limit counts processor time, not time on the clock, so a busy machine never fails an honest configuration: one that computes nothing evaluates in tens of milliseconds of processor time, however long it waits for a processor. Either limit is reported as a configuration error (exit code 2) at the first comprehension, function call, concatenation or multiplication, the usual causes (`[for a in list.Range(0, 100000, 1) {a}]` would run for minutes, `strings.Repeat(strings.Repeat(\"ab\", 100000), 100000)` asks for 20 GB), never as a crash; an evaluation whose values exceed %d MiB is refused the same way. The environment variable `%s` sets another limit of processor time, written as a Go duration (`10s`, `500ms`), and `%s` another memory limit, in bytes or with a `KiB`, `MiB` or `GiB` suffix (`1GiB`), at least %d MiB, which the evaluator needs to start. The child never outlives promptc: when promptc ends, killed or not, the system ends the child (on Linux by the parent-death signal; elsewhere the child exits when its input from promptc closes), and a child that makes no progress at all is stopped after %v on the clock. The child costs about 20 ms of processor time and runs only when the configuration is not in the cache. Numbers must fit in 64 bits: a budget or limit above %d is an error at its value.\n",
		DefaultEvalCPU, DefaultEvalMemory>>20, MaxEvalResult>>20, EvalCPUEnv, EvalMemoryEnv, MinEvalMemory>>20, backstop(DefaultEvalCPU), int64(math.MaxInt64))
	root := schemaRoot()
	if err := root.Err(); err != nil {
		return "", err
	}
	filled := filledFields(f)
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
				fmt.Fprintf(&b, "| `%s%s` | `%s` | %s |\n", label(x), constraint(root, filled, name, x), cell(expr(x.Value)), cell(comment(x)))
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

// constraint returns the marker of field f of definition def: "?" for an
// optional field, "!" for one promptc.cue must set, "" otherwise. A field
// must be set when the schema says so with "!", and also when it has
// neither a default nor a concrete value (defaultMode: #Name), since
// leaving it out fails validation just the same: the reference marks what
// the schema requires, not only what it spells as required. Fields the
// schema fills itself (filled) are never marked.
func constraint(root cue.Value, filled map[string]bool, def string, f *ast.Field) string {
	switch f.Constraint.String() {
	case "!":
		return "!"
	case "?":
		return "?"
	}
	name, _, err := ast.LabelName(f.Label)
	if err != nil || !strings.HasPrefix(def, "#") || filled[def+"."+name] {
		return ""
	}
	v := root.LookupPath(cue.MakePath(cue.Def(def), cue.Str(name)))
	if !v.Exists() {
		return ""
	}
	if d, ok := v.Default(); ok {
		v = d
	}
	if v.Validate(cue.Concrete(true)) != nil {
		return "!"
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

// filledFields returns the fields, as "#Def.field", that the schema sets
// wherever it uses the definition, as in parts: [Name=#Name]: #Part &
// {name: Name}: promptc.cue never writes them.
func filledFields(f *ast.File) map[string]bool {
	filled := map[string]bool{}
	ast.Walk(f, func(n ast.Node) bool {
		b, ok := n.(*ast.BinaryExpr)
		if !ok || b.Op != token.AND {
			return true
		}
		def, ok1 := b.X.(*ast.Ident)
		lit, ok2 := b.Y.(*ast.StructLit)
		if ok1 && ok2 {
			for _, e := range lit.Elts {
				if fld, ok := e.(*ast.Field); ok {
					if name, _, err := ast.LabelName(fld.Label); err == nil {
						filled[def.Name+"."+name] = true
					}
				}
			}
		}
		return true
	}, nil)
	return filled
}
