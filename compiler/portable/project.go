// Package portable compiles a project into the form every non-Go target
// ships: one data document (Project) that a fixed runtime per language
// interprets. The per-project part of a generated TypeScript or Python
// package is this document and nothing else; the runtimes (runtime/ts,
// runtime/py) are real source, tested with their language's own runner on
// a stub project, and embedded as they are. Another language is one
// runtime file and a few lines of its generator.
//
// The document says everything the Go package's tables say: modes and
// their wire format, families with their sections and notes, selection
// rules as regular expressions every engine runs alike (Regex), per-model
// settings, slots, placeholders and inputs with their limits, what each
// mode sends in each profile and permission set, when conditions, template
// parts as parse trees (TemplateTree), the tool catalogue, and the cost
// notices counted at build time.
package portable

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/promptc/promptc/compiler"
	"github.com/promptc/promptc/compiler/costs"
	"github.com/promptc/promptc/compiler/genruntime"
	"github.com/promptc/promptc/compiler/gogen"
	"github.com/promptc/promptc/internal/config"
	"github.com/promptc/promptc/internal/diag"
)

// Project is the compiled form of a project for the runtimes. Indexes
// refer to the lists of the same document. A text with placeholders is a
// Text: a list of strings (literal text) and numbers (indexes in
// Placeholders).
type Project struct {
	InputHash    string        `json:"inputHash"`
	Modes        []Mode        `json:"modes"`
	DefaultMode  int           `json:"defaultMode"`
	Aliases      [][2]any      `json:"aliases"`
	Custom       *Custom       `json:"custom"`
	Instructions *Instructions `json:"instructions"`
	Families     []Family      `json:"families"`
	Fallback     int           `json:"fallbackFamily"`
	Rules        []Rule        `json:"rules"`
	Conditions   [][]Regex     `json:"conditions"`
	Settings     []Setting     `json:"settings"`
	Slots        []Field       `json:"slots"`
	Placeholders []Placeholder `json:"placeholders"`
	Runtime      []Field       `json:"runtimePlaceholders"`
	Inputs       []Input       `json:"inputs"`
	Whens        []When        `json:"whens"`
	// NoticeSettings lists the settings (indexes in Settings) whose values
	// the cost notices depend on (those a when condition tests).
	NoticeSettings []int      `json:"noticeSettings"`
	Templates      []Template `json:"templates"`
	Profiles       []string   `json:"profiles"`
	Permissions    []string   `json:"permissions"`
	PermProgram    []int      `json:"permissionProgram"`
	Programs       []Program  `json:"programs"`
	Tools          []Tool     `json:"tools"`
	ToolPermits    [][]bool   `json:"toolPermits"`
	// ToolsHeader opens the tools a tools part lists by name.
	ToolsHeader string `json:"toolsHeader"`
	// Capability holds the words of the capability line, nil without one.
	Capability   *Capability `json:"capability"`
	TokenCounter string      `json:"tokenCounter"`
}

// Mode is a mode of promptc.cue, in lattice order.
type Mode struct {
	Name        string `json:"name"`
	Description string `json:"description"`
	Sep         string `json:"sep"`
	End         string `json:"end"`
	Warning     string `json:"warning"`
}

// Custom is the custom mode: its name and description, and the fallback
// text a composition without a usable file carries.
type Custom struct {
	Name           string `json:"name"`
	Description    string `json:"description"`
	File           string `json:"file"`
	MaxBytes       int    `json:"maxBytes"`
	Fallback       string `json:"fallback"`
	FallbackSource string `json:"fallbackSource"`
}

// Instructions is what the instruction-file loader reads when the harness
// names no files, whether it expands @include lines, and the limits it
// holds them to: the project's includes: limits, and the largest file it
// reads in bytes.
type Instructions struct {
	Files         []string `json:"files"`
	Includes      bool     `json:"includes"`
	MaxDepth      int      `json:"maxDepth"`
	MaxFiles      int      `json:"maxFiles"`
	MaxTotalChars int      `json:"maxTotalChars"`
	MaxFileChars  int      `json:"maxFileChars"`
	MaxBytes      int      `json:"maxBytes"`
}

