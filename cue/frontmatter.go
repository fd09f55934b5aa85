package config

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"cuelang.org/go/cue"
	cueerrors "cuelang.org/go/cue/errors"
	"cuelang.org/go/encoding/yaml"

	"github.com/promptc/promptc/compiler/diag"
)

// Frontmatter is the YAML header of an asset: the text between a first line
// "---" and the next line "---".
type Frontmatter struct {
	// YAML is the header text without its delimiter lines.
	YAML string
	// Lines is the number of lines the header occupies, delimiters included,
	// so the body starts at line Lines+1.
	Lines int
}

// SplitFrontmatter finds the frontmatter at the start of text (LF line
// endings). ok is false when text does not start with a "---" line or the
// header is never closed.
func SplitFrontmatter(text string) (fm Frontmatter, body string, ok bool) {
	if !strings.HasPrefix(text, "---\n") {
		return Frontmatter{}, text, false
	}
	rest := text[4:]
	line := 1
	for off := 0; off <= len(rest); {
		end := strings.IndexByte(rest[off:], '\n')
		var l string
		next := len(rest) + 1
		if end >= 0 {
			l = rest[off : off+end]
			next = off + end + 1
		} else {
			l = rest[off:]
		}
		line++
		if strings.TrimRight(l, " \t") == "---" {
			body := ""
			if next <= len(rest) {
				body = rest[next:]
			}
			return Frontmatter{YAML: rest[:off], Lines: line}, body, true
		}
		if end < 0 {
			break
		}
		off = next
	}
	return Frontmatter{}, text, false
}

// DecodeFrontmatter parses fm as YAML with CUE's own YAML support, checks it
// against the schema definition def (for example "#FamilyHeader" or
// "#Card"), and decodes it into out. Problems are diagnostics at the line
// and column of the offending value in the asset file path, with rule.
func DecodeFrontmatter(path string, fm Frontmatter, def, rule string, out any) []diag.Diagnostic {
	// Headers change rarely and are many: a header that decoded before is
	// taken from the cache (see cache.go).
	key := cacheKey([]byte("frontmatter"), []byte(def), []byte(fm.YAML))
	if cacheGet(key, out) {
		return nil
	}
	ctx, _, err := schema()
	if err != nil {
		return []diag.Diagnostic{diag.Errorf(diag.Position{Path: path}, rule, "schema: %v", err)}
	}
	// The header starts on line 2 of the file; padding the YAML with one
	// empty line makes CUE's positions the file's positions.
	src := "\n" + fm.YAML
	f, err := yaml.Extract(path, src)
	if err != nil {
		return cueDiags(path, rule, err, 1)
	}
	v := ctx.BuildFile(f)
	if v.Err() != nil {
		return cueDiags(path, rule, v.Err(), 1)
	}
	d := schemaDef(def)
	u := v.Unify(d)
	if err := u.Validate(cue.Concrete(true)); err != nil {
		return cueDiags(path, rule, err, 1)
	}
	if err := u.Decode(out); err != nil {
		return cueDiags(path, rule, err, 1)
	}
	cachePut(key, out)
	return nil
}

// schemaDef returns a definition of the embedded schema by name.
func schemaDef(name string) cue.Value {
	return schemaRoot().LookupPath(cue.ParsePath(name))
}

// cueDiags converts CUE errors about an asset's frontmatter to diagnostics
// in that asset.
func cueDiags(path, rule string, err error, fallbackLine int) []diag.Diagnostic {
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
