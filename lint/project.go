package lint

import (
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"unicode/utf8"

	"github.com/promptc/promptc/compiler/frontmatter"
	"github.com/promptc/promptc/compiler/include"
	"github.com/promptc/promptc/compiler/markdown"
	"github.com/promptc/promptc/compiler/source"
	"github.com/promptc/promptc/internal/diag"
)

// orphans reports files matched by lint.orphans (Markdown files by
// default) below the root that nothing reaches. Hidden folders, the output
// directory, node_modules and vendor folders, and what .gitignore or
// .promptcignore files (and the enclosing repository's ignore files, see
// outerPatterns) list are not searched.
func (l *linter) orphans() []diag.Diagnostic {
	fsys, err := source.Open(l.p.Loaded.Root)
	if err != nil {
		return nil
	}
	defer fsys.Close()
	var exclude []string
	out := path.Clean(filepath.ToSlash(l.p.Config.Output.Dir))
	if out != ".." && !strings.HasPrefix(out, "../") && !path.IsAbs(out) {
		if out == "." {
			return nil // output in the root itself: every file could be output
		}
		exclude = append(exclude, out+"/**")
	}
	var paths []string
	var ds []diag.Diagnostic
	// A directory link out of the project hides every file below it from
	// the check; each is reported once, unless the compiler's globs
	// already reported it or an ignore file leaves it out.
	reported := map[string]bool{}
	for _, d := range l.compiled {
		if d.Rule == source.RuleLinkOutside {
			reported[d.Pos.Path] = true
		}
	}
	for _, glob := range l.p.Config.Lint.Orphans {
		matched, outside, err := fsys.GlobOutside(glob, exclude...)
		if err != nil {
			return nil
		}
		paths = append(paths, matched...)
		for _, link := range unignored(fsys, l.p.Loaded.Root, outside) {
			if !reported[link] {
				reported[link] = true
				ds = append(ds, source.OutsideLinkDiag(link, fmt.Sprintf("the orphan check (lint.orphans %q)", glob)))
			}
		}
	}
	slices.Sort(paths)
	paths = unignored(fsys, l.p.Loaded.Root, slices.Compact(paths))
	reached := l.reached()
	// A file reached only through a link inside the project (a pointer
	// source, an include or a part file that is a symbolic link) is
	// reached all the same: compare what the paths name, not how.
	var reachedInfo []fs.FileInfo
	sameAsReached := func(p string) bool {
		if reachedInfo == nil {
			reachedInfo = []fs.FileInfo{}
			for _, r := range slices.Sorted(maps.Keys(reached)) {
				if fi, err := fsys.Stat(r); err == nil {
					reachedInfo = append(reachedInfo, fi)
				}
			}
		}
		fi, err := fsys.Stat(p)
		return err == nil && slices.ContainsFunc(reachedInfo, func(r fs.FileInfo) bool { return os.SameFile(fi, r) })
	}
	for _, p := range paths {
		if reached[p] || sameAsReached(p) {
			continue
		}
		ds = append(ds, newDiag(diag.Position{Path: p, Line: 1, Col: 1}, RuleOrphan,
			fmt.Sprintf("%s is reached by no part, pointer, family, include, guide file or custom example: it is never sent or checked; include it where it belongs, delete it if it is a stale draft, or leave it out of the check (lint.orphans, .promptcignore, .gitignore)", p)))
	}
	return ds
}

