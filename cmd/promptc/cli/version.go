package cli

import (
	"fmt"
	"runtime/debug"
	"strings"

	"github.com/spf13/cobra"
)

// modulePath is promptc's module, looked up in the build information when
// promptc is built inside another module (as a Go tool of a harness).
const modulePath = "github.com/promptc/promptc"

// zeroPseudo is the version the go command gives a required module that a
// replace directive points at a local directory: it names no commit.
const zeroPseudo = "v0.0.0-00010101000000-000000000000"

// releaseVersion is the version of a release build, set by .ci/release
// with -ldflags "-X github.com/promptc/promptc/cmd/promptc/cli.releaseVersion=1.2.0"
// (a semantic version without "v", which the script checks). A release is
// built from a clean checkout of its tag, where the build information
// would also say so, but only when the tag is the module's own version
// tag and the checkout carries its .git: the flag says it in every case.
var releaseVersion string

// version reports the version promptc was built from, always a semantic
// version (SARIF consumers and `promptc version` users compare them): a
// release build's releaseVersion, else versionOf the build information.
func version() string {
	if releaseVersion != "" {
		return releaseVersion
	}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "0.0.0-dev"
	}
	return versionOf(bi)
}

// versionOf is version for given build information. A module version
// without its "v" is reported as it is: a release, or the pseudo-version
// (0.0.0-DATE-COMMIT, with +dirty for local changes) that go build stamps
// in a git checkout; both are semantic versions. A build that carries no
// version ("(devel)", or the zero pseudo-version of a module replaced by a
// local directory, which names no commit) reports 0.0.0-dev, followed by
// +REVISION (.dirty when it had local changes) when the VCS stamp is
// promptc's own: it is not when promptc is built inside another module,
// whose commit the stamp records.
func versionOf(bi *debug.BuildInfo) string {
	m, own := &bi.Main, true
	if bi.Main.Path != "" && bi.Main.Path != modulePath {
		own = false
		m = nil
		for _, d := range bi.Deps {
			if d.Path == modulePath {
				m = d
				break
			}
		}
	}
	if m != nil {
		v := m.Version
		if m.Replace != nil && m.Replace.Version != "" {
			v = m.Replace.Version
		}
		if v != "" && v != "(devel)" && v != zeroPseudo {
			return strings.TrimPrefix(v, "v")
		}
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
	if rev == "" || !own {
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
