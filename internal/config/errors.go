package config

import (
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/ast"
	cueerrors "cuelang.org/go/cue/errors"
	"cuelang.org/go/cue/parser"
	"cuelang.org/go/cue/token"

	"github.com/promptc/promptc/internal/diag"
	"github.com/promptc/promptc/internal/lazyre"
)

// RuleConfig is the rule ID of every configuration error.
const RuleConfig = "CONFIG"

// Error is a configuration that failed to load: a syntax error, a schema
// violation or a check CUE cannot express. Every diagnostic is positioned
// in promptc.cue; no position, related ones included, is in the schema.
type Error struct {
	// Root is the project root the diagnostics' paths are relative to;
	// empty when unknown.
	Root        string
	Diagnostics []diag.Diagnostic
}

// Error renders the diagnostics one per line in text form.
func (e *Error) Error() string {
	var b strings.Builder
	for i, d := range e.Diagnostics {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(d.Pos.String() + ": " + d.Message)
	}
	return b.String()
}

// newError turns CUE errors into diagnostics in the user's file. CUE often
// lists the schema's position first; the user's position is the one that
// tells them where to edit, so it leads. Schema positions are named by
// their definitions at the end of the message (schema: #Limit.chars), as
// docs/config.md lists them: schema.cue is built into promptc, not a file
// of the project, so no finding (nor a SARIF or annotation location)
// points into it. When CUE reports no position in the user's file (a
// required field that is absent), the nearest enclosing value the user did
// write is used instead. user is the user's value and unified the same
// unified with the schema (the zero Value when the file did not compile):
// a misspelled name's siblings, the suggestions, are looked up there.
func newError(root string, src []byte, err error, user, unified cue.Value) error {
	var ds []diag.Diagnostic
	for _, e := range simplify(cueerrors.Errors(err)) {
		if !unified.Exists() {
			if d, final, ok := syntaxDiagnostic(root, src, e); ok {
				ds = append(ds, d)
				if final {
					break
				}
				continue
			}
		}
		msg := e.msg
		path := strings.Join(e.Path(), ".")
		var userPos *diag.Position
		var userTok token.Pos
		var related []diag.Related
		var schema []string // names of the schema fields involved
		for _, p := range cueerrors.Positions(e.Error) {
			if p.Filename() == "schema.cue" {
				if name := schemaName(p.Line(), p.Column()); name != "" && !slices.Contains(schema, name) {
					schema = append(schema, name)
				}
				continue
			}
			dp := position(root, p)
			if userPos == nil {
				userPos, userTok = &dp, p
			} else if dp != *userPos {
				related = append(related, diag.Related{Pos: dp, Message: "also involved"})
			}
		}
		if userPos == nil {
			dp := nearest(root, user, selectors(e.Path()))
			userPos = &dp
		}
		if t, ok := teachConflict(e, user); ok {
			msg = t
		}
		if path != "" {
			msg = path + ": " + msg
		}
		msg = explain(msg)
		if m := referenceNotFound().FindStringSubmatch(e.msg); m != nil && userTok.IsValid() {
			if u := undeclaredStruct(src, userTok, m[1]); u != "" {
				msg = u
				if path != "" {
					msg = path + ": " + u
				}
			}
		}
		if name, ok := strings.CutPrefix(e.msg, "undefined field: "); ok && userTok.IsValid() {
			if u := undeclared(src, userTok, user, name); u != "" {
				msg = u
				if path != "" {
					msg = path + ": " + u
				}
			}
		}
		if p := e.Path(); strings.Contains(e.msg, "field not allowed") && len(p) > 0 && unified.Exists() {
			parent := unified.LookupPath(cue.MakePath(selectors(p[:len(p)-1])...))
			if s := closestField(parent, p[len(p)-1]); s != "" {
				msg = strings.Replace(msg, "check its spelling against docs/config.md", "did you mean "+s+"? docs/config.md lists the fields", 1)
			}
		}
		if len(schema) > 0 {
			schema = closest(schema, e.Path())
			slices.Sort(schema)
			msg += " (schema: " + strings.Join(schema, ", ") + "; " + docsAnchors(schema) + ")"
		}
		ds = append(ds, diag.Diagnostic{
			Pos: *userPos, Rule: RuleConfig, Severity: diag.Error,
			Message: msg, Related: related,
		})
	}
	if len(ds) == 0 {
		ds = append(ds, diag.Errorf(diag.Position{Path: FileName}, RuleConfig, "%v", err))
	}
	return &Error{Root: root, Diagnostics: diag.Sort(ds)}
}

