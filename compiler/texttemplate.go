package compiler

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"text/template"
	"text/template/parse"
	"unicode/utf8"

	"github.com/promptc/promptc/compiler/genruntime"
	"github.com/promptc/promptc/internal/config"
	"github.com/promptc/promptc/internal/diag"
)

// Rule IDs of the run-time input and template checks.
const (
	RuleTemplateParse    = "TEMPLATE_PARSE"
	RuleTemplateFunc     = "TEMPLATE_FUNC"
	RuleInputUndeclared  = "INPUT_UNDECLARED"
	RuleInputType        = "INPUT_TYPE"
	RuleInputUnused      = "INPUT_UNUSED"
	RuleTemplateTooLarge = "TEMPLATE_TOO_LARGE"
)

// TemplateFuncs are the functions a template part may call: text/template's
// built-ins whose output promptc can bound. if, else, range, with, break
// and continue are actions, not functions, and are always allowed.
var TemplateFuncs = []string{"and", "eq", "ge", "gt", "le", "len", "lt", "ne", "not", "or", "print", "printf", "println"}

// TextTemplate is a template part: a text/template file checked against
// the declared inputs and bounded.
type TextTemplate struct {
	// Path is the file, relative to the project root.
	Path string
	// Source is the file's text, as text/template parses it.
	Source string
	// Reads lists the inputs the template reads, sorted.
	Reads []string
	// Max is the template's text with every input at its maximum and every
	// condition at its larger branch: its characters bound any rendering.
	Max string
	// MaxChars is the code points of Max: the figure budgets plan with.
	MaxChars int
	// Bound is the most characters a rendering can make from inputs
	// within their declared limits (limitChars, limitItems), which the
	// renderer enforces; -1 when the template reads a string or list
	// without one, or has errors: a rendering then stops at 64 MiB only.
	// Where every limit equals its planning figure, Bound is MaxChars.
	Bound int
	// Choices names what Max takes, for budget findings: the branch of
	// every condition and the lists at their maximum.
	Choices []string
	// Literal is Source with every action blanked: its literal text at
	// its place (each rune of an action a space, its newlines kept), so
	// that the static-text rules find in it what is sent on every call at
	// the template file's own lines and columns.
	Literal string
	// Typical is the template rendered with its typical inputs, each
	// string x's of its typical length (so that a typical value is not
	// mistaken for text of the template's own): what the static-text rules
	// check for text that its constants and printf assemble. "" when the
	// template has errors.
	Typical string
	// unparsed is set when the file does not parse: which inputs it
	// reads is unknown.
	unparsed bool
	// exec is the parsed template that renders it; nil when it has
	// errors.
	exec *template.Template
}

// Render executes the template on values (as InputValues builds them).
func (t *TextTemplate) Render(values map[string]any) (string, error) {
	if t.exec == nil {
		return "", fmt.Errorf("template %s has errors", t.Path)
	}
	// The bound is proven for values within the declared limits; the
	// writer stops a rendering that would pass it all the same.
	return genruntime.RenderTemplate(t.exec, values, t.Bound)
}

// vkind is what a value in a template is, as far as promptc knows it.
type vkind int

const (
	kRoot   vkind = iota // the inputs
	kString              // a string (an input, a field, a constant, a printf)
	kBool
	kInt // a Go int: an integer constant, len, a range index
	kList
	kRecord
	kNil // unknown: a finding was reported where it came from
	kAny // one of several kinds (and, or, a variable given values of two kinds)
)

// tval is the static type of a template value and the longest text it
// prints.
type tval struct {
	kind vkind
	// what names it in messages (".ContextFiles", "len .LSP"); node, when
	// set, names it instead, built only for a message.
	what string
	node parse.Node
	// text is the longest text it prints (nil: it does not print, a list
	// or a record): for an input string max x's, for an enum its longest
	// value, for a number its most digits.
	text *rope
	// shape is the declared input or field a kList or kRecord value comes
	// from (for a list's item, the list: its Fields are the item's), and
	// decl where promptc.cue declares it ("inputs.Config.fields.Servers"),
	// which tells two shapes apart.
	shape *config.Input
	decl  string
	// enum holds an enum's values.
	enum []string
	// konst is set for a constant string, str its value: a printf format
	// or an operand compared with an enum.
	konst bool
	str   string
}

// name is how a message names v.
func (v tval) name() string {
	if v.node != nil {
		s := v.node.String()
		if len(s) > 60 {
			s = s[:57] + "..."
		}
		return s
	}
	return v.what
}

func (v tval) kindName() string {
	switch v.kind {
	case kRoot:
		return "the inputs"
	case kBool:
		return "a bool"
	case kInt:
		return "a number"
	case kList:
		return "a list"
	case kRecord:
		return "a record"
	case kNil:
		return "nil"
	case kAny:
		return "a value of more than one type"
	}
	if v.enum != nil {
		return "an enum"
	}
	return "a string"
}

// printable is the longest text v prints, nil for a value that does not
// print (the inputs, a list, a record).
func (v tval) printable() *rope {
	switch v.kind {
	case kString, kInt, kAny:
		return v.text
	case kBool:
		return lit("false")
	case kNil:
		return empty
	}
	return nil
}

