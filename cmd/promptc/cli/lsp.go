package cli

import (
	"errors"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/promptc/promptc/lsp"
)

func newLSPCommand(g *globals) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "lsp [DIR]",
		Short: "Serve the Language Server Protocol on stdin and stdout, for editors",
		Long: `lsp is a language server: an editor starts it and talks to it over stdin and
stdout. It checks the project as the editor holds it, unsaved buffers
included, and reports what promptc lint reports (same rule IDs, severities,
positions and messages) as you type; it also offers hovers (sizes, tokens per
mode, budget headroom, include chains, which example ids a rule or a model
note decides), token counts above each asset, go to definition and find
references for includes and the files promptc.cue names, completion of
include paths, part, slot and mode names and rule IDs, quick fixes,
document symbols and links, formatting of promptc.cue as promptc fmt
formats it, and the composed prompt of a mode for a model, shown as a
read-only file that follows the typing. Checks run beside the message
loop: typing never waits for one.

Each document belongs to the nearest promptc.cue above it; DIR or --config
names one project for every document instead. Set-ups for VS Code, Neovim,
Helix and Zed are in docs/editors.md.`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := g.checkJobs(); err != nil {
				return err
			}
			cfg := g.configFile
			if len(args) == 1 {
				p, err := g.findConfig(args[0])
				if err != nil {
					return err
				}
				cfg = p
			}
			var log io.Writer
			if g.verbose {
				log = g.stderr
			}
			err := lsp.Serve(g.stdin, g.stdout, lsp.Options{Config: cfg, Jobs: g.jobs, Log: log})
			switch {
			case errors.Is(err, lsp.ErrNoShutdown):
				// The protocol asks for exit code 1.
				fmt.Fprintln(g.stderr, "promptc: lsp: "+err.Error())
				return findingsError{}
			case errors.Is(err, lsp.ErrProtocol):
				return usagef("lsp: %v", err)
			}
			return err
		},
	}
	addJobsFlag(cmd, g)
	return cmd
}
