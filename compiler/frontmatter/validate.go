package frontmatter

import (
	"errors"
	"slices"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"

	"github.com/promptc/promptc/internal/diag"
)

// Validate checks a decoded frontmatter value against sch and reports every
// violation at the position of the offending key (the opening line of the
// frontmatter for the header as a whole).
func Validate(p, schemaPath string, sch *jsonschema.Schema, inst any, tree Tree) []diag.Diagnostic {
	err := sch.Validate(inst)
	if err == nil {
		return nil
	}
	var ve *jsonschema.ValidationError
	if !errors.As(err, &ve) {
		return []diag.Diagnostic{diag.Errorf(diag.Position{Path: p, Line: 1, Col: 1}, Rule, "frontmatter: %v", err)}
	}
	var ds []diag.Diagnostic
	for _, leaf := range leaves(ve, nil) {
		loc := slices.Clone(leaf.InstanceLocation)
		// An unexpected key is reported at that key, not at its object.
		if ap, ok := leaf.ErrorKind.(*kind.AdditionalProperties); ok && len(ap.Properties) > 0 {
			loc = append(loc, ap.Properties[0])
		}
		pos := tree.Pos(loc)
		where := "frontmatter"
		if len(leaf.InstanceLocation) > 0 {
			where = "frontmatter field " + strings.Join(leaf.InstanceLocation, ".")
		}
		d := diag.Errorf(pos, Rule, "%s: %s (schema %s)", where, leaf.ErrorKind.LocalizedString(printer), schemaPath)
		d.Related = []diag.Related{{Pos: diag.Position{Path: schemaPath}, Message: "the schema"}}
		ds = append(ds, d)
	}
	return ds
}

// leaves returns the errors without causes: the individual violations.
// The library nests them under group errors (allOf, $ref, the schema
// itself); the leaves carry the instance location and the reason.
func leaves(e *jsonschema.ValidationError, out []*jsonschema.ValidationError) []*jsonschema.ValidationError {
	if len(e.Causes) == 0 {
		return append(out, e)
	}
	for _, c := range e.Causes {
		out = leaves(c, out)
	}
	return out
}
