package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/spf13/cobra"

	"github.com/promptc/promptc/compiler"
	"github.com/promptc/promptc/compiler/baseline"
	"github.com/promptc/promptc/compiler/costs"
)

// diffFormats are the output formats of promptc diff.
var diffFormats = []string{"text", "markdown", "json"}

// diffLong is the help text of diff.
const diffLong = `diff compares the project with itself at the git ref --base (read from git
objects; the work tree is not touched) and prints, for every mode and family
whose composed prompt changed, the unified diff of the text as the model
receives it and the token change. Example model ids from promptc.cue are
shown too when their prompt changed in a way their family's does not show
(a changed model note, or a model that now gets another family or note).
A change anywhere counts: a part, an include, a family file, a note or
promptc.cue itself.

Formats: text; markdown, for a pull-request comment, one collapsed section
per distinct diff listing the prompts it reaches, cut at 60,000 characters
(GitHub refuses comments over 65,536); json, always complete. diff exits 0, or 1 when --fail-on-change names a mode
(or * for every mode) whose prompt changed.`

// diffOptions holds the flags of diff.
type diffOptions struct {
	base, format, failOn string
}

func newDiffCommand(g *globals) *cobra.Command {
	o := &diffOptions{}
	cmd := &cobra.Command{
		Use:   "diff [DIR] --base REF",
		Short: "Show how every composed prompt changed since a git ref, as the model receives it",
		Long:  diffLong,
		Args:  cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := o.validate(); err != nil {
				return err
			}
			return o.run(g, cmd, args)
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.base, "base", "", "the git ref to compare with")
	f.StringVar(&o.format, "format", "text", "output format: "+strings.Join(diffFormats, ", "))
	f.StringVar(&o.failOn, "fail-on-change", "", "exit 1 when the prompt of one of these modes (comma-separated, * for all) changed")
	addJobsFlag(cmd, g)
	return cmd
}

// validate refuses flags diff cannot run with (exit 2) before anything is
// compiled.
func (o *diffOptions) validate() error {
	if o.base == "" {
		return usagef("diff needs --base REF (a branch, tag or commit to compare with)")
	}
	if !slices.Contains(diffFormats, o.format) {
		return usagef("--format: unknown diff format %q (valid: %s)", o.format, strings.Join(diffFormats, ", "))
	}
	return nil
}

// run compiles the project and the project at --base, prints how every
// composed prompt changed, and returns a findings error when the prompt
// of a protected mode did.
func (o *diffOptions) run(g *globals, cmd *cobra.Command, args []string) error {
	p, err := g.compile(dirArg(args))
	if err != nil {
		return err
	}
	// SIGINT and SIGTERM cancel the comparison: the base is removed from
	// $TMPDIR and diff exits 128 + the signal's number, printing nothing.
	ctx, stop := signalContext(cmd.Context())
	defer stop()
	old, cleanup, err := g.compileAtRef(ctx, p, o.base)
	if err != nil {
		return err
	}
	defer cleanup()
	protected, err := o.protected(p, old)
	if err != nil {
		return err
	}
	changes := baseline.Prompts(old, p, o.base)
	if err := interruption(ctx); err != nil {
		return err
	}
	switch o.format {
	case "json":
		err = writeDiffJSON(g.stdout, o.base, changes)
	case "markdown":
		err = writeDiffMarkdown(g.stdout, o.base, changes)
	default:
		err = writeDiffText(g.stdout, o.base, changes)
	}
	if err != nil {
		return err
	}
	var hit []string
	for _, c := range changes {
		if (protected["*"] || protected[c.Mode]) && !slices.Contains(hit, c.Mode) {
			hit = append(hit, c.Mode)
		}
	}
	if len(hit) > 0 {
		fmt.Fprintf(g.stderr, "promptc: the prompt of protected mode(s) %s changed since %s\n", strings.Join(hit, ", "), o.base)
		return findingsError{len(hit)}
	}
	return nil
}

