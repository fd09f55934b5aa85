package config

import (
	"slices"
	"strings"
	"testing"
)

// schemaName names the innermost field holding a schema position, as
// docs/config.md does; closest keeps the field the error's path ends in.
func TestSchemaName(t *testing.T) {
	lines := strings.Split(string(schemaSource), "\n")
	at := func(prefix, within string) (int, int) {
		t.Helper()
		in := false
		for i, l := range lines {
			if strings.HasPrefix(l, within) {
				in = true
			}
			if in && strings.HasPrefix(strings.TrimSpace(l), prefix) {
				return i + 1, strings.Index(l, prefix) + len(prefix) + 1
			}
		}
		t.Fatalf("no line %q after %q in schema.cue", prefix, within)
		return 0, 0
	}
	for _, tc := range []struct{ field, within, want string }{
		{"chars?:", "#Limit: {", "#Limit.chars"},
		{"tokens:", "#Config: {", "#Config.tokens"},
		{"enabled:", "#Includes: {", "#Includes.enabled"},
	} {
		line, col := at(tc.field, tc.within)
		if got := schemaName(line, col); got != tc.want {
			t.Errorf("schemaName at %s in %s (%d:%d) = %q, want %q", tc.field, tc.within, line, col, got, tc.want)
		}
	}
	if got := schemaName(len(lines)+10, 1); got != "" {
		t.Errorf("schemaName past the end = %q, want empty", got)
	}
	names := []string{"#Access", "#Config.permissions", "#Permission.access", "#Permissions.values"}
	if got := closest(names, []string{"permissions", "values", "readOnly", "access", "1"}); !slices.Equal(got, []string{"#Permission.access"}) {
		t.Errorf("closest = %v, want [#Permission.access]", got)
	}
	if got := closest(names, []string{"other"}); !slices.Equal(got, names) {
		t.Errorf("closest with no match = %v, want every name", got)
	}
}
