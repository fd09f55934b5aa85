// Package config loads and validates promptc.cue against the CUE schema
// (cue/schema.cue, embedded by package cue) and decodes it into Go types.
// It also turns CUE errors into diagnostics and keeps the evaluation cache,
// for every other YAML or CUE text checked against the schema.
package config

import (
	"bytes"
	"encoding/json"
	"errors"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"sync/atomic"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/cuecontext"
	"cuelang.org/go/cue/parser"

	cuefiles "github.com/promptc/promptc/cue"
	"github.com/promptc/promptc/internal/diag"
	"github.com/promptc/promptc/internal/regular"
)

// FileName is the name of the configuration file that marks a project root.
const FileName = "promptc.cue"

// schemaSource is the text of cue/schema.cue.
var schemaSource = cuefiles.Schema

// Config is the decoded configuration. Field meanings are documented in
// schema.cue, which is the single source of truth for defaults.
type Config struct {
	Version       string                 `json:"version"`
	Output        Output                 `json:"output"`
	Tokens        string                 `json:"tokens"`
	Includes      Includes               `json:"includes"`
	Parts         map[string]Part        `json:"parts"`
	Slots         map[string]Slot        `json:"slots"`
	Placeholders  map[string]Placeholder `json:"placeholders"`
	Inputs        map[string]Input       `json:"inputs"`
	Settings      map[string]Setting     `json:"settings"`
	Families      Families               `json:"families"`
	Modes         map[string]Mode        `json:"modes"`
	Order         []string               `json:"order"`
	DefaultMode   string                 `json:"defaultMode"`
	Aliases       map[string]string      `json:"aliases"`
	Tiers         map[string]string      `json:"tiers"`
	Substitutions []Substitution         `json:"substitutions"`
	Budgets       map[string]SumBudget   `json:"budgets"`
	Guide         *Guide                 `json:"guide,omitempty"`
	Frontmatter   map[string]string      `json:"frontmatter"`
	Custom        *Custom                `json:"custom,omitempty"`
	Instructions  *Instructions          `json:"instructions,omitempty"`
	Profiles      *Profiles              `json:"profiles,omitempty"`
	Tools         *Tools                 `json:"tools,omitempty"`
	Permissions   *Permissions           `json:"permissions,omitempty"`
	PointerTmpl   string                 `json:"pointerTemplate"`
	PointerMax    int                    `json:"pointerSourceMaxChars"`
	Lint          Lint                   `json:"lint"`
}

// Output says where build writes and which Go package name it uses.
type Output struct {
	Dir     string   `json:"dir"`
	Package string   `json:"package"`
	Targets *Targets `json:"targets,omitempty"`
}

// Targets are the packages build writes, by language; nil when the
// project declares none. Go, when declared, is the Go package's own
// directory and name: once loaded, Output.Dir and Output.Package hold
// them too, so that code reading those needs no second look.
type Targets struct {
	Go         *Target `json:"go,omitempty"`
	TypeScript *Target `json:"typescript,omitempty"`
	Python     *Target `json:"python,omitempty"`
}

// Target is one language's package: its directory (as Output.Dir) and,
// for Python, the package name.
type Target struct {
	Dir     string `json:"dir"`
	Package string `json:"package,omitempty"`
}

// GoTarget returns the Go package as a target: its directory and package
// name (Output.Dir and Output.Package), and as its field the place
// promptc.cue declares them, output.targets.go.dir or output.dir (where
// the default is reported too).
func (o Output) GoTarget() NamedTarget {
	t := NamedTarget{Language: "go", Target: Target{Dir: o.Dir, Package: o.Package}}
	if o.Targets == nil || o.Targets.Go == nil {
		t.field = "output.dir"
	}
	return t
}

// DirField is the path in promptc.cue of the Go package's directory, at
// which findings about the output directory are positioned.
func (o Output) DirField() string { return o.GoTarget().Field() }

// Folded returns o with output.targets.go folded into Dir and Package,
// which hold it already once loaded: the configuration as it would be
// written without the Go target, which says the same.
func (o Output) Folded() Output {
	if o.Targets == nil || o.Targets.Go == nil {
		return o
	}
	t := *o.Targets
	t.Go = nil
	o.Targets = &t
	if t == (Targets{}) {
		o.Targets = nil
	}
	return o
}

// AllTargets returns every package build writes: the Go package
// (GoTarget) first, then TargetList.
func (o Output) AllTargets() []NamedTarget {
	return append([]NamedTarget{o.GoTarget()}, o.TargetList()...)
}

