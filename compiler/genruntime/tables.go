package genruntime

import "fmt"

// This file is not copied into generated packages: it stands in for the
// data tables and the per-project code that gogen writes, as a small
// project of two modes, two families and one run-time placeholder, so that
// the fixed code compiles here and its tests run on known data.

// Mode is a prompt mode of the stub project; its zero value, ModeDefault,
// stands for DefaultMode.
type Mode uint8

// The stub project's modes.
const (
	ModeDefault Mode = iota
	ModeShort
	ModeLong
	ModeAgent
	// ModeCustom is the user's own mode (custom.go).
	ModeCustom
)

// DefaultMode is the mode ModeDefault stands for.
const DefaultMode = ModeLong

var modeNames = [...]string{"short", "long", "agent"}

var modeDescriptions = [len(modeNames)]string{"The short mode.", "", "The agent mode."}

// modeAliases are the stub's aliases, modeValidNames what ParseMode lists.
var modeAliases = [...]struct {
	name string
	mode Mode
}{{"brief", ModeShort}}

const modeValidNames = "short, long, agent, custom, brief"

// The stub has a custom mode.
const (
	hasCustom         = true
	modeCustom        = ModeCustom
	customModeName    = "custom"
	customDescription = "The user's own instructions."
)

var modeWire = [len(modeNames)]wire{{"\n\n", ""}, {"\n", "\n"}, {"\n", ""}}

// Family is a model family of the stub project: a uint16, the width gogen
// gives a project with more than 255 families, while Mode is the uint8 of
// most projects, so that the fixed code compiles against both.
type Family uint16

// The stub project's families.
const (
	FamilyAlpha Family = iota
	FamilyPlain
)

// FallbackFamily is the family of a model no rule selects.
const FallbackFamily = FamilyPlain

// familyValidNames is what ParseFamily lists.
const familyValidNames = "alpha, plain"

var families = [...]familyData{
	{name: "alpha", description: "The alpha models.", line: 1, body: 2, lineSource: "alpha.prompt.md:3", bodySource: "alpha.prompt.md:5", notes: []note{
		{label: "Big", pattern: "(?i)big", text: 3, source: "alpha.prompt.md:9"},
		{label: "Small", pattern: "(?i)small", text: 4, source: "alpha.prompt.md:11"},
	}},
	{name: "plain", line: 5, body: 6, lineSource: "plain.prompt.md:3", bodySource: "plain.prompt.md:5"},
}

var rules = [...]rule{
	{family: FamilyAlpha, name: []string{"(?i)^alpha"}, provider: []string{"^alphacorp$"}},
	{family: FamilyPlain, id: []string{"^plain/"}},
}

// conditions holds the model patterns of the one conditional part.
var conditions = [...][]string{{"(?i)small"}}

var texts = [...]string{
	0:  "Base text for .", // "Base text for {{who}}.": holes mark where values go
	1:  "Alpha line.",
	2:  "Alpha body.",
	3:  "Big note.",
	4:  "Small note.",
	5:  "Plain line.",
	6:  "Plain body.",
	7:  "Only for small models.",
	8:  "Commit with git.",
	9:  "Examples follow at the end.",
	10: "short · 5 tokens per call\n",
	11: "long · +3 tokens per call (8 total)\n  Sends more.\n",
	12: "long · +5 tokens per call (10 total)\n  Sends more.\n",
	13: "agent · +1 tokens per call (6 total)\n",
	14: "agent · +2 tokens per call (7 total)\n",
}

var holes = [len(texts)][]hole{0: {{at: 14, ph: 0}}}

var placeholders = [...]placeholder{{slot: 0}}

// Slots is the stub's run-time text: one slot and one run-time
// placeholder.
type Slots struct {
	Memory string
	Who    string
}

func (s *Slots) get(i int) string {
	if i == 0 {
		return s.Memory
	}
	return ""
}

// slotStable says which slots stay the same for a session.
var slotStable = [...]bool{false}

