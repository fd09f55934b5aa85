package cli

import (
	"slices"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/promptc/promptc/internal/diag"
)

// flagHint says what an unknown flag was probably meant to be: a flag of
// cmd a typo or two away (--fromat for --format), else the commands that
// do have a flag of that name (build --strict: that is a flag of lint). cobra
// suggests commands for a mistyped command but nothing for a flag. It
// returns "" for any other error, or when no flag comes close.
func flagHint(cmd *cobra.Command, err error) string {
	name, ok := strings.CutPrefix(err.Error(), "unknown flag: --")
	if !ok || name == "" {
		return ""
	}
	var own []string
	cmd.Flags().VisitAll(func(f *pflag.Flag) { own = appendVisible(own, f) })
	cmd.InheritedFlags().VisitAll(func(f *pflag.Flag) { own = appendVisible(own, f) })
	slices.Sort(own)
	if s := diag.Closest(name, own, 2); s != "" {
		return "did you mean --" + s + "?"
	}
	var owners []string
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		if c != cmd && !c.Hidden {
			if f := c.LocalFlags().Lookup(name); f != nil && !f.Hidden {
				owners = append(owners, "`"+c.CommandPath()+"`")
			}
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(cmd.Root())
	if len(owners) == 0 {
		return ""
	}
	slices.Sort(owners)
	return "that is a flag of " + strings.Join(owners, " and ")
}

func appendVisible(names []string, f *pflag.Flag) []string {
	if f.Hidden {
		return names
	}
	return append(names, f.Name)
}
