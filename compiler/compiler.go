// Package compiler is the compile pipeline: a loaded configuration in, a
// Program out. A Program holds every part's text with its origins, every
// family, every mode in lattice order, and the diagnostics found on the way.
// It never writes anything; code generation and printing live elsewhere.
package compiler

import (
	"fmt"
	"maps"
	"path"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/promptc/promptc/compiler/family"
	"github.com/promptc/promptc/compiler/frontmatter"
	"github.com/promptc/promptc/compiler/guide"
	"github.com/promptc/promptc/compiler/include"
	"github.com/promptc/promptc/compiler/markdown"
	"github.com/promptc/promptc/compiler/source"
	"github.com/promptc/promptc/compiler/tokens"
	"github.com/promptc/promptc/internal/config"
	"github.com/promptc/promptc/internal/diag"
)

// Rule IDs reported by the compiler itself.
const (
	RuleBlockMissing = "BLOCK_MISSING"
	RuleFamilyFiles  = "FAMILY_FILES"
)

// Part is a static part's text with the origin of every line. Family parts
// have no text of their own: Family says which family section they stand
// for, and the text is taken from the resolved family. A compiled
// program's parts are read-only, like the Program.
type Part struct {
	// Name is the part's key in promptc.cue's parts.
	Name string
	// Config is the part's entry in promptc.cue.
	Config config.Part
	// Spans are the part's lines with the file and line each comes from,
	// includes expanded and block markers removed; Text joins them.
	Spans []include.Span
	// Text is the text as sent: no trailing newline, unless the part
	// keeps its file's end (Tail).
	Text string
	// Tail is what follows the part's last line of text in its file, kept
	// by keepTrailing: the final newline and any blank lines; "" without
	// keepTrailing.
	Tail string
	// Pos is where the text comes from: the first line of the part's file
	// or block.
	Pos diag.Position
	// Tmpl is a template part's parsed template; its Text is then the
	// template at its maximum, and Spans are nil (a template part has no
	// placeholders or blocks).
	Tmpl *TextTemplate
}

// Mode is a mode with its items resolved. A compiled program's modes are
// read-only, like the Program.
type Mode struct {
	// Name is the mode's key in promptc.cue's modes.
	Name string
	// Config is the mode's entry in promptc.cue with the program's profile
	// applied: Config.Compose lists what the mode sends in that profile.
	Config config.Mode
	// Rank is the position in the lattice order, or -1 for modes outside it.
	Rank int
}

// Program is a project compiled in one profile and one permission set: what
// Compile returns once every stage has run. A Program is read-only. Its
// findings, profile and permission set are read through methods; the
// exported fields below are shared with the program's caches and queries
// (and with every goroutine that reads the program), so callers read them
// and write neither to them nor to the maps, slices and values they hold.
// Its methods are safe for concurrent use.
type Program struct {
	// Loaded is the configuration the program was compiled from.
	Loaded *config.Loaded
	// Config is Loaded.Config.
	Config *config.Config
	// Counter counts tokens with the project's tokenizer, memoized.
	Counter tokens.Counter
	// Parts holds the parts that have text of their own (file, block and
	// generated parts), by name.
	Parts map[string]*Part
	// Families holds every family by name; the fallback is always present.
	Families map[string]*family.Family
	// FamilyNames lists Families' keys sorted.
	FamilyNames []string
	// Resolver picks the family of a model ID from Config.Families' rules.
	Resolver *family.Resolver
	// Settings holds the resolver of every per-model setting, by name
	// (see family.NewSettingResolver).
	Settings map[string]*family.Resolver
	// Modes lists the modes in lattice order, then the others sorted.
	Modes []*Mode
	// Files maps every project file read to its contents.
	Files map[string]*source.File
	// Pointers holds the source text of every pointer part, by part name.
	Pointers map[string]*source.File
	// ToolTexts holds the full description of every catalogue tool that
	// could be read, by tool name.
	ToolTexts map[string]string
	// diags holds everything found, sorted: Diagnostics.
	diags []diag.Diagnostic
	// profile and permission are Profile and Permission.
	profile, permission string
	// conditions holds the compiled models patterns of every conditional
	// part, by part name.
	conditions map[string][]*regexp.Regexp
	// templates caches TemplateOf (*Template) by spansKey. Checks look
	// templates up on several goroutines, thousands of times for each one
	// parsed, so the cache is a sync.Map, whose reads take no lock.
	templates sync.Map
	// texts caches TextOf (string) by spansKey: a part's text is needed by
	// the part, its template and the static-text scan, and joining the
	// spans each time copied a project's text three times.
	texts sync.Map
	// oversized names the modes whose text would pass MaxModeText
	// (checkModeSizes, which reports them): they compose as empty.
	oversized map[string]bool
	// longest caches LongestNote by mode and family; lmu guards it.
	longest map[modeFamily]int
	lmu     sync.Mutex
}