// Family is a model family: its sections and its notes in the order they
// are tried.
type Family struct {
	Name        string `json:"name"`
	Description string `json:"description"`
	Line        []any  `json:"line"`
	Body        []any  `json:"body"`
	LineSource  string `json:"lineSource"`
	BodySource  string `json:"bodySource"`
	Notes       []Note `json:"notes"`
}

// Note is a model note: JS holds its JavaScript literal's source and
// flags as written (what TypeScript runs), Regex the portable form of its
// RE2 translation.
type Note struct {
	Label  string    `json:"label"`
	JS     [2]string `json:"js"`
	Regex  Regex     `json:"regex"`
	Text   []any     `json:"text"`
	Source string    `json:"source"`
}

// Rule is a family rule (Family an index) or a setting's rule (the index
// of its value), with its pattern lists.
type Rule struct {
	Value    int     `json:"value"`
	Name     []Regex `json:"name"`
	Provider []Regex `json:"provider"`
	ID       []Regex `json:"id"`
	All      []Regex `json:"all"`
}

// Setting is a per-model setting.
type Setting struct {
	Name    string   `json:"name"`
	Values  []string `json:"values"`
	Default int      `json:"default"`
	Rules   []Rule   `json:"rules"`
}

// Field is a slot or a run-time placeholder: its name, limit and
// stability.
type Field struct {
	Name     string `json:"name"`
	MaxChars int    `json:"maxChars"`
	Stable   bool   `json:"stable"`
}

// Placeholder is a declared {{name}}: Runtime is its index in the
// run-time placeholders, or -1 and Values its value by family and by note
// (index 0 without a note, i+1 for note i).
type Placeholder struct {
	Name    string     `json:"name"`
	Runtime int        `json:"runtime"`
	Values  [][]string `json:"values"`
	// Setting, for a placeholder whose value a per-model setting
	// chooses, is 1 + the setting's index in Settings, and BySetting its
	// value by the setting's value index; 0 and nil otherwise.
	Setting   int      `json:"setting,omitempty"`
	BySetting []string `json:"bySetting,omitempty"`
}

// Input is a run-time input, or a field of a record input or of a list's
// items (Stable then its input's). MaxChars and MaxItems are its planning
// figures and TypicalChars and TypicalItems its typical ones (Fields
// reports them; they refuse nothing), -1 (MaxChars, MaxItems) or 0 when
// the type has none; LimitChars and LimitItems the limits validate
// enforces, -1 when none is declared. Fields are a record's, or a list's
// items', in declared order.
type Input struct {
	Name         string   `json:"name"`
	Type         string   `json:"type"`
	MaxChars     int      `json:"maxChars"`
	TypicalChars int      `json:"typicalChars"`
	LimitChars   int      `json:"limitChars"`
	MaxItems     int      `json:"maxItems"`
	TypicalItems int      `json:"typicalItems"`
	LimitItems   int      `json:"limitItems"`
	Stable       bool     `json:"stable"`
	Values       []string `json:"values"`
	Fields       []Input  `json:"fields"`
}

// When is a part's condition: on input Input (an index, -1 for none), on
// setting Setting (an index in Settings, -1 for none), holding for the
// values of Is (a bool input without Is: when true; setting values are
// indexes), or, with both -1, on the family: the family chosen (resolved
// or forced) is one of Family (indexes in Families).
type When struct {
	Input   int   `json:"input"`
	Setting int   `json:"setting"`
	Is      []any `json:"is"`
	Family  []int `json:"family"`
}

// Template is a template part: its file, its parse tree and the most
// characters it renders for inputs Validate accepts (rendering past it is
// an error, as in the Go package); Max is null when an input it reads has
// no declared limit, and 64 MiB alone bounds a rendering.
type Template struct {
	Name string `json:"name"`
	Tree []any  `json:"tree"`
	Max  *int   `json:"max"`
}

// orNone is a figure of promptc.cue, or -1 when it is not declared.
func orNone(n *int) int {
	if n == nil {
		return -1
	}
	return *n
}

