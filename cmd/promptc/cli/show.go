package cli

import (
	"errors"

	"github.com/spf13/cobra"
)

func newShowCommand(g *globals) *cobra.Command {
	return &cobra.Command{
		Use:   "show",
		Short: "not implemented yet",
		RunE: func(cmd *cobra.Command, args []string) error {
			return errors.New("show: not implemented yet")
		},
	}
}
