package config

import (
	"strconv"
	"strings"
	"sync/atomic"

	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/parser"

	"github.com/promptc/promptc/internal/diag"
)

// Positions maps a field path of promptc.cue (keys joined by posSep, list
// indexes as decimal numbers) to the line and column CUE reports for the
// value there. It is built from the file's syntax tree when the file is
// evaluated and kept in the configuration cache beside the decoded
// configuration, so that a finding can be positioned in promptc.cue on a
// cached run without running CUE at all.
type Positions map[string][2]int

const posSep = "\x00"

// positionIndexes counts the configurations this process indexed for
// positions, which the tests compare with what the cache should spare.
var positionIndexes atomic.Int64

// positionsOf indexes every field and list element of the user's file. The
// positions are those CUE's own values report: a field's label, or for a
// field written more than once (parts: a: ... then parts: b: ...) the value
// of its last declaration. A file that does not parse gives no index
// (evaluation reports the syntax error).
func positionsOf(file string, src []byte) Positions {
	f, err := parser.ParseFile(file, src)
	if err != nil {
		positionIndexes.Add(1)
		return nil
	}
	return positionsOfFile(f)
}

// positionsOfFile is positionsOf for the file's syntax tree.
func positionsOfFile(f *ast.File) Positions {
	positionIndexes.Add(1)
	idx := Positions{}
	seen := map[string]bool{}
	var walk func(prefix string, n ast.Node)
	at := func(prefix, key string) string {
		if prefix == "" {
			return key
		}
		return prefix + posSep + key
	}
	walk = func(prefix string, n ast.Node) {
		switch x := n.(type) {
		case *ast.File:
			for _, d := range x.Decls {
				walk(prefix, d)
			}
		case *ast.StructLit:
			for _, d := range x.Elts {
				walk(prefix, d)
			}
		case *ast.Field:
			name, _, err := ast.LabelName(x.Label)
			if err != nil {
				return // a pattern or dynamic label: no fixed path
			}
			k := at(prefix, name)
			p := x.Label.Pos()
			if seen[k] {
				p = x.Value.Pos()
			}
			seen[k] = true
			idx[k] = [2]int{p.Line(), p.Column()}
			walk(k, x.Value)
		case *ast.ListLit:
			for i, e := range x.Elts {
				k := at(prefix, strconv.Itoa(i))
				idx[k] = [2]int{e.Pos().Line(), e.Pos().Column()}
				walk(k, e)
			}
		}
	}
	walk("", f)
	return idx
}

// PosOf returns the position, in the user's file, of the value at the given
// dotted path (for example "parts.base.file"; a quoted element such as
// "dev-js" may hold any characters but dots). Checks that CUE cannot
// express use it to report at the user's value.
func (l *Loaded) PosOf(path string) diag.Position {
	elems := strings.Split(path, ".")
	for i, e := range elems {
		if u, err := strconv.Unquote(e); err == nil {
			elems[i] = u
		}
	}
	return l.PosOfKeys(elems...)
}

// PosOfKeys is PosOf for a path given as raw keys, for map keys that
// contain dots or colons (model ids). When the user did not write the value
// (a default), the position is that of the nearest enclosing value the user
// did write, and else the first line of the file.
func (l *Loaded) PosOfKeys(keys ...string) diag.Position {
	path := l.relFile()
	l.positionsOnce.Do(func() {
		if l.positionsKey != "" && !CacheGet(l.positionsKey, &l.positions) {
			// A missing or damaged entry (trimmed after a week of clean
			// runs, or cut short): index the source again, a parse and
			// no evaluation, and keep the index for the next run.
			l.positions = positionsOf(l.File, l.Source)
			CachePut(l.positionsKey, l.positions)
		}
	})
	for n := len(keys); n > 0; n-- {
		if p, ok := l.positions[strings.Join(keys[:n], posSep)]; ok {
			return diag.Position{Path: path, Line: p[0], Col: p[1]}
		}
	}
	return diag.Position{Path: path, Line: 1, Col: 1}
}

// relFile is the configuration file's path relative to the project root.
func (l *Loaded) relFile() string {
	return relPath(l.Root, l.File)
}
