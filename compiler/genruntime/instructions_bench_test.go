package genruntime

import (
	"fmt"
	"strings"
	"testing"

	"github.com/promptc/promptc/internal/testtree"
)

// BenchmarkLoadInstructions loads a typical project's rules: a 1.6 KB
// AGENTS.md with a fenced example and five included files of 600 bytes,
// one of them including another.
func BenchmarkLoadInstructions(b *testing.B) {
	files := map[string]string{}
	var root strings.Builder
	root.WriteString("# Repository rules\n\n")
	for i := range 5 {
		fmt.Fprintf(&root, "@docs/rules/r%d.md\n", i)
		body := strings.Repeat(fmt.Sprintf("- rule %d: state the reason for every change you make.\n", i), 10)
		if i == 4 {
			body += "@r0.md\n"
		}
		files[fmt.Sprintf("docs/rules/r%d.md", i)] = body
	}
	root.WriteString("\n```sh\n@not/an/include.md\ngo test ./...\n```\n\n")
	root.WriteString(strings.Repeat("Keep functions short and name them for what they do.\n", 26))
	files["AGENTS.md"] = root.String()
	dir := testtree.Write(b, files)
	b.ReportAllocs()
	for b.Loop() {
		got := LoadInstructions(dir, InstructionOptions{Files: []string{"AGENTS.md"}})
		if len(got.Files) != 6 || len(got.Problems) != 0 {
			b.Fatalf("loaded %d files, problems %v", len(got.Files), got.Problems)
		}
	}
}