// chars is the length of the longest text v prints.
func (v tval) chars() int64 {
	if v.text == nil {
		return 0
	}
	return v.text.chars
}

// joinVal is the type of a value that is a or b: the kind they share (else
// kAny), the longer text.
func joinVal(a, b tval) tval {
	if a.kind == kNil {
		return b
	}
	if b.kind == kNil {
		return a
	}
	out := a
	if a.kind != b.kind || (a.kind == kList || a.kind == kRecord) && a.decl != b.decl {
		out = tval{kind: kAny, what: a.what, node: a.node}
		if ta, tb := a.printable(), b.printable(); ta != nil && tb != nil {
			out.text = longer(ta, tb)
		}
		return out
	}
	if a.text != nil && b.text != nil {
		out.text = longer(a.text, b.text)
	}
	if a.enum == nil || b.enum == nil {
		out.enum = nil
	} else {
		out.enum = slices.Compact(slices.Sorted(slices.Values(append(slices.Clone(a.enum), b.enum...))))
	}
	out.konst = a.konst && b.konst && a.str == b.str
	return out
}

// widens reports whether j, the join of cur with a new value, holds
// more than cur: another kind, a longer text, more enum values, or no
// longer a constant.
func widens(cur, j tval) bool {
	return j.kind != cur.kind || j.chars() > cur.chars() || len(j.enum) > len(cur.enum) ||
		cur.enum != nil && j.enum == nil || cur.konst && !j.konst
}

// tscope holds the variables declared in one control structure; loop is
// set for the body of a range, run once per item.
type tscope struct {
	vars map[string]tval
	loop bool
}

// maxWork is the most actions a template part may execute in one
// rendering with its lists at maxItems: nested ranges multiply, and a
// rendering that prints little can still take long.
const maxWork = 1 << 22

// twalker checks one template's parse tree and builds its maximum text.
// It visits every node once: its time is linear in the template's size.
type twalker struct {
	path   string
	src    string
	inputs map[string]config.Input
	diags  []diag.Diagnostic
	reads  map[string]bool
	// choices names what the maximum takes.
	choices []string
	vars    []tscope
	// lines holds the offset of each line's start, for positions.
	lines []int
	// mult is how many times the current node runs in one rendering (the
	// maxItems of the ranges around it multiplied); work adds it up.
	mult, work int64
	// tooLarge is set once a value or the text was found larger than
	// MaxText or the work larger than maxWork: reported once, where first
	// seen.
	tooLarge, tooMuchWork bool
	// blocks names the templates a {{block}} action declares.
	blocks []string
}

// blockAction reports whether the action that opens the template body
// starting at byte offset off of src is a {{block}}, and returns the
// offset of its "{{".
func blockAction(src string, off int) (int, bool) {
	at := strings.LastIndex(src[:off], "{{")
	if at < 0 {
		return 0, false
	}
	word := strings.TrimLeft(src[at+2:off], "- \t\r\n")
	return at, strings.HasPrefix(word, "block ") || strings.HasPrefix(word, "block\t")
}

// line is the line of byte offset off of the source, and the offset at
// which that line starts.
func (w *twalker) line(off parse.Pos) (line, start int) {
	if w.lines == nil {
		w.lines = []int{0}
		for i := 0; i < len(w.src); i++ {
			if w.src[i] == '\n' {
				w.lines = append(w.lines, i+1)
			}
		}
	}
	line, _ = slices.BinarySearch(w.lines, min(int(off), len(w.src))+1)
	return line, w.lines[line-1]
}

// pos is the position of byte offset off of the source.
func (w *twalker) pos(off parse.Pos) diag.Position {
	line, start := w.line(off)
	return diag.Position{Path: w.path, Line: line, Col: utf8.RuneCountInString(w.src[start:min(int(off), len(w.src))]) + 1}
}

// lineOf is the line of byte offset off, for choices: found without
// counting the characters before it on its line.
func (w *twalker) lineOf(off parse.Pos) int {
	line, _ := w.line(off)
	return line
}

func (w *twalker) errorf(off parse.Pos, rule, format string, args ...any) {
	w.diags = append(w.diags, diag.Errorf(w.pos(off), rule, format, args...))
}

// big reports, once, a value larger than MaxText made at off: rendering
// it would take that much memory whether or not it is printed.
func (w *twalker) big(off parse.Pos, what func() string, r *rope) {
	if r == nil || r.bytes <= MaxText || w.tooLarge {
		return
	}
	w.tooLarge = true
	size := "more than 4 EiB"
	if r.bytes < satMax {
		size = Thousands(int(r.bytes)) + " bytes"
	}
	w.errorf(off, RuleTemplateTooLarge, "%s can make a text of %s with the inputs at their maximum, more than the %d MiB a template part may render; lower the maxChars and maxItems of the inputs it reads to what the harness sends, and build no variable from itself (printf \"%%s%%s\" $a $a doubles it)", what(), size, MaxText>>20)
}

