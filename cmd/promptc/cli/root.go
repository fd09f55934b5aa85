// Package cli is the promptc command line: one file per command, all
// driven through Run so that tests run the real command in-process.
package cli

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"charm.land/log/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/promptc/promptc/internal/config"
	"github.com/promptc/promptc/internal/diag"
)

// Exit codes, as documented in the README.
const (
	exitOK       = 0 // clean
	exitFindings = 1 // lint errors, budget over, stale output
	exitUsage    = 2 // usage or configuration error
	exitInternal = 3 // anything else: a bug or an I/O failure
)

// findingsError reports that findings were already printed: run exits 1
// without printing the error again.
type findingsError struct{ n int }

func (e findingsError) Error() string { return fmt.Sprintf("%d finding(s)", e.n) }

// flagUnits names what an integer flag counts, for its parse error.
var flagUnits = map[string]string{"calls": "calls", "overhead": "tokens", "jobs": "goroutines"}

// flagError rewrites pflag's report of a flag value that does not parse
// ("invalid argument "abc" for "--calls" flag: strconv.ParseInt: ...")
// into what the flag wants and what it got; any other error is kept.
func flagError(err error) error {
	var ive *pflag.InvalidValueError
	if !errors.As(err, &ive) {
		return err
	}
	f := ive.GetFlag()
	var want string
	switch f.Value.Type() {
	case "int", "int64", "int32", "uint", "uint64":
		want = "a whole number"
		if unit := flagUnits[f.Name]; unit != "" {
			want += " of " + unit
		}
		if errors.Is(err, strconv.ErrRange) {
			want += " small enough to fit in 64 bits"
		}
	case "bool":
		want = "true or false"
	default:
		return err
	}
	return fmt.Errorf("--%s: want %s, got %q", f.Name, want, ive.GetValue())
}

// usageError is a mistake in the command line: exit 2.
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

func usagef(format string, args ...any) error {
	return usageError{fmt.Errorf(format, args...)}
}

// internalError is a failure of promptc itself or of the system under it
// (an I/O error): exit 3. Every error a command returns that is not a
// finding, a usage error or a configuration error is one.
type internalError struct{ err error }

func (e internalError) Error() string { return e.err.Error() }
func (e internalError) Unwrap() error { return e.err }

// globals holds the flags every command shares and the streams it writes.
type globals struct {
	configFile string
	format     string
	profile    string
	permission string
	jobs       int
	verbose    bool
	// color is the --color flag: auto, always or never (colorFor).
	color  string
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer
	logger *log.Logger
}

// Run is the whole program behind main, with its streams passed in so that
// tests can drive it in-process. args excludes the program name. It returns
// the process exit code: 0 clean, 1 findings, 2 usage or configuration
// error, 3 internal or I/O error.
func Run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	g := &globals{stdin: stdin, stdout: stdout, stderr: stderr, logger: newLogger(stderr, false)}
	root := newRootCommand(g)
	root.SetArgs(args)
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	classifyRunErrors(root)
	registerCompletions(root, g)
	cmd, err := root.ExecuteC()
	return g.exit(cmd, err)
}

// classifyRunErrors makes every error a command's RunE returns typed: the
// ones it did not type itself are internal errors. Errors Run sees untyped
// then come from cobra before any RunE ran (an unknown command or flag, a
// wrong number of arguments): usage errors.
func classifyRunErrors(c *cobra.Command) {
	if run := c.RunE; run != nil {
		c.RunE = func(cmd *cobra.Command, args []string) error {
			err := run(cmd, args)
			var (
				fe  findingsError
				ue  usageError
				ce  *config.Error
				ie  internalError
				sig interrupted
			)
			if err == nil || errors.As(err, &fe) || errors.As(err, &ue) || errors.As(err, &ce) || errors.As(err, &ie) || errors.As(err, &sig) {
				return err
			}
			return internalError{err}
		}
	}
	for _, sub := range c.Commands() {
		classifyRunErrors(sub)
	}
}

// exit prints err, unless it is a findings sentinel whose findings are
// already printed, and returns the exit code. A configuration error is
// printed through the diagnostics printer in the command's format; in a
// machine format every failure is reported inside the document, so its
// stream still parses.
func (g *globals) exit(cmd *cobra.Command, err error) int {
	if err == nil {
		return exitOK
	}
	var fe findingsError
	if errors.As(err, &fe) {
		return exitFindings
	}
	var sig interrupted
	if errors.As(err, &sig) {
		fmt.Fprintln(g.stderr, "promptc: "+sig.Error())
		return sig.code()
	}
	var ce *config.Error
	if errors.As(err, &ce) {
		if perr := g.report(cmd, nil, ce.Root, diag.Info, ce.Diagnostics); perr != nil {
			fmt.Fprintln(g.stderr, "promptc: "+ce.Error())
		}
		return exitUsage
	}
	code, msg := exitUsage, err.Error()
	var ue usageError
	var ie internalError
	switch {
	case errors.As(err, &ue):
	case errors.As(err, &ie):
		code = exitInternal
	default:
		path := "promptc"
		if cmd != nil {
			path = cmd.CommandPath()
		}
		msg = fmt.Sprintf("%s (see %s --help)", msg, path)
	}
	if g.machineFormat(cmd) {
		failure := []diag.Diagnostic{{Severity: diag.Error, Message: msg}}
		if perr := g.report(cmd, nil, "", diag.Info, failure); perr == nil && g.findingsStream(cmd) == g.stderr {
			return code // the document on stderr says it all
		}
	}
	fmt.Fprintln(g.stderr, "promptc: "+msg)
	return code
}

