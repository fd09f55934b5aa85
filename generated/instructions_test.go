// Written by hand: the generated LoadInstructions on the include cases
// that promptc's build-time expansion is tested on, with the example
// project's limits (promptc's defaults).
package generated_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	prompts "github.com/promptc/promptc/generated"
	"github.com/promptc/promptc/internal/includecases"
	"github.com/promptc/promptc/internal/testtree"
)

// TestLoadInstructionsSharedCases: every shared case loaded as the one
// instruction file gives the case's outcome, the one build time gives.
func TestLoadInstructionsSharedCases(t *testing.T) {
	for _, c := range includecases.Cases() {
		t.Run(c.Name, func(t *testing.T) {
			got := prompts.LoadInstructions(testtree.Write(t, c.Files), prompts.InstructionOptions{Files: []string{c.Root}})
			out := includecases.Outcome{Text: got.Text, Files: got.Files}
			for _, p := range got.Problems {
				out.Problems = append(out.Problems, includecases.Problem(p.Path, p.Line, p.Col, p.Kind))
			}
			if diff := includecases.Diff(c.Want, out); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// ExampleLoadInstructions: a harness loads the user's rules and hands
// them to every mode through the instructions slot.
func ExampleLoadInstructions() {
	dir, err := os.MkdirTemp("", "project")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	for name, text := range map[string]string{
		"AGENTS.md":       "# Project rules\n\n@docs/testing.md\n",
		"docs/testing.md": "Run the tests before every commit.\n",
	} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			fmt.Println(err)
			return
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			fmt.Println(err)
			return
		}
	}

	rules := prompts.LoadInstructions(dir, prompts.InstructionOptions{})
	for _, p := range rules.Problems {
		fmt.Println("left out:", p)
	}
	req := prompts.Request{Model: "claude-sonnet-4.5", Slots: prompts.Slots{Instructions: rules.Text}}
	prompt, err := req.Compose()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(rules.Files)
	fmt.Println(rules.Text)
	fmt.Println(strings.Contains(prompt.Text, rules.Text))
	// Output:
	// [AGENTS.md docs/testing.md]
	// # Project rules
	//
	// Run the tests before every commit.
	// true
}

// ExampleLoadLayers: a harness reads APPEND_SYSTEM.md in every layer, after
// the user's rules and within the same limits, and sends it in the
// appendSystem slot; the user's layer comes first and an extension's last,
// an include inside a layer expanded within that layer's directory.
func ExampleLoadLayers() {
	base, err := os.MkdirTemp("", "layers")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(base)
	for name, text := range map[string]string{
		"home/APPEND_SYSTEM.md":            "Always answer in Spanish.\n",
		"project/APPEND_SYSTEM.md":         "@notes/style.md\n",
		"project/notes/style.md":           "Cite files as path:line.\n",
		"project/AGENTS.md":                "Run the tests before every commit.\n",
		"extensions/lint/APPEND_SYSTEM.md": "Run the linter after edits.\n",
	} {
		p := filepath.Join(base, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			fmt.Println(err)
			return
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			fmt.Println(err)
			return
		}
	}
	project := filepath.Join(base, "project")
	rules := prompts.LoadInstructions(project, prompts.InstructionOptions{})
	appended := prompts.LoadLayers(prompts.InstructionLayers{
		Extensions: []string{filepath.Join(base, "extensions", "lint")},
		Project:    project,
		User:       filepath.Join(base, "home"),
	}, prompts.InstructionOptions{Files: []string{"APPEND_SYSTEM.md"}, After: &rules})
	for _, l := range appended.Layers {
		fmt.Println(l.Name, l.Files, len(l.Problems))
	}
	req := prompts.Request{Mode: prompts.ModeMinimal, Model: "claude-sonnet-4.5", Slots: prompts.Slots{Instructions: rules.Text, AppendSystem: appended.Text}}
	prompt, err := req.Compose()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(appended.Text)
	fmt.Println(strings.Contains(prompt.Text, rules.Text+"\n\n"+appended.Text))
	// Output:
	// user [APPEND_SYSTEM.md] 0
	// project [APPEND_SYSTEM.md notes/style.md] 0
	// extension [APPEND_SYSTEM.md] 0
	// Always answer in Spanish.
	//
	// Cite files as path:line.
	//
	// Run the linter after edits.
	// true
}