// protected returns the modes of --fail-on-change ("*" for every mode),
// each a mode of p or of old, the project at --base (nil when it has no
// promptc.cue): a protected mode's removal, or its appearance, is a
// change like any other.
func (o *diffOptions) protected(p, old *compiler.Program) (map[string]bool, error) {
	protected := map[string]bool{}
	for _, m := range strings.Split(o.failOn, ",") {
		if m = strings.TrimSpace(m); m == "" {
			continue
		}
		if _, err := p.Mode(m); err != nil && m != "*" {
			if old == nil {
				return nil, usagef("--fail-on-change: %v", err)
			}
			if _, oerr := old.Mode(m); oerr != nil {
				return nil, usagef("--fail-on-change: %v, nor at %s", err, o.base)
			}
		}
		protected[m] = true
	}
	return protected, nil
}

// title names a change: mode, family (every family for a mode that sends
// no family part) or model, and the token change.
func title(c baseline.PromptChange) string {
	span := compiler.Thousands(c.BaseTokens) + " → " + compiler.Thousands(c.Tokens)
	if s := presence(c); s != "" {
		span = s
	}
	return who(c) + " · " + tokenCount(c.Delta()) + " (" + span + ")"
}

// presence says "new" for a prompt the base does not have and "removed"
// for one the project no longer has, which "0 → 91" leaves the reader to
// infer; "" for a prompt on both sides. A prompt that exists has text
// (baseline counts an absent one 0 tokens).
func presence(c baseline.PromptChange) string {
	switch {
	case c.BaseTokens == 0 && c.Tokens > 0:
		return "new"
	case c.Tokens == 0 && c.BaseTokens > 0:
		return "removed"
	}
	return ""
}

// who names the mode and the family or model of a change.
func who(c baseline.PromptChange) string {
	switch {
	case c.Model != "":
		s := c.Mode + " · model " + c.Model + " (" + c.Family
		if c.Note != "" {
			s += ", note " + c.Note
		}
		return s + ")"
	case c.Family == costs.AnyFamily:
		return c.Mode + " · every family"
	}
	return c.Mode + " · family " + c.Family
}