// TargetList returns the declared targets in languages other than Go by
// language ("typescript", "python"), in that order, each with the path of
// its dir in promptc.cue.
func (o Output) TargetList() []NamedTarget {
	var out []NamedTarget
	if o.Targets == nil {
		return nil
	}
	if t := o.Targets.TypeScript; t != nil {
		out = append(out, NamedTarget{Language: "typescript", Target: *t})
	}
	if t := o.Targets.Python; t != nil {
		out = append(out, NamedTarget{Language: "python", Target: *t})
	}
	return out
}

// NamedTarget is a Target and its language ("go", "typescript",
// "python").
type NamedTarget struct {
	Language string
	Target
	// field is the path of the directory in promptc.cue when it is not
	// output.targets.<Language>.dir (the Go package's output.dir).
	field string
}

// Field is the path of the target's dir in promptc.cue, for findings.
func (t NamedTarget) Field() string {
	if t.field != "" {
		return t.field
	}
	return "output.targets." + t.Language + ".dir"
}

// Includes holds the @include limits.
type Includes struct {
	Enabled       bool `json:"enabled"`
	MaxDepth      int  `json:"maxDepth"`
	MaxFiles      int  `json:"maxFiles"`
	MaxTotalChars int  `json:"maxTotalChars"`
	MaxFileChars  int  `json:"maxFileChars"`
}

// Limit is a ceiling in characters or tokens; exactly one of Chars and
// Tokens is non-zero once the config has been checked.
type Limit struct {
	Chars  int     `json:"chars,omitempty"`
	Tokens int     `json:"tokens,omitempty"`
	WarnAt float64 `json:"warnAt"`
}

// Ref names a part or a slot.
type Ref struct {
	Name string `json:"name"`
	Kind string `json:"kind"`
}

// Part is a named piece of static text. Exactly one of File, Generated and
// Family is set; Block requires File.
type Part struct {
	Name      string   `json:"name"`
	File      string   `json:"file,omitempty"`
	Block     string   `json:"block,omitempty"`
	Omit      []string `json:"omit"`
	Generated string   `json:"generated,omitempty"`
	Pointer   *Pointer `json:"pointer,omitempty"`
	Family    string   `json:"family,omitempty"`
	Template  string   `json:"template,omitempty"`
	Models    []string `json:"models,omitempty"`
	When      *When    `json:"when,omitempty"`
	Governing bool     `json:"governing"`
	Includes  bool     `json:"includes"`
	// KeepTrailing keeps the file's final newline and trailing blank
	// lines in the part's text.
	KeepTrailing bool   `json:"keepTrailing"`
	Budget       *Limit `json:"budget,omitempty"`
	Description  string `json:"description,omitempty"`
}

// When is a part's condition on a run-time input: the part is sent when
// the input's value is one of Is (a bool input without Is: when true).
type When struct {
	// Input is the input tested, or "" when Setting is.
	Input string `json:"input,omitempty"`
	// Setting is the per-model setting tested, or "" when Input is.
	Setting string `json:"setting,omitempty"`
	// Family lists the families the part is sent with (the resolved or
	// forced family), when neither Input nor Setting is set.
	Family []string `json:"family,omitempty"`
	// Is holds strings (enum values) or bools, as the schema allows.
	Is []any `json:"is,omitempty"`
}

// Holds reports whether a value of the input (a bool or an enum's string)
// meets the condition: it is one of Is, or, with no Is, the bool true.
func (w When) Holds(v any) bool {
	if len(w.Is) == 0 {
		b, ok := v.(bool)
		return ok && b
	}
	return slices.Contains(w.Is, v)
}

// Setting is a per-model setting: a value among Values chosen for a model
// id by the first of Rules that selects it (the matching of family
// rules), else Default.
type Setting struct {
	Name        string            `json:"name"`
	Values      []string          `json:"values"`
	Default     string            `json:"default"`
	Rules       []SettingRule     `json:"rules"`
	Examples    map[string]string `json:"examples"`
	Description string            `json:"description,omitempty"`
}

// SettingRule gives Value to the model ids its patterns select, as a
// family Rule selects them.
type SettingRule struct {
	Value    string   `json:"value"`
	Name     []string `json:"name"`
	Provider []string `json:"provider"`
	ID       []string `json:"id"`
	All      []string `json:"all"`
}

