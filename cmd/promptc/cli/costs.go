package cli

import (
	"errors"

	"github.com/spf13/cobra"
)

func newCostsCommand(g *globals) *cobra.Command {
	return &cobra.Command{
		Use:   "costs",
		Short: "not implemented yet",
		RunE: func(cmd *cobra.Command, args []string) error {
			return errors.New("costs: not implemented yet")
		},
	}
}
