package config

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"cuelang.org/go/cue"
	cueerrors "cuelang.org/go/cue/errors"

	"github.com/promptc/promptc/internal/diag"
)

// Definition returns the schema definition named name (for example
// "#FamilyHeader"), in the one CUE context every promptc value shares, so
// that text compiled with v.Context() can be unified with it.
func Definition(name string) (cue.Value, error) {
	if _, _, err := schema(); err != nil {
		return cue.Value{}, err
	}
	cueRuns.Add(1)
	d := schemaRoot().LookupPath(cue.ParsePath(name))
	if !d.Exists() {
		return cue.Value{}, fmt.Errorf("schema has no definition %s", name)
	}
	return d, nil
}

// Diagnostics converts an error from checking an asset's YAML header
// against the schema into diagnostics with rule, positioned in the asset
// file path: at the offending value when CUE knows it, else at
// fallbackLine. A YAML syntax error becomes one diagnostic at its line.
func Diagnostics(path, rule string, err error, fallbackLine int) []diag.Diagnostic {
	var ce cueerrors.Error
	if !errors.As(err, &ce) {
		// The YAML parser reports syntax errors as plain text,
		// "path:LINE: message"; the padding line makes LINE the file's.
		msg, line := err.Error(), fallbackLine
		if rest, ok := strings.CutPrefix(msg, path+":"); ok {
			if i := strings.IndexByte(rest, ':'); i > 0 {
				if n, aerr := strconv.Atoi(rest[:i]); aerr == nil {
					line, msg = n, strings.TrimSpace(rest[i+1:])
				}
			}
		}
		return []diag.Diagnostic{diag.Errorf(diag.Position{Path: path, Line: line, Col: 1}, rule,
			"frontmatter is not valid YAML: %s; fix the header between the --- lines", msg)}
	}
	var ds []diag.Diagnostic
	for _, e := range simplify(cueerrors.Errors(err)) {
		pos := diag.Position{Path: path, Line: fallbackLine, Col: 1}
		for _, p := range cueerrors.Positions(e.Error) {
			if p.Filename() == path && p.Line() > 0 {
				pos = diag.Position{Path: path, Line: p.Line(), Col: p.Column()}
				break
			}
		}
		msg := e.msg
		if p := strings.Join(e.Path(), "."); p != "" {
			msg = p + ": " + msg
		}
		ds = append(ds, diag.Errorf(pos, rule, "frontmatter: %s", msg))
	}
	if len(ds) == 0 {
		ds = append(ds, diag.Errorf(diag.Position{Path: path, Line: fallbackLine}, rule, "frontmatter: %v", fmt.Sprint(err)))
	}
	return ds
}