// FamilyRules returns s's rules as family rules whose Family is the value,
// so that family resolution, which knows nothing of settings, selects
// among them.
func (s Setting) FamilyRules() Families {
	f := Families{Fallback: s.Default}
	for _, r := range s.Rules {
		f.Rules = append(f.Rules, Rule{Family: r.Value, Name: r.Name, Provider: r.Provider, ID: r.ID, All: r.All})
	}
	return f
}

// Input types: what a run-time input, or a field of one, holds.
const (
	InputString = "string"
	InputBool   = "bool"
	InputEnum   = "enum"
	InputList   = "list"
	InputRecord = "record"
)

// Input is a typed run-time value the harness supplies, read by template
// parts and tested by when conditions; a field of a record or of a list's
// items is an Input too (its Name the field's, Stable never set). Name is
// the Go field name.
type Input struct {
	Name        string `json:"name"`
	Type        string `json:"type"`
	Description string `json:"description,omitempty"`
	Stable      bool   `json:"stable"`
	// MaxChars (a string's) and MaxItems (a list's) are planning
	// figures: budgets and costs count the input at them, and nothing
	// refuses a longer value. LimitChars and LimitItems, when set, are
	// the limits Validate (and show) enforce.
	MaxChars *int `json:"maxChars,omitempty"`
	// Typical is a string (string and enum inputs) or a bool.
	Typical      any              `json:"typical,omitempty"`
	TypicalChars *int             `json:"typicalChars,omitempty"`
	LimitChars   *int             `json:"limitChars,omitempty"`
	Values       []string         `json:"values,omitempty"`
	Fields       map[string]Input `json:"fields,omitempty"`
	// Order is the names of Fields in the order promptc.cue writes them
	// (CUE keeps a struct's fields in declaration order; a Go map does
	// not, so Load records it).
	Order        []string `json:"order,omitempty"`
	MaxItems     *int     `json:"maxItems,omitempty"`
	TypicalItems *int     `json:"typicalItems,omitempty"`
	LimitItems   *int     `json:"limitItems,omitempty"`
}

// FieldNames lists a record's or a list's item fields in the order
// promptc.cue declares them: the order of the generated types' fields, so
// that a harness's struct of the same fields in the same order converts
// to them. Without a recorded order (an Input built in Go) they are
// sorted.
func (in Input) FieldNames() []string {
	if len(in.Order) == len(in.Fields) {
		return in.Order
	}
	return slices.Sorted(maps.Keys(in.Fields))
}

// RecordName is the name every generated package gives the type of the
// records of the input or field name of type typ (a record, or a list's
// items), declared within the record type outer ("" for an input):
// Config, ConfigOptions, ContextFilesItem, ConfigServersItem.
func RecordName(name, typ, outer string) string {
	if typ == InputList {
		return outer + name + "Item"
	}
	return outer + name
}

// HasFields reports whether values of the input's type have fields: a
// record, and a list's items.
func (in Input) HasFields() bool { return in.Type == InputRecord || in.Type == InputList }

// Pointer is a trigger-and-pointer entry.
type Pointer struct {
	Trigger string   `json:"trigger"`
	Source  string   `json:"source"`
	Covers  []string `json:"covers"`
}

// Profiles configures the profile dimension.
type Profiles struct {
	Env              string             `json:"env,omitempty"`
	Default          string             `json:"default"`
	Values           map[string]Profile `json:"values"`
	SavingsThreshold float64            `json:"savingsThreshold"`
}

// Profile selects parts and full tool descriptions.
type Profile struct {
	Name      string         `json:"name"`
	Omit      []Ref          `json:"omit"`
	Dropped   []Ref          `json:"dropped"`
	Replace   []Substitution `json:"replace"`
	FullTools []string       `json:"fullTools"`
	// Rediscovery is the declared cost, in input tokens per session, of
	// finding again what the text this profile drops said; 0 when not
	// declared.
	Rediscovery int `json:"rediscovery"`
}

// Tools is the tool catalogue.
type Tools struct {
	Catalogue  map[string]Tool `json:"catalogue"`
	Discovery  string          `json:"discovery,omitempty"`
	Capability *Capability     `json:"capability,omitempty"`
}

// Capability declares the capability line a generated package builds at
// run time from a session's tools.
type Capability struct {
	Tools    []string `json:"tools"`
	Listed   string   `json:"listed"`
	Deferred string   `json:"deferred"`
	MaxChars int      `json:"maxChars,omitempty"`
}

// Tool is one catalogue entry.
type Tool struct {
	Name   string `json:"name"`
	Group  string `json:"group"`
	File   string `json:"file"`
	Access string `json:"access"`
}

