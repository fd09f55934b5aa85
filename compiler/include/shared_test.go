package include_test

import (
	"testing"

	"github.com/promptc/promptc/compiler/genruntime"
	"github.com/promptc/promptc/compiler/include"
	"github.com/promptc/promptc/compiler/source"
	"github.com/promptc/promptc/internal/includecases"
	"github.com/promptc/promptc/internal/testtree"
)

// runtimeKind is the kind of problem a generated LoadInstructions reports
// for each rule Expand reports at an include line; the rules missing here
// (a cycle, a second path, CRLF) leave no text out.
var runtimeKind = map[string]string{
	source.RuleEscape:      "escape",
	source.RuleNotFound:    "not-found",
	source.RuleNotRegular:  "unreadable",
	source.RuleInvalidUTF8: "unreadable",
	source.RuleNUL:         "unreadable",
	source.RuleBOM:         "unreadable",
	source.RuleRead:        "unreadable",
	include.RuleDepth:      "depth",
	include.RuleFiles:      "files",
	include.RuleTotalChars: "total-chars",
	include.RuleFileChars:  "file-chars",
}

// compilerOutcome expands c's root as a part of a project.
func compilerOutcome(t *testing.T, c includecases.Case) includecases.Outcome {
	t.Helper()
	fsys, err := source.Open(testtree.Write(t, c.Files))
	if err != nil {
		t.Fatal(err)
	}
	defer fsys.Close()
	res, ds := include.Expand(fsys, c.Root, 1, 0, include.Limits{})
	out := includecases.Outcome{Text: includecases.TrimBlankLines(include.Join(res.Spans)), Files: res.Files}
	for _, d := range ds {
		if kind, ok := runtimeKind[d.Rule]; ok {
			out.Problems = append(out.Problems, includecases.Problem(d.Pos.Path, d.Pos.Line, d.Pos.Col, kind))
		}
	}
	return out
}

// runtimeOutcome loads c's root as the one instruction file of a
// generated package (the stub project of genruntime, whose limits are
// promptc's defaults).
func runtimeOutcome(t *testing.T, c includecases.Case) includecases.Outcome {
	t.Helper()
	got := genruntime.LoadInstructions(testtree.Write(t, c.Files), genruntime.InstructionOptions{Files: []string{c.Root}})
	out := includecases.Outcome{Text: got.Text, Files: got.Files}
	for _, p := range got.Problems {
		out.Problems = append(out.Problems, includecases.Problem(p.Path, p.Line, p.Col, p.Kind))
	}
	return out
}

// TestBuildAndRunTimeAgree: on every shared case, a part expanded at
// build time and the same file loaded as the user's instructions at run
// time send the same text, reach the same files and leave out the same
// include lines for the same reasons; and both give the case's expected
// outcome.
func TestBuildAndRunTimeAgree(t *testing.T) {
	for _, c := range includecases.Cases() {
		t.Run(c.Name, func(t *testing.T) {
			build, run := compilerOutcome(t, c), runtimeOutcome(t, c)
			if diff := includecases.Diff(build, run); diff != "" {
				t.Errorf("build time (-) and run time (+) differ:\n%s", diff)
			}
			if diff := includecases.Diff(c.Want, build); diff != "" {
				t.Errorf("build time differs from the expected outcome (-want +got):\n%s", diff)
			}
		})
	}
}