// parseTemplate parses and checks the template part of file path with
// source src against inputs.
func parseTemplate(path, src string, inputs map[string]config.Input) (*TextTemplate, []diag.Diagnostic) {
	t := &TextTemplate{Path: path, Source: src, Bound: -1}
	tree := parse.New(path)
	// Functions are checked below, each at its place, with a message
	// that says which ones a template may call.
	tree.Mode = parse.SkipFuncCheck
	trees := map[string]*parse.Tree{}
	if _, err := tree.Parse(src, "", "", trees); err != nil {
		t.unparsed = true
		return t, []diag.Diagnostic{parseError(path, src, err)}
	}
	w := &twalker{path: path, src: src, inputs: inputs, reads: map[string]bool{}, mult: 1}
	for _, name := range slices.Sorted(maps.Keys(trees)) {
		tr := trees[name]
		if name == path || tr.Root == nil {
			continue
		}
		// {{block}} is {{define}} and {{template}} in one action: one
		// finding, at the action, naming what was written.
		if at, ok := blockAction(src, int(tr.Root.Pos)); ok {
			w.blocks = append(w.blocks, name)
			w.errorf(parse.Pos(at), RuleTemplateParse, "{{block %q}} declares a second template and calls it; a template part is one template: write its text here, without block", name)
			continue
		}
		w.errorf(tr.Root.Pos, RuleTemplateParse, "{{define %q}} declares a second template; a template part is one template: write its text where it is used", name)
	}
	root := tval{kind: kRoot, what: "."}
	w.vars = []tscope{{vars: map[string]tval{"$": root}}}
	text := empty
	if tr := trees[path]; tr != nil && tr.Root != nil {
		text = w.list(tr.Root, root)
	}
	t.Reads = slices.Sorted(maps.Keys(w.reads))
	t.Choices = w.choices
	if text.bytes > MaxText {
		if !w.tooLarge {
			w.diags = append(w.diags, diag.Errorf(diag.Position{Path: path, Line: 1, Col: 1}, RuleTemplateTooLarge,
				"template %s with every input at its maximum would be more than %d MiB; lower the maxChars and maxItems of the inputs it reads", path, MaxText>>20))
		}
	} else {
		t.Max = text.String()
		t.MaxChars = int(text.chars)
	}
	if tr := trees[path]; tr != nil {
		t.Literal = literalText(src, tr.Root)
	}
	if len(w.diags) == 0 {
		// The tree checked above renders: parsed once, not twice.
		t.exec, _ = template.New(path).Option("missingkey=error").AddParseTree(path, trees[path])
		t.Bound = renderBound(t, inputs)
	}
	return t, w.diags
}

// renderBound is t's Bound: its maximum with every input it reads at its
// declared limit instead of its planning figure, found by the same walk;
// -1 when one of them has no limit, or the walk at the limits passes
// what a template may render.
func renderBound(t *TextTemplate, inputs map[string]config.Input) int {
	limited := make(map[string]config.Input, len(inputs))
	same := true
	for name, in := range inputs {
		lin, lacks, differs := atLimits(in)
		if slices.Contains(t.Reads, name) {
			if lacks {
				return -1
			}
			same = same && !differs
		}
		limited[name] = lin
	}
	if same {
		return t.MaxChars
	}
	lt, ds := parseTemplate(t.Path, t.Source, limited)
	if len(ds) > 0 {
		return -1
	}
	return lt.MaxChars
}

// atLimits is input or field in with each planning figure (a string's
// maxChars, a list's maxItems), its own and its fields' to any depth,
// replaced by its limit; whether one of them has no limit, and whether
// one limit differs from its figure. Bools and enums need none.
func atLimits(in config.Input) (config.Input, bool, bool) {
	var lacks, differs bool
	switch in.Type {
	case config.InputString:
		in.MaxChars, lacks, differs = atLimit(in.MaxChars, in.LimitChars)
	case config.InputList:
		in.MaxItems, lacks, differs = atLimit(in.MaxItems, in.LimitItems)
	}
	if len(in.Fields) > 0 {
		fields := make(map[string]config.Input, len(in.Fields))
		for fn, f := range in.Fields {
			lf, l, d := atLimits(f)
			lacks, differs = lacks || l, differs || d
			fields[fn] = lf
		}
		in.Fields = fields
	}
	return in, lacks, differs
}

// atLimit is a planning figure replaced by its limit: the limit, whether
// there is none, and whether it differs from the figure.
func atLimit(planned, limit *int) (*int, bool, bool) {
	if limit == nil {
		return planned, true, false
	}
	return limit, false, planned == nil || *planned != *limit
}

// literalText is src with everything but the text nodes under root
// blanked, rune by rune, newlines kept: lines and columns stay those of
// src.
func literalText(src string, root *parse.ListNode) string {
	keep := make([]bool, len(src))
	var walk func(l *parse.ListNode)
	walk = func(l *parse.ListNode) {
		if l == nil {
			return
		}
		for _, n := range l.Nodes {
			switch n := n.(type) {
			case *parse.TextNode:
				at := int(n.Pos)
				if at+len(n.Text) <= len(src) && src[at:at+len(n.Text)] == string(n.Text) {
					for i := range n.Text {
						keep[at+i] = true
					}
				}
			case *parse.IfNode:
				walk(n.List)
				walk(n.ElseList)
			case *parse.WithNode:
				walk(n.List)
				walk(n.ElseList)
			case *parse.RangeNode:
				walk(n.List)
				walk(n.ElseList)
			}
		}
	}
	walk(root)
	var b strings.Builder
	b.Grow(len(src))
	for i, r := range src {
		switch {
		case keep[i]:
			b.WriteRune(r)
		case r == '\n':
			b.WriteByte('\n')
		default:
			b.WriteByte(' ')
		}
	}
	return b.String()
}