// slotFields describes each slot, placeholderFields each run-time
// placeholder and inputFields each input and its nested fields, for
// Request.Fields.
var (
	inputFields = [...][]Field{
		{{Name: "Dir", GoName: "Dir", Input: true, MaxChars: 40, TypicalChars: 20, LimitChars: 40, Stable: true}},
		{
			{Name: "Files", GoName: "Files", Input: true, MaxItems: 2, LimitItems: 2},
			{Name: "Files[].Path", GoName: "Files[].Path", Input: true, MaxChars: 20, TypicalChars: 10},
			{Name: "Files[].Content", GoName: "Files[].Content", Input: true, MaxChars: 40, TypicalChars: 20},
		},
		{{Name: "IsGitRepo", GoName: "IsGitRepo", Input: true, Stable: true}},
	}
	slotFields        = [...]Field{{Name: "memory", GoName: "Memory"}}
	placeholderFields = [...]Field{{Name: "who", GoName: "Who", Placeholder: true, MaxChars: 10, TypicalChars: 10, LimitChars: 10}}
)

// errors appends an error for each slot or value over its limit.
func (s *Slots) errors(errs []error) []error {
	if n := len([]rune(s.Who)); n > 10 {
		errs = append(errs, fmt.Errorf("Slots.Who: placeholder who has %d characters, over its limit of 10", n))
	}
	return errs
}

// Request is a composition of the stub project.
type Request struct {
	Mode     Mode
	Family   Choice
	Model    string
	Provider string
	Slots    Slots
	Inputs   Inputs
	Custom   *Custom
	// Allowed, when not nil, says which tools the session may use at run
	// time: the tools part lists only those it lets through.
	Allowed func(name string) bool
}

func (r *Request) program() int { return 0 }

// toolListing is the tool listing of program pr for r's Allowed, nil
// without it.
func (r *Request) toolListing(pr int) *string {
	if r.Allowed == nil {
		return nil
	}
	s := listTools(pr, r.Allowed)
	return &s
}

func (r *Request) selectionErrors(errs []error) []error { return r.modeAndFamilyErrors(errs) }

func (r *Request) customText() (text, source string, fallback bool, err error) {
	if r.Custom == nil {
		return "", "", false, ErrNoCustom
	}
	return r.Custom.text(), r.Custom.source(), !r.Custom.Usable, nil
}

func (s *Slots) value(i int) string {
	if i == 0 {
		return s.Who
	}
	return ""
}

const (
	maxItems  = 5
	maxPieces = 7
)

var modeItems = [len(modeNames)][]item{
	{
		{kind: itemText, idx: 0, name: "base", source: "base.md:1"},
		{kind: itemLine, name: "line"},
	},
	{
		{kind: itemText, idx: 0, name: "base", source: "base.md:1"},
		{kind: itemBody, name: "body"},
		{kind: itemNote, name: "note"},
		{kind: itemText, idx: 7, name: "small", source: "small.md:1", cond: 1},
		{kind: itemSlot, idx: 0, name: "memory"},
	},
	{
		{kind: itemLine, name: "line"},
		{kind: itemTemplate, idx: 0, name: "env", source: "env.tmpl:1", reads: []int{0, 2}},
		{kind: itemText, idx: 8, name: "git", source: "git.md:1", when: 1, before: "\n\n", hasBefore: true, reads: []int{2}},
		{kind: itemText, idx: 9, name: "examplesEnd", source: "examples.md:1", when: 2},
		{kind: itemTemplate, idx: 1, name: "files", source: "files.tmpl:1", volatile: true, reads: []int{1}},
	},
}

// Inputs is the stub's run-time inputs: a stable bool, a stable string
// and a list that changes per call.
type Inputs struct {
	IsGitRepo bool
	Dir       string
	Files     []FilesItem
}

// FilesItem is a record of Inputs.Files.
type FilesItem struct{ Path, Content string }

// when reports whether when condition i holds: 0 tests an input, 1 the
// setting Examples.
func (in *Inputs) when(i int, r *resolution) bool {
	switch i {
	case 0:
		return in.IsGitRepo
	case 1:
		return r.settings[0] == 1
	}
	return false
}

// Settings is the stub's one per-model setting.
type Settings struct {
	// Examples: where examples go (one of inline, end; default inline)
	Examples string
}

// settingTables is the stub's setting: examples go at the end for the
// small models and for the provider alphacorp.
var settingTables = [...]settingData{
	{values: []string{"inline", "end"}, def: 0, rules: []settingRule{
		{value: 1, name: []string{"(?i)small"}},
		{value: 1, provider: []string{"^alphacorp$"}},
	}},
}

// settingsOf returns the values r's settings select.
func settingsOf(r *resolution) Settings {
	return Settings{Examples: settingTables[0].values[r.settings[0]]}
}

// errors appends an error for each input over its limit.
func (in *Inputs) errors(errs []error) []error {
	if len(in.Files) > 2 {
		errs = append(errs, fmt.Errorf("Inputs.Files: %d items, over the limit of 2", len(in.Files)))
	}
	return errs
}

