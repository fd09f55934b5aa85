package cli

import (
	"errors"

	"github.com/spf13/cobra"
)

func newResolveCommand(g *globals) *cobra.Command {
	return &cobra.Command{
		Use:   "resolve",
		Short: "not implemented yet",
		RunE: func(cmd *cobra.Command, args []string) error {
			return errors.New("resolve: not implemented yet")
		},
	}
}
