package genruntime

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The tests of this file pin the boundaries of the fixed code on the stub
// project of tables.go: each comparison just below, at and above its
// limit, each branch of a condition on its own. Where a case needs a text
// or a part the stub does not have, it changes the stub's tables for the
// test and restores them when the test ends.

// swap sets *p to v until the test ends.
func swap[T any](t *testing.T, p *T, v T) {
	t.Helper()
	old := *p
	*p = v
	t.Cleanup(func() { *p = old })
}

// forgetLast empties the resolution cache, as in a package that has not
// resolved anything yet.
func forgetLast() {
	last.Lock()
	last.ok, last.provider, last.model, last.id, last.res = false, "", "", "", resolution{}
	last.Unlock()
}

func mustPrompt(t *testing.T, r Request) Prompt {
	t.Helper()
	p, err := r.Compose()
	if err != nil {
		t.Fatalf("Compose(%+v): %v", r, err)
	}
	return p
}

func mustSections(t *testing.T, r Request) []Section {
	t.Helper()
	secs, err := r.Sections()
	if err != nil {
		t.Fatalf("Sections(%+v): %v", r, err)
	}
	return secs
}

// TestNoteValuedPlaceholder: a placeholder whose value the family and note
// decide takes values[family][note+1] (index 0 when no note matches), is
// no run-time field, and keeps the whole text inside the cacheable prefix.
func TestNoteValuedPlaceholder(t *testing.T) {
	swap(t, &placeholders[0], placeholder{slot: -1, values: [len(families)][]string{
		{"anyone", "big ones", "small ones"},
		{""},
	}})
	for _, c := range []struct {
		id     string
		choice Choice
		want   string
	}{
		{"alpha-medium", Auto, "Base text for anyone.\n\nAlpha line."}, // no note: index 0
		{"alpha-big", Auto, "Base text for big ones.\n\nAlpha line."},  // note 0: index 1
		{"alpha-small", Auto, "Base text for small ones.\n\nAlpha line."},
		{"other", Auto, "Base text for .\n\nPlain line."}, // an empty value adds nothing
		{"alpha-big", Force(FamilyPlain), "Base text for .\n\nPlain line."},
		{"other-small", Force(FamilyAlpha), "Base text for small ones.\n\nAlpha line."},
	} {
		r := Request{Mode: ModeShort, Model: c.id, Family: c.choice, Slots: Slots{Who: "Ann"}}
		p := mustPrompt(t, r)
		if p.Text != c.want || p.CacheEnd != len(c.want) || p.CacheSections != 2 {
			t.Errorf("%s (%s): %q (prefix %d, %d sections), want %q (prefix %d, 2 sections)", c.id, c.choice, p.Text, p.CacheEnd, p.CacheSections, c.want, len(c.want))
		}
		for _, s := range mustSections(t, r) {
			if !s.Stable {
				t.Errorf("%s: section %s not stable", c.id, s.Name)
			}
		}
		fs, err := r.Fields()
		if err != nil {
			t.Fatal(err)
		}
		if len(fs) != 0 {
			t.Errorf("%s: Fields = %+v, want none", c.id, fs)
		}
	}
}

// TestRunTimePlaceholderAtStart: a run-time placeholder at offset 0 of the
// first section ends the cacheable prefix at 0, and a second occurrence
// later in the text or a volatile slot further on does not move it.
func TestRunTimePlaceholderAtStart(t *testing.T) {
	swap(t, &texts[0], " and .")
	swap(t, &holes[0], []hole{{at: 0, ph: 0}, {at: 5, ph: 0}})
	for _, c := range []struct {
		mode Mode
		want string
	}{
		{ModeShort, "Ann and Ann.\n\nAlpha line."},
		// The memory slot is volatile: without the placeholder the prefix
		// would end before it.
		{ModeLong, "Ann and Ann.\nAlpha body.\nm\n"},
	} {
		r := Request{Mode: c.mode, Model: "alpha-x", Slots: Slots{Who: "Ann", Memory: "m"}}
		p := mustPrompt(t, r)
		if p.Text != c.want || p.CacheEnd != 0 || p.CacheSections != 0 {
			t.Errorf("%s: %q (prefix %d, %d sections), want %q (prefix 0, 0 sections)", c.mode, p.Text, p.CacheEnd, p.CacheSections, c.want)
		}
		secs := mustSections(t, r)
		if secs[0].Name != "base" || secs[0].Stable {
			t.Errorf("%s: first section %+v, want base, not stable", c.mode, secs[0])
		}
	}
}

