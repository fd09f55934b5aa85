package cli

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/spf13/cobra"

	"github.com/promptc/promptc/compiler"
	"github.com/promptc/promptc/compiler/genruntime"
	"github.com/promptc/promptc/internal/config"
	"github.com/promptc/promptc/internal/diag"
	"github.com/promptc/promptc/internal/regular"
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
	// Before is what the mode declares to go before this section, when
	// the section is not the first: the after text for the section that
	// precedes it, else the section's before.
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
	// Capability is the capability line of the profile and permission
	// set with every tool it names present (the generated package's
	// CapabilityLine without Allowed), when tools.capability declares one.
	Capability *string `json:"capability,omitempty"`
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
package's Inputs, and an enum input may be given as "" (none).
--provider P with --model ID resolves P/ID, as the generated Request with
Provider and Model does. --permit compose in a profile and for a session under a permission set (the
tools part lists only the tools it permits), as the generated
ComposeProfile does. --mode custom, in a project that declares custom:,
previews the custom mode from custom.example, or from the file --custom
FILE names, as the generated LoadCustom reads a user's file (a file it
refuses previews the fallback it sends, with the reason), followed by the
slots every mode sends; {{cwd}} takes the value of "cwd" in --slots.
--requests FILE composes many requests in one run: each line of FILE is a
JSON object {"mode", "family", "provider", "model", "slots", "inputs",
"custom"} (each optional, as the flags of the same names), and show prints
for each, in order, one line of JSON as --format json --show-full prints
it. show is read-only.`

// showOptions holds the flags of show.
type showOptions struct {
	mode, fam, model, slotsFile, format string
	provider, customFile                string
	inputsFile, requestsFile            string
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
	f.StringVar(&o.provider, "provider", "", "the provider of --model, as the generated Request.Provider: the id resolved is PROVIDER/MODEL")
	f.StringVar(&o.customFile, "custom", "", "with --mode custom, preview this custom file (default: custom.example) as LoadCustom reads it")
	f.StringVar(&o.slotsFile, "slots", "", "JSON file of slot name to text")
	f.StringArrayVar(&o.inputFlags, "input", nil, "a run-time input, NAME=VALUE (true or false for a bool); repeatable")
	f.StringVar(&o.inputsFile, "inputs", "", "JSON file of run-time input name to value")
	f.BoolVar(&o.full, "show-full", false, "print the whole composed text, not previews")
	f.BoolVar(&o.noRedact, "no-redact", false, "print credential-like values as they are")
	f.StringVar(&g.profile, "profile", "", "compile in this profile (default: profiles.default)")
	f.StringVar(&g.permission, "permit", "", "compose for a session under this permission set (default: permissions.default)")
	f.StringVar(&o.format, "format", "text", "output format: text or json")
	f.StringVar(&o.requestsFile, "requests", "", "compose every request of `FILE` (JSON lines of mode, family, model, slots, inputs) and print one JSON line each")
	addJobsFlag(cmd, g)
}

// validate refuses flags whose values are wrong before anything is
// compiled (a usage error, exit 2).
func (o *showOptions) validate() error {
	if o.format != "text" && o.format != "json" {
		return usagef("unknown format %q for show (valid: text, json)", o.format)
	}
	if o.provider != "" && o.model == "" {
		return usagef("--provider %s needs --model: the generated package resolves PROVIDER/MODEL", o.provider)
	}
	if o.customFile != "" && o.mode != compiler.CustomModeName {
		return usagef("--custom %s previews the custom mode: add --mode %s", o.customFile, compiler.CustomModeName)
	}
	return nil
}

// run compiles the project in args, composes the mode and prints it.
func (o *showOptions) run(g *globals, args []string) error {
	p, err := g.compile(dirArg(args))
	if err != nil {
		return err
	}
	if o.requestsFile != "" {
		return o.runRequests(g, p)
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
	mode := o.mode
	if mode == "" {
		mode = p.Config.DefaultMode
	}
	custom := mode == compiler.CustomModeName && p.Config.Custom != nil
	slots, err := readSlots(p, o.slotsFile, custom)
	if err != nil {
		return shown{}, err
	}
	given, err := readInputs(p, o.inputsFile, o.inputFlags)
	if err != nil {
		return shown{}, err
	}
	return composeShown(p, showRequest{Mode: mode, Family: o.fam, Provider: o.provider, Model: o.model, Slots: slots, Inputs: given, CustomFile: o.customFile}, o.full, o.noRedact)
}

// showRequest is one composition show makes: the mode (not empty), the
// family choice, the provider and model id, the slot and run-time
// placeholder values, the run-time inputs as given, and the custom file
// the custom mode previews ("": custom.example).
type showRequest struct {
	Mode       string            `json:"mode"`
	Family     string            `json:"family"`
	Provider   string            `json:"provider"`
	Model      string            `json:"model"`
	Slots      map[string]string `json:"slots"`
	Inputs     map[string]any    `json:"inputs"`
	CustomFile string            `json:"custom"`
}

// composeShown composes r in p and describes the result section by
// section, with the whole text when full, redacted unless noRedact.
func composeShown(p *compiler.Program, r showRequest, full, noRedact bool) (shown, error) {
	// The custom mode is not a mode of promptc.cue: it is previewed from
	// custom.example. A project without custom: may still have a mode of
	// that name, which p.Mode finds.
	custom := r.Mode == compiler.CustomModeName && p.Config.Custom != nil
	var m *compiler.Mode
	var err error
	if custom {
		if m, err = customMode(p, r.CustomFile != ""); err != nil {
			return shown{}, err
		}
	} else if m, err = p.Mode(r.Mode); err != nil {
		return shown{}, usageError{unknownMode(p, r.Mode, err)}
	}
	// The family choice gives the family and the note the model selects
	// in it; the model id alone gives the conditional parts (none without
	// one).
	// As the generated Request does, a provider makes the id
	// PROVIDER/MODEL, which notes and conditions read, and the family and
	// setting rules' provider patterns see the provider alone.
	model := genruntime.ModelID(r.Provider, r.Model)
	c, err := p.SelectFor(r.Family, r.Provider, r.Model)
	if err != nil {
		return shown{}, usageError{err}
	}
	slots := r.Slots
	// Run-time placeholders take their values from the same file.
	c.Runtime = func(name string) string { return slots[name] }
	if c.Inputs, err = p.InputValues(r.Inputs); err != nil {
		return shown{}, usagef("inputs: %v", err)
	}
	var secs []compiler.Section
	customDesc := ""
	if custom {
		sec, desc, err := customSection(p, slots, r.CustomFile)
		if err != nil {
			return shown{}, err
		}
		secs, customDesc = append(secs, sec), desc
	}
	// The custom mode's compose lists what follows the user's text (customMode).
	secs = append(secs, p.Sections(m, c, slots)...)
	text := m.Join(secs)
	redact := secret.Redact
	if noRedact {
		redact = func(s string) string { return s }
	}
	f, note := c.Family, c.Note
	out := shown{Profile: p.Profile(), Permission: p.Permission(), Mode: m.Name, Family: f.Name, Model: model, Counter: p.Counter.Name(),
		Separator: m.Config.Separator, FinalNewline: m.Config.FinalNewline, End: m.Config.Ending(),
		Bytes: len(text), Chars: utf8.RuneCountInString(text), Tokens: p.Counter.Count(text)}
	// The custom mode sends no family text, so no note is in it.
	if note >= 0 && !custom && p.UsesNotes(m) {
		out.Note = f.Notes[note].Label
	}
	out.addSections(p, m, secs, redact, customDesc)
	if p.Config.Tools != nil && p.Config.Tools.Capability != nil {
		names, listed := p.CapabilityTools()
		lw, dw := p.CapabilityWords()
		line := genruntime.CapabilityLine(lw, dw, names, listed, nil)
		out.Capability = &line
	}
	if full {
		out.Text = redact(text)
	}
	return out, nil
}

// runRequests composes every request of file, one JSON object a line in
// the form of showRequest, in p, and prints for each one line of JSON:
// what show --format json --show-full prints for it. A request that
// cannot be composed is a usage error naming its line; nothing is printed
// then.
func (o *showOptions) runRequests(g *globals, p *compiler.Program) error {
	b, err := os.ReadFile(o.requestsFile)
	if err != nil {
		return usagef("--requests: %v", err)
	}
	var out bytes.Buffer
	for i, line := range strings.Split(string(b), "\n") {
		if strings.TrimSpace(line) == "" {
			continue
		}
		var r showRequest
		dec := json.NewDecoder(strings.NewReader(line))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&r); err != nil {
			return usagef("--requests %s:%d: want a JSON object with mode, family, provider, model, slots, inputs and custom: %v", o.requestsFile, i+1, err)
		}
		if r.Mode == "" {
			r.Mode = p.Config.DefaultMode
		}
		if r.Family == "" {
			r.Family = compiler.Auto
		}
		custom := r.Mode == compiler.CustomModeName && p.Config.Custom != nil
		if err := checkSlots(p, r.Slots, custom); err != nil {
			return usagef("--requests %s:%d: %v", o.requestsFile, i+1, err)
		}
		sh, err := composeShown(p, r, true, o.noRedact)
		if err != nil {
			return usagef("--requests %s:%d: %v", o.requestsFile, i+1, err)
		}
		js, err := json.Marshal(sh)
		if err != nil {
			return err
		}
		out.Write(js)
		out.WriteByte('\n')
	}
	_, err = g.stdout.Write(out.Bytes())
	return err
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
		if n := len(out.Sections); n > 0 {
			if b, ok := m.Config.After[out.Sections[n-1].Name][s.Name]; ok {
				ss.Before = &b
			} else if b, ok := m.Config.Before[s.Name]; ok {
				ss.Before = &b
			}
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
	if err := checkSlots(p, slots, custom); err != nil {
		return nil, usagef("--slots %s: %v", file, err)
	}
	return slots, nil
}

// checkSlots refuses a name in slots that is not a slot or a run-time
// placeholder of p (or, when custom, customCwd), and, as the generated
// Validate does in its words, a text longer than its maxChars.
func checkSlots(p *compiler.Program, slots map[string]string, custom bool) error {
	for _, name := range slices.Sorted(maps.Keys(slots)) {
		s, slot := p.Config.Slots[name]
		ph, ok := p.Config.Placeholders[name]
		n := utf8.RuneCountInString(slots[name])
		switch {
		case slot && s.MaxChars > 0 && n > s.MaxChars:
			return fmt.Errorf("slot %s has %d characters, over its limit of %d", name, n, s.MaxChars)
		case slot:
		case ok && ph.Runtime != nil && n > ph.Runtime.MaxChars:
			return fmt.Errorf("placeholder %s has %d characters, over its limit of %d", name, n, ph.Runtime.MaxChars)
		case ok && ph.Runtime != nil, custom && name == customCwd:
		default:
			return fmt.Errorf("%q is not a slot or a run-time placeholder of promptc.cue", name)
		}
	}
	return nil
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
	if out.Capability != nil {
		fmt.Fprintf(w, "\ncapability line (every tool present): %q\n", *out.Capability)
	}
}

// readInputs reads the run-time inputs of --inputs FILE and then of each
// --input NAME=VALUE, which wins over the file. A flag's value is text,
// or for a bool input true or false; an enum input may be "", its zero
// value, as in the generated package.
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
		case in.Type == config.InputRecord:
			return nil, usagef("--input %s: input %s is a record: give it in --inputs FILE as an object of its fields", kv, name)
		default:
			given[name] = val
		}
	}
	// "" is an enum's zero value, which the generated package accepts
	// (no value): it is the input not given.
	for name, v := range given {
		if in, ok := p.Config.Inputs[name]; ok && in.Type == config.InputEnum && v == "" {
			delete(given, name)
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
// for p's profile: the user's text (customSection), then what
// compiler.CustomCompose lists (the slots every mode in order sends and
// the parts of custom.carry), joined by a blank line with nothing after
// the last. Its Compose lists those only. Without a file to
// preview (given, set when --custom names one, or custom.example) there is
// no text: a usage error.
func customMode(p *compiler.Program, given bool) (*compiler.Mode, error) {
	if p.Config.Custom.Example == "" && !given {
		return nil, usagef("--mode %s: promptc.cue declares custom: without custom.example; set custom.example to an example custom file, or give one with --custom FILE, to preview the custom mode", compiler.CustomModeName)
	}
	return compiler.CustomModeOf(p), nil
}

// customSection is the custom mode's own section, with {{cwd}} expanded
// to the cwd value of slots, and its description: from file, when not ""
// (see customFile), else from custom.example
// (compiler.CustomExampleSection, which the language server's preview
// shares).
func customSection(p *compiler.Program, slots map[string]string, file string) (compiler.Section, string, error) {
	if file != "" {
		return customFile(p, slots, file)
	}
	return compiler.CustomExampleSection(p, slots[customCwd])
}

// customFile is customSection for a custom file named on the command line
// (a user's, anywhere): read as a regular file of at most custom.maxBytes
// bytes and checked by the generated loader's own rules
// (genruntime.CustomData). A file the loader would refuse previews what it
// sends instead, the fallback part, with the reason; a file that cannot be
// opened (missing, a link, not a regular file) is a usage error.
func customFile(p *compiler.Program, slots map[string]string, file string) (compiler.Section, string, error) {
	c := p.Config.Custom
	root, err := os.OpenRoot(filepath.Dir(file))
	if err != nil {
		return compiler.Section{}, "", usagef("--custom: %v", err)
	}
	defer root.Close()
	data, err := regular.Read(root, filepath.Base(file), int64(c.MaxBytes))
	var reason, name, text string
	var tooLarge *regular.TooLargeError
	switch {
	case errors.As(err, &tooLarge):
		reason = fmt.Sprintf("%s is %d bytes, over the limit of %d", file, tooLarge.Size, c.MaxBytes)
	case err != nil:
		return compiler.Section{}, "", usagef("--custom: %v", err)
	default:
		name, text, reason = genruntime.CustomData(file, data, c.MaxBytes)
	}
	if reason != "" {
		fb := p.Parts[c.Fallback.Name]
		return compiler.Section{Name: compiler.CustomModeName, Text: fb.Text, Pos: fb.Pos},
			fmt.Sprintf("The loader refuses %s (%s) and sends the fallback, part %s.", file, reason, c.Fallback.Name), nil
	}
	desc := fmt.Sprintf("The user's own instructions, previewed from %s", file)
	if name != "" {
		desc += fmt.Sprintf(", named %q", name)
	}
	line := 1 + strings.Count(string(data[:max(strings.LastIndex(string(data), text), 0)]), "\n")
	return compiler.Section{Name: compiler.CustomModeName, Text: strings.ReplaceAll(text, "{{cwd}}", slots[customCwd]),
		Pos: diag.Position{Path: filepath.ToSlash(file), Line: line, Col: 1}}, desc + ".", nil
}
