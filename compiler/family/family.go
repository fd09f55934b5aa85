// Package family parses family files (<family>.prompt.md) and resolves model
// ids to families.
//
// A family file is Markdown with a YAML header and three kinds of text:
//
//	---
//	family: claude
//	provenance: original text, from the vendor's public model documentation
//	---
//	The short line: the first paragraph, sent in lean modes.
//
//	The body: everything after the short line up to the first model note,
//	sent in the modes that carry the family's full guidance.
//
//	<!-- model "Opus" /claude-opus/i -->
//	A model note: sent when its pattern is the first to match the model id.
//
// Markers are only recognised outside code, so a marker quoted in a code
// fence stays text. The header is never sent.
package family

import (
	"path"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/promptc/promptc/compiler/frontmatter"
	"github.com/promptc/promptc/compiler/include"
	"github.com/promptc/promptc/compiler/jsregex"
	"github.com/promptc/promptc/compiler/markdown"
	"github.com/promptc/promptc/compiler/source"
	"github.com/promptc/promptc/internal/diag"
	"github.com/promptc/promptc/internal/lazyre"
)

// Rule IDs reported by this package.
const (
	RuleHeader        = "FAMILY_HEADER"
	RuleNoProvenance  = "FAMILY_NO_PROVENANCE"
	RuleNoteMarker    = "FAMILY_NOTE_MARKER"
	RuleNotePattern   = "FAMILY_NOTE_PATTERN"
	RuleFileName      = "FAMILY_FILE_NAME"
	RuleNameCollision = "FILE_NAME_COLLISION"
)

// Suffix is the required ending of a family file name. It keeps claude.md
// and gemini.md from colliding with CLAUDE.md and GEMINI.md on
// case-insensitive file systems.
const Suffix = ".prompt.md"

// Section is one sendable piece of a family file with the origin of each of
// its lines.
type Section struct {
	Spans []include.Span
	// Pos is where the section starts in the family file.
	Pos diag.Position
	// Tail is sent after the text: for a body under families.keepTrailing,
	// what follows its last line of text up to the first model note or
	// the end of the file, as written; otherwise empty.
	Tail string
}

// Text returns the section's text as sent, its placeholders unfilled:
// without a trailing newline, unless its Tail keeps one.
func (s Section) Text() string { return include.Text(s.Spans) + s.Tail }

// Note is a model note: a label, its pattern and its text.
type Note struct {
	Label   string
	Literal string // the pattern as written, /source/flags
	Pattern *jsregex.Regexp
	Section
}

// Family is a parsed family file. The fallback family may have no file, in
// which case Path is empty and every section is empty.
type Family struct {
	Name       string
	Path       string
	Provenance string
	// Description says which models the family is for, for a family
	// picker (the header's optional description:).
	Description string
	// HeaderPos is the position of the header's first line.
	HeaderPos diag.Position
	Line      Section
	Body      Section
	Notes     []Note
	// BrokenNotes counts the note markers that are malformed or whose
	// pattern does not compile, each already reported: a note an example
	// expects may be one of them, and then the example's mismatch is a
	// consequence, not a second mistake.
	BrokenNotes int
	// Files lists every file whose text the family sends (includes too).
	Files []string
}

// NoteFor returns the index of the first note whose pattern matches
// modelID, or -1 when none does.
func (f *Family) NoteFor(modelID string) int {
	for i, n := range f.Notes {
		if n.Pattern != nil && n.Pattern.RE.MatchString(modelID) {
			return i
		}
	}
	return -1
}

// NameOf returns the family name a file name claims: the base name without
// the .prompt.md suffix.
func NameOf(p string) string {
	base := path.Base(p)
	if n, ok := strings.CutSuffix(base, Suffix); ok {
		return n
	}
	return strings.TrimSuffix(base, ".md")
}

var markerRE = lazyre.New(`^\s{0,3}<!--\s*model\b(.*?)-->\s*$`)

// hyphenatedWord reports whether what follows "model" in a comment makes
// it part of a hyphenated word, such as model-specific.
func hyphenatedWord(afterModel string) bool {
	rest, ok := strings.CutPrefix(afterModel, "-")
	if !ok || rest == "" {
		return false
	}
	r, _ := utf8.DecodeRuneInString(rest)
	return unicode.IsLetter(r) || unicode.IsDigit(r)
}

var markerArgsRE = lazyre.New(`^\s+"([^"]*)"\s+(/.*)\s*$`)

// Header is the decoded frontmatter of a family file.
type Header struct {
	Family      string `json:"family"`
	Provenance  string `json:"provenance"`
	Description string `json:"description"`
}

