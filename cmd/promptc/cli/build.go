package cli

import (
	"github.com/spf13/cobra"
)

func newBuildCommand(g *globals) *cobra.Command {
	var check bool
	cmd := &cobra.Command{
		Use:   "build [DIR]",
		Short: "Compile the assets, check every budget and write the output directory",
		Args:  cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			_, err := g.loadConfig(dirArg(args))
			return err
		},
	}
	cmd.Flags().BoolVar(&check, "check", false, "write nothing; exit 1 if the output directory is stale")
	return cmd
}
