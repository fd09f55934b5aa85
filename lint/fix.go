package lint

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/promptc/promptc/compiler"
	"github.com/promptc/promptc/compiler/source"
	"github.com/promptc/promptc/internal/diag"
)

// FixRules are the rules whose findings lint --fix removes: what they flag
// (white space at the end of a line, invisible characters) can be deleted
// without changing what the text says to a reader. A finding of any other
// rule needs a person's judgement and is only reported.
var FixRules = []string{RuleTrailingSpace, RuleZeroWidth, RuleBidi, RuleTag}

// Fix is the change lint --fix makes to one asset.
type Fix struct {
	// File is the asset as lint read it; File.Path names it.
	File *source.File
	// Text is the asset's new text, with "\n" line endings as File.Text.
	Text string
	// Trailing counts the lines whose trailing white space was removed,
	// Hidden the invisible characters removed.
	Trailing, Hidden int
	// FinalNewline is set when a newline was added at the end: a last
	// line without one is a line that tools (cat, diff, an editor that
	// appends) run into the next text.
	FinalNewline bool
}

// Summary says what the fix changed: "2 lines of trailing white space,
// 1 hidden character, a missing final newline".
func (f Fix) Summary() string {
	var parts []string
	if f.Trailing > 0 {
		parts = append(parts, plural(f.Trailing, "line", "lines")+" of trailing white space")
	}
	if f.Hidden > 0 {
		parts = append(parts, plural(f.Hidden, "hidden character", "hidden characters"))
	}
	if f.FinalNewline {
		parts = append(parts, "a missing final newline")
	}
	return strings.Join(parts, ", ")
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// Fixes returns, in path order, the fixes for the assets lint read when
// it returned ds, the findings of Run(proj, opt). Only what those findings
// flag is removed (FixRules), so a finding suppressed by a directive or by
// promptc.cue stays as it is; promptc.cue itself is never changed (promptc
// fmt formats it). A missing final newline is added to every asset Run
// reports on (opt.Files, lint.ignore). A finding whose text no longer is
// what its rule flags is skipped, and stays for the next lint to report.
func Fixes(proj *compiler.Project, ds []diag.Diagnostic, opt Options) ([]Fix, error) {
	sel, err := newSelection(proj.Default().Loaded)
	if err != nil {
		return nil, err
	}
	files := filesRead(proj)
	byFile := map[string][]diag.Diagnostic{}
	for _, d := range ds {
		if slices.Contains(FixRules, d.Rule) && files[d.Pos.Path] != nil {
			byFile[d.Pos.Path] = append(byFile[d.Pos.Path], d)
		}
	}
	var fixes []Fix
	for _, path := range slices.Sorted(maps.Keys(files)) {
		f := files[path]
		fix := fixText(f, byFile[path])
		if f.Text != "" && !strings.HasSuffix(fix.Text, "\n") &&
			(len(opt.Files) == 0 || inFiles(opt.Files, path)) && !sel.ignored(diag.Diagnostic{Pos: diag.Position{Path: path}}) {
			fix.Text += "\n"
			fix.FinalNewline = true
		}
		if fix.Text != f.Text {
			fixes = append(fixes, fix)
		}
	}
	return fixes, nil
}

// fixText removes from f's text what the findings ds (of FixRules, in f)
// flag: a run of trailing white space from its column to the line's end,
// an invisible character at its column, a run of tag characters from its
// column to its end. Columns count code points, as the rules count them.
func fixText(f *source.File, ds []diag.Diagnostic) Fix {
	fix := Fix{File: f, Text: f.Text}
	if len(ds) == 0 {
		return fix
	}
	lines := strings.Split(f.Text, "\n")
	drop := map[int]map[int]bool{} // line index -> rune indexes to delete
	mark := func(line, from, to int, want func(rune) bool) bool {
		if line < 0 || line >= len(lines) {
			return false
		}
		rs := []rune(lines[line])
		if from < 0 || from >= to || to > len(rs) {
			return false
		}
		for _, r := range rs[from:to] {
			if !want(r) {
				return false
			}
		}
		if drop[line] == nil {
			drop[line] = map[int]bool{}
		}
		for i := from; i < to; i++ {
			drop[line][i] = true
		}
		return true
	}
	for _, d := range ds {
		line, col := d.Pos.Line-1, d.Pos.Col-1
		switch d.Rule {
		case RuleTrailingSpace:
			if line >= 0 && line < len(lines) && mark(line, col, len([]rune(lines[line])), func(r rune) bool { return r == ' ' || r == '\t' }) {
				fix.Trailing++
			}
		case RuleZeroWidth:
			if mark(line, col, col+1, isZeroWidth) {
				fix.Hidden++
			}
		case RuleBidi:
			if mark(line, col, col+1, isBidi) {
				fix.Hidden++
			}
		case RuleTag:
			if end := d.End.Col - 1; d.End.Line == d.Pos.Line && mark(line, col, end, isTag) {
				fix.Hidden += end - col
			}
		}
	}
	for line, del := range drop {
		rs := []rune(lines[line])
		kept := rs[:0]
		for i, r := range rs {
			if !del[i] {
				kept = append(kept, r)
			}
		}
		lines[line] = string(kept)
	}
	fix.Text = strings.Join(lines, "\n")
	return fix
}
