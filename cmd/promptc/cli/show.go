package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"os"
	"path"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/spf13/cobra"

	"github.com/promptc/promptc/compiler"
	"github.com/promptc/promptc/internal/config"
	"github.com/promptc/promptc/internal/diag"
	"github.com/promptc/promptc/lint/secret"
)

// previewChars bounds each section's preview unless --show-full is given.
const previewChars = 160

type shownSection struct {
	Name        string `json:"name"`
	Description string `json:"description,omitempty"`
	Slot        bool   `json:"slot,omitempty"`
	Source      string `json:"source,omitempty"`
	Bytes       int    `json:"bytes"`
	Chars       int    `json:"chars"`
	Tokens      int    `json:"tokens"`
	// Before is the mode's before for this section, when it declares
	// one and the section is not the first.
	Before  *string `json:"before,omitempty"`
	Preview string  `json:"preview"`
}

type shown struct {
	Profile      string         `json:"profile,omitempty"`
	Permission   string         `json:"permission,omitempty"`
	Mode         string         `json:"mode"`
	Family       string         `json:"family"`
	Model        string         `json:"model,omitempty"`
	Note         string         `json:"note,omitempty"`
	Separator    string         `json:"separator"`
	FinalNewline bool           `json:"finalNewline"`
	End          string         `json:"end,omitempty"`
	Counter      string         `json:"counter"`
	Bytes        int            `json:"bytes"`
	Chars        int            `json:"chars"`
	Tokens       int            `json:"tokens"`
	Sections     []shownSection `json:"sections"`
	Text         string         `json:"text,omitempty"`
}

// showLong is the help text of show.
var showLong = `show composes one mode (default: defaultMode of promptc.cue) for a family
choice and a model id, and prints each section's name, source file:line,
bytes, characters and tokens, with a preview cut to ` + fmt.Sprint(previewChars) + ` characters.
--family auto (the default) takes the family the model id resolves to (the
fallback family without --model); an explicit --family wins over the model,
which still selects that family's own model note. --show-full prints the
whole composed text instead of previews, exactly as sent, followed by a
newline when the text does not end with one. Credential-like values (API keys,
tokens, password=, secret= and token= assignments) are redacted in previews
and in the full text; --no-redact prints them as they are. Sizes are always
those of the text as sent. --slots FILE supplies slot text, and the values
of run-time placeholders, as a JSON object {"name": "text"}. --profile and
--input NAME=VALUE (repeatable) and --inputs FILE (a JSON object of input
name to value; lists as arrays of records) give the run-time inputs that
template parts render with and when conditions test; an input not given
takes its zero value ("", false, an empty list), as in the generated
package's Inputs. --permit compose in a profile and for a session under a permission set (the
tools part lists only the tools it permits), as the generated
ComposeProfile does. --mode custom, in a project that declares custom:,
previews the custom mode from custom.example as the generated LoadCustom
reads a user's file, followed by the slots every mode sends; {{cwd}} takes
the value of "cwd" in --slots. show is read-only.`

// showOptions holds the flags of show.
type showOptions struct {
	mode, fam, model, slotsFile, format string
	inputsFile                          string
	inputFlags                          []string
	full, noRedact                      bool
}

func newShowCommand(g *globals) *cobra.Command {
	o := &showOptions{}
	cmd := &cobra.Command{
		Use:   "show [DIR] [--mode MODE] [--family F|auto] [--model ID]",
		Short: "Print the composed prompt of a mode, section by section, with sources and sizes",
		Long:  showLong,
		Args:  cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := o.validate(); err != nil {
				return err
			}
			return o.run(g, args)
		},
	}
	o.addFlags(cmd, g)
	return cmd
}

// addFlags defines show's flags on cmd, binding them to o (and the
// profile, permission set and jobs to g).
func (o *showOptions) addFlags(cmd *cobra.Command, g *globals) {
	f := cmd.Flags()
	f.StringVar(&o.mode, "mode", "", "the mode to compose (aliases accepted)")
	f.StringVar(&o.fam, "family", compiler.Auto, "the family: auto follows --model, a family name wins over it")
	f.StringVar(&o.model, "model", "", "the model id: resolves the family under auto and selects the model note")
	f.StringVar(&o.slotsFile, "slots", "", "JSON file of slot name to text")
	f.StringArrayVar(&o.inputFlags, "input", nil, "a run-time input, NAME=VALUE (true or false for a bool); repeatable")
	f.StringVar(&o.inputsFile, "inputs", "", "JSON file of run-time input name to value")
	f.BoolVar(&o.full, "show-full", false, "print the whole composed text, not previews")
	f.BoolVar(&o.noRedact, "no-redact", false, "print credential-like values as they are")
	f.StringVar(&g.profile, "profile", "", "compile in this profile (default: profiles.default)")
	f.StringVar(&g.permission, "permit", "", "compose for a session under this permission set (default: permissions.default)")
	f.StringVar(&o.format, "format", "text", "output format: text or json")
	addJobsFlag(cmd, g)
}

