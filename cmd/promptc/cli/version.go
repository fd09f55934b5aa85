package cli

import (
	"fmt"
	"runtime/debug"

	"github.com/spf13/cobra"
)

// version reports the module version promptc was built from ("devel" for
// a build from a work tree).
func version() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		return bi.Main.Version
	}
	return "devel"
}

func newVersionCommand(g *globals) *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print the promptc version",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			fmt.Fprintln(g.stdout, "promptc", version())
			return nil
		},
	}
}
