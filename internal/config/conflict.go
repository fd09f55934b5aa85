package config

import (
	"fmt"
	"strconv"
	"strings"

	"cuelang.org/go/cue"
)

// CUE reports a value of the wrong type or a value the schema fixes as
// `conflicting values "1200" and int (mismatched types string and int)`:
// the terms of its evaluator, with no word on which side the user wrote.
// teachConflict says it in the project's terms: what the field expects,
// what was given, and, where the given text is the right value in the
// wrong syntax (a number in quotes), how to write it.

// teachConflict rewrites the conflict e on the user's value (the path's
// value in user) as "expected X, got Y", or returns false when e is not
// such a conflict or the user's side cannot be told.
func teachConflict(e cueError, user cue.Value) (string, bool) {
	format, args := e.Msg()
	// e.msg is checked too: simplify may have said it already (oneOf).
	if !strings.HasPrefix(format, "conflicting values") || !strings.HasPrefix(e.msg, "conflicting values") || len(args) < 2 {
		return "", false
	}
	given := user.LookupPath(cue.MakePath(selectors(e.Path())...))
	if !given.Exists() || !given.IsConcrete() {
		return "", false
	}
	g := fmt.Sprint(given)
	a, b := fmt.Sprint(args[0]), fmt.Sprint(args[1])
	var want string
	switch {
	case g == a:
		want = b
	case g == b:
		want = a
	case len(args) >= 4 && fmt.Sprint(args[2]) != fmt.Sprint(args[3]):
		// A struct or list prints differently from CUE's summary of it;
		// the mismatched kinds tell the sides apart.
		switch given.Kind().String() {
		case fmt.Sprint(args[2]):
			want = b
		case fmt.Sprint(args[3]):
			want = a
		default:
			return "", false
		}
	default:
		return "", false
	}
	if strings.HasPrefix(want, "=~") {
		return "expected a string matching " + strings.TrimPrefix(want, "=~") + ", got " + givenWords(given, g), true
	}
	if typeName().MatchString(want) {
		msg := "expected " + typeWords(want) + ", got " + givenWords(given, g)
		if fix := rewrite(given, want); fix != "" {
			return msg + ": write " + fix, true
		}
		return msg, true
	}
	return "expected " + want + ", got " + g, true
}

// typeWords names a CUE type as the docs do.
func typeWords(t string) string {
	switch t {
	case "int":
		return "an integer (int)"
	case "float":
		return "a floating-point number (float)"
	case "number":
		return "a number"
	case "string":
		return "a string"
	case "bool":
		return "true or false (bool)"
	case "null":
		return "null"
	case "bytes":
		return "bytes"
	}
	if strings.HasPrefix(t, "{") {
		return "a struct (" + t + ")"
	}
	return "a list (" + t + ")"
}

// givenWords names the user's value g with its kind.
func givenWords(v cue.Value, g string) string {
	switch v.Kind() {
	case cue.StringKind:
		return "the string " + g
	case cue.IntKind, cue.FloatKind:
		return "the number " + g
	case cue.StructKind:
		return "a struct"
	case cue.ListKind:
		return "a list"
	}
	return g
}

// rewrite returns the user's value written as the type want asks, when
// it is the same value in the wrong syntax (1200 for "1200", "12" for
// 12), or "".
func rewrite(v cue.Value, want string) string {
	switch v.Kind() {
	case cue.StringKind:
		s, _ := v.String()
		switch want {
		case "int":
			if _, err := strconv.ParseInt(s, 10, 64); err == nil {
				return s + " without quotes"
			}
		case "float", "number":
			if _, err := strconv.ParseFloat(s, 64); err == nil && s != "" && !strings.ContainsAny(s, "xXnN_") {
				return s + " without quotes"
			}
		case "bool":
			if s == "true" || s == "false" {
				return s + " without quotes"
			}
		}
	case cue.IntKind, cue.FloatKind, cue.BoolKind:
		if want == "string" {
			return strconv.Quote(fmt.Sprint(v)) + " in quotes"
		}
	}
	return ""
}

// docsAnchors returns the docs/config.md sections of the schema fields
// names (#Limit.chars is documented under "## #Limit", anchor #limit).
func docsAnchors(names []string) string {
	var out []string
	seen := map[string]bool{}
	for _, n := range names {
		def, _, _ := strings.Cut(n, ".")
		a := "docs/config.md#" + strings.ToLower(strings.TrimPrefix(def, "#"))
		if !seen[a] {
			seen[a] = true
			out = append(out, a)
		}
	}
	return strings.Join(out, ", ")
}