// closest keeps the schema fields named like the last element of the
// error's path, list indices aside (#Limit.chars for
// parts.base.budget.chars), the constraint
// the user broke; CUE also lists the fields on the way to it, which say
// less. Without such a field every name is kept.
func closest(names, path []string) []string {
	// A list index (access.1) names no field: the list's field does.
	for len(path) > 0 {
		if _, err := strconv.Atoi(path[len(path)-1]); err != nil {
			break
		}
		path = path[:len(path)-1]
	}
	if len(path) == 0 {
		return names
	}
	last := path[len(path)-1]
	var out []string
	for _, n := range names {
		if n == last || strings.HasSuffix(n, "."+last) {
			out = append(out, n)
		}
	}
	if len(out) == 0 {
		return names
	}
	return out
}

// selectorBefore matches the selector chain a misspelled field follows
// (parts. in parts.familyLin) at the end of the text before it.
var selectorBefore = lazyre.New(`([A-Za-z_$#][A-Za-z0-9_$#]*(?:\.[A-Za-z_$#][A-Za-z0-9_$#]*)*)\.$`)

// undeclared explains a reference to a field that does not exist
// (parts.familyLin, slots.memory): that it is not declared, the declared
// name it is closest to (familyLine), or else how to declare it and which
// names are declared. The struct the reference selects from is found from
// the text before the error's position in the user's file; a reference
// whose struct cannot be found that way (an alias, an index) gets "", and
// keeps CUE's message.
func undeclared(src []byte, pos token.Pos, user cue.Value, name string) string {
	lines := strings.Split(string(src), "\n")
	line, col := pos.Line(), pos.Column()
	if line < 1 || line > len(lines) || col < 1 || col-1 > len(lines[line-1]) {
		return ""
	}
	m := selectorBefore().FindStringSubmatch(lines[line-1][:col-1])
	if m == nil {
		return ""
	}
	chain := m[1]
	names := fieldNames(user.LookupPath(cue.ParsePath(chain)), name)
	msg := fmt.Sprintf("%s.%s is not declared", chain, name)
	if s := diag.Closest(name, names, 2); s != "" {
		return fmt.Sprintf("%s: did you mean %s.%s? Otherwise declare it (%s: %s: %s)", msg, chain, s, chain, name, declaration(chain))
	}
	msg = fmt.Sprintf("%s: declare it (%s: %s: %s)", msg, chain, name, declaration(chain))
	switch {
	case len(names) == 0:
		return msg
	case len(names) > 8:
		return fmt.Sprintf("%s or name a declared one (%s, ...)", msg, strings.Join(names[:8], ", "))
	}
	return fmt.Sprintf("%s or name a declared one (%s)", msg, strings.Join(names, ", "))
}

// referenceNotFound matches CUE's message for a reference to a top-level
// name the file never declares (slots.memory without any slots).
var referenceNotFound = lazyre.New(`^reference "([A-Za-z_$][A-Za-z0-9_$]*)" not found$`)

