// Package docsample keeps the samples of output in README.md and docs/*.md
// equal to what promptc prints. It is used by tests only.
//
// A fenced block is tied to its source by an HTML comment on the line just
// above its opening fence, which Markdown renders as nothing:
//
//	<!-- output: NAME -->      the block is output, checked by the test or
//	                           testscript that names NAME (docsample NAME ...
//	                           in a testscript, Check(t, root, "NAME", ...)
//	                           in a Go test)
//	<!-- not output: REASON --> the block looks like output but is not
//	                           (an input file, a formula, timings that vary)
//	<!-- cue fragment -->      a ```cue block that is part of a promptc.cue,
//	                           not a whole one
//
// Which blocks must carry a label is decided by their info string (see
// LabelRule): blocks of sh, yaml, go and cue are things a reader types or
// copies, every other block is presumed to show what promptc prints.
package docsample

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/promptc/promptc/internal/textdiff"
)

// Generated lists the pages that are generated whole by a test and checked
// by it (the configuration reference from the schema, the rules page from
// the rule registry): their blocks need no labels.
var Generated = []string{"docs/config.md", "docs/rules.md"}

// Typed lists the info strings of blocks that are not output: shell
// commands, CI and hook configuration, Go code, and CUE (checked against the
// schema instead). Every other block is output unless labelled otherwise.
var Typed = []string{"sh", "yaml", "go", "cue"}

// LabelRule states, for messages, which blocks need a label.
const LabelRule = "a fenced block whose info string is not sh, yaml, go or cue shows output: label it <!-- output: NAME --> and check it from a testscript (docsample NAME ...), or <!-- not output: REASON --> when it is not promptc's output"

// Block is one fenced code block of a page.
type Block struct {
	// Page is the page's path relative to the repository root, with
	// slashes.
	Page string
	// Line is the 1-based line of the opening fence.
	Line int
	// Info is the fence's info string, trimmed.
	Info string
	// Label is the text of the label comment above the fence ("output:
	// NAME", "not output: REASON", "cue fragment"), or "" when there is
	// none.
	Label string
	// Body is the block's text: every line between the fences, each with
	// its "\n".
	Body string
}

// Output returns the sample name of an "output: NAME" label, or "".
func (b Block) Output() string {
	name, ok := strings.CutPrefix(b.Label, "output: ")
	if !ok {
		return ""
	}
	return name
}

// Pos returns "page:line" for messages.
func (b Block) Pos() string { return fmt.Sprintf("%s:%d", b.Page, b.Line) }

// Pages returns the pages whose samples are checked, relative to root:
// README.md and docs/*.md, less the Generated ones, sorted.
func Pages(root string) ([]string, error) {
	docs, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		return nil, err
	}
	pages := []string{"README.md"}
	for _, d := range docs {
		p := "docs/" + filepath.Base(d)
		if !slices.Contains(Generated, p) {
			pages = append(pages, p)
		}
	}
	slices.Sort(pages)
	return pages, nil
}

var (
	openFence = regexp.MustCompile("^ {0,3}(`{3,}|~{3,})(.*)$")
	label     = regexp.MustCompile(`^<!-- (output: [a-z0-9][a-z0-9-]*|not output: \S.*\S|cue fragment) -->$`)
)

// span is a block and where its body sits in the page's bytes.
type span struct {
	Block
	start, end int
	// indent is the indentation of the opening fence, which CommonMark
	// removes from each line of the body (up to that many spaces): a
	// block in a list item is indented with the item.
	indent int
}

// parse returns the fenced blocks of a page's text. Fences are recognised
// at the top level (up to three spaces of indent), as the pages write them;
// a fence never closed is an error, since the rest of the page would be
// code.
func parse(page, text string) ([]span, error) {
	var out []span
	lines := strings.SplitAfter(text, "\n")
	off := 0
	prev := ""
	for i := 0; i < len(lines); i++ {
		line := strings.TrimSuffix(lines[i], "\n")
		m := openFence.FindStringSubmatch(line)
		if m == nil || (m[1][0] == '`' && strings.Contains(m[2], "`")) {
			prev = line
			off += len(lines[i])
			continue
		}
		fence := m[1]
		b := span{Block: Block{Page: page, Line: i + 1, Info: strings.TrimSpace(m[2])}, indent: len(line) - len(strings.TrimLeft(line, " "))}
		if l := label.FindStringSubmatch(strings.TrimSpace(prev)); l != nil {
			b.Label = l[1]
		}
		off += len(lines[i])
		b.start = off
		closed := false
		for i++; i < len(lines); i++ {
			t := strings.TrimSpace(lines[i])
			if strings.HasPrefix(t, fence) && strings.Trim(t, fence[:1]) == "" && len(lines[i])-len(strings.TrimLeft(lines[i], " ")) <= 3 {
				closed = true
				break
			}
			off += len(lines[i])
		}
		if !closed {
			return nil, fmt.Errorf("%s:%d: the fenced block is never closed", page, b.Line)
		}
		b.end = off
		b.Body = dedent(text[b.start:b.end], b.indent)
		off += len(lines[i])
		prev = ""
		out = append(out, b)
	}
	return out, nil
}