func writeDiffText(w io.Writer, ref string, changes []baseline.PromptChange) error {
	var b strings.Builder
	if len(changes) == 0 {
		fmt.Fprintf(&b, "no composed prompt changed since %s\n", ref)
	}
	for _, c := range changes {
		fmt.Fprintf(&b, "== %s\n%s\n", title(c), c.Diff)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// commentLimit is the most characters the markdown form writes: GitHub
// refuses a pull-request comment longer than 65,536 characters, and the
// margin leaves room for the note on what was left out.
const commentLimit = 60_000

// writeDiffMarkdown writes a pull-request comment: a summary table with a
// row per change, then one collapsed section per distinct diff, listing
// every mode, family and model whose prompt changed by exactly that diff
// (one edit to a shared part reaches many of them the same way). Sections
// that would take the comment past commentLimit are left out, with a note
// saying how many and where to see them.
func writeDiffMarkdown(w io.Writer, ref string, changes []baseline.PromptChange) error {
	var b strings.Builder
	fmt.Fprintf(&b, "### Prompt changes since `%s`\n\n", ref)
	if len(changes) == 0 {
		b.WriteString("No composed prompt changed.\n")
		_, err := io.WriteString(w, b.String())
		return err
	}
	b.WriteString("| mode | family | model | tokens | change |\n| --- | --- | --- | --- | --- |\n")
	size := utf8.RuneCountInString(b.String())
	for i, c := range changes {
		span := compiler.Thousands(c.BaseTokens) + " → " + compiler.Thousands(c.Tokens)
		switch presence(c) {
		case "new":
			span = "new: " + compiler.Thousands(c.Tokens)
		case "removed":
			span = "removed (was " + compiler.Thousands(c.BaseTokens) + ")"
		}
		row := fmt.Sprintf("| %s | %s | %s | %s | %s |\n", c.Mode, c.Family, c.Model, span, signedInt(c.Delta()))
		if size+utf8.RuneCountInString(row) > commentLimit {
			fmt.Fprintf(&b, "\n_%d more changed prompt(s) and every diff are left out: the comment would pass GitHub's 65,536-character limit. `promptc diff --base %s` (text or json) shows them all._\n", len(changes)-i, ref)
			_, err := io.WriteString(w, b.String())
			return err
		}
		b.WriteString(row)
		size += utf8.RuneCountInString(row)
	}
	type group struct {
		hunks   string
		members []baseline.PromptChange
	}
	var groups []*group
	byHunks := map[string]*group{}
	for _, c := range changes {
		h := hunks(c.Diff)
		g := byHunks[h]
		if g == nil {
			g = &group{hunks: h}
			byHunks[h] = g
			groups = append(groups, g)
		}
		g.members = append(g.members, c)
	}
	for i, g := range groups {
		var s strings.Builder
		modes, reach := reached(g.members)
		fmt.Fprintf(&s, "\n<details><summary>%s · %s</summary>\n\n%s\n", strings.Join(modes, ", "), plural(len(g.members), "prompt"), reach)
		// A fence longer than any backtick run in the diff keeps it
		// intact.
		fence := strings.Repeat("`", max(3, longestRun(g.hunks, '`')+1))
		fmt.Fprintf(&s, "\n%sdiff\n%s%s\n\n</details>\n", fence, g.hunks, fence)
		n := utf8.RuneCountInString(s.String())
		if size+n > commentLimit {
			left := 0
			for _, o := range groups[i:] {
				left += len(o.members)
			}
			fmt.Fprintf(&b, "\n_%d more diff(s), for %d prompt(s), are left out: the comment would pass GitHub's 65,536-character limit. `promptc diff --base %s` (text or json) shows them all._\n", len(groups)-i, left, ref)
			break
		}
		b.WriteString(s.String())
		size += n
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// hunks returns a unified diff without its two file header lines: the part
// that is the same for every prompt one edit changed the same way.
func hunks(diff string) string {
	for range 2 {
		if _, rest, ok := strings.Cut(diff, "\n"); ok {
			diff = rest
		}
	}
	return diff
}

// reached lists the modes of changes in order, and a line naming, per
// mode, the families and models they reach: "**focus**: claude, model
// claude-opus-4 (note Opus) · **guide**: every family".
func reached(changes []baseline.PromptChange) ([]string, string) {
	var modes []string
	who := map[string][]string{}
	for _, c := range changes {
		if _, ok := who[c.Mode]; !ok {
			modes = append(modes, c.Mode)
		}
		name := c.Family
		switch {
		case c.Model != "" && c.Note != "":
			name = "model " + c.Model + " (" + c.Family + ", note " + c.Note + ")"
		case c.Model != "":
			name = "model " + c.Model + " (" + c.Family + ")"
		case c.Family == costs.AnyFamily:
			name = "every family"
		}
		who[c.Mode] = append(who[c.Mode], name)
	}
	parts := make([]string, len(modes))
	for i, m := range modes {
		parts[i] = "**" + m + "**: " + strings.Join(who[m], ", ")
	}
	return modes, strings.Join(parts, " · ")
}

// plural is n with its noun: "1 prompt", "2 prompts".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return compiler.Thousands(n) + " " + noun + "s"
}

func longestRun(s string, r byte) int {
	best, n := 0, 0
	for i := 0; i < len(s); i++ {
		if s[i] == r {
			n++
			best = max(best, n)
		} else {
			n = 0
		}
	}
	return best
}

func writeDiffJSON(w io.Writer, ref string, changes []baseline.PromptChange) error {
	if changes == nil {
		changes = []baseline.PromptChange{}
	}
	b, err := json.MarshalIndent(struct {
		Base    string                  `json:"base"`
		Changes []baseline.PromptChange `json:"changes"`
	}{ref, changes}, "", "  ")
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "%s\n", b)
	return err
}
