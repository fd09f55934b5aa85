package cli

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"text/tabwriter"

	"github.com/promptc/promptc/compiler"
	"github.com/promptc/promptc/compiler/baseline"
	"github.com/promptc/promptc/internal/diag"
)

// costsAgainst prints the costs of p beside those of the same project at
// git ref and fails when a cell grows past limit (when set).
//
// SIGINT and SIGTERM cancel the comparison: the base is removed from
// $TMPDIR and the command exits 128 + the signal's number.
func (g *globals) costsAgainst(ctx context.Context, p *compiler.Program, ref string, limit *baseline.Limit, maxIncrease string) error {
	ctx, stop := signalContext(ctx)
	defer stop()
	old, cleanup, err := g.compileAtRef(ctx, p, ref)
	if err != nil {
		return err
	}
	defer cleanup()
	if err := interruption(ctx); err != nil {
		return err
	}
	if old == nil && limit != nil {
		fmt.Fprintf(g.stderr, "promptc: note: every cell is new since %s, and --max-increase gates only cells the base has\n", ref)
	}

	tw := tabwriter.NewWriter(g.stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "MODE\tFAMILY\t%s\tNOW\tCHANGE\t%%\tPREFIX\n", strings.ToUpper(ref))
	var over []string
	for _, c := range baseline.Cells(old, p) {
		switch {
		case c.New:
			fmt.Fprintf(tw, "%s\t%s\t-\t%s\tnew\t\t\n", c.Mode, c.Family, compiler.Thousands(c.Now))
			continue
		case c.Removed:
			fmt.Fprintf(tw, "%s\t%s\t%s\t-\tremoved\t\t\n", c.Mode, c.Family, compiler.Thousands(c.Base))
			continue
		}
		prefix := "same"
		if c.PrefixChanged {
			prefix = "changed (provider caches invalidated)"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%+.1f%%\t%s\n", c.Mode, c.Family, compiler.Thousands(c.Base), compiler.Thousands(c.Now), signedInt(c.Delta()), c.Percent(), prefix)
		if limit != nil && limit.Exceeds(c) {
			over = append(over, fmt.Sprintf("%s/%s %s (%+.1f%%)", c.Mode, c.Family, tokenCount(c.Delta()), c.Percent()))
		}
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if changed := baseline.ChangedParts(old, p); len(changed) > 0 {
		fmt.Fprintf(g.stdout, "\nchanged parts: %s\n", strings.Join(changed, ", "))
	}
	if len(over) > 0 {
		fmt.Fprintf(g.stderr, "promptc: %d cell(s) grew by more than %s since %s: %s\n", len(over), maxIncrease, ref, strings.Join(over, "; "))
		return findingsError{len(over)}
	}
	return nil
}

func signedInt(n int) string {
	if n > 0 {
		return "+" + compiler.Thousands(n)
	}
	return compiler.Thousands(n)
}

// tokenCount is a signed token change with its unit: "+1 token",
// "-12 tokens".
func tokenCount(n int) string {
	if n == 1 || n == -1 {
		return signedInt(n) + " token"
	}
	return signedInt(n) + " tokens"
}

// compileAtRef compiles the project of p as it is at git ref (see
// baseline.CompileAt); a bad ref is the user's mistake, a usage error. It
// notes on stderr a project that does not exist at ref (every prompt and
// cell is new) and a base with errors, which is compared as it composed
// there, so that a comparison with a broken base is never taken for a
// clean one.
func (g *globals) compileAtRef(ctx context.Context, p *compiler.Program, ref string) (*compiler.Program, func(), error) {
	old, cleanup, err := baseline.CompileAt(ctx, p, ref)
	if err := interruption(ctx); err != nil {
		return nil, nil, err // CompileAt removed the base
	}
	var re *baseline.RefError
	if errors.As(err, &re) {
		return nil, nil, usageError{err}
	}
	if err != nil {
		return nil, nil, err
	}
	if old == nil {
		fmt.Fprintf(g.stderr, "promptc: note: the project does not exist at %s (no %s there): everything is new\n", ref, filepath.Base(p.Loaded.File))
		return nil, cleanup, nil
	}
	var errs []diag.Diagnostic
	for _, d := range old.Diagnostics() {
		if d.Severity == diag.Error {
			errs = append(errs, d)
		}
	}
	if len(errs) > 0 {
		fmt.Fprintf(g.stderr, "promptc: warning: the project at %s has %d error(s); it is compared as it composed there:\n", ref, len(errs))
		for _, d := range errs {
			fmt.Fprintf(g.stderr, "  %s\n", d)
		}
	}
	return old, cleanup, nil
}
