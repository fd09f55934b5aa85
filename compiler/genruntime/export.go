// Package genruntime is the fixed code of every package promptc generates:
// model selection, resolution and composition, written as real Go. gogen
// copies the declarations of its embedded files (Files) after the data
// tables it writes for a project; this package compiles on its own against
// tables.go, a small stub project, so the Go compiler type-checks the code
// every generated package carries and its tests run it on known data.
//
// Model selection (select.go) is also the compiler's: promptc resolve, the
// examples check and costs decide through Matches and Select, the same
// code a generated package's Resolve runs.
package genruntime

import (
	"embed"
	"go/parser"
	"go/token"
	"regexp"
	"slices"
	"strings"
	"sync"
	"text/template"
	"unicode"
)

// Files holds the Go files of this package (tests included; a stamp leaves
// them out), so that the generator's stamp changes with them.
//
//go:embed *.go
var Files embed.FS

// coreFiles are the files of Files that every generated package carries,
// in the order it holds them; the optional pieces (Parts) follow them.
// bundle.go, export.go and tables.go are never copied.
var (
	coreFiles        = []string{"types.go", "names.go", "select.go", "resolve.go", "compose.go", "request.go", "notices.go"}
	customFiles      = []string{"custom.go", "customtext.go"}
	templateFiles    = []string{"template.go"}
	projectFiles     = []string{"project.go"}
	enumFiles        = []string{"enum.go"}
	toolFiles        = []string{"tools.go"}
	instructionFiles = []string{"include.go", "instructions.go"}
)

// Parts says which optional pieces of fixed code a generated package
// carries.
type Parts struct {
	// Custom: the custom-mode loader (the project declares custom:).
	Custom bool
	// Templates: the template renderer (a part has template:).
	Templates bool
	// Instructions: the instruction-file loader with the include engine
	// and the Markdown scanner (the project declares instructions:).
	Instructions bool
	// Enums: the methods of the named sets beside modes and families
	// (the project declares profiles or permission sets).
	Enums bool
	// Tools: the tool catalogue's listing and descriptions (the project
	// declares tools).
	Tools bool
}

// Source returns the declarations of the files a generated package with
// the given parts carries, in order, without their package clauses and
// imports, and the sorted import paths they need. With Instructions, the
// Markdown scanner is carried too, its names prefixed with "md", and the
// markdown.X selectors of this package's files become those names. A file
// that does not parse is a bug of promptc, caught by this package's
// tests: Source panics on it.
func Source(parts Parts) (imports []string, decls string) {
	v, ok := sources.Load(parts)
	if !ok {
		imports, decls := source(parts)
		v, _ = sources.LoadOrStore(parts, sourceOf{imports, decls})
	}
	s := v.(sourceOf)
	return slices.Clone(s.imports), s.decls
}

// sources holds Source's answers by Parts: they depend on nothing else
// (the files are this binary's own), and lint renders the package's
// names on every run, which parsed the fixed code (and bundled the
// Markdown scanner) again each time.
var sources sync.Map

// sourceOf is one of Source's answers.
type sourceOf struct {
	imports []string
	decls   string
}

// source is Source without its memo.
func source(parts Parts) (imports []string, decls string) {
	names := slices.Clone(coreFiles)
	if parts.Custom {
		names = append(names, customFiles...)
	}
	if parts.Templates {
		names = append(names, templateFiles...)
	}
	if parts.Custom || parts.Instructions {
		names = append(names, projectFiles...)
	}
	if parts.Enums {
		names = append(names, enumFiles...)
	}
	if parts.Tools {
		names = append(names, toolFiles...)
	}
	if parts.Instructions {
		names = append(names, instructionFiles...)
	}
	var b strings.Builder
	for _, name := range names {
		src, err := Files.ReadFile(name)
		if err != nil {
			panic(err)
		}
		// Only a file that uses the Markdown scanner needs its whole
		// syntax tree, to rewrite the selectors; the others are cut after
		// their imports (every build renders the package, --check too).
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, name, src, parser.ImportsOnly|parser.ParseComments)
		if err == nil && slices.Contains(importPaths(f), markdownPath) {
			f, err = parser.ParseFile(fset, name, src, parser.ParseComments)
		}
		if err != nil {
			panic(err)
		}
		imps, text := unbundledSelectors(fset, f, src)
		imports = append(imports, imps...)
		b.WriteString(text)
		b.WriteString("\n")
	}
	if parts.Instructions {
		imps, text := markdownSource()
		imports = append(imports, imps...)
		b.WriteString(text)
	}
	slices.Sort(imports)
	return slices.Compact(imports), b.String()
}