// Program is one profile under one permission set: what each mode sends,
// what the custom mode sends, and the cost notices.
type Program struct {
	Modes  [][]Item `json:"modes"`
	Custom []Item   `json:"custom"`
	// NoticeConds lists per mode the conditional parts its notice depends
	// on; Notices is indexed by family, note + 1, mode, then the values of
	// the project's NoticeSettings as one number in mixed radix (the last
	// varying fastest), shifted left by the mode's count of NoticeConds and
	// or-ed with the subset of those parts the model gets.
	NoticeConds [][]int        `json:"noticeConds"`
	Notices     [][][][]Notice `json:"notices"`
	// ToolsFull and ToolsNamed are the tools the program's tools part
	// describes in full and lists by name, by index in Tools: what a
	// request's allowed callback filters at run time.
	ToolsFull  []int `json:"toolsFull"`
	ToolsNamed []int `json:"toolsNamed"`
	// CapabilityTools are the tools the capability line names when the
	// session has them, in order, and CapabilityListed whether the
	// standing listing describes each in full.
	CapabilityTools  []string `json:"capabilityTools"`
	CapabilityListed []bool   `json:"capabilityListed"`
}

// Capability is what opens the listed and the deferred tools of the
// capability line.
type Capability struct {
	Listed   string `json:"listed"`
	Deferred string `json:"deferred"`
}

// Notice is a counted cost notice: its text (line, then the warning), the
// length in bytes of the line, its tokens and its tokens over the default
// mode.
type Notice struct {
	Text   string `json:"text"`
	Line   string `json:"line"`
	Tokens int    `json:"tokens"`
	Over   int    `json:"over"`
}

// Item is one part or slot a mode sends, as genruntime's item is.
type Item struct {
	Kind     string  `json:"kind"`
	Name     string  `json:"name"`
	Source   string  `json:"source"`
	Text     []any   `json:"text,omitempty"`
	Index    int     `json:"index"`
	Cond     int     `json:"cond"`
	When     int     `json:"when"`
	Volatile bool    `json:"volatile"`
	Before   *string `json:"before"`
	// After lists, sorted by name, what goes between the section of the
	// item named [0] and this one, in place of Before and the separator.
	After [][2]string `json:"after,omitempty"`
	Reads []int       `json:"reads"`
	// Tools marks the part that lists the tool catalogue, listed again at
	// run time for a request's allowed callback.
	Tools bool `json:"tools,omitempty"`
}

// Tool is a catalogue tool; Desc is its description, nil when it could
// not be read.
type Tool struct {
	Name  string  `json:"name"`
	Group string  `json:"group"`
	Write bool    `json:"write"`
	Desc  *string `json:"desc"`
}

// Error is what no target can ship: a selection pattern that cannot be
// written for every runtime, or a template node no runtime interprets.
// Path is where promptc.cue declares it (a value path such as
// "families.rules.0"), or Pos where a family or template file does.
type Error struct {
	Path string
	Pos  diag.Position
	Msg  string
}

// Error returns the message with where it is.
func (e *Error) Error() string {
	if e.Path != "" {
		return e.Path + ": " + e.Msg
	}
	return e.Pos.String() + ": " + e.Msg
}

