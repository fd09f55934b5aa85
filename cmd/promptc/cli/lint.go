package cli

import (
	"github.com/spf13/cobra"
)

func newLintCommand(g *globals) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "lint [DIR]",
		Short: "Run every check on the assets and report findings; writes nothing",
		Args:  cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			_, err := g.loadConfig(dirArg(args))
			return err
		},
	}
	cmd.Flags().StringVar(&g.format, "format", "text", "output format: text, json, github-actions, sarif")
	return cmd
}