// validate refuses flags whose values are wrong before anything is
// compiled (a usage error, exit 2).
func (o *showOptions) validate() error {
	if o.format != "text" && o.format != "json" {
		return usagef("unknown format %q for show (valid: text, json)", o.format)
	}
	return nil
}

// run compiles the project in args, composes the mode and prints it.
func (o *showOptions) run(g *globals, args []string) error {
	p, err := g.compile(dirArg(args))
	if err != nil {
		return err
	}
	out, err := o.compose(p)
	if err != nil {
		return err
	}
	if o.format == "json" {
		b, err := json.MarshalIndent(out, "", "  ")
		if err != nil {
			return err
		}
		fmt.Fprintf(g.stdout, "%s\n", b)
		return nil
	}
	if o.full {
		// The text as the mode sends it; a newline ends the output when
		// the text does not already end with one.
		fmt.Fprint(g.stdout, out.Text)
		if !strings.HasSuffix(out.Text, "\n") {
			fmt.Fprintln(g.stdout)
		}
		return nil
	}
	writeShown(g.stdout, out)
	return nil
}

// compose composes the mode of the flags in p for their family choice,
// model, slots and inputs, and describes the result section by section.
func (o *showOptions) compose(p *compiler.Program) (shown, error) {
	if o.mode == "" {
		o.mode = p.Config.DefaultMode
	}
	// The custom mode is not a mode of promptc.cue: it is previewed from
	// custom.example. A project without custom: may still have a mode of
	// that name, which p.Mode finds.
	custom := o.mode == compiler.CustomModeName && p.Config.Custom != nil
	var m *compiler.Mode
	var err error
	if custom {
		if m, err = customMode(p); err != nil {
			return shown{}, err
		}
	} else if m, err = p.Mode(o.mode); err != nil {
		return shown{}, usageError{unknownMode(p, o.mode, err)}
	}
	// The family choice gives the family and the note the model selects
	// in it; the model id alone gives the conditional parts (none without
	// one).
	c, err := p.Select(o.fam, o.model)
	if err != nil {
		return shown{}, usageError{err}
	}
	slots, err := readSlots(p, o.slotsFile, custom)
	if err != nil {
		return shown{}, err
	}
	// Run-time placeholders take their values from the same file.
	c.Runtime = func(name string) string { return slots[name] }
	given, err := readInputs(p, o.inputsFile, o.inputFlags)
	if err != nil {
		return shown{}, err
	}
	if c.Inputs, err = p.InputValues(given); err != nil {
		return shown{}, usagef("inputs: %v", err)
	}
	var secs []compiler.Section
	customDesc := ""
	if custom {
		sec, desc, err := customSection(p, slots)
		if err != nil {
			return shown{}, err
		}
		secs, customDesc = append(secs, sec), desc
	}
	// The custom mode's compose lists its slots only (customMode).
	secs = append(secs, p.Sections(m, c, slots)...)
	text := m.Join(secs)
	redact := secret.Redact
	if o.noRedact {
		redact = func(s string) string { return s }
	}
	f, note := c.Family, c.Note
	out := shown{Profile: p.Profile(), Permission: p.Permission(), Mode: m.Name, Family: f.Name, Model: o.model, Counter: p.Counter.Name(),
		Separator: m.Config.Separator, FinalNewline: m.Config.FinalNewline, End: m.Config.Ending(),
		Bytes: len(text), Chars: utf8.RuneCountInString(text), Tokens: p.Counter.Count(text)}
	// The custom mode sends no family text, so no note is in it.
	if note >= 0 && !custom && p.UsesNotes(m) {
		out.Note = f.Notes[note].Label
	}
	out.addSections(p, m, secs, redact, customDesc)
	if o.full {
		out.Text = redact(text)
	}
	return out, nil
}