// reached returns the files something names: every file the compiler
// read or reported on, every part's file, the custom-mode example, and the
// target of every include line in the files read (a target the compiler
// refused, or did not reach because a limit stopped it, is reported by its
// own rule, not as an orphan).
func (l *linter) reached() map[string]bool {
	reached := make(map[string]bool, len(l.files))
	for p := range l.files {
		reached[p] = true
	}
	for _, d := range l.compiled {
		reached[d.Pos.Path] = true
	}
	c := l.p.Config
	// A file promptc.cue names is reached even when it cannot be read:
	// the read failure is reported where it is named, not as an orphan.
	for _, part := range c.Parts {
		if part.File != "" {
			reached[path.Clean(part.File)] = true
		}
		if part.Pointer != nil && part.Pointer.Source != "" {
			reached[path.Clean(part.Pointer.Source)] = true
		}
		if part.Template != "" {
			reached[path.Clean(part.Template)] = true
		}
	}
	if c.Custom != nil && c.Custom.Example != "" {
		reached[path.Clean(c.Custom.Example)] = true
	}
	if !c.Includes.Enabled {
		return reached
	}
	for _, at := range l.atLines() {
		if !at.spaced {
			reached[include.ResolveIn(l.p.Loaded.Root, at.path, at.target)] = true
		}
	}
	return reached
}

// atLine is a text line of a file whose include lines are expanded that
// is an include line (spaced false) or would be one but for white space
// in its path (spaced): the two are exclusive.
type atLine struct {
	path   string
	line   int // 0-based
	text   string
	target string
	spaced bool
}

// atLines returns the include lines and spaced include lines of every
// file read with its include lines expanded, in path and line order. The
// orphan check (the files include lines reach) and INCLUDE_SPACE both
// need them; the lines are found once, in one pass over the files, for
// both.
func (l *linter) atLines() []atLine {
	l.at.once.Do(func() {
		raw := l.rawFiles()
		for _, p := range slices.Sorted(maps.Keys(l.files)) {
			f := l.files[p]
			if !raw[p] {
				l.at.lines = appendAtLines(l.at.lines, p, f)
			}
		}
	})
	return l.at.lines
}

// appendAtLines appends the include lines and spaced include lines of f,
// at path p, in line order.
func appendAtLines(out []atLine, p string, f *source.File) []atLine {
	eachAtLine(f, func(i int, text string) {
		if target, ok := include.IsInclude(text); ok {
			out = append(out, atLine{path: p, line: i, text: text, target: target})
		} else if target, ok := include.SpacedInclude(text); ok {
			out = append(out, atLine{path: p, line: i, text: text, target: target, spaced: true})
		}
	})
	return out
}

// eachAtLine calls fn with the index and text of every text line of f
// (markdown.Text) that holds an "@", in line order: the lines that can be
// include lines or spaced include lines. They are found by searching the
// text for an "@" (most of a project's lines hold none, and the search
// passes them many bytes at a time).
func eachAtLine(f *source.File, fn func(i int, text string)) {
	i := 0 // the line searched from
	for off := 0; off < len(f.Text); {
		k := strings.IndexByte(f.Text[off:], '@')
		if k < 0 {
			return
		}
		at := int32(off + k)
		for i < len(f.Lines) && f.Lines[i].End < at {
			i++
		}
		if i == len(f.Lines) {
			return
		}
		ln := f.Lines[i]
		if ln.Start > at {
			// Between lines, which the scan never leaves.
			off = int(at) + 1
			continue
		}
		off, i = int(ln.End)+1, i+1
		if ln.Kind == markdown.Text {
			fn(i-1, f.Text[ln.Start:ln.End])
		}
	}
}

// rawFiles returns the files whose @ lines are text, not include lines:
// the files of parts with includes: false that nothing reads with its
// include lines expanded (a part with includes on, a family, an include
// line of another file). A path with spaces is no different there from
// one without, and the file such a line names is not reached by it.
func (l *linter) rawFiles() map[string]bool {
	c := l.p.Config
	raw := map[string]bool{}
	for _, cp := range c.Parts {
		if cp.File != "" && !cp.Includes {
			raw[path.Clean(cp.File)] = true
		}
	}
	if len(raw) == 0 {
		return nil
	}
	for _, cp := range c.Parts {
		if cp.File != "" && cp.Includes {
			delete(raw, path.Clean(cp.File))
		}
	}
	for _, f := range l.p.Families {
		delete(raw, f.Path)
	}
	for p, f := range l.files {
		if raw[p] {
			continue
		}
		eachAtLine(f, func(_ int, text string) {
			if target, ok := include.IsInclude(text); ok {
				delete(raw, include.ResolveIn(l.p.Loaded.Root, p, target))
			}
		})
	}
	return raw
}