// parseLine finds "NAME:LINE:" in text/template's parse errors.
var parseLine = regexp.MustCompile(`^template: .*?:(\d+): (.*)$`)

// quoted finds the token a parse error quotes.
var quoted = regexp.MustCompile(`"([^"]+)"|(\{\{[^}]*\}\})`)

// parseError positions a text/template parse error: its line, and the
// column of the token it quotes on that line (else of the line's first
// action).
func parseError(path, src string, err error) diag.Diagnostic {
	msg := err.Error()
	pos := diag.Position{Path: path, Line: 1, Col: 1}
	if m := parseLine.FindStringSubmatch(msg); m != nil {
		pos.Line, _ = strconv.Atoi(m[1])
		msg = m[2]
		lines := strings.Split(src, "\n")
		if pos.Line >= 1 && pos.Line <= len(lines) {
			line := lines[pos.Line-1]
			col := strings.Index(line, "{{")
			if q := quoted.FindStringSubmatch(msg); q != nil {
				tok := q[1] + q[2]
				if i := strings.Index(line, tok); i >= 0 {
					col = i
				}
			}
			if col >= 0 {
				pos.Col = utf8.RuneCountInString(line[:col]) + 1
			}
		}
	}
	return diag.Errorf(pos, RuleTemplateParse, "template %s does not parse: %s; it is a Go text/template file (see the text/template documentation)", path, msg)
}

// push and pop bracket the variables of a control structure.
func (w *twalker) push(loop bool) {
	w.vars = append(w.vars, tscope{vars: map[string]tval{}, loop: loop})
}
func (w *twalker) pop() { w.vars = w.vars[:len(w.vars)-1] }

func (w *twalker) declare(name string, v tval) { w.vars[len(w.vars)-1].vars[name] = v }

func (w *twalker) lookupVar(name string) (tval, bool) {
	for i := len(w.vars) - 1; i >= 0; i-- {
		if v, ok := w.vars[i].vars[name]; ok {
			return v, true
		}
	}
	return tval{}, false
}

// assign gives variable d the value v. The variable then holds either
// its value before or v. Inside a range, a variable declared outside it
// keeps its value from one item to the next: a value that widens it
// could widen it again at every item (a text doubled per item), so it is
// refused; that way one walk of the body bounds every item.
func (w *twalker) assign(d *parse.VariableNode, v tval) {
	name := d.Ident[0]
	crossed := -1
	for i := len(w.vars) - 1; i >= 0; i-- {
		cur, ok := w.vars[i].vars[name]
		if !ok {
			if w.vars[i].loop && crossed < 0 {
				crossed = i
			}
			continue
		}
		j := joinVal(cur, v)
		if crossed >= 0 && widens(cur, j) {
			w.errorf(d.Pos, RuleTemplateTooLarge, "%s is assigned inside a {{range}} %s, which can be longer than or of another type than what it holds before the loop (%s of at most %d characters): at every item it could grow again, and promptc cannot bound that; inside a loop assign it only values like the one it is declared with, or print a separator with {{range $i, $e := ...}}{{if $i}}, {{end}}...{{end}}",
				name, describe(v), cur.kindName(), cur.chars())
			return
		}
		w.vars[i].vars[name] = j
		return
	}
	w.errorf(d.Pos, RuleTemplateParse, "variable %s is assigned but not declared", name)
}

// describe names a value and its kind for a message.
func describe(v tval) string {
	return fmt.Sprintf("%s (%s of at most %d characters)", v.name(), v.kindName(), v.chars())
}

// list walks a list of nodes with dot of type dot and returns their
// longest text.
func (w *twalker) list(l *parse.ListNode, dot tval) *rope {
	if l == nil {
		return empty
	}
	parts := make([]*rope, 0, len(l.Nodes))
	var size int64
	for _, n := range l.Nodes {
		r := w.node(n, dot)
		parts = append(parts, r)
		if size = satAdd(size, r.bytes); size > MaxText {
			w.big(n.Position(), func() string { return "the text up to here" }, &rope{bytes: size})
		}
	}
	return cat(parts...)
}

func (w *twalker) node(n parse.Node, dot tval) *rope {
	if w.work = satAdd(w.work, w.mult); w.work > maxWork && !w.tooMuchWork {
		w.tooMuchWork = true
		w.errorf(n.Position(), RuleTemplateTooLarge, "with its lists at maxItems a rendering would execute more than %s actions, here in nested {{range}}s; lower the maxItems of the lists it ranges over, or do not nest them", Thousands(maxWork))
	}
	switch n := n.(type) {
	case *parse.TextNode:
		return lit(string(n.Text))
	case *parse.CommentNode, *parse.BreakNode, *parse.ContinueNode:
		return empty
	case *parse.ActionNode:
		v := w.pipe(n.Pipe, dot)
		if len(n.Pipe.Decl) > 0 {
			return empty // a declaration or an assignment prints nothing
		}
		r := w.printed(n.Pipe.Position(), v)
		w.big(n.Pipe.Position(), func() string { return "{{" + tval{node: n.Pipe}.name() + "}}" }, r)
		return r
	case *parse.IfNode:
		return w.branch("if", &n.BranchNode, dot, false)
	case *parse.WithNode:
		return w.branch("with", &n.BranchNode, dot, true)
	case *parse.RangeNode:
		return w.rangeNode(n, dot)
	case *parse.TemplateNode:
		if slices.Contains(w.blocks, n.Name) {
			return empty // reported at its {{block}}
		}
		w.errorf(n.Pos, RuleTemplateParse, "{{template %q}} calls another template; a template part is one template: write the text here, or make it a part of its own", n.Name)
		return empty
	}
	w.errorf(n.Position(), RuleTemplateParse, "%s is not supported in a template part", n)
	return empty
}

