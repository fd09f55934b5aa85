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
	// MaxChars is the code points of Max.
	MaxChars int
	// Choices names what Max takes, for budget findings: the branch of
	// every condition and the lists at their maximum.
	Choices []string
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
	var b strings.Builder
	if err := t.exec.Execute(&b, values); err != nil {
		return "", err
	}
	return b.String(), nil
}

// vkind is what a value in a template is, as far as promptc knows it.
type vkind int

const (
	kRoot   vkind = iota // the inputs
	kString              // printed as at most max characters
	kBool
	kInt // printed as at most max digits
	kList
	kRecord
	kNil
)

// tval is the static type of a template value and the longest text it
// prints.
type tval struct {
	kind vkind
	// what names it in messages (".ContextFiles", "len .LSP").
	what string
	// max is the longest printed text: for kString its characters, for
	// kInt its digits.
	max int
	// witness is a text of max characters that it can print: an enum's
	// longest value, a constant; for an input string (xs) it is built
	// when printed, max x's, so that a huge maxChars is refused before
	// it is allocated.
	witness string
	xs      bool
	// list is the list input a kList or kRecord value comes from.
	list *config.Input
	// enum holds an enum's values.
	enum []string
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
	}
	if v.enum != nil {
		return "an enum"
	}
	return "a string"
}

// tscope holds the variables declared in one control structure.
type tscope map[string]tval

// twalker checks one template's parse tree and builds its maximum text.
type twalker struct {
	path   string
	src    string
	inputs map[string]config.Input
	diags  []diag.Diagnostic
	reads  map[string]bool
	// choices names what the maximum takes.
	choices []string
	vars    []tscope
	// size is the maximum's bytes so far, to stop before building a text
	// larger than MaxText.
	size     int64
	tooLarge bool
}

// pos is the position of byte offset off of the source.
func (w *twalker) pos(off parse.Pos) diag.Position {
	o := min(int(off), len(w.src))
	line := 1 + strings.Count(w.src[:o], "\n")
	start := strings.LastIndexByte(w.src[:o], '\n') + 1
	return diag.Position{Path: w.path, Line: line, Col: utf8.RuneCountInString(w.src[start:o]) + 1}
}

// lineOf is the line of byte offset off, for choices.
func (w *twalker) lineOf(off parse.Pos) int { return w.pos(off).Line }

func (w *twalker) errorf(off parse.Pos, rule, format string, args ...any) {
	w.diags = append(w.diags, diag.Errorf(w.pos(off), rule, format, args...))
}

