package genruntime

import (
	"errors"
	"slices"
	"testing"
)

// TestParseModeNames: every mode, the custom mode and every alias parse
// to their constant; anything else is an error wrapping ErrUnknownMode
// that lists the valid names; ParseMode and the text form round-trip.
func TestParseModeNames(t *testing.T) {
	tests := []struct {
		in   string
		want Mode
	}{
		{"short", ModeShort}, {"long", ModeLong}, {"agent", ModeAgent},
		{"custom", ModeCustom}, {"brief", ModeShort},
	}
	for _, tc := range tests {
		got, err := ParseMode(tc.in)
		if err != nil || got != tc.want {
			t.Errorf("ParseMode(%q) = %v, %v; want %v", tc.in, got, err, tc.want)
		}
	}
	for _, bad := range []string{"", "Short", "shortx", "default", "Mode(1)"} {
		m, err := ParseMode(bad)
		if m.Valid() {
			t.Errorf("ParseMode(%q) returns the usable mode %v with its error", bad, m)
		}
		if !errors.Is(err, ErrUnknownMode) {
			t.Errorf("ParseMode(%q): error %v, want ErrUnknownMode", bad, err)
		} else if want := `unknown prompt mode "` + bad + `" (valid: short, long, agent, custom, brief)`; err.Error() != want {
			t.Errorf("ParseMode(%q): %q, want %q", bad, err, want)
		}
	}
	for _, m := range append(Modes(), ModeCustom, ModeDefault) {
		b, err := m.MarshalText()
		if err != nil {
			t.Fatalf("%v.MarshalText: %v", m, err)
		}
		var back Mode
		if err := back.UnmarshalText(b); err != nil || back.String() != m.String() {
			t.Errorf("%v: round trip gives %v, %v", m, back, err)
		}
	}
}

// TestModeValues: the modes in order, what is valid, names and
// descriptions, and the wire format of a mode outside the tables.
func TestModeValues(t *testing.T) {
	if got := Modes(); !slices.Equal(got, []Mode{ModeShort, ModeLong, ModeAgent}) {
		t.Errorf("Modes() = %v", got)
	}
	for m, want := range map[Mode]bool{ModeDefault: true, ModeShort: true, ModeAgent: true, ModeCustom: true, ModeCustom + 1: false, 200: false} {
		if m.Valid() != want {
			t.Errorf("%d.Valid() = %v, want %v", uint8(m), !want, want)
		}
	}
	names := map[Mode]string{ModeDefault: "long", ModeShort: "short", ModeAgent: "agent", ModeCustom: "custom", ModeCustom + 1: "Mode(5)"}
	for m, want := range names {
		if m.String() != want {
			t.Errorf("%d.String() = %q, want %q", uint8(m), m.String(), want)
		}
	}
	descs := map[Mode]string{ModeShort: "The short mode.", ModeLong: "", ModeCustom: "The user's own instructions.", ModeCustom + 1: ""}
	for m, want := range descs {
		if m.Description() != want {
			t.Errorf("%v.Description() = %q, want %q", m, m.Description(), want)
		}
	}
	if _, err := (ModeCustom + 1).MarshalText(); !errors.Is(err, ErrUnknownMode) || err.Error() != "unknown prompt mode: Mode(5)" {
		t.Errorf("MarshalText of no mode: %v", err)
	}
	var m Mode = ModeAgent
	if err := m.UnmarshalText([]byte("nope")); err == nil || m != ModeAgent {
		t.Errorf("a failed UnmarshalText gives %v, %v; want the mode unchanged and an error", m, err)
	}
	if ModeCustom.Separator() != "\n\n" || ModeCustom.End() != "" || ModeCustom.FinalNewline() {
		t.Errorf("custom wire = %q %q", ModeCustom.Separator(), ModeCustom.End())
	}
	if !ModeLong.FinalNewline() || ModeLong.Separator() != "\n" || ModeShort.FinalNewline() || ModeDefault.End() != "\n" {
		t.Errorf("table wire formats wrong")
	}
}

// TestFamilyNames: families parse by name, choices by name or "auto";
// anything else wraps ErrUnknownFamily and lists the names; values that
// are no family print as Family(N).
func TestFamilyNames(t *testing.T) {
	if got := Families(); !slices.Equal(got, []Family{FamilyAlpha, FamilyPlain}) {
		t.Errorf("Families() = %v", got)
	}
	for _, f := range Families() {
		got, err := ParseFamily(f.String())
		if err != nil || got != f {
			t.Errorf("ParseFamily(%q) = %v, %v", f, got, err)
		}
		c, err := ParseChoice(f.String())
		if err != nil || c != Force(f) {
			t.Errorf("ParseChoice(%q) = %v, %v", f, c, err)
		}
	}
	if c, err := ParseChoice("auto"); err != nil || c != Auto {
		t.Errorf("ParseChoice(auto) = %v, %v", c, err)
	}
	if f, err := ParseFamily("auto"); f.Valid() || !errors.Is(err, ErrUnknownFamily) || err.Error() != `unknown family "auto" (valid: alpha, plain)` {
		t.Errorf("ParseFamily(auto): %v", err)
	}
	if c, err := ParseChoice("Alpha"); c.Valid() || !errors.Is(err, ErrUnknownFamily) || err.Error() != `unknown family "Alpha" (valid: auto, alpha, plain)` {
		t.Errorf("ParseChoice(Alpha): %v", err)
	}
	bad := Family(len(families))
	if bad.Valid() || bad.String() != "Family(2)" || bad.Description() != "" || FamilyAlpha.Description() != "The alpha models." {
		t.Errorf("family values: %v %q %q", bad.Valid(), bad, bad.Description())
	}
	if _, err := bad.MarshalText(); !errors.Is(err, ErrUnknownFamily) {
		t.Errorf("MarshalText of no family: %v", err)
	}
	f := FamilyPlain
	if err := f.UnmarshalText([]byte("x")); err == nil || f != FamilyPlain {
		t.Errorf("a failed UnmarshalText changed the family to %v", f)
	}
	if err := f.UnmarshalText([]byte("alpha")); err != nil || f != FamilyAlpha {
		t.Errorf("UnmarshalText(alpha) = %v, %v", f, err)
	}
	var c Choice
	if err := c.UnmarshalText([]byte("plain")); err != nil || c != Force(FamilyPlain) {
		t.Errorf("Choice.UnmarshalText(plain) = %v, %v", c, err)
	}
	if b, err := c.MarshalText(); err != nil || string(b) != "plain" {
		t.Errorf("Choice.MarshalText = %q, %v", b, err)
	}
	if _, err := Choice(99).MarshalText(); !errors.Is(err, ErrUnknownFamily) {
		t.Errorf("MarshalText of a choice of no family: %v", err)
	}
}