// Build compiles progs (one program per profile and permission set, in
// the order build passes them to the Go generator) into the document. A
// selection pattern that cannot be written for every runtime, and a
// template node no runtime interprets, are errors.
func Build(progs []*compiler.Program, inputHash string) (*Project, error) {
	p := progs[0]
	c := p.Config
	out := &Project{InputHash: inputHash, Modes: []Mode{}, Families: []Family{}, Rules: []Rule{}, Programs: []Program{}, Aliases: [][2]any{}, Conditions: [][]Regex{}, Settings: []Setting{}, Slots: []Field{},
		Placeholders: []Placeholder{}, Runtime: []Field{}, Inputs: []Input{}, Whens: []When{}, NoticeSettings: []int{}, Templates: []Template{},
		Tools: []Tool{}, ToolPermits: [][]bool{}, TokenCounter: p.Counter.Name(), PermProgram: []int{}}
	for i, m := range p.Modes {
		out.Modes = append(out.Modes, Mode{Name: m.Name, Description: oneLine(m.Config.Description), Sep: m.Config.Separator, End: m.Config.Ending(), Warning: m.Config.Warning})
		if m.Name == c.DefaultMode {
			out.DefaultMode = i
		}
	}
	for _, a := range slices.Sorted(maps.Keys(c.Aliases)) {
		out.Aliases = append(out.Aliases, [2]any{a, modeIndex(p, c.Aliases[a])})
	}
	if cu := c.Custom; cu != nil {
		out.Custom = &Custom{Name: compiler.CustomModeName, Description: "The user's own instructions, read from " + cu.File + " in their project.", File: cu.File, MaxBytes: cu.MaxBytes}
		if part := p.Parts[cu.Fallback.Name]; part != nil {
			out.Custom.Fallback, out.Custom.FallbackSource = part.Text, src(part.Pos.Path, part.Pos.Line, part.Text)
		}
	}
	if in := c.Instructions; in != nil {
		lim := c.Includes
		out.Instructions = &Instructions{Files: append([]string{}, in.Files...), Includes: in.Includes && lim.Enabled,
			MaxDepth: lim.MaxDepth, MaxFiles: lim.MaxFiles, MaxTotalChars: lim.MaxTotalChars, MaxFileChars: lim.MaxFileChars, MaxBytes: genruntime.InstructionMaxBytes}
	}
	slots := slices.Sorted(maps.Keys(c.Slots))
	for _, s := range slots {
		out.Slots = append(out.Slots, Field{Name: s, MaxChars: c.Slots[s].MaxChars, Stable: c.Slots[s].Stable})
	}
	phs := slices.Sorted(maps.Keys(c.Placeholders))
	runtimes := p.RuntimePlaceholders()
	for _, name := range runtimes {
		out.Runtime = append(out.Runtime, Field{Name: name, MaxChars: c.Placeholders[name].Runtime.MaxChars})
	}
	for _, name := range phs {
		ph := Placeholder{Name: name, Runtime: slices.Index(runtimes, name), Values: [][]string{}}
		if st := c.Placeholders[name].Setting; st != nil {
			ph.Setting = slices.Index(slices.Sorted(maps.Keys(c.Settings)), st.Name) + 1
			for _, v := range c.Settings[st.Name].Values {
				ph.BySetting = append(ph.BySetting, p.Value(name, compiler.Selection{Settings: map[string]string{st.Name: v}}))
			}
		} else if ph.Runtime < 0 {
			for _, fn := range p.FamilyNames {
				f := p.Families[fn]
				vs := []string{}
				for _, note := range compiler.NoteChoices(f) {
					vs = append(vs, p.Value(name, compiler.Selection{Family: f, Note: note}))
				}
				ph.Values = append(ph.Values, vs)
			}
		}
		out.Placeholders = append(out.Placeholders, ph)
	}
	text := func(t *compiler.Template) []any {
		v := []any{}
		for i, lit := range t.Lits {
			if lit != "" {
				v = append(v, lit)
			}
			if i < len(t.Holes) {
				v = append(v, slices.Index(phs, t.Holes[i]))
			}
		}
		return v
	}
	for _, fn := range p.FamilyNames {
		f := p.Families[fn]
		fd := Family{Name: fn, Description: oneLine(f.Description), Line: text(p.TemplateOf(f.Line.Spans)), Body: text(p.SectionTemplate(f.Body)),
			LineSource: src(f.Line.Pos.Path, f.Line.Pos.Line, f.Line.Text()), BodySource: src(f.Body.Pos.Path, f.Body.Pos.Line, f.Body.Text()), Notes: []Note{}}
		for _, n := range f.Notes {
			if n.Pattern == nil {
				continue
			}
			re, terr := Translate(n.Pattern.RE.String())
			if terr != nil {
				return nil, &Error{Pos: n.Section.Pos, Msg: fmt.Sprintf("model note %s: %v", n.Label, terr)}
			}
			fd.Notes = append(fd.Notes, Note{Label: n.Label, JS: [2]string{n.Pattern.Source, n.Pattern.Flags}, Regex: re, Text: text(p.TemplateOf(n.Spans)),
				Source: src(n.Section.Pos.Path, n.Section.Pos.Line, n.Text())})
		}
		out.Families = append(out.Families, fd)
	}
	out.Fallback = slices.Index(p.FamilyNames, c.Families.Fallback)
	for i, r := range c.Families.Rules {
		fam := slices.Index(p.FamilyNames, r.Family)
		if fam < 0 {
			fam = out.Fallback
		}
		rule, err := rules(fam, r.Name, r.Provider, r.ID, r.All)
		if err != nil {
			return nil, &Error{Path: fmt.Sprintf("families.rules.%d", i), Msg: err.Error()}
		}
		out.Rules = append(out.Rules, rule)
	}
	var conds, tmplParts, whens []string
	for _, name := range slices.Sorted(maps.Keys(c.Parts)) {
		if p.IsConditional(name) {
			conds = append(conds, name)
		}
		if part := p.Parts[name]; part != nil && part.Tmpl != nil {
			tmplParts = append(tmplParts, name)
		}
		if c.Parts[name].When != nil {
			whens = append(whens, name)
		}
	}
	for _, name := range conds {
		res, err := regexes(c.Parts[name].Models)
		if err != nil {
			return nil, &Error{Path: "parts." + name + ".models", Msg: err.Error()}
		}
		out.Conditions = append(out.Conditions, res)
	}
	settings := slices.Sorted(maps.Keys(c.Settings))
	for _, name := range settings {
		st := c.Settings[name]
		sd := Setting{Name: name, Values: st.Values, Default: slices.Index(st.Values, st.Default), Rules: []Rule{}}
		for i, r := range st.Rules {
			rule, err := rules(slices.Index(st.Values, r.Value), r.Name, r.Provider, r.ID, r.All)
			if err != nil {
				return nil, &Error{Path: fmt.Sprintf("settings.%s.rules.%d", name, i), Msg: err.Error()}
			}
			sd.Rules = append(sd.Rules, rule)
		}
		out.Settings = append(out.Settings, sd)
	}
	inputs := slices.Sorted(maps.Keys(c.Inputs))
	for _, name := range inputs {
		in := c.Inputs[name]
		in.Name = name
		out.Inputs = append(out.Inputs, inputData(in, in.Stable))
	}
	for _, part := range whens {
		w := c.Parts[part].When
		d := When{Input: slices.Index(inputs, w.Input), Setting: -1, Is: []any{}, Family: []int{}}
		if len(w.Family) > 0 {
			// A name with no family is the compiler's error: the build
			// writes nothing then.
			d.Input = -1
			for _, f := range w.Family {
				if i := slices.Index(p.FamilyNames, f); i >= 0 {
					d.Family = append(d.Family, i)
				}
			}
		} else if w.Setting != "" {
			d.Input, d.Setting = -1, slices.Index(settings, w.Setting)
			for _, v := range w.Is {
				if s, ok := v.(string); ok {
					d.Is = append(d.Is, slices.Index(c.Settings[w.Setting].Values, s))
				}
			}
		} else {
			d.Is = append(d.Is, w.Is...)
		}
		out.Whens = append(out.Whens, d)
	}
	for _, part := range tmplParts {
		t := p.Parts[part].Tmpl
		tree, err := TemplateTree(t.Path, t.Source)
		if err != nil {
			return nil, &Error{Pos: diag.Position{Path: t.Path, Line: 1, Col: 1}, Msg: err.Error()}
		}
		tm := Template{Name: t.Path, Tree: tree}
		if t.Bound >= 0 {
			tm.Max = &t.Bound
		}
		out.Templates = append(out.Templates, tm)
	}
	out.Profiles = compiler.ProfileNames(c)
	out.Permissions = gogen.PermissionOrder(c)
	for _, set := range out.Permissions {
		out.PermProgram = append(out.PermProgram, slices.Index(compiler.PermissionNames(c), set))
	}
	if cat := c.Tools; cat != nil {
		names := slices.Sorted(maps.Keys(cat.Catalogue))
		for _, n := range names {
			t := cat.Catalogue[n]
			td := Tool{Name: n, Group: t.Group, Write: t.Access == "write"}
			if txt, ok := p.ToolTexts[n]; ok {
				td.Desc = &txt
			}
			out.Tools = append(out.Tools, td)
		}
		for _, set := range out.Permissions {
			row := []bool{}
			for _, n := range names {
				row = append(row, c.Permits(set, n))
			}
			out.ToolPermits = append(out.ToolPermits, row)
		}
		out.ToolsHeader = p.ToolListingHeader()
		if cat.Capability != nil {
			lw, dw := p.CapabilityWords()
			out.Capability = &Capability{Listed: lw, Deferred: dw}
		}
	}
	noticeSettings := gogen.NoticeSettings(p)
	out.NoticeSettings = append(out.NoticeSettings, noticeSettings...)
	combos := gogen.SettingCombos(p, noticeSettings)
	// itemsOf is what a compose list of program q sends, the modes' and the
	// custom mode's alike.
	itemsOf := func(q *compiler.Program, compose []config.Ref) []Item {
		items := []Item{}
		for _, ref := range compose {
			if ref.Kind == "slot" {
				items = append(items, Item{Kind: "slot", Name: ref.Name, Index: slices.Index(slots, ref.Name), Cond: -1, When: -1, Reads: []int{}})
				continue
			}
			cp := q.Config.Parts[ref.Name]
			if cp.Family != "" {
				items = append(items, Item{Kind: cp.Family, Name: ref.Name, Cond: -1, When: -1, Reads: []int{}})
				continue
			}
			part := q.Parts[ref.Name]
			if part == nil {
				continue
			}
			it := Item{Kind: "text", Name: ref.Name, Source: src(part.Pos.Path, part.Pos.Line, part.Text), Cond: slices.Index(conds, ref.Name),
				When: slices.Index(whens, ref.Name), Volatile: q.ReadsVolatile(ref.Name), Reads: []int{}, Tools: cp.Generated == "tools"}
			for _, in := range q.Reads(ref.Name) {
				it.Reads = append(it.Reads, slices.Index(inputs, in))
			}
			if part.Tmpl != nil {
				it.Kind, it.Index, it.Source = "template", slices.Index(tmplParts, ref.Name), part.Tmpl.Path+":1"
			} else {
				it.Text = text(q.PartTemplate(part))
			}
			items = append(items, it)
		}
		return items
	}
	for _, q := range progs {
		pr := Program{Custom: []Item{}, ToolsFull: []int{}, ToolsNamed: []int{}, CapabilityTools: []string{}, CapabilityListed: []bool{}}
		names, listed := q.CapabilityTools()
		pr.CapabilityTools = append(pr.CapabilityTools, names...)
		pr.CapabilityListed = append(pr.CapabilityListed, listed...)
		full, named := q.ToolListing()
		for _, t := range full {
			pr.ToolsFull = append(pr.ToolsFull, slices.IndexFunc(out.Tools, func(x Tool) bool { return x.Name == t }))
		}
		for _, t := range named {
			pr.ToolsNamed = append(pr.ToolsNamed, slices.IndexFunc(out.Tools, func(x Tool) bool { return x.Name == t }))
		}
		for _, m := range q.Modes {
			items := itemsOf(q, m.Config.Compose)
			for i := range items {
				if b, ok := m.Config.Before[items[i].Name]; ok {
					items[i].Before = &b
				}
				for _, prev := range slices.Sorted(maps.Keys(m.Config.After)) {
					if text, ok := m.Config.After[prev][items[i].Name]; ok {
						items[i].After = append(items[i].After, [2]string{prev, text})
					}
				}
			}
			pr.Modes = append(pr.Modes, items)
		}
		if c.Custom != nil {
			pr.Custom = append(pr.Custom, Item{Kind: "custom", Name: "custom", Cond: -1, When: -1, Reads: []int{}})
			pr.Custom = append(pr.Custom, itemsOf(q, compiler.CustomCompose(q))...)
		}
		pr.NoticeConds, pr.Notices = notices(q, conds, combos)
		out.Programs = append(out.Programs, pr)
	}
	return out, nil
}