// Options adjust Parse.
type Options struct {
	// Limits bound @include expansion.
	Limits include.Limits
	// Expand says whether @include lines are expanded; when false they
	// stay text.
	Expand bool
	// RequireProvenance makes a header with a non-empty provenance
	// mandatory; otherwise the header, and every key in it, is optional.
	RequireProvenance bool
	// KeepTrailing keeps the end of the body as written (Section.Tail).
	KeepTrailing bool
}

// Parse reads and parses the family file at p. The header is optional: the
// family's name is the file's; a header's family, when given, must equal
// it. Parse returns the family even when it reports errors, with the
// sections it could read.
func Parse(fs *source.FS, p string, opt Options) (*Family, []diag.Diagnostic) {
	f, err := fs.Read(p)
	if err != nil {
		return nil, []diag.Diagnostic{source.ReadDiag(err, p)}
	}
	ds := append([]diag.Diagnostic(nil), f.Diags...)
	fam := &Family{Name: NameOf(p), Path: p, HeaderPos: diag.Position{Path: p, Line: 1, Col: 1}}
	if !strings.HasSuffix(p, Suffix) {
		ds = append(ds, diag.Warnf(diag.Position{Path: p}, RuleFileName,
			"family file %s is not named <family>%s; rename it so that it cannot collide with instruction files such as CLAUDE.md", p, Suffix))
	}
	bodyStart, hds := parseHeader(f, p, opt, fam)
	ds = append(ds, hds...)
	markers, mds := findMarkers(f, p, bodyStart)
	ds = append(ds, mds...)
	ds = append(ds, assemble(fs, f, p, opt, fam, bodyStart, markers)...)
	return fam, ds
}

// parseHeader reads the optional YAML header of the family file f at p
// into fam (provenance, description, a family name that must match the
// file's) and returns the first line of the text after it.
func parseHeader(f *source.File, p string, opt Options, fam *Family) (bodyStart int, ds []diag.Diagnostic) {
	top := diag.Position{Path: p, Line: 1, Col: 1}
	noProvenance := func(format string, args ...any) {
		if opt.RequireProvenance {
			ds = append(ds, diag.Errorf(top, RuleNoProvenance, format+"; this project requires one (families.requireProvenance)", args...))
		}
	}

	fm, _, ok := frontmatter.Split(f.Text)
	bodyStart = 1
	switch {
	case !ok && strings.HasPrefix(f.Text, "---\n"):
		ds = append(ds, diag.Errorf(top, RuleHeader,
			"the header opened by the --- line is never closed: add a closing --- line after it, or remove the first line"))
	case !ok:
		noProvenance("family file has no header, so no provenance: start the file with a --- line, provenance: ..., and a closing --- line")
	default:
		bodyStart = fm.Lines + 1
		var h Header
		if hd := frontmatter.Refuse(p, fm, RuleHeader); hd != nil {
			ds = append(ds, hd...)
		} else if hd := frontmatter.DecodeHeader(p, fm, "#FamilyHeader", RuleHeader, &h); len(hd) > 0 {
			ds = append(ds, hd...)
		} else {
			if h.Family != "" && h.Family != fam.Name {
				// At the family key, wherever the header puts it.
				tree, _ := frontmatter.Parse(p, f.Text)
				ds = append(ds, diag.Errorf(tree.Pos([]string{"family"}), RuleHeader,
					"header says family %q but the file name says %q; make them equal", h.Family, fam.Name))
			}
			fam.Provenance = h.Provenance
			fam.Description = h.Description
			if strings.TrimSpace(h.Provenance) == "" {
				noProvenance("family header has no provenance: say what the text is based on (for example \"original text\")")
			}
		}
	}

	return bodyStart, ds
}

// marker is a model note marker line and the note it opens; a malformed
// marker has an empty note and only ends the text before it.
type marker struct {
	line int
	note Note
}