// printed is the longest text value v prints as, at off.
func (w *twalker) printed(off parse.Pos, v tval) *rope {
	if r := v.printable(); r != nil {
		return r
	}
	w.errorf(off, RuleInputType, "{{%s}} prints %s, %s; print its fields, or range over a list", v.name(), v.name(), v.kindName())
	return empty
}

// branch walks if and with: the maximum is the larger of the two
// branches; with changes dot to the pipeline's value in its body. The
// pipeline's variables reach both branches.
func (w *twalker) branch(kw string, n *parse.BranchNode, dot tval, with bool) *rope {
	w.push(false)
	defer w.pop()
	v := w.pipe(n.Pipe, dot)
	body := dot
	if with {
		body = v
	}
	w.push(false)
	then := w.list(n.List, body)
	w.pop()
	w.push(false)
	els := w.list(n.ElseList, dot)
	w.pop()
	cond := fmt.Sprintf("{{%s %s}} (line %d)", kw, n.Pipe, w.lineOf(n.Pos))
	if els.chars > then.chars {
		w.choices = append(w.choices, cond+" false")
		return els
	}
	w.choices = append(w.choices, cond+" true")
	return then
}

// rangeNode walks range: the body maxItems times over a list's records,
// or the else branch when that is longer (an empty list).
func (w *twalker) rangeNode(n *parse.RangeNode, dot tval) *rope {
	w.push(false)
	defer w.pop()
	v := w.pipeValue(n.Pipe, dot)
	items, elem := int64(0), tval{kind: kNil}
	switch v.kind {
	case kList:
		if v.shape.MaxItems != nil {
			items = int64(*v.shape.MaxItems)
		}
		elem = tval{kind: kRecord, what: v.what + "[]", shape: v.shape, decl: v.decl}
	case kInt:
		// range over an integer (Go 1.22 text/template): 0..n-1.
		w.errorf(n.Pipe.Position(), RuleInputType, "{{range %s}} ranges over a number; range over a list input", n.Pipe)
	case kNil:
	default:
		w.errorf(n.Pipe.Position(), RuleInputType, "{{range %s}} ranges over %s, %s; range takes a list input", n.Pipe, v.name(), v.kindName())
	}
	index := tval{kind: kInt, what: "the index", text: lit(strings.Repeat("9", digits(max(items-1, 0))))}
	vals := []tval{elem}
	if len(n.Pipe.Decl) == 2 {
		vals = []tval{index, elem}
	}
	for i, d := range n.Pipe.Decl {
		if i < len(vals) {
			if n.Pipe.IsAssign {
				w.assign(d, vals[i])
			} else {
				w.declare(d.Ident[0], vals[i])
			}
		}
	}
	w.push(true)
	mult := w.mult
	w.mult = satMul(w.mult, items)
	body := w.list(n.List, elem)
	w.mult = mult
	w.pop()
	w.push(false)
	els := w.list(n.ElseList, dot)
	w.pop()
	full := repeat(body, items)
	w.big(n.Pos, func() string { return fmt.Sprintf("{{range %s}}", n.Pipe) }, full)
	what := fmt.Sprintf("{{range %s}} (line %d)", n.Pipe, w.lineOf(n.Pos))
	if els.chars > full.chars {
		w.choices = append(w.choices, what+" empty")
		return els
	}
	w.choices = append(w.choices, fmt.Sprintf("%s at %d items", what, items))
	return full
}

// digits is the number of decimal digits of n >= 0.
func digits(n int64) int { return len(strconv.FormatInt(n, 10)) }

// pipe checks a pipeline, declares or assigns its variables, and
// returns the type of its value.
func (w *twalker) pipe(p *parse.PipeNode, dot tval) tval {
	v := w.pipeValue(p, dot)
	if p == nil {
		return v
	}
	for _, d := range p.Decl {
		if p.IsAssign {
			w.assign(d, v)
		} else {
			w.declare(d.Ident[0], v)
		}
	}
	return v
}

// pipeValue checks a pipeline's commands and returns the type of its
// value.
func (w *twalker) pipeValue(p *parse.PipeNode, dot tval) tval {
	if p == nil {
		return tval{kind: kNil}
	}
	var v tval
	for i, c := range p.Cmds {
		var final *tval
		if i > 0 {
			final = &v
		}
		v = w.command(c, dot, final)
	}
	return v
}