// Permissions configures the permission-set dimension.
type Permissions struct {
	Default string                `json:"default"`
	Values  map[string]Permission `json:"values"`
}

// Permission is one permission set: the tools of its accesses and the
// tools it names.
type Permission struct {
	Name   string   `json:"name"`
	Access []string `json:"access"`
	Tools  []string `json:"tools"`
}

// Permits reports whether permission set set lets a session use tool: the
// tool's access is one of the set's, or the set names it. The set ""
// permits every tool (a project without permission sets), and so does
// every set when the project declares none. An unknown tool is never
// permitted.
func (c *Config) Permits(set, tool string) bool {
	if c.Tools == nil {
		return false
	}
	t, ok := c.Tools.Catalogue[tool]
	if !ok {
		return false
	}
	if set == "" || c.Permissions == nil {
		return true
	}
	ps, ok := c.Permissions.Values[set]
	if !ok {
		return false
	}
	return slices.Contains(ps.Access, t.Access) || slices.Contains(ps.Tools, tool)
}

// Placeholder is a declared {{name}}: a value fixed, per family, per note,
// or supplied at run time (Runtime set).
type Placeholder struct {
	Name    string            `json:"name"`
	Value   *string           `json:"value,omitempty"`
	Family  map[string]string `json:"family"`
	Note    map[string]string `json:"note"`
	Runtime *Runtime          `json:"runtime,omitempty"`
	// Setting, when set, chooses the value by the model's value of a
	// per-model setting.
	Setting     *PlaceholderSetting `json:"setting,omitempty"`
	Description string              `json:"description,omitempty"`
}

// PlaceholderSetting gives a placeholder a value per value of setting
// Name: Values maps a setting value to the text; a value it does not
// list takes the placeholder's Value.
type PlaceholderSetting struct {
	Name   string            `json:"name"`
	Values map[string]string `json:"values"`
}

// SettingValue returns the text placeholder ph takes for value v of its
// setting: Values[v], else Value; false when neither gives one.
func (ph *Placeholder) SettingValue(v string) (string, bool) {
	if t, ok := ph.Setting.Values[v]; ok {
		return t, true
	}
	if ph.Value != nil {
		return *ph.Value, true
	}
	return "", false
}

// Runtime bounds a placeholder value supplied at run time.
type Runtime struct {
	MaxChars int `json:"maxChars"`
}

// Slot is a place for run-time text.
type Slot struct {
	Name        string `json:"name"`
	Description string `json:"description,omitempty"`
	MaxChars    int    `json:"maxChars"`
	// Stable slots keep their text for a whole session.
	Stable bool `json:"stable"`
	// Required slots are sent by every mode in every profile.
	Required bool `json:"required"`
}

// Families configures family files and model-id resolution.
type Families struct {
	Files             string   `json:"files"`
	Exclude           []string `json:"exclude"`
	Fallback          string   `json:"fallback"`
	RequireProvenance bool     `json:"requireProvenance"`
	// KeepTrailing keeps the end of every family body as written (see
	// family.Section.Tail).
	KeepTrailing bool               `json:"keepTrailing"`
	Rules        []Rule             `json:"rules"`
	Examples     map[string]Example `json:"examples"`
}

// Rule maps model ids to a family. Name patterns see the model name (and,
// when no rule matches the name or the id, each provider segment);
// provider patterns see the provider segments; id patterns the whole id;
// All holds patterns that must all match the whole id.
type Rule struct {
	Family   string   `json:"family"`
	Name     []string `json:"name"`
	Provider []string `json:"provider"`
	ID       []string `json:"id"`
	All      []string `json:"all"`
}

// Example is an expected resolution: the family and, optionally, the label
// of the model note that must be chosen. Note "" with NoNote false checks
// no note; NoNote (written note: null) requires that no note is chosen.
type Example struct {
	Family string `json:"family"`
	Note   string `json:"note,omitempty"`
	NoNote bool   `json:"noNote,omitempty"`
	// Parts, when not nil, is the exact set of conditional parts the id
	// must get (an empty list: none).
	Parts *[]string `json:"parts,omitempty"`
}

