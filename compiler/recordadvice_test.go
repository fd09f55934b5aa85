package compiler_test

import (
	"strings"
	"testing"

	"github.com/promptc/promptc/compiler"
	"github.com/promptc/promptc/internal/diag"
	"github.com/promptc/promptc/internal/testproject"
)

// TestUndeclaredAdviceFollowed: the CUE an INPUT_UNDECLARED finding gives,
// added to promptc.cue as it is written, declares what the template reads:
// the project then compiles without the finding, for an undeclared input
// read through a chain and for a field missing from a nested record and
// from a list's items.
func TestUndeclaredAdviceFollowed(t *testing.T) {
	const head = `version: "v1"
output: dir: "out"
inputs: Config: {type: "record", fields: {
	Options: {type: "record", fields: {Name: maxChars: 10}}
	Servers: {type: "list", maxItems: 2, fields: {Name: maxChars: 10}}
}}
parts: env: template: "env.tmpl"
modes: focus: compose: [parts.env]
order: ["focus"]
defaultMode: "focus"
`
	for _, tmpl := range []string{
		"{{.Cfg.LSP.Path}}",
		"{{.Config.Options.Name}}{{.Config.Options.Deep.Er}}",
		"{{range .Config.Servers}}{{.Name}}{{.Cmd}}{{end}}",
	} {
		t.Run(tmpl, func(t *testing.T) {
			files := map[string]string{"promptc.cue": head, "env.tmpl": tmpl}
			var advice []string
			for _, d := range testproject.FromFiles(t, files).Diagnostics() {
				if d.Rule != compiler.RuleInputUndeclared {
					continue
				}
				_, rest, ok := strings.Cut(d.Message, "choosing its type and limits: ")
				cue, _, ok2 := strings.Cut(rest, ", or fix the name")
				if !ok || !ok2 {
					t.Fatalf("no CUE in %q", d.Message)
				}
				advice = append(advice, cue)
			}
			if len(advice) != 1 {
				t.Fatalf("%d findings, want 1: %v", len(advice), advice)
			}
			files["promptc.cue"] = head + advice[0] + "\n"
			for _, d := range testproject.FromFiles(t, files).Diagnostics() {
				if d.Severity == diag.Error {
					t.Errorf("after adding %s: %s", advice[0], d)
				}
			}
		})
	}
}
