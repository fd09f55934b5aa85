package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/promptc/promptc/compiler"
	"github.com/promptc/promptc/compiler/family"
)

// resolved is the JSON form of one resolution: how the family was decided
// and which model note the id selects.
type resolved struct {
	family.Resolution
	Note      string `json:"note,omitempty"`
	NoteRegex string `json:"notePattern,omitempty"`
	// Parts lists the conditional parts the id gets.
	Parts []string `json:"parts,omitempty"`
	// Settings gives each per-model setting's value, sorted by name (in a
	// project that declares settings).
	Settings []settingResolved `json:"settings,omitempty"`
}

// settingResolved is the JSON form of one setting's value for a model id
// and the rule that decided it.
type settingResolved struct {
	Name  string `json:"name"`
	Value string `json:"value"`
	// By is how its rule matched, as a family's ("name", "id", "all",
	// "provider"), or "default" when no rule did.
	By string `json:"by"`
	// Rule is the index of the deciding rule in the setting's rules, -1
	// for the default.
	Rule    int    `json:"rule"`
	Pattern string `json:"pattern,omitempty"`
	Matched string `json:"matched,omitempty"`
	// Why is the decision in words, as the text format shows it.
	Why string `json:"why"`
}

// text is the setting as the text format's SETTINGS column shows it.
func (s settingResolved) text() string {
	return fmt.Sprintf("%s=%s (%s)", s.Name, s.Value, s.Why)
}

func newResolveCommand(g *globals) *cobra.Command {
	var format, provider string
	cmd := &cobra.Command{
		Use:   "resolve [DIR] MODEL...",
		Short: "Show which family and model note each model id resolves to, and why",
		Long: `resolve prints, for each model id, its name and provider parts, the family
and the rule that decided it, the model note it selects with its pattern, and
(in a project with conditional parts) the conditional parts it gets, and (in
a project with settings) each per-model setting's value and the rule that
decided it, or the setting's default.

DIR is the project directory (the one holding promptc.cue), as for every
command; without it the nearest promptc.cue above the working directory is
used. The first argument is taken as DIR when it is a directory.

--provider P resolves each MODEL as a generated package's
Request{Provider: P, Model: MODEL} does: the id is P/MODEL, and provider
patterns see P alone, never a segment of MODEL (openrouter with
openai/gpt-4o: "^openai$" does not match; the name gpt-4o still does).`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			dir, ids := splitDirArg(args)
			if len(ids) == 0 {
				return usagef("%s is a directory: name the model ids after it (promptc resolve %s MODEL...)", dir, dir)
			}
			return runResolve(g, format, provider, dir, ids)
		},
	}
	cmd.Flags().StringVar(&format, "format", "text", "output format: text or json")
	cmd.Flags().StringVar(&provider, "provider", "", "the provider each model id is served by, given apart from it")
	addJobsFlag(cmd, g)
	return cmd
}

// runResolve compiles the project found from dir and prints how each
// model id of ids resolves (under provider, when not ""), in format. The format is checked after compiling, as it always
// has been: a project that does not compile reports that first.
func runResolve(g *globals, format, provider, dir string, ids []string) error {
	p, err := g.compile(dir)
	if err != nil {
		return err
	}
	out := resolveIDs(p, provider, ids)
	switch format {
	case "json":
		b, err := json.MarshalIndent(map[string]any{"resolutions": out}, "", "  ")
		if err != nil {
			return err
		}
		fmt.Fprintf(g.stdout, "%s\n", b)
	case "text":
		writeResolved(g.stdout, p, out)
	default:
		return usagef("unknown format %q for resolve (valid: text, json)", format)
	}
	return nil
}

// resolveIDs resolves each model id of ids, served by provider ("" when
// none is given apart), in p: its family, note, conditional parts and
// settings. Notes and conditional parts match the whole id.
func resolveIDs(p *compiler.Program, provider string, models []string) []resolved {
	var out []resolved
	for _, model := range models {
		r := resolved{Resolution: p.Resolver.ResolveFor(provider, model)}
		id := r.ModelID
		if r.Providers == nil {
			r.Providers = []string{}
		}
		if f := p.Families[r.Family]; f != nil {
			if i := f.NoteFor(id); i >= 0 {
				r.Note, r.NoteRegex = f.Notes[i].Label, f.Notes[i].Literal
			}
		}
		r.Parts = p.ConditionalParts(id)
		for _, name := range slices.Sorted(maps.Keys(p.Settings)) {
			res := p.Settings[name].ResolveFor(provider, model)
			sr := settingResolved{Name: name, Value: res.Family, By: res.By, Rule: res.Rule, Pattern: res.Pattern, Matched: res.Matched, Why: res.SettingWhy()}
			if res.By == family.ByFallback {
				sr.By = "default"
			}
			r.Settings = append(r.Settings, sr)
		}
		out = append(out, r)
	}
	return out
}

// writeResolved prints the resolutions out of p as a table, with a parts
// column for a project with conditional parts and a settings column for
// one with settings.
func writeResolved(w io.Writer, p *compiler.Program, out []resolved) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	// The parts column only for a project with conditional
	// parts.
	withParts := p.HasConditional()
	head := "MODEL\tNAME\tPROVIDER\tFAMILY\tDECIDED BY\tNOTE"
	if withParts {
		head += "\tPARTS"
	}
	withSettings := len(p.Settings) > 0
	if withSettings {
		head += "\tSETTINGS"
	}
	fmt.Fprintln(tw, head)
	for _, r := range out {
		note := "-"
		if r.Note != "" {
			note = fmt.Sprintf("%q %s", r.Note, r.NoteRegex)
		}
		prov := strings.Join(r.Providers, "/")
		if prov == "" {
			prov = "-"
		}
		line := fmt.Sprintf("%s\t%s\t%s\t%s\t%s\t%s", r.ModelID, r.Name, prov, r.Family, r.Why(), note)
		if withParts {
			parts := strings.Join(r.Parts, ", ")
			if parts == "" {
				parts = "-"
			}
			line += "\t" + parts
		}
		if withSettings {
			var set []string
			for _, sr := range r.Settings {
				set = append(set, sr.text())
			}
			line += "\t" + strings.Join(set, "; ")
		}
		fmt.Fprintln(tw, line)
	}
	tw.Flush()
}
