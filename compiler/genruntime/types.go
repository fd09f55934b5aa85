package genruntime

// This file is part of the fixed code of every generated package: gogen
// copies its declarations, without the package clause, after the
// package's data tables. See the package documentation.

// note is one model note of a family: its label, its pattern (Go syntax),
// the index of its text in texts, and where that text comes from.
type note struct {
	label, pattern string
	text           int
	source         string
}

// familyData is one family: its name and description, the indexes in
// texts of its short line and body with their sources, and its notes in
// the order they are tried.
type familyData struct {
	name, description      string
	line, body             int
	lineSource, bodySource string
	notes                  []note
}

// The kinds of item a mode sends.
const (
	itemText     = iota // a fixed text, texts[idx]
	itemSlot            // slot idx of Slots
	itemLine            // the family's short line
	itemBody            // the family's body
	itemNote            // the family's selected model note
	itemCustom          // the custom mode's text
	itemTemplate        // a template part, templateSources[idx], rendered with the Inputs
)

// item is one part or slot a mode sends, in order.
type item struct {
	kind         uint8
	idx          int
	name, source string
	// cond is 1 + the index in conditions of a conditional part, 0 for
	// an item sent to every model: at most 64 (a bit of resolution.parts
	// each), whatever the project.
	cond uint8
	// when is 1 + the index of the part's when condition (see
	// Inputs.when), 0 for a part sent whatever the inputs. An int, as
	// are reads' indexes: a project may have any number of when
	// conditions and of inputs.
	when int
	// volatile is set for a part that reads an input that is not stable:
	// the cacheable prefix ends before it, sent or not.
	volatile bool
	// before, when hasBefore is set, goes between the previous non-empty
	// section and this one in place of the mode's separator (promptc.cue's
	// before).
	before    string
	hasBefore bool
	// after lists what goes between the non-empty section of the item
	// named prev and this one, in place of before and the separator
	// (promptc.cue's after).
	after []afterText
	// reads lists the inputs the part reads (its template's fields, its
	// when condition's input), as indexes in inputFields.
	reads []int
	// tools is set on the part that lists the tool catalogue (generated:
	// "tools"): a Request with an Allowed callback lists it again at run
	// time, without the tools the callback refuses.
	tools bool
}

// afterText is the text between the section of the item named prev and
// the item that holds it.
type afterText struct{ prev, text string }

// sepBefore returns what goes between the non-empty section of the item
// named prev and it in a mode of wire format w.
func (it *item) sepBefore(w *wire, prev string) string {
	for _, a := range it.after {
		if a.prev == prev {
			return a.text
		}
	}
	if it.hasBefore {
		return it.before
	}
	return w.sep
}

// hole is a placeholder in a text: at is its byte offset, ph its index in
// placeholders.
type hole struct{ at, ph int }

// placeholder is a declared {{name}}: slot >= 0 is the index of its
// run-time value in Slots; otherwise values[family][note+1] is its value.
type placeholder struct {
	slot   int
	values [len(families)][]string
	// setting, when not 0, is 1 + the index in settingTables of the
	// setting whose value chooses the value: bySetting[value].
	setting   int
	bySetting []string
}

// rule is one family rule of promptc.cue, its patterns in Go syntax.
type rule struct {
	family                  Family
	name, provider, id, all []string
}

// settingRule is one rule of a per-model setting, its patterns in Go
// syntax: value is the index, in its setting's values, of the value a
// model id it selects gets.
type settingRule struct {
	value                   int
	name, provider, id, all []string
}

// settingData is one per-model setting: its values, the index of its
// default among them (a model no rule selects), and its rules in the
// order they are tried.
type settingData struct {
	values []string
	def    int
	rules  []settingRule
}