// Diagnostics returns everything found compiling the program, sorted: the
// findings of its own profile and permission set only (CompileAll's
// Project merges those of every profile). The slice is the caller's: the
// program's own list cannot be changed through it.
func (p *Program) Diagnostics() []diag.Diagnostic { return slices.Clone(p.diags) }

// Profile returns the profile the program was compiled for ("" when the
// project declares none).
func (p *Program) Profile() string { return p.profile }

// Permission returns the permission set the program was compiled for (""
// when the project declares none): its tools part lists only the tools the
// set permits.
func (p *Program) Permission() string { return p.permission }

// builder is the working state of one compilation. Its methods are the
// stages of Compile: each reads what the stages before it stored in the
// embedded Program and adds its own results, and every finding goes to
// found through add. Keeping this state out of Program means a compiled
// Program carries nothing that only compiling needs (the open files, the
// block markers, what could not be read), and that only the stages write
// to a program: Compile hands back the Program alone, with found sorted
// into it, once the last stage has run.
type builder struct {
	*Program
	// fs reads the project's files (with Options.Overlay) while the
	// stages run; Compile closes it.
	fs *source.FS
	// lim bounds include expansion: promptc.cue's includes limits.
	lim include.Limits
	// found holds every finding of the stages so far, unsorted.
	found []diag.Diagnostic
	// blocks maps a file to the names of the blocks parts take or omit
	// from it; see markerLines.
	blocks map[string]map[string]bool
	// unreadFamilies names the families whose file was found but could
	// not be read; familiesUnknown is set when the family files could not
	// all be listed. Both failures are reported as such, and the checks
	// that would report their consequences are skipped.
	unreadFamilies  map[string]bool
	familiesUnknown bool
	// jobs is Options.Jobs: how many goroutines the stages may use.
	jobs int
}

// Options adjust a compilation.
type Options struct {
	// Profile selects a profile of promptc.cue's profiles; "" is the
	// default profile (or none, when no profiles are declared).
	Profile string
	// Permission selects a permission set of promptc.cue's permissions; ""
	// is the default set (or none, when no permission sets are declared).
	Permission string
	// Jobs limits how many goroutines compiling uses at once (loading
	// parts, composing modes for every family); 0 or less means
	// GOMAXPROCS. The Program is the same whatever the number.
	Jobs int
	// Overlay replaces the disk's contents of the files it names (paths
	// relative to the project root) with its texts: the unsaved buffers of
	// an editor, checked as they would be once saved (promptc lsp).
	Overlay map[string]string
}

// Compile builds the Program for a loaded configuration. It returns an
// error only for failures that are not the project's fault (the root cannot
// be opened, the system refused to read a file for want of descriptors or
// memory, a device error); everything wrong with the project is a
// diagnostic.
func Compile(l *config.Loaded, opt Options) (*Program, error) {
	b, err := newBuilder(l, opt)
	if err != nil {
		return nil, err
	}
	defer b.fs.Close()
	// Reading: every later stage reads the families, parts and modes.
	b.loadFamilies(b.fs, b.lim)
	b.loadParts()
	b.loadModes()
	// The profile's and the custom mode's checks, and the front matter,
	// read files still: the files read are recorded after them.
	b.add(b.checkGoverning()...)
	b.add(b.checkDropped()...)
	b.add(b.checkReplacedCoverage()...)
	b.add(b.checkCapability()...)
	b.checkCustom(b.fs)
	b.add(frontmatter.Check(b.fs, l)...)
	if err := b.recordFiles(); err != nil {
		return nil, err
	}
	// Before anything composes a mode (and once the files are recorded,
	// which tell code from text in templates): one too large to compose
	// is reported and composed as empty from here on.
	b.add(b.checkModeSizes()...)
	// Checking: what the texts, families and modes read above hold.
	if !b.familiesUnknown {
		b.add(family.CheckExamples(l, b.Resolver, b.Families, b.unreadFamilies)...)
		b.add(b.checkFamilyWhens()...)
	}
	for _, name := range slices.Sorted(maps.Keys(b.Settings)) {
		b.add(family.CheckSettingExamples(l, name, b.Settings[name])...)
	}
	b.add(b.checkConditional()...)
	b.add(b.checkPlaceholders()...)
	b.add(b.checkInputsUsed()...)
	b.add(b.checkLattice()...)
	b.add(b.checkRequiredSlots()...)
	b.add(b.checkBudgets()...)
	b.add(b.checkStatic()...)
	return b.finish(), nil
}