// notices counts the cost notices of program q as the Go generator does
// (gogen's noticeTable): by family, note, mode, then combination of the
// notice settings' values (combos, in gogen.SettingCombos' order) and
// subset of the conditional parts the mode's notice depends on.
func notices(q *compiler.Program, conds []string, combos []map[string]string) ([][]int, [][][][]Notice) {
	var modeConds [][]int
	per := make([][]string, len(q.Modes))
	for i, m := range q.Modes {
		per[i] = gogen.NoticeConds(q, m)
		idx := []int{}
		for _, name := range per[i] {
			idx = append(idx, slices.Index(conds, name))
		}
		modeConds = append(modeConds, idx)
	}
	var table [][][][]Notice
	for _, fn := range q.FamilyNames {
		f := q.Families[fn]
		var byNote [][][]Notice
		for _, note := range compiler.NoteChoices(f) {
			counted := map[string][]costs.Notice{}
			var byMode [][]Notice
			for mi := range q.Modes {
				mc := per[mi]
				var subs []Notice
				for ci, combo := range combos {
					for sub := 0; sub < 1<<len(mc); sub++ {
						var sent []string
						for j, name := range mc {
							if sub&(1<<j) != 0 {
								sent = append(sent, name)
							}
						}
						sel := compiler.Selection{Family: f, Note: note, Settings: combo, Conditional: func(name string) bool { return slices.Contains(sent, name) }}
						slices.Sort(sent)
						key := fmt.Sprint(ci, "\x00", strings.Join(sent, "\x00"))
						if counted[key] == nil {
							counted[key] = costs.NoticesFor(q, sel)
						}
						n := counted[key][mi]
						subs = append(subs, Notice{Text: n.Text(), Line: n.Line, Tokens: n.Tokens, Over: n.Over})
					}
				}
				byMode = append(byMode, subs)
			}
			byNote = append(byNote, byMode)
		}
		table = append(table, byNote)
	}
	return modeConds, table
}