// undeclaredStruct explains a reference into a struct the file never declares
// (slots.memory where promptc.cue has no slots at all): what is not
// declared and how to declare it. The selected name is read from the text
// at the error's position; without one, "" keeps CUE's message.
func undeclaredStruct(src []byte, pos token.Pos, chain string) string {
	lines := strings.Split(string(src), "\n")
	line, col := pos.Line(), pos.Column()
	if line < 1 || line > len(lines) || col < 1 || col-1 > len(lines[line-1]) {
		return ""
	}
	rest, ok := strings.CutPrefix(lines[line-1][col-1:], chain+".")
	if !ok {
		return ""
	}
	name := rest[:len(rest)-len(strings.TrimLeft(rest, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_$"))]
	if name == "" {
		return ""
	}
	return fmt.Sprintf("%s.%s is not declared: promptc.cue declares no %s; declare it (%s: %s: %s)", chain, name, chain, chain, name, declaration(chain))
}

// declaration is the smallest declaration of an entry of the struct at
// chain that a reader can complete: a slot needs no field, a part its text.
func declaration(chain string) string {
	switch chain {
	case "slots":
		return `{description: "..."}`
	case "parts":
		return `{file: "..."}`
	}
	return "{...}"
}

// closestField returns the field of struct v (optional ones included)
// whose name is at most two edits from name, or "".
func closestField(v cue.Value, name string) string {
	return diag.Closest(name, fieldNames(v, name), 2)
}

// fieldNames lists the fields of struct v (optional ones included) but
// name, sorted; nil when v is no struct.
func fieldNames(v cue.Value, name string) []string {
	if !v.Exists() {
		return nil
	}
	it, err := v.Fields(cue.Optional(true))
	if err != nil {
		return nil
	}
	var names []string
	for it.Next() {
		// A struct unified with the schema holds the misspelled field too.
		if sel := it.Selector(); sel.LabelType() == cue.StringLabel && sel.Unquoted() != name {
			names = append(names, sel.Unquoted())
		}
	}
	slices.Sort(names)
	return names
}

type cueError struct {
	cueerrors.Error
	msg string
}

// simplify rewrites CUE's reports on failed disjunctions, which list one
// conflict per alternative (the default value included) under an "N errors
// in empty disjunction" summary. A user needs one line: the real constraint
// violated (for example "out of bound >=1"), or, when every alternative is a
// different literal, the list of values that are allowed.
func simplify(errs []cueerrors.Error) []cueError {
	type group struct {
		summary   cueerrors.Error
		others    []cueError
		conflicts []cueError
		pairs     [][2]string // the two values of each conflict
	}
	groups := map[string]*group{}
	var order []string
	for _, e := range errs {
		key := strings.Join(e.Path(), ".")
		g := groups[key]
		if g == nil {
			g = &group{}
			groups[key] = g
			order = append(order, key)
		}
		format, args := e.Msg()
		ce := cueError{Error: e, msg: fmt.Sprintf(format, args...)}
		if strings.TrimSpace(ce.msg) == "" {
			// A wrapped Go error (from Decode) keeps its text out of Msg.
			ce.msg = e.Error()
		}
		switch {
		case strings.Contains(format, "empty disjunction"):
			g.summary = e
		case strings.HasPrefix(format, "conflicting values") && len(args) >= 2:
			g.conflicts = append(g.conflicts, ce)
			g.pairs = append(g.pairs, [2]string{fmt.Sprint(args[0]), fmt.Sprint(args[1])})
		default:
			g.others = append(g.others, ce)
		}
	}
	var out []cueError
	for _, key := range order {
		g := groups[key]
		switch {
		case len(g.others) > 0 && g.summary != nil:
			out = append(out, g.others...)
		case len(g.conflicts) > 1:
			if e, ok := oneOf(g.conflicts, g.pairs); ok {
				out = append(out, e)
			} else {
				out = append(out, preferTypes(g.conflicts)...)
			}
			out = append(out, g.others...)
		default:
			out = append(out, g.conflicts...)
			out = append(out, g.others...)
		}
	}
	return out
}

// oneOf recognises a value that matches none of several literals (every
// conflict shares one side, the user's value, and the other sides are
// quoted literals) and says so in one message.
func oneOf(conflicts []cueError, pairs [][2]string) (cueError, bool) {
	for side := 0; side < 2; side++ {
		got := pairs[0][side]
		var allowed []string
		for _, p := range pairs {
			if p[side] != got || !strings.HasPrefix(p[1-side], "\"") {
				allowed = nil
				break
			}
			allowed = append(allowed, p[1-side])
		}
		if allowed != nil {
			e := conflicts[0]
			e.msg = fmt.Sprintf("%s is not one of the allowed values %s", got, strings.Join(allowed, ", "))
			return e, true
		}
	}
	return cueError{}, false
}

// preferTypes keeps, of several conflicts on one value (a field with a
// default reports one against the default and one against its type), those
// that name the expected type or constraint, which say what to write.
func preferTypes(conflicts []cueError) []cueError {
	if len(conflicts) < 2 {
		return conflicts
	}
	var typed []cueError
	for _, c := range conflicts {
		_, args := c.Msg()
		if len(args) >= 2 && (typeName().MatchString(fmt.Sprint(args[1])) || boundOrPattern().MatchString(fmt.Sprint(args[0])) || boundOrPattern().MatchString(fmt.Sprint(args[1]))) {
			typed = append(typed, c)
		}
	}
	if len(typed) == 0 {
		return conflicts
	}
	return typed
}

// toolAccess matches the message of a catalogue tool without access.
var toolAccess = lazyre.New(`^tools\.catalogue\.[^ ]+\.access: field is required but not present$`)

// boundOrPattern matches a bound or pattern, which, like a type, says what
// to write where a default only says what is written without one.
var boundOrPattern = lazyre.New(`^(=~|!~|>=|<=|>|<|!=)`)

var typeName = lazyre.New(`^(int|float|number|string|bytes|bool|null|\{.*\}|\[.*\])$`)

// explain adds the fix to CUE messages whose wording leaves it implicit.
func explain(msg string) string {
	switch {
	case strings.Contains(msg, "field not allowed"):
		return msg + " (unknown field: check its spelling against docs/config.md)"
	case strings.Contains(msg, "incomplete value"):
		return msg + " (a required value is missing: set it in promptc.cue)"
	case toolAccess().MatchString(msg):
		return msg + ` (say what the tool may do: access: "read" when it only reads, "write" when it can change anything; no default is assumed, since a wrong guess either shows a writing tool to a read-only session or hides a reading one)`
	}
	return msg
}

// position converts a CUE position to a diagnostic position relative to the
// project root.
func position(root string, p token.Pos) diag.Position {
	return diag.Position{Path: relPath(root, p.Filename()), Line: p.Line(), Col: p.Column()}
}

// relPath is name relative to root, slash-separated, when it is inside
// root, and name unchanged otherwise.
func relPath(root, name string) string {
	if rel, err := filepath.Rel(root, name); err == nil && !strings.HasPrefix(rel, "..") {
		return filepath.ToSlash(rel)
	}
	return name
}

// nearest finds the closest value along path that has a position in the
// user's file, walking up towards the root of the configuration.
func nearest(root string, user cue.Value, path []cue.Selector) diag.Position {
	for n := len(path); n >= 0; n-- {
		v := user.LookupPath(cue.MakePath(path[:n]...))
		if v.Exists() && v.Pos().IsValid() {
			return position(root, v.Pos())
		}
	}
	return diag.Position{Path: FileName, Line: 1, Col: 1}
}

// selectors converts path elements as CUE prints them in errors (quoted
// where needed, list indexes as numbers) into selectors.
func selectors(elems []string) []cue.Selector {
	var sels []cue.Selector
	for _, e := range elems {
		if n, err := strconv.Atoi(e); err == nil {
			sels = append(sels, cue.Index(n))
			continue
		}
		sels = append(sels, cue.ParsePath(e).Selectors()...)
	}
	return sels
}

// mayOverflow reports whether the configuration src may hold a number
// that does not fit the Go types promptc decodes into: a numeric literal
// of 19 digits or more, with an exponent or a multiplier, or a number
// computed by arithmetic, a call or a comprehension (or src does not
// parse). Walking the whole evaluated configuration (outOfRange) costs a
// quarter of a large project's evaluation; reading the syntax costs
// little, and a configuration that computes nothing can hold no number
// its literals do not.
func mayOverflow(file string, src []byte) bool {
	f, err := parser.ParseFile(file, src)
	if err != nil {
		return true
	}
	found := false
	ast.Walk(f, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.BasicLit:
			if n.Kind == token.INT || n.Kind == token.FLOAT {
				digits := strings.ReplaceAll(n.Value, "_", "")
				found = len(digits) >= 19 || strings.ContainsAny(digits, "eEKMGTPxXoObB")
			}
		case *ast.BinaryExpr:
			switch n.Op {
			case token.ADD, token.SUB, token.MUL, token.QUO:
				found = true
			}
		case *ast.CallExpr, *ast.Comprehension:
			found = true
		}
		return !found
	}, nil)
	return found
}

// outOfRange reports the numbers of the validated configuration v that do
// not fit the Go types promptc decodes them into. CUE's integers are
// unbounded, so a budget of 2^63 passes the schema, and decoding it fails
// with an error that names neither the value nor its place.
func outOfRange(root string, v, user cue.Value) []diag.Diagnostic {
	// A value referenced from elsewhere (a part listed in a mode's compose)
	// is reached along several paths; it is reported once, at its
	// position, under its shortest path.
	type found struct {
		path []cue.Selector
		d    diag.Diagnostic
	}
	byPos := map[diag.Position]found{}
	v.Walk(func(x cue.Value) bool {
		what := ""
		switch x.Kind() {
		case cue.IntKind:
			if _, err := x.Int64(); err != nil {
				what = "is out of range: promptc's numbers are at most 9223372036854775807; write a smaller value"
			}
		case cue.FloatKind:
			if _, err := x.Float64(); err != nil {
				what = "is out of range for a floating-point number; write a smaller value"
			}
		}
		if what == "" {
			return true
		}
		sels := x.Path().Selectors()
		for _, s := range sels {
			if s.String() == "budget" || s.String() == "budgets" {
				what = "is out of range for a budget (the largest ceiling promptc can count to is 9223372036854775807); write the ceiling the text must stay under, in characters or tokens"
				break
			}
		}
		pos := nearest(root, user, sels)
		if p := x.Pos(); p.IsValid() && p.Filename() != "schema.cue" {
			pos = position(root, p) // the number itself, not its label
		}
		path := x.Path().String()
		if prev, ok := byPos[pos]; ok && (len(prev.path) < len(sels) ||
			len(prev.path) == len(sels) && cue.MakePath(prev.path...).String() <= path) {
			return false
		}
		byPos[pos] = found{sels, diag.Errorf(pos, RuleConfig, "%s: %v %s", path, x, what)}
		return false
	}, nil)
	var ds []diag.Diagnostic
	for _, f := range byPos {
		ds = append(ds, f.d)
	}
	return diag.Sort(ds)
}
