package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/promptc/promptc/compiler"
	"github.com/promptc/promptc/compiler/baseline"
)

// diffFormats are the output formats of promptc diff.
var diffFormats = []string{"text", "markdown", "json"}

func newDiffCommand(g *globals) *cobra.Command {
	var base, format, failOn string
	cmd := &cobra.Command{
		Use:   "diff [DIR] --base REF",
		Short: "Show how every composed prompt changed since a git ref, as the model receives it",
		Long: `diff compares the project with itself at the git ref --base (read from git
objects; the work tree is not touched) and prints, for every mode and family
whose composed prompt changed, the unified diff of the text as the model
receives it and the token change. Example model ids from promptc.cue are
shown too when their prompt changed in a way their family's does not show
(a changed model note, or a model that now gets another family or note).
A change anywhere counts: a part, an include, a family file, a note or
promptc.cue itself.

Formats: text; markdown, for a pull-request comment, one collapsed section
per family; json. diff exits 0, or 1 when --fail-on-change names a mode
(or * for every mode) whose prompt changed.`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if base == "" {
				return usagef("diff needs --base REF (a branch, tag or commit to compare with)")
			}
			if !slices.Contains(diffFormats, format) {
				return usagef("--format: unknown diff format %q (valid: %s)", format, strings.Join(diffFormats, ", "))
			}
			p, err := g.compile(dirArg(args))
			if err != nil {
				return err
			}
			protected := map[string]bool{}
			for _, m := range strings.Split(failOn, ",") {
				if m = strings.TrimSpace(m); m == "" {
					continue
				}
				if _, err := p.Mode(m); err != nil && m != "*" {
					return usagef("--fail-on-change: %v", err)
				}
				protected[m] = true
			}
			old, cleanup, err := compileAtRef(p, base)
			if err != nil {
				return err
			}
			defer cleanup()
			changes := baseline.Prompts(old, p, base)
			switch format {
			case "json":
				err = writeDiffJSON(g.stdout, base, changes)
			case "markdown":
				err = writeDiffMarkdown(g.stdout, base, changes)
			default:
				err = writeDiffText(g.stdout, base, changes)
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
				fmt.Fprintf(g.stderr, "promptc: the prompt of protected mode(s) %s changed since %s\n", strings.Join(hit, ", "), base)
				return findingsError{len(hit)}
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&base, "base", "", "the git ref to compare with")
	f.StringVar(&format, "format", "text", "output format: "+strings.Join(diffFormats, ", "))
	f.StringVar(&failOn, "fail-on-change", "", "exit 1 when the prompt of one of these modes (comma-separated, * for all) changed")
	addJobsFlag(cmd, g)
	return cmd
}

// title names a change: mode, family or model, and the token change.
func title(c baseline.PromptChange) string {
	who := "family " + c.Family
	if c.Model != "" {
		who = "model " + c.Model + " (" + c.Family
		if c.Note != "" {
			who += ", note " + c.Note
		}
		who += ")"
	}
	return fmt.Sprintf("%s · %s · %s tokens (%s → %s)", c.Mode, who, signedInt(c.Delta()),
		compiler.Thousands(c.BaseTokens), compiler.Thousands(c.Tokens))
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

// writeDiffMarkdown writes a pull-request comment: a summary table, then
// one collapsed section per family holding the diffs of all its modes.
func writeDiffMarkdown(w io.Writer, ref string, changes []baseline.PromptChange) error {
	var b strings.Builder
	fmt.Fprintf(&b, "### Prompt changes since `%s`\n\n", ref)
	if len(changes) == 0 {
		b.WriteString("No composed prompt changed.\n")
		_, err := io.WriteString(w, b.String())
		return err
	}
	b.WriteString("| mode | family | model | tokens | change |\n| --- | --- | --- | --- | --- |\n")
	var families []string
	for _, c := range changes {
		fmt.Fprintf(&b, "| %s | %s | %s | %s → %s | %s |\n", c.Mode, c.Family, c.Model,
			compiler.Thousands(c.BaseTokens), compiler.Thousands(c.Tokens), signedInt(c.Delta()))
		if !slices.Contains(families, c.Family) {
			families = append(families, c.Family)
		}
	}
	slices.Sort(families)
	for _, fam := range families {
		fmt.Fprintf(&b, "\n<details><summary>%s</summary>\n\n", fam)
		for _, c := range changes {
			if c.Family != fam {
				continue
			}
			// A fence longer than any backtick run in the diff keeps it
			// intact.
			fence := strings.Repeat("`", max(3, longestRun(c.Diff, '`')+1))
			fmt.Fprintf(&b, "**%s**\n\n%sdiff\n%s%s\n\n", title(c), fence, c.Diff, fence)
		}
		b.WriteString("</details>\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
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
