package compiler

import (
	"testing"

	"github.com/promptc/promptc/internal/config"
)

// TestSpacedPlaceholder: a match is a spaced placeholder only when its
// braces hold a declared name with white space around it; a declared name
// written as promptc replaces it, an undeclared one, or other braces are
// not.
func TestSpacedPlaceholder(t *testing.T) {
	decl := map[string]config.Placeholder{"product": {}}
	for _, c := range []struct{ match, want string }{
		{"{{ product }}", "product"},
		{"{{product }}", "product"},
		{"{{\tproduct}}", "product"},
		{"{{product}}", ""},
		{"{{ other }}", ""},
		{"{ product }", ""},
		{"{{ product }", ""},
	} {
		if got := spacedPlaceholder(c.match, decl); got != c.want {
			t.Errorf("spacedPlaceholder(%q) = %q, want %q", c.match, got, c.want)
		}
	}
}