// Mode is an ordered list of parts and slots.
type Mode struct {
	Name         string `json:"name"`
	Compose      []Ref  `json:"compose"`
	Separator    string `json:"separator"`
	FinalNewline bool   `json:"finalNewline"`
	// Before maps a part or slot name to the text put before it in place
	// of Separator.
	Before map[string]string `json:"before,omitempty"`
	// After maps the name of a section, then the name of the section that
	// follows it, to the text put between the two in place of Before and
	// Separator.
	After map[string]map[string]string `json:"after,omitempty"`
	// End, when set, ends a non-empty prompt (see Ending).
	End         *string `json:"end,omitempty"`
	Budget      *Limit  `json:"budget,omitempty"`
	Warning     string  `json:"warning,omitempty"`
	Description string  `json:"description,omitempty"`
}

// SeparatorBetween returns the text put between the non-empty section
// prev and the non-empty section name that follows it: the after text
// declared for the pair, else name's before, else the separator.
func (m *Mode) SeparatorBetween(prev, name string) string {
	if sep, ok := m.After[prev][name]; ok {
		return sep
	}
	if sep, ok := m.Before[name]; ok {
		return sep
	}
	return m.Separator
}

// LongestBefore returns the longest text, in bytes, that can go before
// the section name, whatever section precedes it.
func (m *Mode) LongestBefore(name string) string {
	out := m.Separator
	if sep, ok := m.Before[name]; ok {
		out = sep
	}
	for _, next := range m.After {
		if sep, ok := next[name]; ok && len(sep) > len(out) {
			out = sep
		}
	}
	return out
}

// Ending returns what follows the last section of a non-empty prompt:
// end, or a newline under finalNewline, or nothing.
func (m *Mode) Ending() string {
	switch {
	case m.End != nil:
		return *m.End
	case m.FinalNewline:
		return "\n"
	}
	return ""
}

// Substitution declares that With replaces Replace from the first mode
// sending With.
type Substitution struct {
	Replace Ref `json:"replace"`
	With    Ref `json:"with"`
}

// SumBudget is a ceiling on the sum of several parts.
type SumBudget struct {
	Name string `json:"name"`
	Sum  []Ref  `json:"sum"`
	// Compare is "le" (at most the ceiling) or "lt" (under it).
	Compare string `json:"compare"`
	Limit
}

// Guide configures the generated operator guide.
type Guide struct {
	Template   string               `json:"template"`
	Cards      string               `json:"cards"`
	Docs       string               `json:"docs"`
	Output     string               `json:"output"`
	References map[string]Reference `json:"references"`
	Budget     *Limit               `json:"budget,omitempty"`
}

// Reference is a kind of reference the guide template makes to the docs.
type Reference struct {
	Pattern string `json:"pattern"`
	In      string `json:"in"`
}

// Custom configures the run-time custom mode.
type Custom struct {
	File     string `json:"file"`
	MaxBytes int    `json:"maxBytes"`
	Fallback Ref    `json:"fallback"`
	Example  string `json:"example,omitempty"`
	// Carry lists the parts the custom mode sends after the user's text,
	// where every mode sends them; nil when custom.carry is not written,
	// an empty list when it says the custom mode sends none.
	Carry *[]Ref `json:"carry,omitempty"`
}

// Instructions declares the run-time loader of the user's instruction
// files: the files it reads by default and whether it expands includes.
type Instructions struct {
	Files    []string `json:"files"`
	Includes bool     `json:"includes"`
}

// Lint holds lint suppression settings.
type Lint struct {
	Use        []string            `json:"use"`
	Except     []string            `json:"except"`
	Ignore     []string            `json:"ignore"`
	IgnoreOnly map[string][]string `json:"ignoreOnly"`
	ForbidTabs bool                `json:"forbidTabs"`
	Orphans    []string            `json:"orphans"`
	// StaticDynamic is the severity of STATIC_DYNAMIC: "error" or
	// "warning".
	StaticDynamic string `json:"staticDynamic"`
}

// Loaded is a validated configuration and the source it came from, which
// callers use (through PosOf and PosOfKeys) to find the position of any
// field.
type Loaded struct {
	// Root is the absolute path of the project root (the directory of File).
	Root string
	// File is the absolute path of promptc.cue.
	File string
	// Source is the bytes of promptc.cue as read.
	Source []byte
	// Config is the decoded configuration with defaults filled in.
	Config *Config
	// positions locates every value the user wrote (see PosOfKeys). A
	// configuration from the cache reads it from the cache entry named
	// positionsKey on first use (positionsOnce): a clean run positions
	// nothing, and the index is as large as the configuration.
	positions     Positions
	positionsKey  string
	positionsOnce sync.Once
}