// TestPlaceholderOnlySection: a part that is nothing but a run-time
// placeholder ends the prefix after the previous section's separator when
// the value is set, and right after the previous section when it is empty
// (no section, no separator).
func TestPlaceholderOnlySection(t *testing.T) {
	swap(t, &texts[0], "")
	swap(t, &holes[0], []hole{{at: 0, ph: 0}})
	short := modeItems[0]
	swap(t, &modeItems[0], []item{short[1], short[0]}) // the line, then the placeholder
	for _, c := range []struct {
		who      string
		want     string
		cacheEnd int
	}{
		{"Ann", "Alpha line.\n\nAnn", len("Alpha line.\n\n")},
		{"", "Alpha line.", len("Alpha line.")},
	} {
		p := mustPrompt(t, Request{Mode: ModeShort, Model: "alpha-x", Slots: Slots{Who: c.who}})
		if p.Text != c.want || p.CacheEnd != c.cacheEnd || p.CacheSections != 1 {
			t.Errorf("who %q: %q (prefix %d, %d sections), want %q (prefix %d, 1 section)", c.who, p.Text, p.CacheEnd, p.CacheSections, c.want, c.cacheEnd)
		}
	}
}

// TestNothingToSend: a mode all of whose sections are empty composes the
// empty text, without the mode's end, with a prefix of 0 and no sections.
func TestNothingToSend(t *testing.T) {
	swap(t, &texts[0], "")
	swap(t, &holes[0], nil)
	swap(t, &texts[2], "") // alpha's body
	swap(t, &slotStable[0], true)
	// long: base, body, no note for a medium model, no small part, memory.
	r := Request{Mode: ModeLong, Model: "alpha-medium"}
	p := mustPrompt(t, r)
	if p.Text != "" || p.CacheEnd != 0 || p.CacheSections != 0 {
		t.Errorf("Compose = %q (prefix %d, %d sections), want \"\" (prefix 0, 0 sections)", p.Text, p.CacheEnd, p.CacheSections)
	}
	if secs := mustSections(t, r); len(secs) != 0 {
		t.Errorf("Sections = %+v, want none", secs)
	}
	// One non-empty section gets the end.
	r.Slots.Memory = "m"
	if p := mustPrompt(t, r); p.Text != "m\n" || p.CacheEnd != 2 || p.CacheSections != 1 {
		t.Errorf("Compose = %q (prefix %d, %d sections), want \"m\\n\" (prefix 2, 1 section)", p.Text, p.CacheEnd, p.CacheSections)
	}
}

// TestStableSlotKeepsThePrefix: with the memory slot declared stable, the
// whole long prompt is the prefix; the placeholder's part still ends it
// when it holds one.
func TestStableSlotKeepsThePrefix(t *testing.T) {
	swap(t, &slotStable[0], true)
	swap(t, &holes[0], nil)
	swap(t, &texts[0], "Base.")
	r := Request{Mode: ModeLong, Model: "alpha-big", Slots: Slots{Memory: "m"}}
	want := "Base.\nAlpha body.\nBig note.\nm\n"
	p := mustPrompt(t, r)
	if p.Text != want || p.CacheEnd != len(want) || p.CacheSections != 4 {
		t.Errorf("Compose = %q (prefix %d, %d sections), want %q (prefix %d, 4 sections)", p.Text, p.CacheEnd, p.CacheSections, want, len(want))
	}
	for _, s := range mustSections(t, r) {
		if !s.Stable {
			t.Errorf("section %s not stable", s.Name)
		}
	}
}