// newBuilder opens the project's files and prepares what every stage
// reads: the token counter, the profile and permission set chosen, the
// family and setting resolvers and the conditional parts' patterns. Its
// errors are Compile's; on success the caller closes b.fs.
func newBuilder(l *config.Loaded, opt Options) (b *builder, err error) {
	fs, err := source.OpenOverlay(l.Root, opt.Overlay)
	if err != nil {
		return nil, err
	}
	defer func() {
		if err != nil {
			fs.Close()
		}
	}()
	c := l.Config
	counter, err := tokens.New(c.Tokens)
	if err != nil {
		return nil, err
	}
	// Costs, notices and budgets count the same composed texts many times.
	counter = tokens.Memo(counter)
	profile, err := pickProfile(c, opt.Profile)
	if err != nil {
		return nil, err
	}
	permission, err := pickPermission(c, opt.Permission)
	if err != nil {
		return nil, err
	}
	p := &Program{
		Loaded: l, Config: c, Counter: counter, profile: profile, permission: permission,
		Pointers: map[string]*source.File{}, ToolTexts: map[string]string{},
		Parts:    map[string]*Part{},
		Families: map[string]*family.Family{},
		Resolver: family.NewResolver(c.Families),
		Settings: map[string]*family.Resolver{},
		longest:  map[modeFamily]int{},
	}
	for name, st := range c.Settings {
		p.Settings[name] = family.NewSettingResolver(st)
	}
	p.conditions = map[string][]*regexp.Regexp{}
	for name, cp := range c.Parts {
		for _, pat := range cp.Models {
			// The loader has refused patterns that do not compile.
			if re, err := regexp.Compile(pat); err == nil {
				p.conditions[name] = append(p.conditions[name], re)
			}
		}
		if len(cp.Models) > 0 && p.conditions[name] == nil {
			p.conditions[name] = []*regexp.Regexp{}
		}
	}
	return &builder{
		Program: p,
		fs:      fs,
		lim: include.Limits{
			MaxDepth: c.Includes.MaxDepth, MaxFiles: c.Includes.MaxFiles,
			MaxTotalChars: c.Includes.MaxTotalChars, MaxFileChars: c.Includes.MaxFileChars,
		},
		unreadFamilies: map[string]bool{},
		jobs:           opt.Jobs,
	}, nil
}

// loadParts reads every part that has text of its own into Parts, and the
// pointer sources and tool descriptions the pointer and tools parts name.
// File parts are read and expanded concurrently; their results are added
// in name order, as if loaded one by one.
func (b *builder) loadParts() {
	c := b.Config
	names := slices.Sorted(maps.Keys(c.Parts))
	b.initBlocks()
	type loaded struct {
		part *Part
		ds   []diag.Diagnostic
	}
	files := make([]loaded, len(names))
	Parallel(b.jobs, len(names), func(i int) {
		if cp := c.Parts[names[i]]; cp.File != "" {
			files[i].part, files[i].ds = b.loadFilePart(b.fs, names[i], cp, b.lim)
		}
	})
	for i, name := range names {
		cp := c.Parts[name]
		switch {
		case cp.File != "":
			b.Parts[name] = files[i].part
			b.add(files[i].ds...)
		case cp.Template != "":
			b.loadTemplate(b.fs, name, cp)
		case cp.Pointer != nil:
			b.loadPointer(b.fs, name, cp)
		case cp.Generated == "tools":
			b.loadTools(b.fs, name, cp)
		case cp.Generated != "":
			b.loadGenerated(name, cp)
		}
	}
}

