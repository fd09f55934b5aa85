// Package frontmatter reads the YAML headers of assets, every one of them
// in one place:
//
//   - split.go finds the header between a first line "---" and the next;
//   - decode.go checks a header against a definition of cue/schema.cue
//     (family headers, cards, the custom-mode file) and decodes it;
//   - merge.go refuses YAML merge keys, which the decoder cannot bound;
//   - parse.go parses a header keeping the position of every key;
//   - frontmatter.go, schema.go and validate.go validate headers against
//     JSON Schemas that the project supplies.
//
// promptc.cue maps asset globs to schema files:
//
//	frontmatter: {"cards/*.md": "schemas/card.json"}
//
// The header of every file a glob matches is parsed with CUE's YAML support
// (the same parser that reads family headers and cards), converted to JSON
// and validated with santhosh-tekuri/jsonschema/v6, which reports every
// violation rather than the first. Each violation becomes a diagnostic at
// the line and column of the offending key in the asset.
//
// Schemas are read through the project's confined file system: a schema,
// and any schema it references with $ref, must be a file inside the project
// root. Nothing is fetched over the network.
package frontmatter

import (
	"errors"
	"fmt"
	"maps"
	"slices"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"golang.org/x/text/language"
	"golang.org/x/text/message"

	"github.com/promptc/promptc/compiler/source"
	"github.com/promptc/promptc/internal/config"
	"github.com/promptc/promptc/internal/diag"
)

// Rule is the ID of every problem this package reports.
const Rule = "FRONTMATTER_SCHEMA"

// base is the URL under which project files are known to the schema
// compiler. A $ref that resolves outside it leaves the project and is
// refused.
const base = "file:///project/"

var printer = message.NewPrinter(language.English)

// Check validates the frontmatter of every file matched by a glob of the
// configuration's frontmatter map against the schema the glob names. Globs
// are processed in sorted order; a file matched by several globs is checked
// against each of their schemas.
func Check(fs *source.FS, l *config.Loaded) []diag.Diagnostic {
	globs := l.Config.Frontmatter
	if len(globs) == 0 {
		return nil
	}
	v := &validator{fs: fs, schemas: map[string]*compiled{}}
	var ds []diag.Diagnostic
	for _, glob := range slices.Sorted(maps.Keys(globs)) {
		schemaPath := globs[glob]
		at := l.PosOfKeys("frontmatter", glob)
		paths, outside, err := fs.GlobOutside(glob)
		for _, link := range outside {
			ds = append(ds, source.OutsideLinkDiag(link, fmt.Sprintf("the frontmatter glob %q", glob)))
		}
		if err != nil {
			ds = append(ds, diag.Errorf(at, Rule, "frontmatter glob: %v", err))
			continue
		}
		if len(paths) == 0 {
			ds = append(ds, diag.Errorf(at, Rule,
				"frontmatter glob %q matches no file, so %s checks nothing; fix the glob or remove the entry", glob, schemaPath))
			continue
		}
		sch, sds := v.schema(schemaPath)
		if len(sds) > 0 {
			for _, d := range sds {
				// Report where the schema is named, keeping the schema's own
				// position when it has one.
				if d.Pos.Path != "" {
					d.Related = append(d.Related, diag.Related{Pos: d.Pos, Message: "the schema file"})
				}
				d.Pos = at
				ds = append(ds, d)
			}
			continue
		}
		for _, p := range paths {
			ds = append(ds, v.file(p, schemaPath, sch)...)
		}
	}
	return ds
}

type compiled struct {
	schema *jsonschema.Schema
	diags  []diag.Diagnostic
}

type validator struct {
	fs      *source.FS
	schemas map[string]*compiled
}

// schema compiles the schema file at p once.
func (v *validator) schema(p string) (*jsonschema.Schema, []diag.Diagnostic) {
	if c, ok := v.schemas[p]; ok {
		return c.schema, c.diags
	}
	c := &compiled{}
	v.schemas[p] = c
	c.schema, c.diags = compileSchema(v.fs, p)
	return c.schema, c.diags
}

// file validates the frontmatter of the asset at p.
func (v *validator) file(p, schemaPath string, sch *jsonschema.Schema) []diag.Diagnostic {
	f, err := v.fs.Read(p)
	if err != nil {
		var re *source.ReadError
		if errors.As(err, &re) {
			return []diag.Diagnostic{re.Diag}
		}
		return []diag.Diagnostic{diag.Errorf(diag.Position{Path: p}, Rule, "cannot read %s: %v", p, err)}
	}
	inst, tree, ds := Decode(p, f.Text)
	if ds != nil {
		return ds
	}
	return Validate(p, schemaPath, sch, inst, tree)
}