// command checks one command of a pipeline; final is the previous
// command's value, passed as the last argument.
func (w *twalker) command(c *parse.CommandNode, dot tval, final *tval) tval {
	first := c.Args[0]
	if id, ok := first.(*parse.IdentifierNode); ok {
		args := make([]tval, 0, len(c.Args))
		for _, a := range c.Args[1:] {
			args = append(args, w.arg(a, dot))
		}
		if final != nil {
			args = append(args, *final)
		}
		return w.call(id, c, args)
	}
	if len(c.Args) > 1 || final != nil {
		w.errorf(first.Position(), RuleTemplateFunc, "%s is given arguments, but only a function takes them (%s)", first, strings.Join(TemplateFuncs, ", "))
	}
	return w.arg(first, dot)
}

// arg is the type of an operand.
func (w *twalker) arg(n parse.Node, dot tval) tval {
	switch n := n.(type) {
	case *parse.DotNode:
		return dot
	case *parse.FieldNode:
		return w.fields(w.fieldOffsets(n.Pos, n.Ident), dot, n.Ident)
	case *parse.VariableNode:
		v, ok := w.lookupVar(n.Ident[0])
		if !ok {
			w.errorf(n.Pos, RuleTemplateParse, "variable %s is not declared", n.Ident[0])
			return tval{kind: kNil}
		}
		return w.fields(w.chainOffsets(n.Pos, n.Ident[1:]), v, n.Ident[1:])
	case *parse.ChainNode:
		return w.fields(w.chainOffsets(n.Pos, n.Field), w.arg(n.Node, dot), n.Field)
	case *parse.PipeNode:
		w.push(false)
		defer w.pop()
		return w.pipe(n, dot)
	case *parse.StringNode:
		return tval{kind: kString, what: n.Quoted, text: lit(n.Text), konst: true, str: n.Text}
	case *parse.NumberNode:
		if !isIntConstant(n) {
			w.errorf(n.Pos, RuleInputType, "number %s is not an integer text/template holds in an int; a template part takes integer constants only (to compare with len or an index)", n.Text)
			return tval{kind: kNil}
		}
		s := strconv.FormatInt(n.Int64, 10)
		return tval{kind: kInt, what: n.Text, text: lit(s), konst: true, str: s}
	case *parse.BoolNode:
		return tval{kind: kBool, what: n.String()}
	case *parse.NilNode:
		w.errorf(n.Pos, RuleInputType, "nil is not a value a template part can use; compare with \"\", 0 or false, or test the value itself with if")
		return tval{kind: kNil}
	case *parse.IdentifierNode:
		return w.call(n, nil, nil)
	}
	w.errorf(n.Position(), RuleTemplateParse, "%s is not supported in a template part", n)
	return tval{kind: kNil}
}

// isIntConstant reports whether text/template evaluates number constant n
// as an int (not a float, a complex or a uint): 1, -2, 0x1F, 'a', but not
// 1e3 or 1.0.
func isIntConstant(n *parse.NumberNode) bool {
	if !n.IsInt {
		return false
	}
	t := strings.TrimLeft(n.Text, "+-")
	if strings.HasPrefix(t, "'") {
		return true
	}
	hex := len(t) > 2 && t[0] == '0' && (t[1] == 'x' || t[1] == 'X') && !strings.ContainsAny(t, "pP")
	return hex || !strings.ContainsAny(t, ".eEpP")
}

// chainOffsets are the offsets of the field names of a chain whose first
// field (".Name") starts at off: the fields follow each other without
// space.
func (w *twalker) chainOffsets(off parse.Pos, names []string) []parse.Pos {
	out := make([]parse.Pos, len(names))
	for i, name := range names {
		out[i] = off
		off += parse.Pos(1 + len(name))
	}
	return out
}

// fieldOffsets are the offsets of the names of a field node at off.
// text/template positions a chain of fields (.Config.LSP) at its second
// field, so the first is found just before it; where the source does not
// read so, every name is at off.
func (w *twalker) fieldOffsets(off parse.Pos, names []string) []parse.Pos {
	if len(names) > 1 {
		start := int(off) - 1 - len(names[0])
		if start >= 0 && strings.HasPrefix(w.src[start:], "."+names[0]+"."+names[1]) {
			return w.chainOffsets(parse.Pos(start), names)
		}
	}
	out := make([]parse.Pos, len(names))
	for i := range out {
		out[i] = off
	}
	return out
}

// fields follows field names from v, names[i] at offs[i]: from the
// inputs, an input; from a record (or a list's item), a field. An
// undeclared name is reported at its own place, with the declaration
// that would make the rest of the chain valid.
func (w *twalker) fields(offs []parse.Pos, v tval, names []string) tval {
	for i, name := range names {
		what := strings.TrimSuffix(v.name(), ".") + "." + name
		if v.what == "." {
			what = "." + name
		}
		switch v.kind {
		case kRoot:
			in, ok := w.inputs[name]
			if !ok {
				w.errorf(offs[i], RuleInputUndeclared, "%s is not a declared input (%s); declare it in promptc.cue, choosing its type and limits: inputs: %s, or fix the name",
					what, inputNames(w.inputs), declSketch(names[i:]))
				return tval{kind: kNil}
			}
			w.reads[name] = true
			v = inputVal(in, what, "inputs."+name)
		case kRecord:
			f, ok := v.shape.Fields[name]
			if !ok {
				of := strings.ReplaceAll(strings.TrimPrefix(v.decl, "inputs."), ".fields.", ".")
				if v.shape.Type == config.InputList {
					of = "the items of " + of
				}
				w.errorf(offs[i], RuleInputUndeclared, "%s is not a field of %s (fields: %s); declare it in promptc.cue, choosing its type and limits: %s: fields: %s, or fix the name",
					what, of, strings.Join(v.shape.FieldNames(), ", "), strings.ReplaceAll(v.decl, ".", ": "), declSketch(names[i:]))
				return tval{kind: kNil}
			}
			v = inputVal(f, what, v.decl+".fields."+name)
		case kNil:
			return v
		default:
			w.errorf(offs[i], RuleInputType, "%s is %s and has no field %s", v.name(), v.kindName(), name)
			return tval{kind: kNil}
		}
	}
	return v
}

