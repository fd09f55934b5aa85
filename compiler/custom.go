package compiler

import (
	"slices"

	"github.com/promptc/promptc/compiler/frontmatter"
	"github.com/promptc/promptc/compiler/genruntime"
	"github.com/promptc/promptc/compiler/source"
	"github.com/promptc/promptc/internal/diag"
)

// Rule IDs of the custom-mode example check.
const (
	RuleCustomTooLarge  = "CUSTOM_TOO_LARGE"
	RuleCustomEmpty     = "CUSTOM_EMPTY"
	RuleCustomNoName    = "CUSTOM_NO_NAME"
	RuleCustomFallback  = "CUSTOM_FALLBACK"
	RuleCustomNameTaken = "CUSTOM_NAME_TAKEN"
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

// CustomSlots returns the slots the custom mode sends after the user's
// text: those every mode of the lattice order sends (every mode, when the
// project has no order), in the order the first of them sends them. The
// custom mode inherits nothing of another mode but the user's text it
// carries, such as their instructions, which every mode sends.
func CustomSlots(p *Program) []string {
	var ordered []*Mode
	for _, m := range p.Modes {
		if m.Rank >= 0 {
			ordered = append(ordered, m)
		}
	}
	if len(ordered) == 0 {
		ordered = p.Modes
	}
	var out []string
	if len(ordered) == 0 {
		return out
	}
	for _, ref := range ordered[0].Config.Compose {
		if ref.Kind == "slot" && !slices.ContainsFunc(ordered[1:], func(m *Mode) bool { return !m.Sends(ref.Name) }) {
			out = append(out, ref.Name)
		}
	}
	return out
}