// CustomText splits a custom-mode file into the name it gives itself and
// its instructions: a frontmatter block (a first line "---" up to the next
// "---" line, possibly empty) is removed and its name: read; without one,
// the name is the first ATX or setext heading outside code (FirstHeading).
// The instructions lose the blank lines and trailing white space around
// them; the first line keeps its indentation. A generated LoadCustom runs
// the same code.
func CustomText(text string) (name, body string) { return customText(text) }

// CustomData applies the generated LoadCustom's rules to data, the bytes
// of the custom file at path read with a limit of maxBytes+1: it returns
// the file's name and text ({{cwd}} not expanded), or the reason the
// loader would refuse it and send the fallback instead.
func CustomData(path string, data []byte, maxBytes int) (name, text, reason string) {
	return customData(path, data, maxBytes)
}

// ModelID returns the id the generated package resolves a model of a
// provider on (Request.Provider and Request.Model): the model alone, or
// provider + "/" + model.
func ModelID(provider, model string) string { return modelID(provider, model) }

// FirstHeading returns the text of the first ATX or setext heading of text
// outside fenced and indented code, "" when there is none. Headings inside
// block quotes and list items are not looked for.
func FirstHeading(text string) string { return firstHeading(text) }

// Rule is one family rule, its pattern lists compiled. A rule with an
// empty All list never matches by all.
type Rule struct {
	Name, Provider, ID, All []*regexp.Regexp
}

// How a match was made, as Match.By says.
const (
	// ByName: a name pattern matched the model name.
	ByName = "name"
	// ByID: an id pattern matched the whole id.
	ByID = "id"
	// ByAll: every pattern of the rule's all list matched the whole id.
	ByAll = "all"
	// ByProvider: no rule matched the name or the whole id, and a name or
	// provider pattern matched a provider segment.
	ByProvider = "provider"
	// ByProviderOnName: no rule matched the name, the whole id or a
	// provider segment, and a provider pattern matched the model name (a
	// bare id naming a provider: anthropic, openai).
	ByProviderOnName = "provider-on-name"
)

// Pattern lists of a rule, as Match.Field names them.
const (
	FieldName     = "name"
	FieldProvider = "provider"
	FieldID       = "id"
	FieldAll      = "all"
)

// Match is one rule pattern that matched a model id.
type Match struct {
	// Rule is the index of the rule in the list given to Matches.
	Rule int
	// By is ByName, ByID, ByAll, ByProvider or ByProviderOnName.
	By string
	// Field is the matching pattern list: FieldName, FieldProvider,
	// FieldID or FieldAll. A provider segment may be matched by a name
	// pattern.
	Field string
	// Index is the pattern's index in that list (0 for FieldAll).
	Index int
	// Segment is the provider segment that matched ("" unless By is
	// ByProvider), and SegmentStart its byte offset in the id.
	Segment      string
	SegmentStart int
}

// Matches returns every match of the first phase of selection that has
// one, in order (see selMatches for the phases); the first is the
// selection, and none means the fallback family. provEnd is the length
// of a provider the request gives apart from its model (id is then
// provider + "/" + model; provider patterns see it alone), 0 when none.
// With first set it stops after the first match.
func Matches(rules []Rule, id string, provEnd int, first bool) []Match {
	var out []Match
	selMatches(selRules(rules), id, provEnd, func(m selMatch) bool {
		x := Match{Rule: m.rule, Index: m.index}
		switch m.by {
		case selByName:
			x.By, x.Field = ByName, FieldName
		case selByID:
			x.By, x.Field = ByID, FieldID
		case selByAll:
			x.By, x.Field = ByAll, FieldAll
		case selByProviderName:
			x.By, x.Field = ByProvider, FieldName
		case selByProvider:
			x.By, x.Field = ByProvider, FieldProvider
		case selByProviderOnName:
			x.By, x.Field = ByProviderOnName, FieldProvider
		}
		if x.By == ByProvider {
			x.Segment, x.SegmentStart = id[m.segStart:m.segEnd], m.segStart
		}
		out = append(out, x)
		return !first
	})
	return out
}

// Select returns the index of the rule that selects id (provEnd as
// Matches takes it), -1 for the fallback family: what a generated
// package's Resolve decides.
func Select(rules []Rule, id string, provEnd int) int {
	return selFirst(selRules(rules), id, provEnd)
}

// selRules converts rules to select.go's type.
func selRules(rules []Rule) []selRule {
	sel := make([]selRule, len(rules))
	for i, r := range rules {
		sel[i] = selRule{name: r.Name, provider: r.Provider, id: r.ID, all: r.All}
	}
	return sel
}