// TestRequestResolve: Resolve reports the family, whether it was forced,
// the note (note 0 included), the id it matched (the provider joined with
// "/" only when set) and the settings.
func TestRequestResolve(t *testing.T) {
	for _, c := range []struct {
		r    Request
		want Resolution
	}{
		{Request{Model: "alpha-big"}, Resolution{Family: FamilyAlpha, Note: "Big", ModelID: "alpha-big", Settings: Settings{"inline"}}},
		{Request{Model: "alpha-small"}, Resolution{Family: FamilyAlpha, Note: "Small", ModelID: "alpha-small", Settings: Settings{"end"}}},
		{Request{Model: "other", Provider: "alphacorp"}, Resolution{Family: FamilyAlpha, ModelID: "alphacorp/other", Settings: Settings{"end"}}},
		{Request{Model: "other"}, Resolution{Family: FamilyPlain, ModelID: "other", Settings: Settings{"inline"}}},
		{Request{Model: "other", Provider: "plain"}, Resolution{Family: FamilyPlain, ModelID: "plain/other", Settings: Settings{"inline"}}},
		{Request{Model: "other-big", Family: Force(FamilyAlpha)}, Resolution{Family: FamilyAlpha, Forced: true, Note: "Big", ModelID: "other-big", Settings: Settings{"inline"}}},
		{Request{Model: "alpha-big", Family: Force(FamilyPlain)}, Resolution{Family: FamilyPlain, Forced: true, ModelID: "alpha-big", Settings: Settings{"inline"}}},
	} {
		got, err := c.r.Resolve()
		if err != nil {
			t.Fatal(err)
		}
		if got != c.want {
			t.Errorf("Resolve(%+v) = %+v, want %+v", c.r, got, c.want)
		}
	}
	if _, err := (Request{Family: Force(Family(2))}).Resolve(); !errors.Is(err, ErrUnknownFamily) || err.Error() != "Request.Family: unknown family: Family(2)" {
		t.Errorf("Resolve of no family: %v", err)
	}
}

// TestResolveCacheKeys: the remembered resolution is reused only for the
// same provider and model; a package that has resolved nothing yet
// resolves the empty id like any other.
func TestResolveCacheKeys(t *testing.T) {
	forgetLast()
	if f, note := Resolve(""); f != FamilyPlain || note != "" {
		t.Errorf("first Resolve(\"\") = %s, %q, want plain", f, note)
	}
	steps := []struct {
		provider, model string
		family          Family
	}{
		{"alphacorp", "x", FamilyAlpha},
		{"", "x", FamilyPlain},
		{"", "plain/x", FamilyPlain},
		{"plain", "x", FamilyPlain}, // the same id, reached with a provider
		{"alphacorp", "x", FamilyAlpha},
		{"alphacorp", "x", FamilyAlpha},
		{"other", "x", FamilyPlain},
		{"other", "alpha", FamilyAlpha},
	}
	for i, s := range steps {
		got, err := Request{Provider: s.provider, Model: s.model}.Resolve()
		if err != nil {
			t.Fatal(err)
		}
		if got.Family != s.family {
			t.Errorf("step %d: %q/%q resolves to %s, want %s", i, s.provider, s.model, got.Family, s.family)
		}
	}
}

// TestFieldsOfConditionalPart: the inputs a conditional part reads are
// fields only for the models that get the part.
func TestFieldsOfConditionalPart(t *testing.T) {
	long := append([]item(nil), modeItems[1]...)
	long[3].reads = []int{0} // the small part reads Dir
	swap(t, &modeItems[1], long)
	for _, c := range []struct{ id, want string }{
		{"alpha-big", "who memory"},
		{"alpha-small", "who Dir memory"},
		{"small", "who Dir memory"},
	} {
		fs, err := Request{Mode: ModeLong, Model: c.id}.Fields()
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, f := range fs {
			names = append(names, f.Name)
		}
		if got := strings.Join(names, " "); got != c.want {
			t.Errorf("Fields(%s) = %q, want %q", c.id, got, c.want)
		}
	}
}

