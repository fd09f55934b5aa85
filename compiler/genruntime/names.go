package genruntime

// This file is part of the fixed code of every generated package: gogen
// copies its declarations after the package's data tables. See the
// package documentation. It gives modes and families their names, their
// text form and their wire format, over tables the generator writes:
// modeNames, modeDescriptions, modeWire, modeAliases, modeValidNames,
// hasCustom, modeCustom, customModeName, customDescription, families and
// familyValidNames.

import (
	"errors"
	"fmt"
)

// wire is how a mode joins its sections: the separator, and what ends a
// non-empty prompt.
type wire struct {
	sep string
	end string
}

// otherWire is the wire format of a mode outside promptc.cue's modes (the
// custom mode): a blank line between sections, no final newline.
var otherWire = wire{sep: "\n\n"}

// wireOf returns mode's wire format.
func wireOf(m Mode) *wire {
	if i := m.index(); i < len(modeWire) {
		return &modeWire[i]
	}
	return &otherWire
}

// index returns m's index in the per-mode tables (modeNames and the
// others): ModeDefault is DefaultMode's.
func (m Mode) index() int {
	if m == ModeDefault {
		m = DefaultMode
	}
	return int(m) - 1
}

// isCustom reports whether m is the custom mode.
func (m Mode) isCustom() bool { return hasCustom && m == modeCustom }

// Separator returns the text the mode puts between two non-empty
// sections (promptc.cue's separator).
func (m Mode) Separator() string { return wireOf(m).sep }

// FinalNewline reports whether the mode's prompt, when not empty, ends
// with a newline after its last section and nothing else (promptc.cue's
// finalNewline, or end: "\n").
func (m Mode) FinalNewline() bool { return wireOf(m).end == "\n" }

// End returns what ends the mode's prompt, when not empty, after its
// last section (promptc.cue's end; "\n" under finalNewline).
func (m Mode) End() string { return wireOf(m).end }

// ErrUnknownMode is wrapped by the error of ParseMode and UnmarshalText
// for a name that is no mode: test for it with errors.Is.
var ErrUnknownMode = errors.New("unknown prompt mode")

// Valid reports whether m is one of the package's modes (ModeDefault
// included).
func (m Mode) Valid() bool { return m.index() < len(modeNames) || m.isCustom() }

// String returns the mode's name as written in promptc.cue; a value that
// is no mode prints as Mode(N). ModeDefault, the zero Mode, stands for
// DefaultMode everywhere: it prints, marshals, describes, cycles
// (NextMode) and composes as DefaultMode. It is still another value, so
// ModeDefault != DefaultMode, and its text form reads back as DefaultMode
// (UnmarshalText(ModeDefault.MarshalText()) is DefaultMode).
func (m Mode) String() string {
	if m.isCustom() {
		return customModeName
	}
	if i := m.index(); i < len(modeNames) {
		return modeNames[i]
	}
	return fmt.Sprintf("Mode(%d)", m)
}

// Description returns the mode's description from promptc.cue ("" when
// it has none or m is no mode).
func (m Mode) Description() string {
	if m.isCustom() {
		return customDescription
	}
	if i := m.index(); i < len(modeNames) {
		return modeDescriptions[i]
	}
	return ""
}

// MarshalText returns the mode's name; a value that is no mode is an
// error wrapping ErrUnknownMode.
func (m Mode) MarshalText() ([]byte, error) {
	if !m.Valid() {
		return nil, fmt.Errorf("%w: Mode(%d)", ErrUnknownMode, m)
	}
	return []byte(m.String()), nil
}

// UnmarshalText sets m to the mode named by text, as ParseMode does
// (aliases accepted); m is unchanged on error.
func (m *Mode) UnmarshalText(text []byte) error {
	v, err := ParseMode(string(text))
	if err != nil {
		return err
	}
	*m = v
	return nil
}

// Modes returns every mode of promptc.cue in lattice order, in a new
// slice.
func Modes() []Mode {
	out := make([]Mode, len(modeNames))
	for i := range out {
		out[i] = Mode(i + 1)
	}
	return out
}

