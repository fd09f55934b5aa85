package genruntime

import (
	"errors"
	"unicode/utf8"
)

// This file is part of the fixed code of every generated package: gogen
// copies its declarations after the package's data tables (modeWarnings,
// modeConds, noticeSettings, noticeTable). See the package documentation.

// Notice is the cost notice of one mode for one model: what the mode puts
// in front of every call, as a harness shows it when a mode is chosen.
type Notice struct {
	Mode Mode
	// Tokens is the static tokens the mode sends on every call, counted
	// as TokenCounter says.
	Tokens int
	// OverFocus is Tokens minus the default mode's Tokens for the same
	// model and family choice.
	OverFocus int
	// Line is the notice line, "guide · +620 tokens per call (1,190 total)"
	// above the default mode and "focus · 570 tokens per call" otherwise.
	Line string
	// Typical is Tokens with the run-time inputs at their typical values
	// (promptc.cue's typical, typicalChars, typicalItems): Tokens when the
	// mode reads no input. Request.StaticTokens counts a request's own.
	Typical int
	// Warning is the mode's warning from promptc.cue ("" when none).
	Warning string
	text    string
}

// String returns the notice exactly as promptc costs --model prints it:
// Line, then Warning indented two spaces on a line of its own when there
// is one, each line ending in a newline.
func (n Notice) String() string { return n.text }

// noticeData is one counted notice: its text (an index in texts), the
// length of its line within that text, its tokens, its tokens over the
// default mode's and its tokens with typical inputs.
type noticeData struct {
	text, line, tokens, over, typical int
}

// CostNotice returns the cost notice of mode for the model modelID under
// the family choice: the same numbers, line and warning as
// promptc costs --model modelID --family choice. The figures were counted
// at build time for every family, note, value of the settings the
// model's text depends on and set of conditional parts, so nothing is
// counted here: the figures of the text the model is sent, with every
// run-time input and placeholder at its maximum. It
// panics where Compose does. The custom mode's text is the user's, which
// promptc never sees: its notice has only Mode set.
//
// Deprecated: build a Request and call its CostNotice.
func CostNotice(mode Mode, choice Choice, modelID string) Notice {
	return costNotice(0, mode, choice, modelID)
}

// costNotice is CostNotice in program pr.
func costNotice(pr int, mode Mode, choice Choice, modelID string) Notice {
	mustMode(mode)
	return noticeFor(pr, mode, choose(choice, "", modelID))
}

// noticeFor returns the notice of mode in program pr for resolution r.
// ModeDefault's notice is DefaultMode's, and names it.
func noticeFor(pr int, mode Mode, r resolution) Notice {
	if mode == ModeDefault {
		mode = DefaultMode
	}
	i := mode.index()
	if i >= len(modeNames) {
		return Notice{Mode: mode} // the custom mode: its text is the user's
	}
	// The entry is chosen by the values of the settings a when condition
	// tests (noticeSettings, as one number in mixed radix), then by the
	// subset of the mode's conditional parts the model gets.
	sub := 0
	for _, si := range noticeSettings {
		sub = sub*len(settingTables[si].values) + r.settings[si]
	}
	sub <<= len(modeConds[pr][i])
	for j, c := range modeConds[pr][i] {
		if r.parts&(1<<c) != 0 {
			sub |= 1 << j
		}
	}
	d := noticeTable[pr][r.family][r.note+1][i][sub]
	t := texts[d.text]
	return Notice{Mode: mode, Tokens: d.tokens, OverFocus: d.over, Typical: d.typical, Line: t[:d.line], Warning: modeWarnings[i], text: t}
}

// CostNotice returns the cost notice of r's mode for r's model and family
// choice, as Compose would compose it: the same numbers, line and warning
// as promptc costs --model. It fails where Compose does. The custom
// mode's text is the user's, which promptc never sees: its notice has
// only Mode set.
func (r Request) CostNotice() (Notice, error) {
	c, _, err := r.composition()
	if err != nil {
		return Notice{}, err
	}
	return noticeFor(c.pr, c.mode, c.r), nil
}

// ErrExactCounter is the error of StaticTokens in a package whose costs
// are counted with an exact tokenizer, which the package does not link.
var ErrExactCounter = errors.New("the costs are counted with an exact tokenizer (TokenCounter), which the package does not link: count Compose's text with it")

// StaticTokens returns the tokens of r's static text as Compose composes
// it for r's own inputs and run-time placeholder values, every slot left
// out: the figure of r itself beside its CostNotice's Typical and Tokens
// (the maximum), counted as TokenCounter says. It counts characters over
// four, rounded up; under an exact tokenizer it returns ErrExactCounter.
// It fails where Compose does.
func (r Request) StaticTokens() (int, error) {
	if TokenCounter != "chars/4" {
		return 0, ErrExactCounter
	}
	c, _, err := r.composition()
	if err != nil {
		return 0, err
	}
	secs, err := c.sections(&r.Slots, &r.Inputs)
	if err != nil {
		return 0, err
	}
	// Each section's Before is its own (the separator or the before
	// declared for it), so leaving the slots out joins the rest as the
	// static text does; the first keeps none.
	chars, first := 0, true
	for _, s := range secs {
		if s.Slot {
			continue
		}
		if !first {
			chars += utf8.RuneCountInString(s.Before)
		}
		first = false
		chars += utf8.RuneCountInString(s.Text)
	}
	if !first {
		chars += utf8.RuneCountInString(wireOf(c.mode).end)
	}
	return (chars + 3) / 4, nil
}
