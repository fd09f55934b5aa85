package cli

import (
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/promptc/promptc/internal/scaffold"
)

func newInitCommand(g *globals) *cobra.Command {
	var from string
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

Both build and lint clean as written.`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			files, err := scaffold.Files(from)
			if err != nil {
				return usagef("--from: %v", err)
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
			fmt.Fprintf(g.stdout, "  promptc build%s   # compile, check every budget, write the Go package to generated/\n", arg)
			fmt.Fprintf(g.stdout, "  promptc lint%s    # every check, no writes: the pre-commit hook\n", arg)
			fmt.Fprintf(g.stdout, "  promptc costs%s   # tokens per call for every mode and family\n", arg)
			return nil
		},
	}
	cmd.Flags().StringVar(&from, "from", scaffold.Templates[0], "template: "+strings.Join(scaffold.Templates, ", "))
	return cmd
}