func rules(value int, name, provider, id, all []string) (Rule, error) {
	r := Rule{Value: value}
	var err error
	for _, l := range []struct {
		dst  *[]Regex
		pats []string
	}{{&r.Name, name}, {&r.Provider, provider}, {&r.ID, id}, {&r.All, all}} {
		if *l.dst, err = regexes(l.pats); err != nil {
			return Rule{}, err
		}
	}
	return r, nil
}

func regexes(pats []string) ([]Regex, error) {
	out := []Regex{}
	for _, pat := range pats {
		re, err := Translate(pat)
		if err != nil {
			return nil, err
		}
		out = append(out, re)
	}
	return out, nil
}

func modeIndex(p *compiler.Program, name string) int {
	for i, m := range p.Modes {
		if m.Name == name {
			return i
		}
	}
	return -1
}

func src(path string, line int, text string) string {
	if path == "" || text == "" {
		return ""
	}
	return fmt.Sprintf("%s:%d", path, line)
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// inputData is the compiled form of input or field in, its fields in
// declared order, to any depth; stable is its input's.
func inputData(in config.Input, stable bool) Input {
	d := Input{Name: in.Name, Type: in.Type, MaxChars: orNone(in.MaxChars), TypicalChars: compiler.TypicalChars(in), LimitChars: orNone(in.LimitChars),
		MaxItems: orNone(in.MaxItems), LimitItems: orNone(in.LimitItems), Stable: stable, Values: in.Values, Fields: []Input{}}
	if d.Values == nil {
		d.Values = []string{}
	}
	if in.TypicalItems != nil {
		d.TypicalItems = *in.TypicalItems
	}
	for _, f := range in.FieldNames() {
		d.Fields = append(d.Fields, inputData(in.Fields[f], stable))
	}
	return d
}

// recordName is the name of the type of the records of in (a record
// input or field, or a list's items), declared within the record type
// outer ("" for an input): the Go package's names (Config,
// ConfigOptions, ContextFilesItem, ConfigServersItem).
func recordName(in Input, outer string) string {
	return config.RecordName(in.Name, in.Type, outer)
}

// recordShapes calls fn with the name and shape of every record type of
// input or field in, declared within outer: its fields' first, so that a
// language that needs a type defined before it is used (Python) gets it.
func recordShapes(in Input, outer string, fn func(name string, shape Input)) {
	if in.Type != "list" && in.Type != "record" {
		return
	}
	name := recordName(in, outer)
	for _, f := range in.Fields {
		recordShapes(f, name, fn)
	}
	fn(name, in)
}