// declSketch is the CUE that declares names[0] with the rest of names as
// fields of nested records, the last a string: what a template that reads
// .A.B.C needs, for the author to adjust (a bool, an enum, a list).
func declSketch(names []string) string {
	if len(names) == 1 {
		return names[0] + `: {type: "string", maxChars: 200}`
	}
	return names[0] + `: {type: "record", fields: ` + declSketch(names[1:]) + `}`
}

// inputVal is the type of input or field in, read as what and declared
// at decl.
func inputVal(in config.Input, what, decl string) tval {
	switch in.Type {
	case config.InputBool:
		return tval{kind: kBool, what: what}
	case config.InputEnum:
		v := tval{kind: kString, what: what, enum: in.Values, text: empty}
		for _, e := range in.Values {
			if r := lit(e); r.chars > v.text.chars {
				v.text = r
			}
		}
		return v
	case config.InputList:
		return tval{kind: kList, what: what, shape: &in, decl: decl}
	case config.InputRecord:
		return tval{kind: kRecord, what: what, shape: &in, decl: decl}
	}
	n := 0
	if in.MaxChars != nil {
		n = *in.MaxChars
	}
	return tval{kind: kString, what: what, text: xs(int64(n))}
}

func inputNames(inputs map[string]config.Input) string {
	if len(inputs) == 0 {
		return "promptc.cue declares no inputs"
	}
	return "declared: " + strings.Join(slices.Sorted(maps.Keys(inputs)), ", ")
}

// call checks a call of a built-in function, its number of arguments and
// their types, so that no call fails at run time, and returns the type of
// its result; c is the command for messages (nil for a bare function
// name).
func (w *twalker) call(id *parse.IdentifierNode, c *parse.CommandNode, args []tval) tval {
	name := id.Ident
	if !slices.Contains(TemplateFuncs, name) {
		w.errorf(id.Pos, RuleTemplateFunc, "function %q is not one promptc can bound; a template part may call %s", name, strings.Join(TemplateFuncs, ", "))
		return tval{kind: kNil}
	}
	var node parse.Node = id
	if c != nil {
		node = c
	}
	// A kNil argument was reported where it came from.
	for _, a := range args {
		if a.kind == kNil {
			switch name {
			case "eq", "ne", "lt", "le", "gt", "ge", "not":
				return tval{kind: kBool, node: node}
			case "len":
				return tval{kind: kInt, node: node, text: lit("9")}
			}
			return tval{kind: kNil}
		}
	}
	count := func(lo, hi int) bool {
		if len(args) >= lo && (hi < 0 || len(args) <= hi) {
			return true
		}
		want := fmt.Sprintf("%d", lo)
		switch {
		case hi < 0:
			want = fmt.Sprintf("at least %d", lo)
		case hi != lo:
			want = fmt.Sprintf("%d to %d", lo, hi)
		}
		w.errorf(id.Pos, RuleTemplateFunc, "%s takes %s argument%s, got %d: text/template would fail at every call", name, want, plural(lo, "", "s"), len(args))
		return false
	}
	switch name {
	case "len":
		out := tval{kind: kInt, node: node, text: lit("9")}
		if !count(1, 1) {
			return out
		}
		switch a := args[0]; a.kind {
		case kList:
			out.text = lit(strings.Repeat("9", digits(int64(*a.shape.MaxItems))))
		case kString:
			// len counts bytes: at most four a character.
			out.text = lit(strings.Repeat("9", digits(satMul(a.chars(), 4))))
		default:
			w.errorf(id.Pos, RuleInputType, "len of %s, %s; len takes a list or a string", a.name(), a.kindName())
		}
		return out
	case "not":
		count(1, 1)
		return tval{kind: kBool, node: node}
	case "eq", "ne", "lt", "le", "gt", "ge":
		if name == "eq" {
			count(2, -1)
		} else {
			count(2, 2)
		}
		w.checkCompare(id, name, args)
		return tval{kind: kBool, node: node}
	case "and", "or":
		// The result is one of the arguments.
		if !count(1, -1) {
			return tval{kind: kNil}
		}
		out := args[0]
		for _, a := range args[1:] {
			out = joinVal(out, a)
		}
		out.what, out.node = "", node
		return out
	}
	return w.print(id, node, args)
}

