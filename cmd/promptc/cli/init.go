package cli

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/promptc/promptc/internal/scaffold"
)

func newInitCommand(g *globals) *cobra.Command {
	var from, targets string
	cmd := &cobra.Command{
		Use:   "init [DIR]",
		Short: "Write a new, working prompt-asset project to start from",
		Long: `init writes a new project into DIR (the working directory by default):
promptc.cue and the prompt files it names. It never overwrites: when any file
it would write exists, it writes nothing and exits 2.

--from minimal (the default) writes a small project to learn from: three
modes, two model families with a model note, declared budgets and examples.
--from harness writes the shape of a full multi-model harness: the modes
minimal < focus < guide < full (with tiers, an alias and a custom mode read
from the user's project), ten model families with their selection rules
(gateway, provider-prefixed and local-server ids included), the user's rules
(instructions from AGENTS.md and CLAUDE.md, and APPEND_SYSTEM.md) required
in every mode, output styles as a stable input, a project SYSTEM.md that
replaces the base prompt from focus on, the budgets such a harness declares
(the core and the longest note under 1,200 characters), an operator guide
generated from topic cards for full mode, and stable slots, so that
everything before memory is the cacheable prefix.

--targets lists the languages to build packages in, separated by commas:
go (the default), typescript, python. The Go package is written in any case
(with the costs table); with another language, promptc.cue declares every
package in output.targets, each in a folder inside generated/.

Both build and lint clean as written.`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			files, err := scaffold.Files(from)
			if err != nil {
				return usagef("--from: %v", err)
			}
			langs, err := scaffold.ParseTargets(targets)
			if err != nil {
				return usagef("--targets: %v", err)
			}
			if files, err = scaffold.WithTargets(files, langs); err != nil {
				return err
			}
			dir := dirArg(args)
			if dir == "" {
				dir = "."
			}
			names, err := scaffold.Write(dir, files)
			if errors.Is(err, scaffold.ErrExists) || errors.Is(err, scaffold.ErrNotDir) {
				return usageError{err}
			}
			if err != nil {
				return err
			}
			arg := ""
			if dir != "." {
				arg = " " + dir
			}
			fmt.Fprintf(g.stdout, "wrote %d files in %s: %s\n\nnext:\n", len(names), dir, strings.Join(names, ", "))
			fmt.Fprintf(g.stdout, "  promptc build%s   # compile, check every budget, write %s to generated/\n", arg, packagesWord(langs))
			fmt.Fprintf(g.stdout, "  promptc lint%s    # every check, no writes: the pre-commit hook\n", arg)
			fmt.Fprintf(g.stdout, "  promptc costs%s   # tokens per call for every mode and family\n", arg)
			return nil
		},
	}
	cmd.Flags().StringVar(&from, "from", scaffold.Templates[0], "template: "+strings.Join(scaffold.Templates, ", "))
	cmd.Flags().StringVar(&targets, "targets", "go", "languages to build packages in, comma-separated: "+strings.Join(scaffold.Targets, ", ")+" (the Go package is written in any case)")
	return cmd
}

// packagesWord names the packages build writes for langs, for the hint
// init prints: "the Go package", "the Go and Python packages".
func packagesWord(langs []string) string {
	names := map[string]string{"go": "Go", "typescript": "TypeScript", "python": "Python"}
	var ws []string
	if !slices.Contains(langs, "go") {
		ws = append(ws, "Go")
	}
	for _, l := range langs {
		ws = append(ws, names[l])
	}
	if len(ws) == 1 {
		return "the " + ws[0] + " package"
	}
	return "the " + strings.Join(ws[:len(ws)-1], ", ") + " and " + ws[len(ws)-1] + " packages"
}
