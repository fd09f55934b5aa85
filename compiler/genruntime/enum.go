package genruntime

// This file is part of the fixed code of every generated package with
// profiles or permission sets: gogen copies its declarations after the
// package's data tables, and each such type's methods (String, Parse,
// MarshalText) are one-line calls into it over the type's table of names.
// See the package documentation.

import (
	"fmt"
	"strings"
)

// enumName returns names[v], or typ(v) ("Profile(3)") for a value past
// the table. The helpers take and return an int: each type is as wide as
// its values need (gogen picks uint8, or wider for more than 255 of them).
func enumName(names []string, v int, typ string) string {
	if uint(v) < uint(len(names)) {
		return names[v]
	}
	return fmt.Sprintf("%s(%d)", typ, v)
}

// enumParse returns the index of the name s in names, or an error that
// wraps unknown and lists the valid names with -1, which the type's
// conversion of it makes the type's largest value (^T(0), past the table:
// Valid reports false), never the zero value, which is usable.
func enumParse(names []string, s string, unknown error) (int, error) {
	for i, n := range names {
		if n == s {
			return i, nil
		}
	}
	return -1, fmt.Errorf("%w %q (valid: %s)", unknown, s, strings.Join(names, ", "))
}

// enumText returns the name of v as MarshalText does: a value past the
// table is an error wrapping unknown.
func enumText(names []string, v int, typ string, unknown error) ([]byte, error) {
	if uint(v) >= uint(len(names)) {
		return nil, fmt.Errorf("%w: %s", unknown, enumName(names, v, typ))
	}
	return []byte(names[v]), nil
}