// loadGenerated adds generated part name, other than the tool catalogue:
// the operator guide, rendered from promptc.cue's guide, or a part whose
// text is generated at run time (empty here).
func (b *builder) loadGenerated(name string, cp config.Part) {
	c := b.Config
	part := &Part{Name: name, Config: cp}
	if cp.Generated == "guide" {
		if c.Guide == nil {
			b.add(diag.Errorf(b.Loaded.PosOfKeys("parts", name, "generated"), source.RuleRead,
				"part %s is the generated operator guide, but promptc.cue has no guide: {template, cards, docs}, so it would be sent empty; add the guide section, or remove the part", name))
		} else {
			spans, ds := guide.Render(b.fs, c.Guide, b.lim, c.Includes.Enabled, func(name string) bool {
				_, ok := c.Placeholders[name]
				return ok
			}, b.Loaded.PosOfKeys)
			part.Spans = spans
			b.add(ds...)
		}
	}
	part.Text = b.TextOf(part.Spans)
	if len(part.Spans) > 0 {
		part.Pos = diag.Position{Path: part.Spans[0].Path, Line: part.Spans[0].Line, Col: 1}
	}
	b.Parts[name] = part
}

// recordFiles stores every file the stages so far opened in Files, or
// returns the system's refusal to read one: findings built on files the
// system would not read would blame the project.
func (b *builder) recordFiles() error {
	opened := b.fs.Opened()
	b.Files = make(map[string]*source.File, len(opened))
	for _, path := range opened {
		if f, err := b.fs.Read(path); err == nil {
			b.Files[path] = f
		}
	}
	return b.fs.Failure()
}

// finish ends the compilation: it sorts the findings into the Program and
// returns it. The builder must not be used afterwards.
func (b *builder) finish() *Program {
	p := b.Program
	p.diags = diag.Sort(b.found)
	b.Program, b.found = nil, nil
	return p
}

// add records findings of a stage.
func (b *builder) add(ds ...diag.Diagnostic) { b.found = append(b.found, ds...) }

// loadFilePart reads a file or block part and expands its includes,
// returning the part and what was found on the way. It changes nothing in
// b, so parts load concurrently.
func (b *builder) loadFilePart(fs *source.FS, name string, cp config.Part, lim include.Limits) (*Part, []diag.Diagnostic) {
	part := &Part{Name: name, Config: cp, Pos: diag.Position{Path: cp.File, Line: 1, Col: 1}}
	var ds []diag.Diagnostic
	f, err := fs.Read(cp.File)
	if err != nil {
		d := source.ReadDiag(err, cp.File)
		// The file named in the config: report it at the config value.
		d.Related = append(d.Related, diag.Related{Pos: d.Pos, Message: "in the file"})
		d.Pos = b.Loaded.PosOfKeys("parts", name, "file")
		return part, append(ds, d)
	}
	ds = append(ds, f.Diags...)
	first, last := 1, len(f.Lines)
	if cp.Block != "" {
		start, end, ok := findBlock(f, cp.Block)
		if !ok {
			return part, append(ds, diag.Errorf(b.Loaded.PosOfKeys("parts", name, "block"), RuleBlockMissing,
				"part %s: %s has no <!-- %s --> block; add the marker line or fix the block name", name, cp.File, cp.Block))
		}
		first, last = start, end
		part.Pos.Line = start
	}
	// Omitted blocks cut the range into pieces, each expanded on its own.
	ranges := [][2]int{{first, last}}
	for _, o := range cp.Omit {
		start, end, ok := findBlock(f, o)
		if !ok {
			ds = append(ds, diag.Errorf(b.Loaded.PosOfKeys("parts", name, "omit"), RuleBlockMissing,
				"part %s: %s has no <!-- %s --> block to omit; add the marker line or fix the block name", name, cp.File, o))
			continue
		}
		ranges = cut(ranges, start-1, end+1) // the marker lines go too
	}
	// The marker lines of the file's blocks are never sent. Only blocks the
	// configuration uses are markers: any other one-word comment is text,
	// and so is a marker quoted in code.
	for _, num := range b.markerLines(f) {
		ranges = cut(ranges, num, num)
	}
	var spans []include.Span
	for _, r := range ranges {
		if cp.Includes && b.Config.Includes.Enabled {
			res, eds := include.Expand(fs, cp.File, r[0], r[1], lim)
			ds = append(ds, eds...)
			spans = append(spans, res.Spans...)
		} else {
			spans = append(spans, include.Raw(f, r[0], r[1])...)
		}
	}
	part.Spans = include.TrimBlank(spans)
	part.Text = b.TextOf(part.Spans)
	if cp.KeepTrailing && part.Text != "" {
		part.Tail = include.Tail(f, spans)
		part.Text += part.Tail
	}
	if len(part.Spans) > 0 {
		part.Pos = diag.Position{Path: part.Spans[0].Path, Line: part.Spans[0].Line, Col: 1}
	}
	return part, ds
}