// ParseMode returns the mode named s, accepting aliases. Any other value
// is refused with an error that wraps ErrUnknownMode and lists the valid
// names, and the Mode returned with it is no mode (^Mode(0), the largest
// Mode: Valid reports false, Compose refuses it), never a usable choice
// such as ModeDefault.
func ParseMode(s string) (Mode, error) {
	for i, n := range modeNames {
		if n == s {
			return Mode(i + 1), nil
		}
	}
	if hasCustom && s == customModeName {
		return modeCustom, nil
	}
	for _, a := range modeAliases {
		if a.name == s {
			return a.mode, nil
		}
	}
	return ^Mode(0), fmt.Errorf("%w %q (valid: %s)", ErrUnknownMode, s, modeValidNames)
}

// ErrUnknownFamily is wrapped by the error of ParseFamily, ParseChoice
// and UnmarshalText for a name that is no family: test for it with
// errors.Is.
var ErrUnknownFamily = errors.New("unknown family")

// Valid reports whether f is one of the package's families.
func (f Family) Valid() bool { return int(f) < len(families) }

// String returns the family's name; a value that is no family prints as
// Family(N).
func (f Family) String() string {
	if f.Valid() {
		return families[f].name
	}
	return fmt.Sprintf("Family(%d)", f)
}

// Description returns the description: line of the family file's header
// ("" when it has none or f is no family).
func (f Family) Description() string {
	if f.Valid() {
		return families[f].description
	}
	return ""
}

// Families returns every family, sorted by name, in a new slice.
func Families() []Family {
	out := make([]Family, len(families))
	for i := range out {
		out[i] = Family(i)
	}
	return out
}

// MarshalText returns the family's name; a value that is no family is an
// error wrapping ErrUnknownFamily.
func (f Family) MarshalText() ([]byte, error) {
	if !f.Valid() {
		return nil, fmt.Errorf("%w: Family(%d)", ErrUnknownFamily, f)
	}
	return []byte(families[f].name), nil
}

// UnmarshalText sets f to the family named by text, as ParseFamily does;
// f is unchanged on error.
func (f *Family) UnmarshalText(text []byte) error {
	v, err := ParseFamily(string(text))
	if err != nil {
		return err
	}
	*f = v
	return nil
}

// ParseFamily returns the family named s, or an error that wraps
// ErrUnknownFamily and lists the valid names, with a Family that is no
// family (^Family(0), the largest Family: Valid reports false).
func ParseFamily(s string) (Family, error) {
	for i := range families {
		if families[i].name == s {
			return Family(i), nil
		}
	}
	return ^Family(0), fmt.Errorf("%w %q (valid: %s)", ErrUnknownFamily, s, familyValidNames)
}

// ParseChoice returns Auto for "auto" and Force(f) for the name of a
// family f; any other value is an error that wraps ErrUnknownFamily and
// lists the valid choices, with a Choice of no family (Valid reports
// false), never Auto.
func ParseChoice(s string) (Choice, error) {
	if s == "auto" {
		return Auto, nil
	}
	for i := range families {
		if families[i].name == s {
			return Force(Family(i)), nil
		}
	}
	return ^Choice(0), fmt.Errorf("%w %q (valid: auto, %s)", ErrUnknownFamily, s, familyValidNames)
}

// MarshalText returns "auto" or the forced family's name; a choice of
// no family is an error wrapping ErrUnknownFamily.
func (c Choice) MarshalText() ([]byte, error) {
	if !c.Valid() {
		return nil, fmt.Errorf("%w: %s", ErrUnknownFamily, c)
	}
	return []byte(c.String()), nil
}

// UnmarshalText sets c as ParseChoice does; c is unchanged on error.
func (c *Choice) UnmarshalText(text []byte) error {
	v, err := ParseChoice(string(text))
	if err != nil {
		return err
	}
	*c = v
	return nil
}
