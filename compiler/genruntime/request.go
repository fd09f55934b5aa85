package genruntime

// This file is part of the fixed code of every generated package: gogen
// copies its declarations, without the package clause and imports, after
// the package's data tables. See the package documentation. The Request
// type itself is generated, since its fields follow the project (a Profile
// field only where profiles are declared, and so on); so are the methods
// it calls here that depend on those fields (program, selectionErrors,
// customText).

import (
	"errors"
	"fmt"
)

// ErrNoCustom is the error of a request for the custom mode whose Custom
// is nil: load the file with LoadCustom first. (A loaded file that cannot
// be used is no error: the prompt carries the small boundary and says so
// in Prompt.CustomFallback.)
var ErrNoCustom = errors.New("the custom mode needs the Request's Custom, from LoadCustom")

// Validate reports every problem of r at once (errors.Join), each naming
// the field: a Mode, Family, Profile or Permission that is no value of its
// type (the constants, the Parse functions and UnmarshalText give only
// valid ones), a slot or run-time placeholder over its maxChars, an input
// over a limit promptc.cue declares (limitChars, limitItems; an input's
// maxChars and maxItems only plan budgets and refuse nothing), an enum
// value not declared, and a custom mode without its Custom. nil when r can be
// composed as it is. Compose does not measure the slots (it never cuts
// them): call Validate on text that comes from outside.
func (r Request) Validate() error {
	errs := r.selectionErrors(nil)
	errs = r.Slots.errors(errs)
	errs = r.Inputs.errors(errs)
	if r.Mode.isCustom() {
		if _, _, _, err := r.customText(); err != nil {
			errs = append(errs, fmt.Errorf("Request.Custom: %w", err))
		}
	}
	return errors.Join(errs...)
}

// selectionCheck reports the first problem of r's selection fields (mode,
// family, profile, permission set, custom file) as Validate words it.
func (r *Request) selectionCheck() error {
	if errs := r.selectionErrors(nil); len(errs) > 0 {
		return errors.Join(errs...)
	}
	return nil
}

// modeAndFamilyErrors appends Validate's errors for r's Mode and Family.
func (r *Request) modeAndFamilyErrors(errs []error) []error {
	if !r.Mode.Valid() {
		errs = append(errs, fmt.Errorf("Request.Mode: %w: Mode(%d) (valid: %v)", ErrUnknownMode, r.Mode, Modes()))
	}
	if !r.Family.Valid() {
		errs = append(errs, fmt.Errorf("Request.Family: %w: %s", ErrUnknownFamily, r.Family))
	}
	return errs
}

// composition returns what r composes, and whether a custom mode falls
// back to the small boundary.
func (r *Request) composition() (composition, bool, error) {
	if err := r.selectionCheck(); err != nil {
		return composition{}, false, err
	}
	c := composition{pr: r.program(), mode: r.Mode, custom: customFallback, customSrc: customSource()}
	fallback := false
	if r.Mode.isCustom() {
		var err error
		c.custom, c.customSrc, fallback, err = r.customText()
		if err != nil {
			return composition{}, false, fmt.Errorf("Request.Custom: %w", err)
		}
	}
	c.r = choose(r.Family, r.Provider, r.Model)
	c.tools = r.toolListing(c.pr)
	return c, fallback, nil
}

// Compose returns r's prompt: every non-empty section of r.Mode (in
// r.Profile under r.Permission, where the project has them) for the
// family r.Family chooses (Auto: the one r.Model, of r.Provider when
// set, resolves to), in order, separated by the mode's Separator (or a
// section's declared before), ended by the mode's End, and where its cacheable prefix
// ends. A bad selection value is an error and composes nothing; the slots
// are not measured (see Validate). Its only allocation is the text.
func (r Request) Compose() (Prompt, error) {
	c, fallback, err := r.composition()
	if err != nil {
		return Prompt{}, err
	}
	p, err := c.prompt(&r.Slots, &r.Inputs)
	if err != nil {
		return Prompt{}, err
	}
	p.CustomFallback = fallback
	return p, nil
}

// Sections returns the non-empty sections r.Compose joins, in order, each
// with its source and whether it is stable for the session. It fails
// where Compose does.
func (r Request) Sections() ([]Section, error) {
	c, _, err := r.composition()
	if err != nil {
		return nil, err
	}
	return c.sections(&r.Slots, &r.Inputs)
}