// includeTargets returns the files the include lines of the file at p
// name, resolved, in line order.
func (l *linter) includeTargets(p string) []string {
	f := l.files[path.Clean(p)]
	if f == nil {
		return nil
	}
	var out []string
	eachAtLine(f, func(_ int, text string) {
		if target, ok := include.IsInclude(text); ok {
			out = append(out, include.ResolveIn(l.p.Loaded.Root, f.Path, target))
		}
	})
	return out
}

// spacedIncludes reports the lines of ordinary text, in every file read,
// that would be include lines but for white space in the path: they are
// sent as text and the file they name is never read.
func (l *linter) spacedIncludes() []diag.Diagnostic {
	if !l.p.Config.Includes.Enabled {
		return nil
	}
	var ds []diag.Diagnostic
	for _, at := range l.atLines() {
		if !at.spaced {
			continue
		}
		p, i, text, target := at.path, at.line, at.text, at.target
		col := utf8.RuneCountInString(text[:strings.IndexByte(text, '@')]) + 1
		d := newDiag(diag.Position{Path: p, Line: i + 1, Col: col}, RuleIncludeSpace,
			fmt.Sprintf("@%s looks like an include, but a path with spaces is not one: the line is sent as text and the file is not read; rename the file without spaces and include the new name, or, if the line is meant as text, put the path in backticks", target))
		d.End = diag.Position{Path: p, Line: i + 1, Col: col + 1 + utf8.RuneCountInString(target)}
		ds = append(ds, d)
	}
	return ds
}

// minDuplicate is the shortest paragraph, in code points after white space
// is collapsed, that DUPLICATE_PARAGRAPH compares.
const minDuplicate = 80

type paragraph struct {
	path string
	line int
	size int
}

// duplicates reports paragraphs that appear in two or more family files.
// Only each family file's own lines count: text it includes is already
// shared.
func (l *linter) duplicates() []diag.Diagnostic {
	seen := map[string][]paragraph{}
	var order []string
	for _, name := range l.p.FamilyNames {
		fam := l.p.Families[name]
		f := l.p.Files[fam.Path]
		if fam.Path == "" || f == nil {
			continue
		}
		first := 1
		if fm, _, ok := frontmatter.Split(f.Text); ok {
			first = fm.Lines + 1
		}
		eachParagraph(f, first, func(fp fileParagraph) {
			text := collapseSpace(fp.compared(f.Text))
			if _, ok := seen[text]; !ok {
				order = append(order, text)
			}
			seen[text] = append(seen[text], paragraph{f.Path, int(fp.start), utf8.RuneCountInString(text)})
		})
	}
	var ds []diag.Diagnostic
	for _, text := range order {
		occ := seen[text]
		files := map[string]bool{}
		for _, o := range occ {
			files[o.path] = true
		}
		if len(files) < 2 {
			continue
		}
		// One finding per paragraph, at its first place, listing every
		// place: a prompt forked per model repeats many paragraphs, and a
		// finding per copy would bury the rest.
		places := make([]string, len(occ))
		var related []diag.Related
		for i, q := range occ {
			places[i] = fmt.Sprintf("%s:%d", q.path, q.line)
			if i > 0 {
				related = append(related, diag.Related{Pos: diag.Position{Path: q.path, Line: q.line, Col: 1}, Message: "the same paragraph"})
			}
		}
		d := newDiag(diag.Position{Path: occ[0].path, Line: occ[0].line, Col: 1}, RuleDuplicate,
			fmt.Sprintf("this paragraph (%d characters) appears in %d family files, %d times: %s; if the copies are meant to stay equal, move it to a shared file and @include it from each family file, so they cannot drift apart",
				occ[0].size, len(files), len(occ), strings.Join(places, ", ")))
		d.Related = related
		ds = append(ds, d)
	}
	return ds
}