// TestCustomTextFrontmatter: the frontmatter runs from a first line "---"
// to the next "---" line, wherever that is; its name: names the mode;
// blank lines around the instructions go.
func TestCustomTextFrontmatter(t *testing.T) {
	for _, c := range []struct{ in, name, body string }{
		{"---\nname: X\n---\nBody", "X", "Body"},
		{"---\nname: X\n---\n", "X", ""},
		{"---\nname: X\n---", "X", ""}, // the closing line is the last, without newline
		{"---\n\nname: X\n---\nBody", "X", "Body"},
		{"---\nname: X\n\n---\nBody", "X", "Body"},
		{"---\n---\nBody", "", "Body"},
		{"---\n---", "", ""},
		{"---\nname: X\n---  \t\nBody", "X", "Body"},
		{"---\nname: 'Q'\n---\n# Head", "Q", "# Head"},
		{"---\nname:  \"Q R\"  \n---\nB", "Q R", "B"},
		{"---\nother: 1\n---\n# Head\nBody", "Head", "# Head\nBody"},
		{"---\nname: X\n---\n\n\nBody\n\n", "X", "Body"},
		// Unclosed: no frontmatter at all.
		{"---\nname: X\nBody", "", "---\nname: X\nBody"},
		// The opening line is exactly "---": this is a rule, then a
		// setext heading.
		{"--- \nname: X\n---\nBody", "name: X", "--- \nname: X\n---\nBody"},
		{"\n\n  \nBody\n  more  \n\n", "", "Body\n  more"},
		{"\n  code\nx", "", "  code\nx"},
		{"\n \n", "", ""},
		{"# T\n\nB", "T", "# T\n\nB"},
	} {
		name, body := CustomText(c.in)
		if name != c.name || body != c.body {
			t.Errorf("CustomText(%q) = %q, %q; want %q, %q", c.in, name, body, c.name, c.body)
		}
	}
}

// TestFirstHeadingBoundaries: the limits of each kind of line the custom
// mode's name looks at: six # and seven, a closing run after a space or a
// tab, a closing fence indented three spaces and four, ordered list
// markers of one to nine digits and ten, "." and ")" and neither, a rule of
// three characters and two. Each answer is also CommonMark's.
func TestFirstHeadingBoundaries(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"###### Six", "Six"},
		{"####### Seven", ""},
		{"# Title #", "Title"},
		{"# Title\t#", "Title"},
		{"# Title#", "Title#"},
		{"# #\n# Real", "Real"},
		{"#\tTab", "Tab"},
		{"```\ncode\n   ```\n# After", "After"},
		{"```\ncode\n    ```\n# Inside", ""},
		{"```\ncode\n``` x\n# Inside\n```\n# Out", "Out"},
		{"~~~~\n~~~\n# Inside\n~~~~\n# Out", "Out"},
		{"1. Item\n---", ""},
		{"1) Item\n---", ""},
		{"1: Item\n---", "1: Item"},
		{"123456789. Item\n---", ""},
		{"1234567890. Item\n---", "1234567890. Item"},
		{"12345\n---", "12345"},
		{"1.x\n---", "1.x"},
		{"1.\tItem\n---", ""},
		{"- Item\n---", ""},
		{"+ Item\n---", ""},
		{"* Item\n---", ""},
		{"-Item\n---", "-Item"},
		{"> Quote\n---", ""},
		{"Para\n***\n===", ""},
		{"Para\n**\n===", "Para **"},
		{"Para\n_ _ _\nNext\n---", "Next"},
		{"Title\n=", "Title"},
		{"Title\n===  \t", "Title"},
		{"Title\n= =", ""},
		{"\tcode\n# H", "H"},
		{"Para\n\tlazy\n---", "Para lazy"},
		{"Para\n    lazy\n===", "Para lazy"},
	} {
		if got := FirstHeading(c.in); got != c.want {
			t.Errorf("FirstHeading(%q) = %q, want %q", c.in, got, c.want)
		}
		if got := oracleHeading(c.in); got != c.want {
			t.Errorf("CommonMark's heading of %q is %q, the case says %q", c.in, got, c.want)
		}
	}
}

// TestModeCycle: the picker offers the stub's modes, then the custom mode
// when usable, and NextMode wraps around; ModeDefault is DefaultMode
// (long, followed by agent); a mode not offered is followed by the first.
func TestModeCycle(t *testing.T) {
	usable, unusable := Custom{Text: "Mine.", Usable: true, Path: "custom.md"}, Custom{}
	if got := ModesFor(unusable); len(got) != 3 || got[0] != ModeShort || got[2] != ModeAgent {
		t.Errorf("ModesFor(unusable) = %v", got)
	}
	if got := ModesFor(usable); len(got) != 4 || got[3] != ModeCustom {
		t.Errorf("ModesFor(usable) = %v", got)
	}
	for _, c := range []struct {
		m    Mode
		c    Custom
		want Mode
	}{
		{ModeShort, unusable, ModeLong},
		{ModeLong, unusable, ModeAgent},
		{ModeAgent, unusable, ModeShort},
		{ModeAgent, usable, ModeCustom},
		{ModeCustom, usable, ModeShort},
		{ModeCustom, unusable, ModeShort},
		{ModeDefault, usable, ModeAgent},
		{ModeDefault, unusable, ModeAgent},
		{^Mode(0), unusable, ModeShort},
	} {
		if got := NextMode(c.m, c.c); got != c.want {
			t.Errorf("NextMode(%s, usable %v) = %s, want %s", c.m, c.c.Usable, got, c.want)
		}
	}
}

