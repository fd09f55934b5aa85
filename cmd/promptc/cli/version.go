package cli

import (
	"fmt"
	"runtime/debug"
	"strings"

	"github.com/spf13/cobra"
)

// version reports the version promptc was built from, always a semantic
// version (SARIF consumers and `promptc version` users compare them): the
// module version of a released or go-installed build, else
// 0.0.0-dev+REVISION from the VCS stamp of a build in a checkout (with
// .dirty when it had local changes), else 0.0.0-dev.
func version() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "0.0.0-dev"
	}
	return versionOf(bi)
}

// versionOf is version for given build information.
func versionOf(bi *debug.BuildInfo) string {
	if v := bi.Main.Version; v != "" && v != "(devel)" {
		return strings.TrimPrefix(v, "v")
	}
	rev, dirty := "", false
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if rev == "" {
		return "0.0.0-dev"
	}
	v := "0.0.0-dev+" + rev[:min(len(rev), 12)]
	if dirty {
		v += ".dirty"
	}
	return v
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
