package portable

import (
	"fmt"
	"strconv"
	"text/template/parse"
)

// A template part is shipped as its text/template parse tree, as data:
// the runtimes interpret the tree, so that no language parses templates
// itself. The tree is the one Go's parser builds (trim markers already
// applied to the text nodes), written as JSON arrays whose first element
// names the node:
//
//	["text", s]                       text as is
//	["action", pipe]                  print the pipeline's value (nothing when it declares a variable)
//	["if"|"with"|"range", pipe, list, elseList]
//	["break"] ["continue"]
//	pipe: {"decl": [names], "assign": bool, "cmds": [[arg...]...]}
//	arg:  ["dot"] ["field", [names]] ["var", name, [names]] ["chain", arg, [names]]
//	      ["pipe", pipe] ["string", s] ["int", n] ["bool", b] ["nil"] ["func", name]
//
// Comments are dropped; a list is an array of nodes.

// TemplateTree returns the parse tree of a template part's source as data.
// promptc has already checked the source (compiler.TextTemplate); a node
// the runtimes do not interpret is an error here rather than a silent
// difference.
func TemplateTree(name, src string) ([]any, error) {
	tree := parse.New(name)
	tree.Mode = parse.SkipFuncCheck
	trees := map[string]*parse.Tree{}
	if _, err := tree.Parse(src, "", "", trees); err != nil {
		return nil, err
	}
	t := trees[name]
	if t == nil || t.Root == nil {
		return []any{}, nil
	}
	return list(t.Root)
}

func list(l *parse.ListNode) ([]any, error) {
	out := []any{}
	if l == nil {
		return out, nil
	}
	for _, n := range l.Nodes {
		var v []any
		switch n := n.(type) {
		case *parse.TextNode:
			v = []any{"text", string(n.Text)}
		case *parse.CommentNode:
			continue
		case *parse.BreakNode:
			v = []any{"break"}
		case *parse.ContinueNode:
			v = []any{"continue"}
		case *parse.ActionNode:
			p, err := pipe(n.Pipe)
			if err != nil {
				return nil, err
			}
			v = []any{"action", p}
		case *parse.IfNode:
			b, err := branch("if", &n.BranchNode)
			if err != nil {
				return nil, err
			}
			v = b
		case *parse.WithNode:
			b, err := branch("with", &n.BranchNode)
			if err != nil {
				return nil, err
			}
			v = b
		case *parse.RangeNode:
			b, err := branch("range", &n.BranchNode)
			if err != nil {
				return nil, err
			}
			v = b
		default:
			return nil, fmt.Errorf("%s is not supported in a template part", n)
		}
		out = append(out, v)
	}
	return out, nil
}

func branch(kind string, n *parse.BranchNode) ([]any, error) {
	p, err := pipe(n.Pipe)
	if err != nil {
		return nil, err
	}
	body, err := list(n.List)
	if err != nil {
		return nil, err
	}
	els, err := list(n.ElseList)
	if err != nil {
		return nil, err
	}
	return []any{kind, p, body, els}, nil
}

func pipe(p *parse.PipeNode) (map[string]any, error) {
	decl := []string{}
	cmds := []any{}
	if p == nil {
		return map[string]any{"decl": decl, "assign": false, "cmds": cmds}, nil
	}
	for _, d := range p.Decl {
		decl = append(decl, d.Ident[0])
	}
	for _, c := range p.Cmds {
		args := []any{}
		for _, a := range c.Args {
			v, err := arg(a)
			if err != nil {
				return nil, err
			}
			args = append(args, v)
		}
		cmds = append(cmds, args)
	}
	return map[string]any{"decl": decl, "assign": p.IsAssign, "cmds": cmds}, nil
}

func arg(n parse.Node) ([]any, error) {
	switch n := n.(type) {
	case *parse.DotNode:
		return []any{"dot"}, nil
	case *parse.FieldNode:
		return []any{"field", n.Ident}, nil
	case *parse.VariableNode:
		return []any{"var", n.Ident[0], append([]string{}, n.Ident[1:]...)}, nil
	case *parse.ChainNode:
		a, err := arg(n.Node)
		if err != nil {
			return nil, err
		}
		return []any{"chain", a, n.Field}, nil
	case *parse.PipeNode:
		p, err := pipe(n)
		if err != nil {
			return nil, err
		}
		return []any{"pipe", p}, nil
	case *parse.StringNode:
		return []any{"string", n.Text}, nil
	case *parse.NumberNode:
		if !n.IsInt {
			return nil, fmt.Errorf("number %s: a template part's numbers are integers", n.Text)
		}
		if n.Int64 > 1<<53 || n.Int64 < -(1<<53) {
			return nil, fmt.Errorf("number %s is too large to be exact in JavaScript", n.Text)
		}
		return []any{"int", n.Int64}, nil
	case *parse.BoolNode:
		return []any{"bool", n.True}, nil
	case *parse.NilNode:
		return []any{"nil"}, nil
	case *parse.IdentifierNode:
		return []any{"func", n.Ident}, nil
	}
	return nil, fmt.Errorf("%s is not supported in a template part", strconv.Quote(n.String()))
}