// addSections describes each non-empty section of secs, composed by m in
// p, with its preview redacted by redact. customDesc, when not "",
// describes the custom mode's own section, which is no part of promptc.cue.
func (out *shown) addSections(p *compiler.Program, m *compiler.Mode, secs []compiler.Section, redact func(string) string, customDesc string) {
	for _, s := range secs {
		if s.Text == "" {
			continue
		}
		desc := p.Config.Parts[s.Name].Description
		switch {
		case s.Slot:
			desc = p.Config.Slots[s.Name].Description
		case customDesc != "" && s.Name == compiler.CustomModeName:
			desc = customDesc
		}
		ss := shownSection{Name: s.Name, Description: desc, Slot: s.Slot, Bytes: len(s.Text), Chars: utf8.RuneCountInString(s.Text),
			Tokens: p.Counter.Count(s.Text), Preview: preview(redact(s.Text))}
		if b, ok := m.Config.Before[s.Name]; ok && len(out.Sections) > 0 {
			ss.Before = &b
		}
		if !s.Slot && s.Pos.Path != "" {
			ss.Source = fmt.Sprintf("%s:%d", s.Pos.Path, s.Pos.Line)
		}
		out.Sections = append(out.Sections, ss)
	}
}

// customCwd is the name of the value the custom mode's {{cwd}} expands to.
// The generated LoadCustom expands it to the project directory it is
// given, which only the harness knows, so show takes it from --slots as it
// takes the values of run-time placeholders.
const customCwd = "cwd"

// readSlots reads --slots FILE, a JSON object of slot or run-time
// placeholder name to text; no file gives no slots. custom also accepts
// customCwd, the value of the custom mode's {{cwd}}.
func readSlots(p *compiler.Program, file string, custom bool) (map[string]string, error) {
	slots := map[string]string{}
	if file == "" {
		return slots, nil
	}
	b, err := os.ReadFile(file)
	if err != nil {
		return nil, usagef("--slots: %v", err)
	}
	if err := json.Unmarshal(b, &slots); err != nil {
		return nil, usagef("--slots %s: want a JSON object of slot name to text: %v", file, err)
	}
	for name := range slots {
		_, slot := p.Config.Slots[name]
		ph, ok := p.Config.Placeholders[name]
		if !slot && (!ok || ph.Runtime == nil) && !(custom && name == customCwd) {
			return nil, usagef("--slots %s: %q is not a slot or a run-time placeholder of promptc.cue", file, name)
		}
	}
	return slots, nil
}

// writeShown prints out as text: a heading line with the totals, then
// each section's sizes, description and preview.
func writeShown(w io.Writer, out shown) {
	// The profile and permission set come first when the project declares
	// them: the same mode reads differently in each.
	head := fmt.Sprintf("%s · family %s", out.Mode, out.Family)
	if out.Permission != "" {
		head = "permission set " + out.Permission + " · " + head
	}
	if out.Profile != "" {
		head = "profile " + out.Profile + " · " + head
	}
	if out.Note != "" {
		head += fmt.Sprintf(" · note %q", out.Note)
	}
	fmt.Fprintf(w, "%s · %s bytes · %s characters · %s tokens (%s)\n", head, compiler.Thousands(out.Bytes), compiler.Thousands(out.Chars), compiler.Thousands(out.Tokens), out.Counter)
	for _, s := range out.Sections {
		src := s.Source
		if s.Slot {
			src = "slot"
		}
		fmt.Fprintf(w, "\n## %s  %s  %s bytes  %s chars  %s tokens\n", s.Name, src, compiler.Thousands(s.Bytes), compiler.Thousands(s.Chars), compiler.Thousands(s.Tokens))
		if s.Description != "" {
			fmt.Fprintf(w, "(%s)\n", s.Description)
		}
		fmt.Fprintln(w, s.Preview)
	}
}