// eachParagraph calls fn for every paragraph of f from line first on that
// is long enough to compare once its white space is collapsed
// (collapseSpace), raw as written from line start to line end. A
// paragraph is a run of non-blank lines outside HTML comments, except
// that a list item (a line starting with a list marker, see isListItem,
// and the lines that continue it) is a paragraph of its own: a list holds
// one instruction per item, and the same item in two lists is the same
// instruction said twice. A paragraph must hold minDuplicate code points,
// a list item minListItem, its marker not counted.
func eachParagraph(f *source.File, first int, fn func(fileParagraph)) {
	start, end, from, to := 0, 0, 0, 0 // line numbers and byte range of the paragraph
	marker := -1                       // the length of a list item's marker; -1 for a paragraph
	flush := func() {
		least, at := minDuplicate, from
		if marker >= 0 {
			least, at = minListItem, from+marker
		}
		// Collapsing white space never makes text longer, so a paragraph
		// shorter in bytes than the minimum is skipped unread.
		if start > 0 && to-at >= least {
			if key, n := collapsedKey(f.Text[at:to]); n >= least {
				fn(fileParagraph{key: key, start: int32(start), end: int32(end), from: int32(from), at: int32(at), to: int32(to)})
			}
		}
		start = 0
	}
	for _, ln := range f.Lines {
		if int(ln.Num) < first {
			continue
		}
		text := f.Text[ln.Start:ln.End]
		if ln.Kind == markdown.Comment || strings.TrimSpace(text) == "" {
			flush()
			continue
		}
		m := -1
		if ln.Kind == markdown.Text {
			m = listMarker(text)
		}
		if m >= 0 {
			flush()
		}
		if start == 0 {
			start, from, marker = int(ln.Num), int(ln.Start), m
		}
		end, to = int(ln.Num), int(ln.End)
	}
	flush()
}

// minListItem is the shortest list item, in code points after white space
// is collapsed and without its marker, that the paragraph rules compare:
// an item is a whole instruction however short, but "- Yes." or "- None."
// in two lists is not one said twice.
const minListItem = 16

// listMarker returns the length in bytes of the list marker that starts
// line, its indentation included and the white space after it not, or -1
// when line starts no CommonMark list item: after any indentation, "-",
// "*" or "+", or one to nine digits and "." or ")", then a space, a tab or
// the end of the line.
func listMarker(line string) int {
	t := strings.TrimLeft(line, " \t")
	i := 0
	switch {
	case t == "":
		return -1
	case t[0] == '-' || t[0] == '*' || t[0] == '+':
		i = 1
	default:
		for i < len(t) && i < 9 && t[i] >= '0' && t[i] <= '9' {
			i++
		}
		if i == 0 || i == len(t) || t[i] != '.' && t[i] != ')' {
			return -1
		}
		i++
	}
	if i < len(t) && t[i] != ' ' && t[i] != '\t' {
		return -1
	}
	return len(line) - len(t) + i
}

// unusedParts reports parts that no mode composes, no profile sends in
// place of another, no sum budget counts and the custom mode does not fall
// back to.
func (l *linter) unusedParts() []diag.Diagnostic {
	c := l.p.Config
	used := map[string]bool{}
	for _, m := range c.Modes {
		for _, r := range m.Compose {
			used[r.Name] = true
		}
	}
	for _, b := range c.Budgets {
		for _, r := range b.Sum {
			used[r.Name] = true
		}
	}
	if c.Profiles != nil {
		for _, pr := range c.Profiles.Values {
			for _, r := range pr.Replace {
				used[r.With.Name] = true
			}
		}
	}
	if c.Custom != nil {
		used[c.Custom.Fallback.Name] = true
	}
	var ds []diag.Diagnostic
	for _, name := range slices.Sorted(maps.Keys(c.Parts)) {
		if used[name] {
			continue
		}
		ds = append(ds, newDiag(l.configPos("parts", name), RulePartUnused,
			fmt.Sprintf("part %s is sent by no mode or profile and counted by no budget; add parts.%s to a mode's compose list or remove it", name, name)))
	}
	return ds
}

