package compiler

import (
	"fmt"
	"maps"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/promptc/promptc/compiler/frontmatter"
	"github.com/promptc/promptc/compiler/genruntime"
	"github.com/promptc/promptc/compiler/source"
	"github.com/promptc/promptc/internal/config"
	"github.com/promptc/promptc/internal/diag"
)

// Rule IDs of the custom-mode example check.
const (
	RuleCustomTooLarge  = "CUSTOM_TOO_LARGE"
	RuleCustomEmpty     = "CUSTOM_EMPTY"
	RuleCustomNoName    = "CUSTOM_NO_NAME"
	RuleCustomFallback  = "CUSTOM_FALLBACK"
	RuleCustomNameTaken = "CUSTOM_NAME_TAKEN"
	RuleCustomCarry     = "CUSTOM_CARRY"
	RuleCustomNoCarry   = "CUSTOM_CARRY_UNDECLARED"
)

// CustomModeName is the name of the custom mode in the generated package
// (ModeCustom) and in ParseMode; no mode or alias of promptc.cue may take it.
const CustomModeName = "custom"

// CustomName returns the name a custom-mode file gives itself: the
// frontmatter's name:, else the first ATX or setext heading outside code;
// and the instructions without frontmatter. The generated loader runs the
// same code (genruntime.CustomText).
func CustomName(text string) (name, body string) { return genruntime.CustomText(text) }

// checkCustom applies the generated loader's rules to the project's example
// custom file, so a broken example fails the build rather than a user's
// session: a regular file inside the root, at most maxBytes of UTF-8, not
// empty, named by frontmatter or a heading. It also checks the fallback.
func (b *builder) checkCustom(fs *source.FS) {
	c := b.Config.Custom
	if c == nil {
		return
	}
	if _, ok := b.Config.Modes[CustomModeName]; ok {
		b.add(diag.Errorf(b.Loaded.PosOfKeys("modes", CustomModeName), RuleCustomNameTaken,
			"a mode cannot be called %q while promptc.cue declares custom: that name is the custom mode's; rename the mode", CustomModeName))
	}
	if _, ok := b.Config.Aliases[CustomModeName]; ok {
		b.add(diag.Errorf(b.Loaded.PosOfKeys("aliases", CustomModeName), RuleCustomNameTaken,
			"an alias cannot be called %q while promptc.cue declares custom: that name is the custom mode's; rename the alias", CustomModeName))
	}
	if part := b.Parts[c.Fallback.Name]; c.Fallback.Kind != "part" || part == nil || part.Text == "" {
		b.add(diag.Errorf(b.Loaded.PosOfKeys("custom", "fallback"), RuleCustomFallback,
			"custom.fallback must be a part with text of its own (the small boundary); it is what a broken custom file falls back to"))
	}
	b.checkCustomCarry(c)
	if c.Example == "" {
		return
	}
	f, err := fs.Read(c.Example)
	if err != nil {
		d := source.ReadDiag(err, c.Example)
		d.Related = append(d.Related, diag.Related{Pos: d.Pos, Message: "the custom example"})
		d.Pos = b.Loaded.PosOfKeys("custom", "example")
		d.Message = "custom example: " + d.Message
		b.add(d)
		return
	}
	if n := f.Size; n > c.MaxBytes {
		b.add(diag.Errorf(diag.Position{Path: f.Path, Line: 1, Col: 1}, RuleCustomTooLarge,
			"custom example is %d bytes, over custom.maxBytes (%d): the loader would refuse it and send the fallback; shorten it", n, c.MaxBytes))
	}
	if fm, _, ok := frontmatter.Split(f.Text); ok {
		var h struct {
			Name string `json:"name"`
		}
		// A YAML merge key can send CUE's YAML decoder into unbounded
		// recursion: refuse it before decoding, as every header is.
		if ds := frontmatter.Refuse(f.Path, fm, RuleCustomNoName); ds != nil {
			b.add(ds...)
		} else {
			b.add(frontmatter.DecodeHeader(f.Path, fm, "#CustomHeader", RuleCustomNoName, &h)...)
		}
	}
	name, body := CustomName(f.Text)
	switch {
	case body == "":
		b.add(diag.Errorf(diag.Position{Path: f.Path, Line: 1, Col: 1}, RuleCustomEmpty,
			"custom example has no instructions: the loader would send the fallback; write the instructions below the frontmatter"))
	case name == "":
		b.add(diag.Warnf(diag.Position{Path: f.Path, Line: 1, Col: 1}, RuleCustomNoName,
			"custom example has no name: add frontmatter name: or a Markdown heading, which the mode picker shows"))
	}
}

// orderedModes returns the modes of the lattice order, or every mode when
// the project has no order: the modes whose shared text the custom mode
// may carry.
func orderedModes(modes []*Mode) []*Mode {
	var ordered []*Mode
	for _, m := range modes {
		if m.Rank >= 0 {
			ordered = append(ordered, m)
		}
	}
	if len(ordered) == 0 {
		return modes
	}
	return ordered
}