// findMarkers returns the note markers of f at p outside code, from line
// bodyStart on, with their patterns compiled.
func findMarkers(f *source.File, p string, bodyStart int) (markers []marker, ds []diag.Diagnostic) {
	for _, ln := range f.Lines {
		num := int(ln.Num)
		if num < bodyStart || ln.Kind == markdown.Code {
			continue
		}
		text := f.Text[ln.Start:ln.End]
		m := markerRE().FindStringSubmatchIndex(text)
		if m == nil {
			continue
		}
		inner := text[m[2]:m[3]]
		if hyphenatedWord(inner) {
			// "model-specific notes" is prose in a comment, not a marker
			// with a typo; a marker's word stands alone.
			continue
		}
		pos := diag.Position{Path: p, Line: num, Col: 1}
		args := markerArgsRE().FindStringSubmatchIndex(inner)
		if args == nil {
			ds = append(ds, diag.Errorf(pos, RuleNoteMarker,
				`malformed model note marker: write <!-- model "Label" /pattern/flags -->`))
			markers = append(markers, marker{line: num})
			continue
		}
		lit := strings.TrimSpace(inner[args[4]:args[5]])
		n := Note{Label: inner[args[2]:args[3]], Literal: lit}
		re, err := jsregex.Parse(lit)
		if err != nil {
			// The literal's byte offset in the line, from the match itself:
			// searching for its text could find it inside the label.
			litCol := m[2] + args[4]
			col := 1
			if je, ok := err.(*jsregex.Error); ok {
				col = runeCol(text, litCol) + je.Col - 1
			}
			ds = append(ds, diag.Errorf(diag.Position{Path: p, Line: num, Col: col}, RuleNotePattern,
				"model note %q: %v", n.Label, err))
		} else {
			n.Pattern = re
		}
		n.Pos = pos
		markers = append(markers, marker{line: num, note: n})
	}

	return markers, ds
}

// assemble cuts the text of f at p into fam's short line, body and notes,
// expanding includes when opt says so: the short line is the first
// paragraph of the expanded text before the first note.
func assemble(fs *source.FS, f *source.File, p string, opt Options, fam *Family, bodyStart int, markers []marker) (ds []diag.Diagnostic) {
	last := len(f.Lines)
	preEnd := last
	if len(markers) > 0 {
		preEnd = markers[0].line - 1
	}
	files := map[string]bool{p: true}
	fam.Files = append(fam.Files, p)
	spansOf := func(first, lastLine int) []include.Span {
		if first > lastLine {
			return nil
		}
		if !opt.Expand {
			return include.Raw(f, first, lastLine)
		}
		r, eds := include.Expand(fs, p, first, lastLine, opt.Limits)
		ds = append(ds, eds...)
		for _, fp := range r.Files {
			if !files[fp] {
				files[fp] = true
				fam.Files = append(fam.Files, fp)
			}
		}
		return r.Spans
	}
	section := func(spans []include.Span, at int) Section {
		s := Section{Spans: spans, Pos: diag.Position{Path: p, Line: at}}
		if len(spans) > 0 {
			s.Pos = diag.Position{Path: spans[0].Path, Line: spans[0].Line, Col: 1}
		}
		return s
	}

	// The short line is the first paragraph of the expanded text before the
	// first note, so that a file that only includes its prompt gets the
	// included text's first paragraph; the body is the rest.
	pre := spansOf(bodyStart, preEnd)
	line, body := include.SplitParagraph(pre)
	fam.Line = section(line, bodyStart)
	fam.Body = section(body, bodyStart)
	if opt.KeepTrailing && len(body) > 0 {
		fam.Body.Tail = include.Tail(f, pre)
	}
	for i, m := range markers {
		end := last
		if i+1 < len(markers) {
			end = markers[i+1].line - 1
		}
		if m.note.Label == "" && m.note.Literal == "" || m.note.Pattern == nil {
			fam.BrokenNotes++
		}
		if m.note.Label == "" && m.note.Literal == "" {
			continue // malformed, already reported
		}
		n := m.note
		pos := n.Pos
		n.Section = section(include.TrimBlank(spansOf(m.line+1, end)), m.line+1)
		n.Pos = pos
		fam.Notes = append(fam.Notes, n)
	}
	return ds
}

// IsDirective reports promptc's own comment lines; see include.IsDirective.
func IsDirective(line string) bool { return include.IsDirective(line) }

var nameRE = lazyre.New(`^[A-Za-z][A-Za-z0-9._-]*$`)

// ValidName reports whether name can name a family: a letter, then
// letters, digits, '.', '_' or '-' (so gpt-5.1 is a family name), as
// cue/schema.cue's #FamilyName says.
func ValidName(name string) bool { return nameRE().MatchString(name) }

// runeCol converts a byte offset in line to a 1-based code-point column.
func runeCol(line string, off int) int {
	if off < 0 {
		return 1
	}
	return len([]rune(line[:off])) + 1
}

// CheckCollisions reports paths that differ only by letter case (a family
// file claude.prompt.md beside Claude.prompt.md, or claude.md beside
// CLAUDE.md): on case-insensitive file systems they are the same file.
func CheckCollisions(paths []string) []diag.Diagnostic {
	seen := map[string]string{}
	var ds []diag.Diagnostic
	for _, p := range paths {
		k := strings.ToLower(p)
		if q, ok := seen[k]; ok && q != p {
			ds = append(ds, diag.Errorf(diag.Position{Path: p}, RuleNameCollision,
				"%s and %s differ only by letter case and are one file on case-insensitive file systems; rename one", q, p))
			continue
		}
		seen[k] = p
	}
	return ds
}
