// Written by hand: the README's example of importing the generated
// package is this file's readmeExample, so the example compiles and runs.
package generated_test

import (
	"os"
	"strings"
	"testing"

	prompts "github.com/promptc/promptc/generated"
)

func readmeExample(userChoice, modelID, projectDir, memory string) (string, error) {
	// README begin
	mode, err := prompts.ParseMode(userChoice) // "dev-js" is an alias of full; unknown names list the valid ones
	if err != nil {
		return "", err
	}
	// The user's AGENTS.md and TERN.md, their @includes expanded within the project directory.
	rules := prompts.LoadInstructions(projectDir, prompts.InstructionOptions{})
	prompt, err := prompts.Request{
		Mode:   mode,
		Model:  modelID, // Family's zero value, Auto, follows the model
		Slots:  prompts.Slots{Instructions: rules.Text, Memory: memory},
		Inputs: prompts.Inputs{Style: prompts.StyleTerse},
	}.Compose()
	if err != nil {
		return "", err
	}
	system := prompt.Text // prompt.CacheEnd marks where the cacheable prefix ends
	// README end
	return system, nil
}

// TestReadmeExample: the README's example is readmeExample's body, and it
// composes the user's rules into the prompt.
func TestReadmeExample(t *testing.T) {
	src, err := os.ReadFile("readme_test.go")
	if err != nil {
		t.Fatal(err)
	}
	_, body, _ := strings.Cut(string(src), "// README begin\n")
	body, _, _ = strings.Cut(body, "\t// README end\n")
	body = strings.ReplaceAll(body, "\n\t", "\n")
	body = strings.TrimPrefix(body, "\t")
	body = strings.ReplaceAll(body, `return "", err`, "return err")
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	want := "```go\nimport prompts \"example.com/harness/generated\"\n\n" + body + "```\n"
	if !strings.Contains(string(readme), want) {
		t.Errorf("README.md does not show readmeExample's body; the block should read:\n%s", want)
	}
	dir := t.TempDir()
	if err := os.WriteFile(dir+"/AGENTS.md", []byte("Rule one.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	system, err := readmeExample("dev-js", "claude-sonnet-4.5", dir, "")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(system, "Rule one.") {
		t.Errorf("the example's prompt lacks the user's rules")
	}
}