// cut removes lines from..to (inclusive) from a list of inclusive line
// ranges.
func cut(ranges [][2]int, from, to int) [][2]int {
	var out [][2]int
	for _, r := range ranges {
		if to < r[0] || from > r[1] {
			out = append(out, r)
			continue
		}
		if from > r[0] {
			out = append(out, [2]int{r[0], from - 1})
		}
		if to < r[1] {
			out = append(out, [2]int{to + 1, r[1]})
		}
	}
	return out
}

// initBlocks records which blocks each file has that parts take or omit,
// once for every file part (a project has about as many file parts as
// files), for markerLines.
func (b *builder) initBlocks() {
	b.blocks = map[string]map[string]bool{}
	for _, cp := range b.Config.Parts {
		names := append(slices.Clone(cp.Omit), cp.Block)
		for _, n := range names {
			if n == "" || cp.File == "" {
				continue
			}
			if b.blocks[cp.File] == nil {
				b.blocks[cp.File] = map[string]bool{}
			}
			b.blocks[cp.File][n] = true
		}
	}
}

// markerLines lists the lines of f, outside code, that open or close a
// block some part of the configuration takes or omits from f. It reads
// what initBlocks recorded.
func (b *builder) markerLines(f *source.File) []int {
	used := b.blocks[f.Path]
	if len(used) == 0 {
		return nil
	}
	var out []int
	for _, ln := range f.Lines {
		if ln.Kind == markdown.Code {
			continue
		}
		if m, ok := blockMarker(f.Text[ln.Start:ln.End]); ok && used[strings.TrimPrefix(m, "/")] {
			out = append(out, int(ln.Num))
		}
	}
	return out
}