// Resolution is what a request's model and family choice select.
type Resolution struct {
	// Family is the family the prompt is composed for.
	Family Family
	// Forced is set when the request's Family forces it; otherwise the
	// model id selected it.
	Forced bool
	// Note is the label of the family's model note the id selects, ""
	// for none; under a forced family, the forced family's note.
	Note string
	// ModelID is the id resolution matched: the Model, or Provider + "/" +
	// Model when the request names a provider.
	ModelID string
	// Settings holds the value of each per-model setting promptc.cue
	// declares, as the id selects it (the model decides, whatever the
	// Family): the values the prompt's setting conditions test.
	Settings Settings
}

// Resolve returns what r's Model (and Provider) and Family select. A
// Family that is not Valid is an error wrapping ErrUnknownFamily.
func (r Request) Resolve() (Resolution, error) {
	if !r.Family.Valid() {
		return Resolution{}, fmt.Errorf("Request.Family: %w: %s", ErrUnknownFamily, r.Family)
	}
	res := choose(r.Family, r.Provider, r.Model)
	_, id := resolveFor(r.Provider, r.Model)
	out := Resolution{Family: res.family, ModelID: id, Settings: settingsOf(&res)}
	_, out.Forced = r.Family.Family()
	if res.note >= 0 {
		out.Note = families[res.family].notes[res.note].label
	}
	return out, nil
}

// Field is a run-time value a composition reads: a slot, a run-time
// placeholder or a run-time input, as promptc.cue declares it.
type Field struct {
	// Name is the slot's, placeholder's or input's name in promptc.cue,
	// and GoName its field in Slots (in Inputs for an input). A field of a
	// record input or of a list's items is named by its path from the
	// input, both ways: Config.Options.Name, Files[].Path.
	Name, GoName string
	// Placeholder is set for a run-time placeholder ({{name}} in a part's
	// text); Input for a run-time input; neither for a slot.
	Placeholder, Input bool
	// MaxChars is the most characters budgets and costs count the value
	// at, and TypicalChars the length the costs table's typical call
	// renders (for a slot or a run-time placeholder, both its maxChars;
	// 0 for a slot without one). MaxItems and TypicalItems are a list
	// input's figures in records. These plan; they refuse nothing.
	MaxChars, TypicalChars, MaxItems, TypicalItems int
	// LimitChars is the most characters Validate accepts and LimitItems
	// the most records (0: no limit). An input has one only when
	// promptc.cue declares it (limitChars, limitItems); a slot's and a
	// run-time placeholder's maxChars is its limit too.
	LimitChars, LimitItems int
	// Stable is set when the value stays the same for a whole session,
	// which keeps it inside the cacheable prefix.
	Stable bool
}

// Fields lists, in the order r's prompt reads them and each once, the
// slots, run-time placeholders and inputs r's mode reads for r's model (in
// r's profile): what a harness must supply, with its limits; an input is
// followed by every field of its records and list items, nested ones
// included, in declared order. An input
// that only decides whether a part is sent is listed too. It fails where
// Compose does.
func (r Request) Fields() ([]Field, error) {
	c, _, err := r.composition()
	if err != nil {
		return nil, err
	}
	var out []Field
	add := func(f Field) {
		for _, g := range out {
			if g.Name == f.Name && g.Placeholder == f.Placeholder && g.Input == f.Input {
				return
			}
		}
		out = append(out, f)
	}
	for _, it := range itemsOf(c.pr, c.mode) {
		if it.cond > 0 && c.r.parts&(1<<(it.cond-1)) == 0 {
			continue
		}
		for _, i := range it.reads {
			for _, f := range inputFields[i] {
				add(f)
			}
		}
		switch it.kind {
		case itemSlot:
			add(slotFields[it.idx])
			continue
		case itemCustom, itemTemplate:
			continue
		}
		idx, ok := it.textIndex(&c.r)
		if !ok {
			continue
		}
		for _, h := range holes[idx] {
			if ph := placeholders[h.ph]; ph.slot >= 0 {
				add(placeholderFields[ph.slot])
			}
		}
	}
	return out, nil
}
