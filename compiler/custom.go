package compiler

import (
	"strings"

	"github.com/promptc/promptc/compiler/frontmatter"
	"github.com/promptc/promptc/compiler/source"
	"github.com/promptc/promptc/internal/diag"
)

// Rule IDs of the custom-mode example check.
const (
	RuleCustomTooLarge = "CUSTOM_TOO_LARGE"
	RuleCustomEmpty    = "CUSTOM_EMPTY"
	RuleCustomNoName   = "CUSTOM_NO_NAME"
	RuleCustomFallback = "CUSTOM_FALLBACK"
)

// CustomName returns the name a custom-mode file gives itself: the
// frontmatter's name:, else the first Markdown heading; and the body
// without frontmatter.
func CustomName(text string) (name, body string) {
	body = text
	if fm, rest, ok := frontmatter.Split(text); ok {
		body = rest
		for _, line := range strings.Split(fm.YAML, "\n") {
			if v, ok := strings.CutPrefix(line, "name:"); ok {
				name = strings.Trim(strings.TrimSpace(v), `"'`)
			}
		}
	}
	if name == "" {
		for _, line := range strings.Split(body, "\n") {
			t := strings.TrimLeft(line, "#")
			if n := len(line) - len(t); n >= 1 && n <= 6 && strings.HasPrefix(t, " ") {
				name = strings.TrimSpace(t)
				break
			}
		}
	}
	return name, strings.TrimSpace(body)
}

// checkCustom applies the generated loader's rules to the project's example
// custom file, so a broken example fails the build rather than a user's
// session: a regular file inside the root, at most maxBytes of UTF-8, not
// empty, named by frontmatter or a heading. It also checks the fallback.
func (p *Program) checkCustom(fs *source.FS) {
	c := p.Config.Custom
	if c == nil {
		return
	}
	if part := p.Parts[c.Fallback.Name]; c.Fallback.Kind != "part" || part == nil || part.Text == "" {
		p.add(diag.Errorf(p.Loaded.PosOfKeys("custom", "fallback"), RuleCustomFallback,
			"custom.fallback must be a part with text of its own (the small boundary); it is what a broken custom file falls back to"))
	}
	if c.Example == "" {
		return
	}
	f, err := fs.Read(c.Example)
	if err != nil {
		d := source.ReadDiag(err, c.Example)
		d.Related = append(d.Related, diag.Related{Pos: d.Pos, Message: "the custom example"})
		d.Pos = p.Loaded.PosOfKeys("custom", "example")
		d.Message = "custom example: " + d.Message
		p.add(d)
		return
	}
	if n := f.Size; n > c.MaxBytes {
		p.add(diag.Errorf(diag.Position{Path: f.Path, Line: 1, Col: 1}, RuleCustomTooLarge,
			"custom example is %d bytes, over custom.maxBytes (%d): the loader would refuse it and send the fallback; shorten it", n, c.MaxBytes))
	}
	if fm, _, ok := frontmatter.Split(f.Text); ok {
		var h struct {
			Name string `json:"name"`
		}
		// A YAML merge key can send CUE's YAML decoder into unbounded
		// recursion: refuse it before decoding, as every header is.
		if ds := frontmatter.Refuse(f.Path, fm, RuleCustomNoName); ds != nil {
			p.add(ds...)
		} else {
			p.add(frontmatter.DecodeHeader(f.Path, fm, "#CustomHeader", RuleCustomNoName, &h)...)
		}
	}
	name, body := CustomName(f.Text)
	switch {
	case body == "":
		p.add(diag.Errorf(diag.Position{Path: f.Path, Line: 1, Col: 1}, RuleCustomEmpty,
			"custom example has no instructions: the loader would send the fallback; write the instructions below the frontmatter"))
	case name == "":
		p.add(diag.Warnf(diag.Position{Path: f.Path, Line: 1, Col: 1}, RuleCustomNoName,
			"custom example has no name: add frontmatter name: or a Markdown heading, which the mode picker shows"))
	}
}