// cacheEntry is what the configuration cache keeps for a valid file: the
// decoded configuration. The positions of its values are kept in an entry
// of their own (positionsKey), so that a cached run positions findings
// without running CUE, and a run without findings never reads them.
type cacheEntry struct {
	Config *Config `json:"config"`
}

// positionsKey names the cache entry of the positions of the
// configuration cached under key.
func positionsKey(key string) string { return key + "-positions" }

// compiledSchema is the embedded schema compiled in one CUE context, in
// its two forms (see fastSchemaSource), each on first use.
type compiledSchema struct {
	ctx  *cue.Context
	full schemaForm
	fast schemaForm
}

// schemaForm is one form of the schema compiled: the file, whose fields
// are the definitions, and #Config.
type schemaForm struct {
	once sync.Once
	root cue.Value
	def  cue.Value
	err  error
}

// form compiles src into f once, in s's context.
func (s *compiledSchema) form(f *schemaForm, src []byte) *schemaForm {
	f.once.Do(func() {
		cueRuns.Add(1)
		v := s.ctx.CompileBytes(src, cue.Filename("schema.cue"))
		if v.Err() != nil {
			f.err = v.Err()
			return
		}
		f.root, f.def = v, v.LookupPath(cue.ParsePath("#Config"))
	})
	return f
}

// current holds the schema every evaluation of this process shares, until
// an abandoned evaluation retires it (see retireSchema).
var current struct {
	sync.Mutex
	s *compiledSchema
}

// schemaRoot returns the compiled schema file, whose fields are the
// definitions (#Config, #FamilyHeader, ...).
func schemaRoot() cue.Value {
	s := loadSchema()
	return s.form(&s.full, schemaSource).root
}

// schema compiles the embedded schema once per process; the CUE context is
// shared because values from different contexts cannot be unified.
func schema() (*cue.Context, cue.Value, error) {
	s := loadSchema()
	f := s.form(&s.full, schemaSource)
	return s.ctx, f.def, f.err
}

// fastSchema returns the context of schema and #Config of
// fastSchemaSource compiled in it; false when there is no such form.
func fastSchema() (*cue.Context, cue.Value, bool) {
	src := fastSchemaSource()
	if src == nil {
		return nil, cue.Value{}, false
	}
	s := loadSchema()
	f := s.form(&s.fast, src)
	return s.ctx, f.def, f.err == nil
}

// composeConstraint is how the schema constrains the elements of a mode's
// compose list, and fastCompose what fastSchemaSource writes instead.
const (
	composeConstraint = "compose: [...#Ref]"
	fastCompose       = "compose: [...]"
)

// fastSchemaSource returns the schema without the constraint on the
// elements of compose lists, or nil when the schema does not hold it
// exactly once. A compose list names parts and slots (parts.base); unified
// with #Ref, each element is a new value that CUE evaluates as it
// evaluated the part, all its fields and defaults again: three quarters
// of the evaluation of a configuration whose modes list thousands of
// parts. Unconstrained, an element is the part itself, evaluated once.
// The constraint adds nothing to an element that equals a declared part
// or slot, which is what the decoder requires of every Ref (see
// fastDecode); a configuration that has any other element is evaluated
// with the schema itself.
var fastSchemaSource = sync.OnceValue(func() []byte {
	if bytes.Count(schemaSource, []byte(composeConstraint)) != 1 {
		return nil
	}
	return bytes.Replace(schemaSource, []byte(composeConstraint), []byte(fastCompose), 1)
})

// cueRuns counts the times this process compiled or evaluated CUE.
var cueRuns atomic.Int64

// CUERuns reports how many times this process has compiled or evaluated
// CUE (the schema, a promptc.cue, a header checked against the schema).
// Tests use it to prove that a run served from the cache runs no CUE.
func CUERuns() int64 { return cueRuns.Load() }

func loadSchema() *compiledSchema {
	current.Lock()
	defer current.Unlock()
	if current.s == nil {
		current.s = &compiledSchema{ctx: cuecontext.New()}
	}
	return current.s
}

// retireSchema makes the next evaluation compile the schema in a new CUE
// context. A CUE context must not be used by two goroutines at once, and
// an abandoned evaluation may still be running in the current one.
func retireSchema() {
	current.Lock()
	current.s = nil
	current.Unlock()
}