// TestCustomCompose: the custom mode sends the loaded text, or the
// boundary for a file never loaded, then the slot, with the boundary's
// wire (a blank line, no end); its sources follow whether the file is
// usable.
func TestCustomCompose(t *testing.T) {
	slots := Slots{Memory: "m"}
	for _, c := range []struct {
		c      Custom
		want   string
		source string
	}{
		{Custom{Text: "Mine.", Usable: true, Path: "custom.md"}, "Mine.\n\nm", "custom.md"},
		{Custom{}, "Boundary.\n\nm", "boundary.md:1"},
		{Custom{Text: "Boundary.", Reason: "x", Path: "custom.md"}, "Boundary.\n\nm", "boundary.md:1"},
	} {
		if got := c.c.Compose(slots); got != c.want {
			t.Errorf("Compose(%+v) = %q, want %q", c.c, got, c.want)
		}
		secs := c.c.Sections(slots)
		if len(secs) != 2 || secs[0].Source != c.source || secs[0].Name != "custom" || secs[1].Before != "\n\n" || !secs[1].Slot {
			t.Errorf("Sections(%+v) = %+v, want custom from %s then the slot", c.c, secs, c.source)
		}
		cc := c.c
		p := mustPrompt(t, Request{Mode: ModeCustom, Custom: &cc, Slots: slots})
		if p.Text != c.want || p.CustomFallback != !c.c.Usable {
			t.Errorf("Request.Compose(%+v) = %+v, want %q, fallback %v", c.c, p, c.want, !c.c.Usable)
		}
	}
	if _, err := (Request{Mode: ModeCustom}).Compose(); !errors.Is(err, ErrNoCustom) {
		t.Errorf("Compose of custom without Custom: %v", err)
	}
	if err := (Request{Mode: ModeCustom}).Validate(); !errors.Is(err, ErrNoCustom) || !strings.HasPrefix(err.Error(), "Request.Custom: ") {
		t.Errorf("Validate of custom without Custom: %v", err)
	}
	if err := (Request{Mode: ModeCustom, Custom: &Custom{}}).Validate(); err != nil {
		t.Errorf("Validate of custom with a Custom: %v", err)
	}
}

// TestLoadCustomContent: the bytes LoadCustom refuses each get their
// reason; a file at the limit is read whole; CRLF becomes LF and {{cwd}}
// the project directory.
func TestLoadCustomContent(t *testing.T) {
	for _, c := range []struct {
		name, content, reason, text, title string
	}{
		{"invalid UTF-8", "# A\n\xff\n", "custom.md is not valid UTF-8", "", ""},
		{"NUL", "# A\nx\x00y\n", "custom.md contains a NUL byte", "", ""},
		{"byte-order mark", "\uFEFF# A\nx\n", "custom.md contains a byte-order mark", "", ""},
		{"blank", " \n\t\n", "custom.md is empty", "", ""},
		{"zero bytes", "", "custom.md is empty", "", ""},
		{"CRLF", "# A\r\nline one\r\nline two\r\n", "", "# A\nline one\nline two", "A"},
		{"cwd", "---\nname: W\n---\nWork in {{cwd}}.", "", "Work in DIR.", "W"},
		{"at the limit", "# M\n" + strings.Repeat("x", CustomMaxBytes-5) + "z", "", "# M\n" + strings.Repeat("x", CustomMaxBytes-5) + "z", "M"},
		{"multi-byte at the limit", "# M\n" + strings.Repeat("é", (CustomMaxBytes-4)/2), "", "# M\n" + strings.Repeat("é", (CustomMaxBytes-4)/2), "M"},
		{"multi-byte over the limit", "# M\n" + strings.Repeat("é", (CustomMaxBytes-4)/2) + "x", "custom.md is 65 bytes, over the limit of 64", "", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			writeFile(t, filepath.Join(dir, "custom.md"), c.content)
			got := LoadCustom(dir, "custom.md")
			want := Custom{Text: customFallback, Reason: c.reason, Path: "custom.md"}
			if c.reason == "" {
				want = Custom{Name: c.title, Text: strings.ReplaceAll(c.text, "DIR", dir), Usable: true, Path: "custom.md"}
			}
			if got != want {
				t.Errorf("LoadCustom = %+v, want %+v", got, want)
			}
		})
	}
	missing := filepath.Join(t.TempDir(), "gone")
	got := LoadCustom(missing, "custom.md")
	if !strings.HasPrefix(got.Reason, "project directory: ") || got.Usable || got.Text != customFallback || got.Path != "custom.md" {
		t.Errorf("LoadCustom of a missing project = %+v", got)
	}
	if _, err := os.Stat(missing); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("LoadCustom created %s: %v", missing, err)
	}
}