// print checks print, println and printf and returns their longest text.
func (w *twalker) print(id *parse.IdentifierNode, node parse.Node, args []tval) tval {
	name := id.Ident
	var parts []*rope
	for i, a := range args {
		if name == "printf" && i == 0 {
			continue
		}
		if a.kind == kRoot || a.kind == kList || a.kind == kRecord || a.kind == kAny && a.text == nil {
			w.errorf(id.Pos, RuleInputType, "%s of %s, %s; print its fields, or range over a list", name, a.name(), a.kindName())
			return tval{kind: kNil}
		}
		parts = append(parts, w.printed(id.Pos, a))
	}
	var text *rope
	switch name {
	case "print", "println":
		// fmt puts a space between operands (print: when neither is a
		// string), println a newline after them.
		var all []*rope
		for i, p := range parts {
			if i > 0 {
				all = append(all, lit(" "))
			}
			all = append(all, p)
		}
		if name == "println" {
			all = append(all, lit("\n"))
		}
		text = cat(all...)
	default:
		if len(args) == 0 || args[0].kind != kString || !args[0].konst {
			w.errorf(id.Pos, RuleTemplateFunc, "printf needs a constant format string first, so that promptc can bound what it prints")
			return tval{kind: kNil}
		}
		text = w.printf(id, args[0].str, args[1:], parts)
	}
	w.big(id.Pos, func() string { return "{{" + tval{node: node}.name() + "}}" }, text)
	return tval{kind: kString, node: node, text: text}
}

// printf checks format against its operands: only %s of a string, %d of
// a number, %t of a bool, %v of any of them and %%, one verb per operand,
// so that fmt never prints an error text (%!d(string=...), %!(EXTRA ...))
// longer than the bound.
func (w *twalker) printf(id *parse.IdentifierNode, format string, args []tval, printed []*rope) *rope {
	var out []*rope
	var lits strings.Builder
	n := 0
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			lits.WriteByte(format[i])
			continue
		}
		if i+1 == len(format) {
			w.errorf(id.Pos, RuleTemplateFunc, "printf format %q ends with %%; write %%%% for a percent sign", format)
			return empty
		}
		i++
		c := format[i]
		if c == '%' {
			lits.WriteByte('%')
			continue
		}
		if !strings.ContainsRune("sdvt", rune(c)) {
			w.errorf(id.Pos, RuleTemplateFunc, "printf format verb %%%c: promptc bounds only %%s, %%d, %%v, %%t and %%%% without width or flags", c)
			return empty
		}
		if n >= len(args) {
			w.errorf(id.Pos, RuleTemplateFunc, "printf format %q has more verbs than the %d operands given: fmt would print %%!%c(MISSING)", format, len(args), c)
			return empty
		}
		a := args[n]
		want := map[byte]vkind{'s': kString, 'd': kInt, 't': kBool}[c]
		if c != 'v' && a.kind != want {
			w.errorf(id.Pos, RuleInputType, "printf %%%c of %s, %s: fmt would print %%!%c(...) around it; use %%v, or %%%c of %s",
				c, a.name(), a.kindName(), c, c, tval{kind: want}.kindName())
			return empty
		}
		out = append(out, lit(lits.String()), printed[n])
		lits.Reset()
		n++
	}
	if n < len(args) {
		w.errorf(id.Pos, RuleTemplateFunc, "printf format %q has %d verbs for %d operands: fmt would print %%!(EXTRA ...)", format, n, len(args))
		return empty
	}
	out = append(out, lit(lits.String()))
	return cat(out...)
}

// checkCompare reports a comparison text/template refuses at every call
// (operands of two types, lists, an order on bools), and an enum compared
// with a constant that is not one of its values: the condition could
// never hold.
func (w *twalker) checkCompare(id *parse.IdentifierNode, name string, args []tval) {
	if len(args) == 0 {
		return
	}
	ordered := name != "eq" && name != "ne"
	for _, a := range args {
		ok := a.kind == kString || a.kind == kInt || a.kind == kBool && !ordered
		if a.kind == kAny {
			// Its type depends on the inputs: the comparison fails at the
			// calls where it is not the other operand's.
			w.errorf(id.Pos, RuleInputType, "%s compares %s, %s: text/template would fail at the calls where its type is not the other operand's (incompatible types for comparison); compare values of one type, or test it with if",
				name, a.name(), a.kindName())
			return
		}
		if !ok {
			how := "strings, numbers and bools"
			if ordered {
				how = "strings and numbers"
			}
			w.errorf(id.Pos, RuleInputType, "%s compares %s, %s: text/template compares only %s and would fail at every call; compare a field, len of a list, or a value of one type",
				name, a.name(), a.kindName(), how)
			return
		}
	}
	for _, a := range args[1:] {
		if a.kind != args[0].kind {
			w.errorf(id.Pos, RuleInputType, "%s compares %s, %s, with %s, %s: text/template refuses operands of two types (incompatible types for comparison) at every call; compare values of one type",
				name, args[0].name(), args[0].kindName(), a.name(), a.kindName())
			return
		}
	}
	if ordered {
		return
	}
	var enum *tval
	for i := range args {
		if args[i].enum != nil {
			enum = &args[i]
		}
	}
	if enum == nil {
		return
	}
	for _, a := range args {
		if a.kind == kString && a.enum == nil && a.konst && !slices.Contains(enum.enum, a.str) {
			w.errorf(id.Pos, RuleInputType, "%s compares %s with %s, which is not one of its values (%s)", name, enum.name(), a.name(), strings.Join(enum.enum, ", "))
		}
	}
}
