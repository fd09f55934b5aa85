package cli

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/promptc/promptc/internal/config"
	"github.com/promptc/promptc/internal/textdiff"
)

func newFmtCommand(g *globals) *cobra.Command {
	var check, diff bool
	cmd := &cobra.Command{
		Use:   "fmt [DIR]",
		Short: "Format promptc.cue as cue fmt does",
		Long: `fmt rewrites promptc.cue in CUE's standard format, the one cue fmt writes.
It only parses the file: it needs no valid configuration, and never
evaluates it. The file is replaced atomically (a new file beside it,
renamed over it) and only when formatting changes it; a promptc.cue that is
a link, has another name (a hard link) or changed while it was formatted is
left as it is (exit 2).

--check writes nothing: it prints the file's name and exits 1 when it is not
formatted, and prints nothing and exits 0 when it is (for CI and
pre-commit). --diff writes nothing either: it prints the unified diff from
the file to its formatted text and exits 1 when there is one, and prints
nothing and exits 0 when the file is formatted. Its paths are relative to
the working directory, so patch -p1 (or git apply) applies it.

A promptc.cue that does not parse is a configuration error (exit 2),
reported at the mistake as every command reports it. DIR is the project
directory (the one holding promptc.cue); without it the nearest promptc.cue
above the working directory is formatted.`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if check && diff {
				return usagef("--check and --diff cannot be combined: --diff also exits 1 when the file is not formatted")
			}
			path, err := g.findConfig(dirArg(args))
			if err != nil {
				return err
			}
			f, err := config.Format(path)
			var pe *fs.PathError
			if errors.As(err, &pe) {
				return usagef("%s: %v", path, pe.Err)
			}
			if err != nil {
				return err
			}
			switch {
			case !f.Changed():
				return nil
			case diff:
				name := filepath.ToSlash(relDir(f.File))
				g.stdout.Write(textdiff.Unified("a/"+name, f.Source, "b/"+name, f.Text))
				return findingsError{1}
			case check:
				fmt.Fprintln(g.stdout, relDir(f.File))
				return findingsError{1}
			}
			return f.Write()
		},
	}
	cmd.Flags().BoolVar(&check, "check", false, "write nothing; print the file's name and exit 1 when it is not formatted")
	cmd.Flags().BoolVar(&diff, "diff", false, "write nothing; print the unified diff fmt would apply and exit 1 when there is one")
	return cmd
}