// The include engine (include.go), for compiler/include, which reports
// its events as diagnostics.
type (
	// IncludeLimits bound one expansion; every field must be positive.
	IncludeLimits = incLimits
	// IncludeFile is a file as the include engine reads it.
	IncludeFile = incFile
	// IncludeSpan is consecutive lines of one file in an expansion.
	IncludeSpan = incSpan
	// IncludePos is a position in a file; Line 0 is the whole file.
	IncludePos = incPos
	// IncludeEvent is one thing an expansion reports.
	IncludeEvent = incEvent
	// IncludeEventKind says what an IncludeEvent reports.
	IncludeEventKind = incEventKind
)

// The kinds of IncludeEvent; include.go documents each.
const (
	IncludeEntered   = incEntered
	IncludeAbsolute  = incAbsolute
	IncludeClimbs    = incClimbs
	IncludeCycle     = incCycle
	IncludeDiamond   = incDiamond
	IncludeDepth     = incDepth
	IncludeFiles     = incFiles
	IncludeTotal     = incTotal
	IncludeFull      = incFull
	IncludeOwnTotal  = incOwnTotal
	IncludeFileChars = incFileChars
	IncludeRead      = incRead
)

// ExpandPart expands lines first..last (1-based, inclusive, within f) of
// f, a part's file, reading included files through read, and returns the
// text in spans, the files reached (f first, each once) and the events in
// the order they happened. f's own text is kept whatever its size; its
// passing MaxTotalChars is an IncludeOwnTotal event at the line that
// passes it. root is the root directory's absolute path, slash-separated
// and clean ("" when unknown), against which an include that climbs out
// of the root and lands back inside it is taken as the path inside
// (ResolveIncludeIn).
func ExpandPart(read func(p string) (*IncludeFile, error), root string, f *IncludeFile, first, last int, lim IncludeLimits) ([]IncludeSpan, []string, []IncludeEvent) {
	e := newIncExpander(read, lim, false)
	e.root = root
	e.part(f, first, last)
	return e.Spans, e.Files, e.Events
}

// IsInclude reports whether line is an include line and returns the path
// it names as written; the caller checks that the line is ordinary text.
func IsInclude(line string) (string, bool) { return incIsInclude(line) }

// SpacedInclude reports whether line would be an include line but for the
// white space in its path, and returns that path as written: after
// removing the spaces and tabs around it, the line is "@", directly
// followed by text that holds white space and ends in a file extension
// (as IsInclude reads one), like "@my notes.md". Such a line is text, so
// the file is silently not included. The caller checks that the line is
// ordinary text.
func SpacedInclude(line string) (string, bool) {
	t := strings.Trim(line, " \t")
	if len(t) < 2 || t[0] != '@' || t[1] == '@' || t[1] == ' ' || t[1] == '\t' {
		return "", false
	}
	p := t[1:]
	if strings.IndexFunc(p, unicode.IsSpace) < 0 || !incHasExtension(p) {
		return "", false
	}
	return p, true
}

// IsDirective reports whether line is one of promptc's own comments,
// <!-- promptc:... -->, never sent.
func IsDirective(line string) bool { return incIsDirective(line) }

// ResolveInclude returns the root-relative path @target names in the file
// at from; it may climb out of the root.
func ResolveInclude(from, target string) string { return incResolve(from, target) }

// ResolveIncludeIn is ResolveInclude in the root whose absolute path,
// slash-separated and clean, is root: a path that climbs out of the root
// and lands back inside it ("../proj/x.md" in a root named proj) is the
// path inside ("x.md"), as ExpandPart takes it.
func ResolveIncludeIn(root, from, target string) string {
	p := incResolve(from, target)
	if !incOutside(p) {
		return p
	}
	if q, ok := incBackInside(root, p); ok {
		return q
	}
	return p
}

// IsAbsPath reports whether p is absolute in slash or Windows form (/x,
// \x, C:x) on every system alike: how promptc refuses a path that must be
// relative, at build time and in a generated package.
func IsAbsPath(p string) bool { return incIsAbs(p) }

// RenderTemplate renders t on data as a generated package renders a
// template part: stopping with an error once the rendering would pass
// maxChars characters (when maxChars is not negative) or 64 MiB.
func RenderTemplate(t *template.Template, data any, maxChars int) (string, error) {
	return renderBounded(t, data, maxChars)
}

// CapabilityLine is the capability line a generated package builds (see
// capabilityLine): the compiler measures it with every tool present.
func CapabilityLine(listedWords, deferredWords string, tools []string, listed []bool, allowed func(name string) bool) string {
	return capabilityLine(listedWords, deferredWords, tools, listed, allowed)
}
