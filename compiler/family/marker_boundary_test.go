package family

import (
	"slices"
	"testing"
)

// TestMarkerLineBoundaries: a model marker is a whole line of its own,
// indented at most three spaces (four make it code), with white space
// between "model" and its label; anything after the closing "-->" makes
// the line text. "model" starting a hyphenated word (model-specific) is
// prose; any other character after it makes a broken marker.
func TestMarkerLineBoundaries(t *testing.T) {
	for _, tc := range []struct {
		name, marker string
		labels       []string
		broken       int
		lazy         bool // the marker line follows the body's text directly
	}{
		{"flush", `<!-- model "Big" /big/ -->`, []string{"Big"}, 0, false},
		{"three spaces", `   <!-- model "Big" /big/ -->`, []string{"Big"}, 0, false},
		{"four spaces", `    <!-- model "Big" /big/ -->`, nil, 0, false},
		{"three spaces after text", `   <!-- model "Big" /big/ -->`, []string{"Big"}, 0, true},
		{"four spaces after text", `    <!-- model "Big" /big/ -->`, nil, 0, true},
		{"trailing white space", "<!-- model \"Big\" /big/ -->  \t", []string{"Big"}, 0, false},
		{"text after the comment", `<!-- model "Big" /big/ --> and more`, nil, 0, false},
		{"no space before the label", `<!-- model"Big" /big/ -->`, nil, 1, false},
		{"a tab before the label", "<!-- model\t\"Big\" /big/ -->", []string{"Big"}, 0, false},
		{"a hyphenated word", `<!-- model-specific notes follow -->`, nil, 0, false},
		{"a digit after the hyphen", `<!-- model-3 notes -->`, nil, 0, false},
		{"a lone hyphen", `<!-- model- "Big" /big/ -->`, nil, 1, false},
		{"a hyphen and a space", `<!-- model - "Big" /big/ -->`, nil, 1, false},
		{"a colon", `<!-- model: "Big" /big/ -->`, nil, 1, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sep := "\n\n"
			if tc.lazy {
				sep = "\n"
			}
			fam, _ := parse(t, header+"\nLine.\n\nBody."+sep+tc.marker+"\nBig note.\n", nil)
			var labels []string
			for _, n := range fam.Notes {
				labels = append(labels, n.Label)
			}
			if !slices.Equal(labels, tc.labels) || fam.BrokenNotes != tc.broken {
				t.Errorf("notes %q, %d broken; want %q, %d broken", labels, fam.BrokenNotes, tc.labels, tc.broken)
			}
		})
	}
}