// parseTemplate parses and checks the template part of file path with
// source src against inputs.
func parseTemplate(path, src string, inputs map[string]config.Input) (*TextTemplate, []diag.Diagnostic) {
	t := &TextTemplate{Path: path, Source: src}
	tree := parse.New(path)
	// Functions are checked below, each at its place, with a message
	// that says which ones a template may call.
	tree.Mode = parse.SkipFuncCheck
	trees := map[string]*parse.Tree{}
	if _, err := tree.Parse(src, "", "", trees); err != nil {
		t.unparsed = true
		return t, []diag.Diagnostic{parseError(path, src, err)}
	}
	w := &twalker{path: path, src: src, inputs: inputs, reads: map[string]bool{}}
	for name, tr := range trees {
		if name != path && tr.Root != nil {
			w.errorf(tr.Root.Pos, RuleTemplateParse, "{{define %q}} declares a second template; a template part is one template: write its text where it is used", name)
		}
	}
	root := tval{kind: kRoot, what: "."}
	w.vars = []tscope{{"$": root}}
	var b strings.Builder
	if tr := trees[path]; tr != nil && tr.Root != nil {
		w.list(&b, tr.Root, root)
	}
	t.Reads = slices.Sorted(maps.Keys(w.reads))
	t.Choices = w.choices
	if w.tooLarge {
		w.diags = append(w.diags, diag.Errorf(diag.Position{Path: path, Line: 1, Col: 1}, RuleTemplateTooLarge,
			"template %s with every input at its maximum would be more than %d MiB; lower the maxChars and maxItems of the inputs it reads", path, MaxText>>20))
	} else {
		t.Max = b.String()
		t.MaxChars = utf8.RuneCountInString(t.Max)
	}
	if len(w.diags) == 0 {
		// Checked above: the standard parser accepts what parse did.
		t.exec, _ = template.New(path).Option("missingkey=error").Parse(src)
	}
	return t, w.diags
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
func (w *twalker) push() { w.vars = append(w.vars, tscope{}) }
func (w *twalker) pop()  { w.vars = w.vars[:len(w.vars)-1] }

func (w *twalker) lookupVar(name string) (tval, bool) {
	for i := len(w.vars) - 1; i >= 0; i-- {
		if v, ok := w.vars[i][name]; ok {
			return v, true
		}
	}
	return tval{}, false
}

// write appends s to the maximum text unless it would grow past MaxText.
func (w *twalker) write(b *strings.Builder, s string) {
	if w.size += int64(len(s)); w.size > MaxText {
		w.tooLarge = true
		return
	}
	b.WriteString(s)
}

// list walks a list of nodes with dot of type dot, writing the maximum
// text of each.
func (w *twalker) list(b *strings.Builder, l *parse.ListNode, dot tval) {
	if l == nil {
		return
	}
	for _, n := range l.Nodes {
		w.node(b, n, dot)
	}
}

func (w *twalker) node(b *strings.Builder, n parse.Node, dot tval) {
	switch n := n.(type) {
	case *parse.TextNode:
		w.write(b, string(n.Text))
	case *parse.CommentNode, *parse.BreakNode, *parse.ContinueNode:
	case *parse.ActionNode:
		v := w.pipe(n.Pipe, dot)
		if len(n.Pipe.Decl) > 0 {
			return // a declaration prints nothing
		}
		w.write(b, w.printed(n.Pipe.Position(), v))
	case *parse.IfNode:
		w.branch(b, "if", &n.BranchNode, dot, false)
	case *parse.WithNode:
		w.branch(b, "with", &n.BranchNode, dot, true)
	case *parse.RangeNode:
		w.rangeNode(b, n, dot)
	case *parse.TemplateNode:
		w.errorf(n.Pos, RuleTemplateParse, "{{template %q}} calls another template; a template part is one template: write the text here, or make it a part of its own", n.Name)
	default:
		w.errorf(n.Position(), RuleTemplateParse, "%s is not supported in a template part", n)
	}
}

// printed is the longest text value v prints as, at off.
func (w *twalker) printed(off parse.Pos, v tval) string {
	switch v.kind {
	case kString:
		if v.xs {
			if v.max > MaxText {
				w.tooLarge = true
				return ""
			}
			return strings.Repeat("x", v.max)
		}
		return v.witness
	case kBool:
		return "false"
	case kInt:
		return strings.Repeat("9", v.max)
	case kNil:
		return ""
	}
	w.errorf(off, RuleInputType, "{{%s}} prints %s, %s; print its fields, or range over a list", v.what, v.what, v.kindName())
	return ""
}

// branch walks if and with: the maximum is the larger of the two
// branches; with changes dot to the pipeline's value in its body.
func (w *twalker) branch(b *strings.Builder, kw string, n *parse.BranchNode, dot tval, with bool) {
	w.push()
	v := w.pipe(n.Pipe, dot)
	body := dot
	if with {
		body = v
	}
	var then, els strings.Builder
	w.list(&then, n.List, body)
	w.pop()
	w.push()
	w.list(&els, n.ElseList, dot)
	w.pop()
	cond := fmt.Sprintf("{{%s %s}} (line %d)", kw, n.Pipe, w.lineOf(n.Pos))
	if utf8.RuneCountInString(els.String()) > utf8.RuneCountInString(then.String()) {
		w.choices = append(w.choices, cond+" false")
		w.write(b, els.String())
		return
	}
	w.choices = append(w.choices, cond+" true")
	w.write(b, then.String())
}

// rangeNode walks range: the body maxItems times over a list's records,
// or the else branch when that is longer (an empty list).
func (w *twalker) rangeNode(b *strings.Builder, n *parse.RangeNode, dot tval) {
	w.push()
	v := w.pipe(n.Pipe, dot)
	items, elem := 0, tval{kind: kNil}
	switch v.kind {
	case kList:
		items = *v.list.MaxItems
		elem = tval{kind: kRecord, what: v.what + "[]", list: v.list}
	case kInt:
		// range over an integer (Go 1.22 text/template): 0..n-1.
		w.errorf(n.Pipe.Position(), RuleInputType, "{{range %s}} ranges over a number; range over a list input", n.Pipe)
	default:
		if v.kind != kNil {
			w.errorf(n.Pipe.Position(), RuleInputType, "{{range %s}} ranges over %s, %s; range takes a list input", n.Pipe, v.what, v.kindName())
		}
	}
	switch len(n.Pipe.Decl) {
	case 1:
		w.vars[len(w.vars)-1][n.Pipe.Decl[0].Ident[0]] = elem
	case 2:
		w.vars[len(w.vars)-1][n.Pipe.Decl[0].Ident[0]] = tval{kind: kInt, what: n.Pipe.Decl[0].Ident[0], max: digits(max(items-1, 0))}
		w.vars[len(w.vars)-1][n.Pipe.Decl[1].Ident[0]] = elem
	}
	var body, els strings.Builder
	w.list(&body, n.List, elem)
	w.pop()
	w.push()
	w.list(&els, n.ElseList, dot)
	w.pop()
	all := int64(items) * int64(body.Len())
	if items > 0 && all+w.size > MaxText {
		w.tooLarge = true
		return
	}
	full := strings.Repeat(body.String(), items)
	what := fmt.Sprintf("{{range %s}} (line %d)", n.Pipe, w.lineOf(n.Pos))
	if utf8.RuneCountInString(els.String()) > utf8.RuneCountInString(full) {
		w.choices = append(w.choices, what+" empty")
		w.write(b, els.String())
		return
	}
	w.choices = append(w.choices, fmt.Sprintf("%s at %d items", what, items))
	w.write(b, full)
}

// digits is the number of decimal digits of n >= 0.
func digits(n int) int { return len(strconv.Itoa(n)) }

// pipe checks a pipeline and returns the type of its value, declaring
// its variables in the current scope.
func (w *twalker) pipe(p *parse.PipeNode, dot tval) tval {
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
	if p.IsAssign {
		for _, d := range p.Decl {
			if _, ok := w.lookupVar(d.Ident[0]); !ok {
				w.errorf(d.Pos, RuleTemplateParse, "variable %s is assigned but not declared", d.Ident[0])
			}
		}
		return v
	}
	if len(p.Decl) == 1 {
		w.vars[len(w.vars)-1][p.Decl[0].Ident[0]] = v
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
		return w.fields(n.Pos, dot, n.Ident)
	case *parse.VariableNode:
		v, ok := w.lookupVar(n.Ident[0])
		if !ok {
			w.errorf(n.Pos, RuleTemplateParse, "variable %s is not declared", n.Ident[0])
			return tval{kind: kNil}
		}
		return w.fields(n.Pos, v, n.Ident[1:])
	case *parse.ChainNode:
		return w.fields(n.Pos, w.arg(n.Node, dot), n.Field)
	case *parse.PipeNode:
		w.push()
		defer w.pop()
		return w.pipe(n, dot)
	case *parse.StringNode:
		return tval{kind: kString, what: n.Quoted, max: utf8.RuneCountInString(n.Text), witness: n.Text}
	case *parse.NumberNode:
		return tval{kind: kInt, what: n.Text, max: len(n.Text)}
	case *parse.BoolNode:
		return tval{kind: kBool, what: n.String()}
	case *parse.NilNode:
		return tval{kind: kNil, what: "nil"}
	case *parse.IdentifierNode:
		return w.call(n, nil, nil)
	}
	w.errorf(n.Position(), RuleTemplateParse, "%s is not supported in a template part", n)
	return tval{kind: kNil}
}

// fields follows field names from v: from the inputs, an input; from a
// list's record, a field.
func (w *twalker) fields(off parse.Pos, v tval, names []string) tval {
	for _, name := range names {
		what := strings.TrimSuffix(v.what, ".") + "." + name
		if v.what == "." {
			what = "." + name
		}
		switch v.kind {
		case kRoot:
			in, ok := w.inputs[name]
			if !ok {
				w.errorf(off, RuleInputUndeclared, "%s is not a declared input (%s); declare inputs.%s in promptc.cue or fix the name", what, inputNames(w.inputs), name)
				return tval{kind: kNil}
			}
			w.reads[name] = true
			v = inputVal(in, what)
		case kRecord:
			f, ok := v.list.Fields[name]
			if !ok {
				w.errorf(off, RuleInputUndeclared, "%s is not a field of the records of input %s (fields: %s); declare inputs.%s.fields.%s or fix the name",
					what, v.list.Name, strings.Join(v.list.FieldNames(), ", "), v.list.Name, name)
				return tval{kind: kNil}
			}
			v = tval{kind: kString, what: what, max: f.MaxChars, xs: true}
		case kNil:
			return v
		default:
			w.errorf(off, RuleInputType, "%s is %s and has no field %s", v.what, v.kindName(), name)
			return tval{kind: kNil}
		}
	}
	return v
}

// inputVal is the type of input in, read as what.
func inputVal(in config.Input, what string) tval {
	switch in.Type {
	case config.InputBool:
		return tval{kind: kBool, what: what}
	case config.InputEnum:
		v := tval{kind: kString, what: what, enum: in.Values}
		for _, e := range in.Values {
			if n := utf8.RuneCountInString(e); n > v.max || v.witness == "" {
				v.max, v.witness = n, e
			}
		}
		return v
	case config.InputList:
		return tval{kind: kList, what: what, list: &in}
	}
	n := 0
	if in.MaxChars != nil {
		n = *in.MaxChars
	}
	return tval{kind: kString, what: what, max: n, xs: true}
}

func inputNames(inputs map[string]config.Input) string {
	if len(inputs) == 0 {
		return "promptc.cue declares no inputs"
	}
	return "declared: " + strings.Join(slices.Sorted(maps.Keys(inputs)), ", ")
}

// call checks a call of a built-in function and returns the type of its
// result; c is the command for messages (nil for a bare function name).
func (w *twalker) call(id *parse.IdentifierNode, c *parse.CommandNode, args []tval) tval {
	name := id.Ident
	if !slices.Contains(TemplateFuncs, name) {
		w.errorf(id.Pos, RuleTemplateFunc, "function %q is not one promptc can bound; a template part may call %s", name, strings.Join(TemplateFuncs, ", "))
		return tval{kind: kNil}
	}
	what := name
	if c != nil {
		what = c.String()
	}
	switch name {
	case "len":
		if len(args) != 1 {
			w.errorf(id.Pos, RuleTemplateFunc, "len takes one argument, got %d", len(args))
			return tval{kind: kInt, what: what, max: 1}
		}
		a := args[0]
		switch a.kind {
		case kList:
			return tval{kind: kInt, what: what, max: digits(*a.list.MaxItems)}
		case kString:
			// len counts bytes: at most four a character.
			return tval{kind: kInt, what: what, max: digits(4 * a.max)}
		case kNil:
			return tval{kind: kInt, what: what, max: 1}
		}
		w.errorf(id.Pos, RuleInputType, "len of %s, %s; len takes a list or a string", a.what, a.kindName())
		return tval{kind: kInt, what: what, max: 1}
	case "eq", "ne", "lt", "le", "gt", "ge", "not":
		w.checkEnumCompare(id, name, args)
		return tval{kind: kBool, what: what}
	case "and", "or":
		// The result is one of the arguments.
		out := tval{kind: kNil, what: what}
		for _, a := range args {
			if out.kind == kNil || (a.kind == kString && (out.kind != kString || a.max > out.max)) {
				out = a
			} else if a.kind == kInt && out.kind == kInt && a.max > out.max {
				out = a
			}
		}
		if out.kind == kString {
			out.what = what
		}
		return out
	}
	// print, println and printf print their arguments.
	var parts []string
	format := ""
	if name == "printf" {
		if len(args) == 0 || args[0].kind != kString || args[0].enum != nil || !strings.HasPrefix(args[0].what, "\"") && !strings.HasPrefix(args[0].what, "`") {
			w.errorf(id.Pos, RuleTemplateFunc, "printf needs a constant format string first, so that promptc can bound what it prints")
			return tval{kind: kString, what: what}
		}
		format, args = args[0].witness, args[1:]
		if bad := badVerb.FindString(format); bad != "" {
			w.errorf(id.Pos, RuleTemplateFunc, "printf format verb %s: promptc bounds only %%s, %%d, %%v, %%t and %%%% without width or flags", bad)
		}
	}
	for _, a := range args {
		parts = append(parts, w.printed(id.Pos, a))
	}
	var text string
	switch name {
	case "print":
		text = strings.Join(parts, " ") // a space between operands at most
	case "println":
		text = strings.Join(parts, " ") + "\n"
	default:
		text = verb.ReplaceAllString(format, "") + strings.Join(parts, "")
	}
	return tval{kind: kString, what: what, max: utf8.RuneCountInString(text), witness: text}
}

// verb finds a printf verb; badVerb one promptc cannot bound.
var (
	verb    = regexp.MustCompile(`%[sdvt%]`)
	badVerb = regexp.MustCompile(`%[^sdvt%]`)
)

// checkEnumCompare reports a comparison of an enum with a constant that
// is not one of its values: the condition could never hold.
func (w *twalker) checkEnumCompare(id *parse.IdentifierNode, name string, args []tval) {
	if name != "eq" && name != "ne" || len(args) < 2 {
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
		if a.kind == kString && a.enum == nil && strings.HasPrefix(a.what, "\"") && !slices.Contains(enum.enum, a.witness) {
			w.errorf(id.Pos, RuleInputType, "%s compares %s with %s, which is not one of its values (%s)", name, enum.what, a.what, strings.Join(enum.enum, ", "))
		}
	}
}