// templateSources are the stub's template parts.
var templateSources = [...]struct {
	name, source string
	max          int
}{
	{"env.tmpl", "Dir: {{.Dir}}\n{{- if .IsGitRepo}} (git){{end}}", 51},
	{"files.tmpl", "{{range .Files}}<file path=\"{{.Path}}\">{{.Content}}</file>\n{{else}}no files{{end}}", 1000},
}

// customItems is what the custom mode sends: the user's text, then the
// slot.
var customItems = []item{{kind: itemCustom, name: "custom"}, {kind: itemSlot, idx: 0, name: "memory"}}

func itemsOf(_ int, mode Mode) []item {
	if mode == ModeCustom {
		return customItems
	}
	return modeItems[mode.index()]
}

// CustomFile is the stub's custom file.
const CustomFile = "custom.md"

// CustomMaxBytes is the largest custom file LoadCustom accepts.
const CustomMaxBytes = 64

const customFallback = "Boundary."

const customFallbackSource = "boundary.md:1"

func customSource() string { return customFallbackSource }

// InstructionFiles returns the instruction files LoadInstructions reads
// when the options name none: the stub project's instructions.files.
func InstructionFiles() []string { return []string{"AGENTS.md", "CLAUDE.md"} }

// instructionIncludes is the stub project's instructions.includes.
const instructionIncludes = true

// instructionLimits are the stub project's includes: limits, the
// defaults.
var instructionLimits = incLimits{MaxDepth: 8, MaxFiles: 100, MaxTotalChars: 64000, MaxFileChars: 16000}

// toolCatalogue is the stub's catalogue: two reading tools, one writing
// tool whose description could not be read.
var toolCatalogue = [...]struct {
	name, group string
	write       bool
	desc        int
}{
	{"edit", "files", true, -1},
	{"git_log", "git", false, 8},
	{"read", "files", false, 9},
}

// toolListings: the stub's one program describes read in full and names
// git_log, by index in toolCatalogue.
var toolListings = [...]struct{ full, named []int }{{full: []int{2}, named: []int{1}}}

// toolListingHeader opens the tools listed by name.
const toolListingHeader = "More tools, by capability (ask for a tool's description before its first use):\n"

// TokenCounter: the stub counts characters over four.
const TokenCounter = "chars/4"

// modeWarnings are the stub's mode warnings.
var modeWarnings = [len(modeNames)]string{"", "Sends more.", ""}

// modeConds: the long mode's notice depends on the one conditional part.
var modeConds = [...][len(modeNames)][]uint8{{nil, {0}, nil}}

// noticeSettings: the notices depend on the setting Examples (the agent
// mode sends examplesEnd when it is "end").
var noticeSettings = [...]uint8{0}

// noticeTable holds the stub's notices by family, note, mode and the
// setting Examples' value, then subset of the long mode's conditional
// part (sent or not).
var noticeTable = [...][len(families)][][len(modeNames)][]noticeData{{
	// alpha: no note, Big, Small
	{
		{{{10, 26, 5, 0, 5}, {10, 26, 5, 0, 5}}, {{11, 36, 8, 3, 8}, {12, 37, 10, 5, 10}, {11, 36, 8, 3, 8}, {12, 37, 10, 5, 10}}, {{13, 37, 6, 1, 6}, {14, 37, 7, 2, 7}}},
		{{{10, 26, 5, 0, 5}, {10, 26, 5, 0, 5}}, {{11, 36, 8, 3, 8}, {12, 37, 10, 5, 10}, {11, 36, 8, 3, 8}, {12, 37, 10, 5, 10}}, {{13, 37, 6, 1, 6}, {14, 37, 7, 2, 7}}},
		{{{10, 26, 5, 0, 5}, {10, 26, 5, 0, 5}}, {{11, 36, 8, 3, 8}, {12, 37, 10, 5, 10}, {11, 36, 8, 3, 8}, {12, 37, 10, 5, 10}}, {{13, 37, 6, 1, 6}, {14, 37, 7, 2, 7}}},
	},
	// plain
	{
		{{{10, 26, 5, 0, 5}, {10, 26, 5, 0, 5}}, {{11, 36, 8, 3, 8}, {12, 37, 10, 5, 10}, {11, 36, 8, 3, 8}, {12, 37, 10, 5, 10}}, {{13, 37, 6, 1, 6}, {14, 37, 7, 2, 7}}},
	},
}}