// Blocks returns the fenced blocks of the page at root/page.
func Blocks(root, page string) ([]Block, error) {
	b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(page)))
	if err != nil {
		return nil, err
	}
	spans, err := parse(page, string(b))
	if err != nil {
		return nil, err
	}
	out := make([]Block, len(spans))
	for i, s := range spans {
		out[i] = s.Block
	}
	return out, nil
}

// All returns the blocks of every page Pages lists.
func All(root string) ([]Block, error) {
	pages, err := Pages(root)
	if err != nil {
		return nil, err
	}
	var all []Block
	for _, p := range pages {
		bs, err := Blocks(root, p)
		if err != nil {
			return nil, err
		}
		all = append(all, bs...)
	}
	return all, nil
}

// mu serialises rewrites: testscripts run in parallel and several may
// update blocks of one page.
var mu sync.Mutex

// Compare checks that the block labelled "output: name" holds got, byte
// for byte. When update is true a differing block is rewritten with got
// instead. It returns a message saying what is wrong, or "" when the block
// matches (or was rewritten).
func Compare(root, name, got string, update bool) string {
	mu.Lock()
	defer mu.Unlock()
	pages, err := Pages(root)
	if err != nil {
		return err.Error()
	}
	var found []span
	var texts []string
	for _, p := range pages {
		b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(p)))
		if err != nil {
			return err.Error()
		}
		spans, err := parse(p, string(b))
		if err != nil {
			return err.Error()
		}
		for _, s := range spans {
			if s.Output() == name {
				found = append(found, s)
				texts = append(texts, string(b))
			}
		}
	}
	switch {
	case len(found) == 0:
		return fmt.Sprintf("no block of README.md or docs/*.md is labelled <!-- output: %s -->", name)
	case len(found) > 1:
		return fmt.Sprintf("%s and %s are both labelled <!-- output: %s -->; a name labels one block", found[0].Pos(), found[1].Pos(), name)
	}
	s, text := found[0], texts[0]
	if s.Body == got {
		return ""
	}
	if got != "" && !strings.HasSuffix(got, "\n") {
		return fmt.Sprintf("%s: the output does not end with a newline, which a fenced block cannot show", s.Pos())
	}
	if !update {
		return fmt.Sprintf("%s (output: %s) differs from what promptc prints; rerun with -update to rewrite the page:\n%s",
			s.Pos(), name, textdiff.Unified(s.Page, []byte(s.Body), "promptc", []byte(got)))
	}
	for _, l := range strings.Split(got, "\n") {
		if openFence.MatchString(l) {
			return fmt.Sprintf("%s: the output holds a fence line %q; use a longer fence for the block", s.Pos(), l)
		}
	}
	text = text[:s.start] + indent(got, s.indent) + text[s.end:]
	if err := os.WriteFile(filepath.Join(root, filepath.FromSlash(s.Page)), []byte(text), 0o644); err != nil {
		return err.Error()
	}
	return ""
}

// Lint returns a message for each block that breaks the labelling rules:
// a block without an info string, an output-like block without a label
// (see LabelRule), a "cue fragment" label on a block that is not cue, and a
// sample name that labels two blocks.
func Lint(blocks []Block) []string {
	var msgs []string
	seen := map[string]string{}
	for _, b := range blocks {
		switch {
		case b.Info == "":
			msgs = append(msgs, fmt.Sprintf("%s: the block has no info string; name its language (text for output)", b.Pos()))
		case b.Label == "" && !slices.Contains(Typed, b.Info):
			msgs = append(msgs, fmt.Sprintf("%s: ```%s block without a label: %s", b.Pos(), b.Info, LabelRule))
		case b.Label == "cue fragment" && b.Info != "cue":
			msgs = append(msgs, fmt.Sprintf("%s: <!-- cue fragment --> labels a ```%s block; it is for ```cue blocks", b.Pos(), b.Info))
		}
		if n := b.Output(); n != "" {
			if first, ok := seen[n]; ok {
				msgs = append(msgs, fmt.Sprintf("%s: output %s already labels %s; a name labels one block", b.Pos(), n, first))
			}
			seen[n] = b.Pos()
		}
	}
	return msgs
}

// Check fails t unless the block labelled "output: name" under root holds
// got; with update it rewrites the block instead. Go tests that print a
// sample themselves call it; testscripts use their docsample command.
func Check(t testing.TB, root, name, got string, update bool) {
	t.Helper()
	if msg := Compare(root, name, got, update); msg != "" {
		t.Error(msg)
	}
}

// dedent removes up to n leading spaces from each line of body.
func dedent(body string, n int) string {
	if n == 0 {
		return body
	}
	lines := strings.SplitAfter(body, "\n")
	for i, l := range lines {
		k := 0
		for k < n && k < len(l) && l[k] == ' ' {
			k++
		}
		lines[i] = l[k:]
	}
	return strings.Join(lines, "")
}

// indent puts n spaces before each non-empty line of body, the inverse of
// dedent for a body written with the fence's indentation.
func indent(body string, n int) string {
	if n == 0 {
		return body
	}
	lines := strings.SplitAfter(body, "\n")
	for i, l := range lines {
		if l != "" && l != "\n" {
			lines[i] = strings.Repeat(" ", n) + l
		}
	}
	return strings.Join(lines, "")
}