// TestStubValues: the stub's own names, validity and limits, which the
// fixed code relies on: each value at the edge of its type.
func TestStubValues(t *testing.T) {
	for _, c := range []struct {
		m     Mode
		name  string
		valid bool
	}{
		{ModeDefault, "long", true},
		{ModeShort, "short", true},
		{ModeAgent, "agent", true},
		{ModeCustom, "custom", true},
		{Mode(5), "Mode(5)", false},
	} {
		if c.m.String() != c.name || c.m.Valid() != c.valid {
			t.Errorf("Mode(%d): %q, valid %v; want %q, %v", uint8(c.m), c.m.String(), c.m.Valid(), c.name, c.valid)
		}
	}
	if wireOf(ModeCustom) != &otherWire || wireOf(ModeAgent) != &modeWire[2] {
		t.Error("wireOf: the custom mode does not get the other wire")
	}
	for _, c := range []struct {
		f     Family
		name  string
		valid bool
	}{
		{FamilyAlpha, "alpha", true},
		{FamilyPlain, "plain", true},
		{Family(2), "Family(2)", false},
	} {
		if c.f.String() != c.name || c.f.Valid() != c.valid {
			t.Errorf("Family(%d): %q, valid %v; want %q, %v", uint8(c.f), c.f.String(), c.f.Valid(), c.name, c.valid)
		}
	}
	for _, c := range []struct {
		c     Choice
		name  string
		valid bool
	}{
		{Auto, "auto", true},
		{Force(FamilyAlpha), "alpha", true},
		{Force(FamilyPlain), "plain", true},
		{Force(Family(2)), "Family(2)", false},
	} {
		if c.c.String() != c.name || c.c.Valid() != c.valid {
			t.Errorf("Choice(%d): %q, valid %v; want %q, %v", uint16(c.c), c.c.String(), c.c.Valid(), c.name, c.valid)
		}
	}
	for _, c := range []struct {
		r    Request
		want string
	}{
		{Request{Slots: Slots{Who: strings.Repeat("é", 10)}, Inputs: Inputs{Files: make([]FilesItem, 2)}}, ""},
		{Request{Slots: Slots{Who: strings.Repeat("é", 11)}}, "Slots.Who: placeholder who has 11 characters, over its limit of 10"},
		{Request{Mode: Mode(5), Family: Force(Family(2))}, "Request.Mode: unknown prompt mode: Mode(5) (valid: [short long agent])\nRequest.Family: unknown family: Family(2)"},
	} {
		got := ""
		if err := c.r.Validate(); err != nil {
			got = err.Error()
		}
		if got != c.want {
			t.Errorf("Validate(%+v) = %q, want %q", c.r, got, c.want)
		}
	}
}

// TestBadValuesPanic: the positional functions panic on a mode or a forced
// family that is none, rather than compose an empty prompt.
func TestBadValuesPanic(t *testing.T) {
	for _, c := range []struct {
		name string
		f    func()
		want string
	}{
		{"mode", func() { Compose(Mode(5), Auto, "x", Slots{}) }, "prompts: Mode(5) is no mode (valid: [short long agent])"},
		{"family", func() { Compose(ModeShort, Force(Family(2)), "x", Slots{}) }, "prompts: choice of Family(2), which is no family"},
		{"sections", func() { Sections(Mode(5), Auto, "x", Slots{}) }, "prompts: Mode(5) is no mode (valid: [short long agent])"},
	} {
		func() {
			defer func() {
				if got, _ := recover().(string); got != c.want {
					t.Errorf("%s: panic %q, want %q", c.name, got, c.want)
				}
			}()
			c.f()
		}()
	}
}
