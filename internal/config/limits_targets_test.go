package config

import (
	"testing"
)

// TestCheckInputLimitBoundary: a declared limit may equal the planning
// figure it goes with, never be below it, for a string's limitChars and a
// list's limitItems alike; typicalItems may equal maxItems.
func TestCheckInputLimitBoundary(t *testing.T) {
	for _, c := range []struct {
		what string
		in   Input
		want []string
	}{
		{"limitChars below maxChars", Input{Name: "Q", Type: InputString, MaxChars: ptr(10), LimitChars: ptr(9)},
			[]string{"inputs.Q.limitChars: limitChars 9 is less than maxChars 10, the figure budgets plan with; lower maxChars to 9 or raise the limit"}},
		{"limitChars at maxChars", Input{Name: "Q", Type: InputString, MaxChars: ptr(10), LimitChars: ptr(10)}, nil},
		{"limitChars above maxChars", Input{Name: "Q", Type: InputString, MaxChars: ptr(10), LimitChars: ptr(11)}, nil},
		{"limitItems below maxItems", Input{Name: "Q", Type: InputList, MaxItems: ptr(3), LimitItems: ptr(2), Fields: map[string]Input{"On": {Name: "On", Type: InputBool}}},
			[]string{"inputs.Q.limitItems: limitItems 2 is less than maxItems 3"}},
		{"limitItems and typicalItems at maxItems", Input{Name: "Q", Type: InputList, MaxItems: ptr(3), TypicalItems: ptr(3), LimitItems: ptr(3), Fields: map[string]Input{"On": {Name: "On", Type: InputBool}}}, nil},
		{"typicalItems above maxItems", Input{Name: "Q", Type: InputList, MaxItems: ptr(3), TypicalItems: ptr(4), Fields: map[string]Input{"On": {Name: "On", Type: InputBool}}},
			[]string{"inputs.Q.typicalItems: typicalItems 4 is more than maxItems 3"}},
	} {
		t.Run(c.what, func(t *testing.T) {
			var f findings
			checkInput(f.bad, "inputs.Q", "input", c.in)
			f.want(t, c.want...)
		})
	}
}

// TestCheckRecordFields: a record's fields are checked as inputs are, to
// any depth, each at its own path.
func TestCheckRecordFields(t *testing.T) {
	in := Input{Name: "Config", Type: InputRecord, Fields: map[string]Input{
		"Name":   {Name: "Name", Type: InputString},
		"Server": {Name: "Server", Type: InputRecord, Fields: map[string]Input{"Host": {Name: "Host", Type: InputString, MaxChars: ptr(5), LimitChars: ptr(4)}}},
	}}
	var f findings
	checkInput(f.bad, "inputs.Config", "input", in)
	f.want(t,
		"inputs.Config.fields.Name: string field Name needs maxChars",
		"inputs.Config.fields.Server.fields.Host.limitChars: limitChars 4 is less than maxChars 5",
	)
}

// TestCheckOutputTargetsDistinct: each target needs a directory of its
// own, compared as cleaned paths, against the Go package's and each
// other's.
func TestCheckOutputTargetsDistinct(t *testing.T) {
	root := t.TempDir()
	for _, c := range []struct {
		what string
		out  Output
		want []string
	}{
		{"apart", Output{Dir: "gen", Targets: &Targets{TypeScript: &Target{Dir: "web"}, Python: &Target{Dir: "py", Package: "p"}}}, nil},
		{"TypeScript in Go's, written otherwise", Output{Dir: "gen", Targets: &Targets{TypeScript: &Target{Dir: "./gen/"}}},
			[]string{`output.targets.typescript.dir: "./gen/" is the directory of output.dir too`}},
		{"Python in TypeScript's", Output{Dir: "gen", Targets: &Targets{TypeScript: &Target{Dir: "web"}, Python: &Target{Dir: "web/.", Package: "p"}}},
			[]string{`output.targets.python.dir: "web/." is the directory of output.targets.typescript.dir too`}},
	} {
		t.Run(c.what, func(t *testing.T) {
			var f findings
			checkOutput(f.bad, root, &Config{Output: c.out})
			f.want(t, c.want...)
		})
	}
}