// LoadFile reads and validates the configuration at path. Bad configuration
// is returned as an *Error listing diagnostics positioned in the user's
// file; so is a path that is not a regular file (see readFile) or is larger
// than MaxSize. A path that cannot be opened is the system's *fs.PathError.
func LoadFile(path string) (*Loaded, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	src, _, err := readFile(abs, path)
	if err != nil {
		return nil, err
	}
	return LoadBytes(abs, src)
}

// MaxSize is the size, in bytes, of the largest configuration promptc
// reads. A real promptc.cue is a few KiB (the example project's is 17 KiB);
// the text it names lives in the asset files. The cap keeps reading and
// parsing bounded whatever the file is, /dev/zero included.
const MaxSize = 1 << 20

// readFile returns the content of the configuration at the absolute path
// abs, which messages call shown (the path as the user gave it). It must be a regular file, opened without following a symbolic link
// and without blocking: a FIFO would hang the open, a device such as
// /dev/zero never ends, and a link could pull in a file from outside the
// project root, the directory that holds the configuration, whose content
// would then appear in error messages. The check and the open act on the
// same file (regular.Open), so a swap between them is refused too. The
// FileInfo is the file's as read.
func readFile(abs, shown string) ([]byte, fs.FileInfo, error) {
	dir, name := filepath.Split(abs)
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, nil, err
	}
	defer root.Close()
	src, fi, err := regular.ReadInfo(root, name, MaxSize)
	var nr *regular.NotRegularError
	var tl *regular.TooLargeError
	switch {
	case errors.As(err, &tl):
		return nil, nil, tooLarge(abs, shown, tl.Size)
	case errors.As(err, &nr) && nr.Replaced:
		return nil, nil, fileError(abs, "%s was replaced while being read; run promptc again", shown)
	case errors.As(err, &nr) && nr.Mode&fs.ModeSymlink != 0:
		return nil, nil, fileError(abs, "%s is a symbolic link; promptc reads the configuration only from a regular file, never through a link, so that it cannot come from outside the project: replace the link with the file itself", shown)
	case errors.As(err, &nr):
		return nil, nil, fileError(abs, "%s is %s; the configuration must be a regular file: replace it with one", shown, regular.Describe(nr.Mode))
	}
	return src, fi, err
}

// tooLarge is the error for the configuration at the absolute path file,
// named shown in the message, of size bytes, more than MaxSize.
func tooLarge(file, shown string, size int64) error {
	return fileError(file, "%s is %d bytes, more than the %d MiB a configuration may have; keep long texts in the asset files it names",
		shown, size, MaxSize>>20)
}

// fileError is a configuration error about the file at the absolute path
// file as a whole, before any of it was read.
func fileError(file, format string, args ...any) error {
	return &Error{Root: filepath.Dir(file), Diagnostics: []diag.Diagnostic{
		diag.Errorf(diag.Position{Path: filepath.Base(file)}, RuleConfig, format, args...)}}
}

// LoadBytes validates src as the configuration file at the absolute path
// file. A configuration that validated before is taken from the cache (see
// cache.go) without evaluating CUE; otherwise it is evaluated within the
// time limit of bound.go, and stored in the cache when valid.
func LoadBytes(file string, src []byte) (*Loaded, error) {
	if len(src) > MaxSize {
		return nil, tooLarge(file, filepath.Base(file), int64(len(src)))
	}
	root := filepath.Dir(file)
	key := CacheKey(src)
	if e := new(cacheEntry); CacheGet(key, e) && e.Config != nil {
		l := &Loaded{Root: root, File: file, Source: src, Config: e.Config, positionsKey: positionsKey(key)}
		if ds := check(l); len(ds) > 0 {
			return nil, &Error{Root: root, Diagnostics: ds}
		}
		return l, nil
	}
	l, err := evaluateBounded(file, src)
	if err == nil {
		// The positions first: an entry is used only when its
		// configuration is there.
		CachePut(positionsKey(key), l.positions)
		CachePut(key, cacheEntry{Config: l.Config})
	}
	return l, err
}

// evaluate validates src with CUE: unify with #Config, validate, check
// that every number fits the Go type it decodes into, decode, then the
// checks CUE cannot express. A configuration is evaluated first with the
// schema's fast form and decoded by fastDecode (evaluateFast); only when
// that cannot vouch for the result is it evaluated with the schema itself,
// whose errors are the ones reported.
func evaluate(file string, src []byte) (*Loaded, error) {
	return evaluateWith(evaluateFast, file, src)
}