// blockMarker parses a block marker line, returning its name (with a
// leading "/" for a closing marker).
func blockMarker(line string) (string, bool) {
	t := strings.TrimSpace(line)
	if !strings.HasPrefix(t, "<!--") || !strings.HasSuffix(t, "-->") {
		return "", false
	}
	inner := strings.TrimSpace(t[4 : len(t)-3])
	name := strings.TrimPrefix(inner, "/")
	if name == "" || len(name) > 64 {
		return "", false
	}
	for i, r := range name {
		ok := r == '-' || r == '_' || (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z') || (i > 0 && r >= '0' && r <= '9')
		if !ok {
			return "", false
		}
	}
	return inner, true
}

// findBlock returns the lines inside the block called name: after its
// opening marker, up to its closing marker or the end of the file.
func findBlock(f *source.File, name string) (first, last int, ok bool) {
	for _, ln := range f.Lines {
		if ln.Kind != markdown.Code {
			if m, isM := blockMarker(f.Text[ln.Start:ln.End]); isM && m == name {
				first = int(ln.Num) + 1
				ok = true
				last = len(f.Lines)
				continue
			}
			if ok {
				if m, isM := blockMarker(f.Text[ln.Start:ln.End]); isM && m == "/"+name {
					return first, int(ln.Num) - 1, true
				}
			}
		}
	}
	return first, last, ok
}

// loadFamilies parses every family file and adds the fallback family when
// it has no file.
func (b *builder) loadFamilies(fs *source.FS, lim include.Limits) {
	c := b.Config.Families
	paths, outside, err := fs.GlobOutside(c.Files, c.Exclude...)
	for _, link := range outside {
		b.add(source.OutsideLinkDiag(link, fmt.Sprintf("the glob families.files %q", c.Files)))
	}
	if err != nil {
		b.add(diag.Errorf(b.Loaded.PosOfKeys("families", "files"), RuleFamilyFiles, "families.files: %v", err))
		// Which families exist is unknown: checking the rules and
		// examples against them would only report consequences.
		b.familiesUnknown = true
	}
	if err == nil && len(paths) == 0 {
		if d, ok := b.noFamilyFiles(fs); ok {
			b.add(d)
			// Every rule and example naming a family would report
			// the same cause again.
			b.familiesUnknown = true
		}
	}
	b.add(family.CheckCollisions(paths)...)
	opt := family.Options{Limits: lim, Expand: b.Config.Includes.Enabled, RequireProvenance: c.RequireProvenance, KeepTrailing: c.KeepTrailing}
	for _, path := range paths {
		fam, ds := family.Parse(fs, path, opt)
		b.add(ds...)
		if fam == nil {
			// Unreadable (not text, a link out of the project): reported
			// at the file, which is the cause of whatever names it.
			b.unreadFamilies[family.NameOf(path)] = true
			continue
		}
		if !family.ValidName(fam.Name) {
			// The name becomes a Go identifier and a value in
			// promptc.cue: leave the family out.
			b.add(diag.Errorf(diag.Position{Path: path}, RuleFamilyFiles,
				"family file %s names the family %q, which is not a family name (a letter, then letters, digits, '.', '_' or '-'); rename the file", path, fam.Name))
			continue
		}
		if slices.ContainsFunc(slices.Collect(maps.Keys(b.Families)), func(n string) bool { return strings.EqualFold(n, fam.Name) }) {
			continue // the collision check above has reported it
		}
		if fam.Name == Auto {
			b.add(autoFamily(fam.Path))
			continue
		}
		b.Families[fam.Name] = fam
	}
	for _, c := range config.GoNameClashes(slices.Sorted(maps.Keys(b.Families))) {
		b.add(diag.Errorf(diag.Position{Path: b.Families[c.Name].Path}, family.RuleNameCollision,
			"families %q and %q both become Family%s in the generated Go package; rename one of their files", c.Earlier, c.Name, c.GoName))
	}
	if _, ok := b.Families[c.Fallback]; !ok {
		b.Families[c.Fallback] = &family.Family{Name: c.Fallback}
	}
	b.FamilyNames = slices.Sorted(maps.Keys(b.Families))
}

// noFamilyFiles reports a families.files glob that finds no file while
// rules or examples name families besides the fallback: one error at the
// glob, naming it, the families it should have found and, when the project
// holds family files elsewhere, their directories. ok is false when nothing
// names such a family (a project without families needs no file).
func (b *builder) noFamilyFiles(fs *source.FS) (d diag.Diagnostic, ok bool) {
	c := b.Config.Families
	named := map[string]bool{}
	for _, r := range c.Rules {
		named[r.Family] = true
	}
	for _, e := range c.Examples {
		named[e.Family] = true
	}
	delete(named, c.Fallback)
	if len(named) == 0 {
		return d, false
	}
	msg := fmt.Sprintf("families.files %q matches no file, so every model would get the fallback family %s, while rules and examples name %s; ",
		c.Files, c.Fallback, strings.Join(slices.Sorted(maps.Keys(named)), ", "))
	dirs := map[string]bool{}
	if found, err := fs.Glob("**/*" + family.Suffix); err == nil {
		for _, f := range found {
			dirs[path.Dir(f)] = true
		}
	}
	if len(dirs) > 0 {
		var globs []string
		for _, d := range slices.Sorted(maps.Keys(dirs)) {
			globs = append(globs, fmt.Sprintf("%q", path.Join(d, "*"+family.Suffix)))
		}
		msg += "family files are in " + strings.Join(globs, ", ") + ": fix the glob"
	} else {
		msg += fmt.Sprintf("fix the glob, or add a <family>%s file for each", family.Suffix)
	}
	return diag.Errorf(b.Loaded.PosOfKeys("families", "files"), RuleFamilyFiles, "%s", msg), true
}

// loadModes orders the modes (lattice order first, then the rest by name)
// and applies the program's profile to what each sends.
func (b *builder) loadModes() {
	c := b.Config
	add := func(name string, rank int) {
		m := c.Modes[name]
		m.Compose = b.profileCompose(m.Compose)
		b.Modes = append(b.Modes, &Mode{Name: name, Config: m, Rank: rank})
	}
	for i, name := range c.Order {
		if _, ok := c.Modes[name]; ok {
			add(name, i)
		}
	}
	for _, name := range slices.Sorted(maps.Keys(c.Modes)) {
		if !slices.Contains(c.Order, name) {
			add(name, -1)
		}
	}
}

// Mode returns the mode called name, following aliases, or an error that
// lists the valid names.
func (p *Program) Mode(name string) (*Mode, error) {
	if a, ok := p.Config.Aliases[name]; ok {
		name = a
	}
	for _, m := range p.Modes {
		if m.Name == name {
			return m, nil
		}
	}
	return nil, fmt.Errorf("unknown mode %q (valid: %s)", name, strings.Join(p.ModeNames(true), ", "))
}

// ModeNames lists the modes in order; with aliases, the aliases follow.
func (p *Program) ModeNames(aliases bool) []string {
	var out []string
	for _, m := range p.Modes {
		out = append(out, m.Name)
	}
	if aliases {
		out = append(out, slices.Sorted(maps.Keys(p.Config.Aliases))...)
	}
	return out
}
