package config

import (
	"fmt"
	"testing"
)

// TestCheckInputLimits: a limit (limitChars, limitItems) at its planning
// figure or above is accepted, one below is refused at the limit, for a
// nested field as for an input.
func TestCheckInputLimits(t *testing.T) {
	const planned = 10
	for _, c := range []struct {
		limit int
		want  []string
	}{
		{planned + 1, nil},
		{planned, nil},
		{planned - 1, []string{
			"inputs.Files.limitItems: limitItems 9 is less than maxItems 10",
			"inputs.Files.fields.Path.limitChars: limitChars 9 is less than maxChars 10",
		}},
	} {
		t.Run(fmt.Sprint(c.limit), func(t *testing.T) {
			cfg := &Config{Inputs: map[string]Input{"Files": {
				Type: InputList, MaxItems: ptr(planned), LimitItems: ptr(c.limit),
				Fields: map[string]Input{"Path": {Type: InputString, MaxChars: ptr(planned), LimitChars: ptr(c.limit)}},
			}}}
			var f findings
			checkInputs(f.bad, cfg)
			f.want(t, c.want...)
		})
	}
}