// CustomCompose returns what the custom mode sends after the user's text:
// the slots every mode of the lattice order sends (every mode, when the
// project has no order), and the parts custom.carry lists that every one
// of them sends, in the order the first of them sends them. The custom
// mode inherits nothing else of another mode: the user's text replaces
// the project's, while the user's own rules (instructions), and what the
// project declares follows the user into every mode (an output style),
// still go out.
func CustomCompose(p *Program) []config.Ref {
	var listed []string
	if c := p.Config.Custom; c != nil && c.Carry != nil {
		for _, r := range *c.Carry {
			listed = append(listed, r.Name)
		}
	}
	ordered := orderedModes(p.Modes)
	out := []config.Ref{}
	if len(ordered) == 0 {
		return out
	}
	for _, ref := range ordered[0].Config.Compose {
		if ref.Kind == "part" && !slices.Contains(listed, ref.Name) {
			continue
		}
		if !slices.ContainsFunc(ordered[1:], func(m *Mode) bool { return !m.Sends(ref.Name) }) {
			out = append(out, ref)
		}
	}
	return out
}

// checkCustomCarry checks custom.carry: each entry a part with text of its
// own (no slot, no family part), listed once, and sent by every mode of
// the order or, where this profile omits it, by none, so that the custom
// mode sends it where every mode does. Without custom.carry, a part that
// every mode sends under a run-time input the user chooses (an output
// style) would silently not follow the user into the custom mode: a
// warning asks the project to say which way it decides.
func (b *builder) checkCustomCarry(c *config.Custom) {
	ordered := orderedModes(b.Modes)
	sentByAll := func(name string) bool {
		return len(ordered) > 0 && !slices.ContainsFunc(ordered, func(m *Mode) bool { return !m.Sends(name) })
	}
	if c.Carry == nil {
		var dropped []string
		for _, name := range slices.Sorted(maps.Keys(b.Config.Parts)) {
			if w := b.Config.Parts[name].When; w != nil && w.Input != "" && sentByAll(name) {
				dropped = append(dropped, name)
			}
		}
		if len(dropped) > 0 {
			b.add(diag.Warnf(b.Loaded.PosOfKeys("custom"), RuleCustomNoCarry,
				"every mode sends %s, chosen by a run-time input, but the custom mode does not: list the parts under custom.carry to send them after the user's text too, or write custom.carry: [] to keep the custom mode to the user's text", quotedList(dropped)))
		}
		return
	}
	seen := map[string]bool{}
	for i, r := range *c.Carry {
		pos := b.Loaded.PosOfKeys("custom", "carry", strconv.Itoa(i))
		cp, ok := b.Config.Parts[r.Name]
		switch {
		case r.Kind != "part" || !ok:
			b.add(diag.Errorf(pos, RuleCustomCarry,
				"custom.carry lists slots.%s: the custom mode sends the slots every mode sends by itself; list parts only", r.Name))
		case seen[r.Name]:
			b.add(diag.Errorf(pos, RuleCustomCarry, "custom.carry lists %s twice; list it once", r.Name))
		case cp.Family != "":
			b.add(diag.Errorf(pos, RuleCustomCarry,
				"custom.carry lists %s, a family part: the custom mode sends no family text; list parts with text of their own", r.Name))
		case !sentByAll(r.Name) && slices.ContainsFunc(ordered, func(m *Mode) bool { return m.Sends(r.Name) }):
			var missing []string
			for _, m := range ordered {
				if !m.Sends(r.Name) {
					missing = append(missing, m.Name)
				}
			}
			b.add(diag.Errorf(pos, RuleCustomCarry,
				"custom.carry lists %s, which mode %s does not send: the custom mode carries only what every mode sends; add it to those modes or remove it here", r.Name, strings.Join(missing, ", ")))
		}
		seen[r.Name] = true
	}
}

// quotedList names parts for a message: a, b and c.
func quotedList(names []string) string {
	if len(names) == 1 {
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// CustomModeOf returns the custom mode of p as a Mode, for previews: its
// compose lists what goes out after the user's text (CustomCompose), with
// the separator the generated package joins it with. The user's own text
// is a section the caller puts first (CustomExampleSection).
func CustomModeOf(p *Program) *Mode {
	cm := &Mode{Name: CustomModeName, Rank: -1, Config: config.Mode{Name: CustomModeName, Separator: "\n\n"}}
	cm.Config.Compose = CustomCompose(p)
	return cm
}

// CustomExampleSection is the custom mode's own section previewed from
// custom.example, read as the generated LoadCustom reads a user's file
// (CustomName splits off the frontmatter and the name), with {{cwd}}
// expanded to cwd; and a description of it. The build has checked the
// example (inside the project, within maxBytes, with instructions); an
// example it did not read is an error, and so is a project whose custom:
// declares no example.
func CustomExampleSection(p *Program, cwd string) (Section, string, error) {
	c := p.Config.Custom
	if c == nil || c.Example == "" {
		return Section{}, "", fmt.Errorf("promptc.cue declares no custom.example to preview the custom mode from")
	}
	f := p.Files[path.Clean(c.Example)]
	if f == nil {
		// Compile records every file it read, the example included, and
		// reports an example it could not read as an error.
		return Section{}, "", fmt.Errorf("custom example %s was not read by the build", c.Example)
	}
	name, body := CustomName(f.Text)
	// body is f.Text without the frontmatter and the blank lines around:
	// its last occurrence starts on its line of the file.
	line := 1 + strings.Count(f.Text[:max(strings.LastIndex(f.Text, body), 0)], "\n")
	desc := fmt.Sprintf("The user's own instructions, read from %s in their project; previewed from custom.example", c.File)
	if name != "" {
		desc += fmt.Sprintf(", named %q", name)
	}
	return Section{Name: CustomModeName, Text: strings.ReplaceAll(body, "{{cwd}}", cwd),
		Pos: diag.Position{Path: f.Path, Line: line, Col: 1}}, desc + ".", nil
}