// evaluateWith is evaluate with fast in place of evaluateFast.
func evaluateWith(fast func(string, []byte) (*Config, Positions, bool), file string, src []byte) (*Loaded, error) {
	root := filepath.Dir(file)
	c, pos, ok := fast(file, src)
	if !ok {
		var err error
		if c, err = evaluateFull(file, src); err != nil {
			return nil, err
		}
		pos = positionsOf(file, src)
	}
	l := &Loaded{Root: root, File: file, Source: src, Config: c, positions: pos}
	if ds := adoptGoTarget(l); len(ds) > 0 {
		return nil, &Error{Root: root, Diagnostics: ds}
	}
	if ds := check(l); len(ds) > 0 {
		return nil, &Error{Root: root, Diagnostics: ds}
	}
	return l, nil
}

// evaluateFast evaluates src with the fast form of the schema
// (fastSchemaSource) and decodes it with fastDecode. It returns the
// configuration evaluateFull would return and its positions
// (positionsOf), or false when it cannot tell: the configuration is not
// valid, has a compose element that is not a declared part or slot, or
// holds a value fastDecode leaves to CUE's decoder. The file is parsed
// once, for CUE and for the positions, as CompileBytes parses it.
func evaluateFast(file string, src []byte) (*Config, Positions, bool) {
	ctx, def, ok := fastSchema()
	if !ok {
		return nil, nil, false
	}
	cueRuns.Add(1)
	f, err := parser.ParseFile(file, src, parser.ParseComments)
	if err != nil {
		return nil, nil, false
	}
	// Indexed before CUE resolves the file's references in its syntax.
	pos := positionsOfFile(f)
	user := ctx.BuildFile(f, cue.Filename(file))
	if user.Err() != nil {
		return nil, nil, false
	}
	v := user.Unify(def)
	if v.Validate(cue.Concrete(true)) != nil {
		return nil, nil, false
	}
	var c Config
	if !fastDecode(v, &c) {
		return nil, nil, false
	}
	recordOrder(v, &c)
	return &c, pos, true
}

// evaluateFull evaluates src with the schema and decodes it with CUE's
// decoder, reporting what is wrong with it as positioned diagnostics.
func evaluateFull(file string, src []byte) (*Config, error) {
	ctx, def, err := schema()
	if err != nil {
		return nil, err // the embedded schema is broken: an internal error
	}
	cueRuns.Add(1)
	root := filepath.Dir(file)
	user := ctx.CompileBytes(src, cue.Filename(file))
	if user.Err() != nil {
		return nil, newError(root, src, user.Err(), user, cue.Value{})
	}
	v := user.Unify(def)
	if err := v.Validate(cue.Concrete(true)); err != nil {
		return nil, newError(root, src, err, user, v)
	}
	if mayOverflow(file, src) {
		if ds := outOfRange(root, v, user); len(ds) > 0 {
			return nil, &Error{Root: root, Diagnostics: diag.Sort(ds)}
		}
	}
	var c Config
	if err := v.Decode(&c); err != nil {
		return nil, newError(root, src, err, user, v)
	}
	recordOrder(v, &c)
	return &c, nil
}

// UnmarshalJSON accepts the short form "family" as well as the object
// {family, note}, as the schema allows; note: null means "no note".
func (e *Example) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		*e = Example{Family: s}
		return nil
	}
	type plain Example
	var p plain
	if err := json.Unmarshal(b, &p); err != nil {
		return err
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(b, &raw); err != nil {
		return err
	}
	if n, ok := raw["note"]; ok && string(n) == "null" {
		p.NoNote = true
	}
	*e = Example(p)
	return nil
}

// recordOrder records in c the declaration order of the fields of its
// inputs, from v, its value.
func recordOrder(v cue.Value, c *Config) {
	for name, in := range c.Inputs {
		c.Inputs[name] = withOrder(v.LookupPath(cue.MakePath(cue.Str("inputs"), cue.Str(name))), in)
	}
}

// withOrder returns in with the declaration order of its fields, and of
// theirs, recorded from v, its value: CUE iterates a struct's fields in
// the order the file writes them.
func withOrder(v cue.Value, in Input) Input {
	if len(in.Fields) == 0 {
		return in
	}
	it, err := v.LookupPath(cue.MakePath(cue.Str("fields"))).Fields()
	if err != nil {
		return in
	}
	in.Order = make([]string, 0, len(in.Fields))
	for it.Next() {
		name := it.Selector().Unquoted()
		if f, ok := in.Fields[name]; ok {
			in.Order = append(in.Order, name)
			in.Fields[name] = withOrder(it.Value(), f)
		}
	}
	return in
}