// readInputs reads the run-time inputs of --inputs FILE and then of each
// --input NAME=VALUE, which wins over the file. A flag's value is text,
// or for a bool input true or false.
func readInputs(p *compiler.Program, file string, flags []string) (map[string]any, error) {
	given := map[string]any{}
	if file != "" {
		b, err := os.ReadFile(file)
		if err != nil {
			return nil, usagef("--inputs: %v", err)
		}
		// encoding/json would turn invalid UTF-8 into U+FFFD unseen: the
		// text must be valid to be checked as given.
		if !utf8.Valid(b) {
			return nil, usagef("--inputs %s: the file is not valid UTF-8 (at byte %d); inputs are text: save it as UTF-8", file, invalidAt(b))
		}
		if err := json.Unmarshal(b, &given); err != nil {
			return nil, usagef("--inputs %s: want a JSON object of input name to value: %v", file, err)
		}
	}
	for _, kv := range flags {
		name, val, ok := strings.Cut(kv, "=")
		if !ok {
			return nil, usagef("--input %s: write NAME=VALUE", kv)
		}
		in, ok := p.Config.Inputs[name]
		switch {
		case !ok:
			given[name] = val // InputValues names the declared inputs
		case in.Type == config.InputBool:
			b, err := strconv.ParseBool(val)
			if err != nil || (val != "true" && val != "false") {
				return nil, usagef("--input %s: input %s is a bool: write true or false", kv, name)
			}
			given[name] = b
		case in.Type == config.InputList:
			return nil, usagef("--input %s: input %s is a list: give it in --inputs FILE as an array of records", kv, name)
		default:
			given[name] = val
		}
	}
	return given, nil
}

// invalidAt is the offset of the first byte of b that is not valid UTF-8.
func invalidAt(b []byte) int {
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n <= 1 {
			return i
		}
		i += n
	}
	return len(b)
}

// preview cuts text to previewChars characters on one line.
func preview(text string) string {
	t := strings.Join(strings.Fields(text), " ")
	if r := []rune(t); len(r) > previewChars {
		t = string(r[:previewChars-1]) + "…"
	}
	return t
}

// unknownMode words the error of p.Mode for show: a project that declares
// custom: has the custom mode too, which p.Mode does not know, so the
// valid names include it; a project without custom: is told that
// "custom" needs it.
func unknownMode(p *compiler.Program, name string, err error) error {
	if p.Config.Custom == nil {
		if name == compiler.CustomModeName {
			return fmt.Errorf("%w; the custom mode needs custom: in promptc.cue", err)
		}
		return err
	}
	names := append(p.ModeNames(false), compiler.CustomModeName)
	names = append(names, slices.Sorted(maps.Keys(p.Config.Aliases))...)
	return fmt.Errorf("unknown mode %q (valid: %s)", name, strings.Join(names, ", "))
}

// customMode is the custom mode as the generated package composes it,
// for p's profile: the user's text (customSection), then the slots that
// every mode in order sends, in the order the first of them sends them
// (every mode, when order is empty), joined by a blank line with nothing
// after the last. Its Compose lists the slots only. Without
// custom.example there is no text to preview: a usage error.
func customMode(p *compiler.Program) (*compiler.Mode, error) {
	if p.Config.Custom.Example == "" {
		return nil, usagef("--mode %s: promptc.cue declares custom: without custom.example; set custom.example to an example custom file to preview the custom mode", compiler.CustomModeName)
	}
	cm := &compiler.Mode{Name: compiler.CustomModeName, Rank: -1, Config: config.Mode{Name: compiler.CustomModeName, Separator: "\n\n"}}
	for _, name := range compiler.CustomSlots(p) {
		cm.Config.Compose = append(cm.Config.Compose, config.Ref{Name: name, Kind: "slot"})
	}
	return cm, nil
}

// customSection is the custom mode's own section, read from custom.example
// as the generated LoadCustom reads a user's file (the same code splits off
// the frontmatter and the name), with {{cwd}} expanded to the cwd value of
// slots; and its description. The build has checked the example (inside
// the project, within maxBytes, with instructions), and refused to go on
// otherwise, so its text is what LoadCustom would send.
func customSection(p *compiler.Program, slots map[string]string) (compiler.Section, string, error) {
	c := p.Config.Custom
	f := p.Files[path.Clean(c.Example)]
	if f == nil {
		// Compile records every file it read, the example included, and
		// reports an example it could not read as an error.
		return compiler.Section{}, "", fmt.Errorf("custom example %s was not read by the build", c.Example)
	}
	name, body := compiler.CustomName(f.Text)
	// body is f.Text without the frontmatter and the blank lines around:
	// its last occurrence starts on its line of the file.
	line := 1 + strings.Count(f.Text[:max(strings.LastIndex(f.Text, body), 0)], "\n")
	desc := fmt.Sprintf("The user's own instructions, read from %s in their project; previewed from custom.example", c.File)
	if name != "" {
		desc += fmt.Sprintf(", named %q", name)
	}
	return compiler.Section{Name: compiler.CustomModeName, Text: strings.ReplaceAll(body, "{{cwd}}", slots[customCwd]),
		Pos: diag.Position{Path: f.Path, Line: line, Col: 1}}, desc + ".", nil
}