func newRootCommand(g *globals) *cobra.Command {
	root := &cobra.Command{
		Use:   "promptc",
		Short: "Compile and lint the prompt assets of an LLM agent harness",
		Long: `promptc reads promptc.cue, composes every prompt mode for every model family,
checks every budget, and writes an embeddable Go package plus a costs table.

The project root is the directory holding promptc.cue: the directory given
as argument, else the nearest one found walking up from the working
directory; --config names the file directly.`,
		SilenceUsage:  true,
		SilenceErrors: true,
		PersistentPreRunE: func(cmd *cobra.Command, args []string) error {
			g.logger = newLogger(g.stderr, g.verbose)
			if !slices.Contains(colorModes, g.color) {
				return usagef("--color: unknown value %q (valid: %s)", g.color, strings.Join(colorModes, ", "))
			}
			return nil
		},
		Version: version(),
	}
	root.SetVersionTemplate("promptc {{.Version}}\n")
	root.SetFlagErrorFunc(func(cmd *cobra.Command, err error) error {
		if hint := flagHint(cmd, err); hint != "" {
			return usageError{fmt.Errorf("%w: %s (see %s --help)", err, hint, cmd.CommandPath())}
		}
		return usageError{fmt.Errorf("%w (see %s --help)", flagError(err), cmd.CommandPath())}
	})
	root.SetHelpCommand(newHelpCommand(root))
	pf := root.PersistentFlags()
	pf.StringVar(&g.configFile, "config", "", "path of promptc.cue (overrides discovery)")
	pf.BoolVarP(&g.verbose, "verbose", "v", false, "debug logging to stderr")
	pf.StringVar(&g.color, "color", "auto", "colour findings: auto (a terminal, unless NO_COLOR; FORCE_COLOR forces), always, never")
	root.AddCommand(
		newInitCommand(g),
		newBuildCommand(g),
		newLintCommand(g),
		newFmtCommand(g),
		newCostsCommand(g),
		newClaimCommand(g),
		newDiffCommand(g),
		newShowCommand(g),
		newResolveCommand(g),
		newLSPCommand(g),
		newVersionCommand(g),
	)
	return root
}

// newLogger returns the debug logger. The logger only ever sees a plain
// io.Writer wrapper, never the *os.File behind it: given a terminal, the
// logging library detects colours from it, and under tmux that runs
// "tmux info", a subprocess no pre-commit hook should wait for. Output is
// plain text without escape sequences.
func newLogger(w io.Writer, verbose bool) *log.Logger {
	l := log.NewWithOptions(plainWriter{w}, log.Options{Prefix: "promptc", ReportTimestamp: false})
	l.SetColorProfile(colorprofile.NoTTY)
	if verbose {
		l.SetLevel(log.DebugLevel)
	} else {
		l.SetLevel(log.WarnLevel)
	}
	return l
}

// plainWriter hides the concrete type of a writer, so that nothing can
// detect that it is a terminal.
type plainWriter struct{ w io.Writer }

func (p plainWriter) Write(b []byte) (int, error) { return p.w.Write(b) }

// findConfig returns the path of promptc.cue: --config if set, else dir's
// promptc.cue when a directory argument is given, else the nearest
// promptc.cue walking up from the working directory.
func (g *globals) findConfig(dir string) (string, error) {
	if g.configFile != "" {
		// Lstat: a link is found, and then refused by the loader.
		if _, err := os.Lstat(g.configFile); err != nil {
			return "", usagef("--config %s: %v", g.configFile, errors.Unwrap(err))
		}
		return g.configFile, nil
	}
	if dir != "" {
		p := filepath.Join(dir, config.FileName)
		if _, err := os.Lstat(p); err != nil {
			if fi, serr := os.Stat(dir); serr == nil && !fi.IsDir() && filepath.Base(dir) == config.FileName {
				return dir, nil
			}
			return "", usagef("no %s in %s: pass the directory that holds it, or --config FILE", config.FileName, dir)
		}
		return p, nil
	}
	wd, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for d := wd; ; {
		p := filepath.Join(d, config.FileName)
		if _, err := os.Lstat(p); err == nil {
			return p, nil
		}
		parent := filepath.Dir(d)
		if parent == d {
			return "", usagef("no %s in %s or any parent directory: run promptc in a project, pass its directory, or use --config FILE", config.FileName, wd)
		}
		d = parent
	}
}

// loadConfig finds and loads the configuration.
func (g *globals) loadConfig(dir string) (*config.Loaded, error) {
	path, err := g.findConfig(dir)
	if err != nil {
		return nil, err
	}
	g.logger.Debug("loading config", "file", path)
	l, err := config.LoadFile(path)
	var pe *fs.PathError
	if errors.As(err, &pe) {
		// The file cannot be read (a directory, no permission): the
		// user's to fix, not a promptc failure.
		return nil, usagef("%s: %v", path, pe.Err)
	}
	return l, err
}

// dirArg returns the optional single directory argument.
func dirArg(args []string) string {
	if len(args) > 0 {
		return args[0]
	}
	return ""
}

// newHelpCommand replaces cobra's help command, which prints a note and
// exits 0 for a topic it does not know: promptc help TOPIC is a usage
// error (exit 2) when TOPIC names no command.
func newHelpCommand(root *cobra.Command) *cobra.Command {
	return &cobra.Command{
		Use:   "help [COMMAND]",
		Short: "Help about any command",
		RunE: func(cmd *cobra.Command, args []string) error {
			target, rest, err := root.Find(args)
			if err != nil || len(rest) > 0 {
				var names []string
				for _, c := range root.Commands() {
					if c.IsAvailableCommand() {
						names = append(names, c.Name())
					}
				}
				return usagef("unknown help topic %q (commands: %s)", strings.Join(args, " "), strings.Join(names, ", "))
			}
			return target.Help()
		},
	}
}