// emptyParts reports each part read from a file whose text is empty or
// white space only: it sends nothing. A part whose file or block could not
// be read, or whose file has an error (an include left out), has a finding
// of its own and no second one here.
func (l *linter) emptyParts() []diag.Diagnostic {
	var ds []diag.Diagnostic
	for _, name := range slices.Sorted(maps.Keys(l.p.Parts)) {
		part := l.p.Parts[name]
		cp := part.Config
		if cp.File == "" || l.p.Files[cp.File] == nil || strings.TrimSpace(part.Text) != "" {
			continue
		}
		// An error about the part, or in its file (an include left
		// out), is the cause of the missing text.
		prefix := "part " + name + ":"
		if slices.ContainsFunc(l.compiled, func(d diag.Diagnostic) bool {
			return strings.HasPrefix(d.Message, prefix) || d.Severity == diag.Error && d.Pos.Path == cp.File
		}) {
			continue
		}
		what, why := cp.File, " (it is empty, or holds only white space and promptc directives)"
		switch {
		case cp.Block != "":
			what = fmt.Sprintf("the <!-- %s --> block of %s", cp.Block, cp.File)
		case len(cp.Omit) > 0:
			what = fmt.Sprintf("%s outside the blocks it omits (%s)", cp.File, strings.Join(cp.Omit, ", "))
		}
		// A file whose include lines bring no text is not empty as
		// written: say where the text was to come from.
		if cp.Block == "" && cp.Includes && l.p.Config.Includes.Enabled {
			if incs := l.includeTargets(cp.File); len(incs) > 0 {
				why = fmt.Sprintf(" of its own, and the files it includes (%s) have none either", strings.Join(incs, ", "))
			}
		}
		ds = append(ds, newDiag(part.Pos, RulePartEmpty,
			fmt.Sprintf("part %s sends nothing: %s has no text%s; write its text, or remove parts.%s from promptc.cue", name, what, why, name)))
	}
	return ds
}

// stale reports each directory build writes (the Go package's output
// directory and every other target's) that differs from what a build
// would write there, at the field of promptc.cue that names it.
func (l *linter) stale(check OutputCheck) ([]diag.Diagnostic, error) {
	var ds []diag.Diagnostic
	for _, t := range l.p.Config.Output.AllTargets() {
		changes, err := check(l.p, t)
		var f interface{ Findings() []diag.Diagnostic }
		if errors.As(err, &f) {
			ds = append(ds, f.Findings()...)
			continue
		}
		if err != nil {
			return nil, err
		}
		if len(changes) == 0 {
			continue
		}
		const maxListed = 5
		listed := changes
		more := ""
		if len(listed) > maxListed {
			listed = listed[:maxListed]
			more = fmt.Sprintf(" and %d more", len(changes)-maxListed)
		}
		what := "output directory " + t.Dir
		if t.Language != "go" {
			what = "the " + t.Language + " package's directory " + t.Dir
		}
		ds = append(ds, newDiag(l.configPos(strings.Split(t.Field(), ".")...), RuleOutputStale,
			fmt.Sprintf("%s is stale (%s%s): the harness would ship prompts that differ from the assets; run promptc build",
				what, strings.Join(listed, ", "), more)))
	}
	return ds, nil
}

// configPos is the position of a value in promptc.cue, or the file's first
// line when the value is a default the user did not write.
func (l *linter) configPos(keys ...string) diag.Position {
	cp := configPath(l.p.Loaded)
	pos := l.p.Loaded.PosOfKeys(keys...)
	if pos.Path != cp {
		return diag.Position{Path: cp, Line: 1, Col: 1}
	}
	return pos
}
