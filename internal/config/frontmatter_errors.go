package config

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"cuelang.org/go/cue"
	cueerrors "cuelang.org/go/cue/errors"

	"github.com/promptc/promptc/internal/diag"
	"github.com/promptc/promptc/internal/lazyre"
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
// fallbackLine. A YAML syntax error becomes one diagnostic at its place
// (see YAMLSyntax); src is the YAML as parsed, padded so that its lines
// are the file's.
func Diagnostics(path, src, rule string, err error, fallbackLine int) []diag.Diagnostic {
	var ce cueerrors.Error
	if !errors.As(err, &ce) {
		line, col, msg := YAMLSyntax(path, src, err)
		if line == 0 {
			line, col = fallbackLine, 1
		}
		return []diag.Diagnostic{diag.Errorf(diag.Position{Path: path, Line: line, Col: col}, rule,
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

// YAMLSyntax splits a syntax error of the YAML parser, which is plain text
// ("path:LINE: message", or "path: message" when the parser names no
// line), into its place in the file and the message without the path.
// The parser gives no column: the column is 1, except for an unknown
// anchor, placed at its first *alias in src (the YAML as parsed, padded so
// that its lines are the file's). line is 0 when the place is unknown.
func YAMLSyntax(path, src string, err error) (line, col int, msg string) {
	msg = err.Error()
	rest, ok := strings.CutPrefix(msg, path+":")
	if !ok {
		return 0, 0, msg
	}
	if i := strings.IndexByte(rest, ':'); i > 0 {
		if n, aerr := strconv.Atoi(rest[:i]); aerr == nil && n > 0 {
			return n, 1, strings.TrimSpace(rest[i+1:])
		}
	}
	msg = strings.TrimSpace(rest)
	if m := unknownAnchor().FindStringSubmatch(msg); m != nil {
		for i, l := range strings.Split(src, "\n") {
			if at := aliasIndex(l, m[1]); at >= 0 {
				return i + 1, utf8.RuneCountInString(l[:at]) + 1, msg
			}
		}
	}
	return 0, 0, msg
}

// unknownAnchor matches the YAML parser's report of an alias to an
// anchor that is not defined.
var unknownAnchor = lazyre.New(`^unknown anchor '([^']*)' referenced$`)

// aliasIndex returns the byte offset of the alias *name in line (not
// followed by more of a longer name), or -1.
func aliasIndex(line, name string) int {
	for off := 0; ; {
		i := strings.Index(line[off:], "*"+name)
		if i < 0 {
			return -1
		}
		at := off + i
		end := at + 1 + len(name)
		if end == len(line) || strings.ContainsRune(" \t,]}", rune(line[end])) {
			return at
		}
		off = at + 1
	}
}
