package genruntime

// This file is part of the fixed code of every generated package that has
// template parts: gogen copies its declarations, without the package
// clause and imports, after the package's data tables (templateSources).
// A package without template parts gets a renderTemplate that renders
// nothing instead, and does not import text/template.

import (
	"strings"
	"sync"
	"text/template"
)

// parsed holds the template parts, parsed on first use with the standard
// library's parser: the same parser promptc checked them with at build
// time, so none can fail here.
var parsed struct {
	once sync.Once
	t    [len(templateSources)]*template.Template
}

// renderTemplate renders template part i with the inputs: exactly what
// text/template renders, white space and final newline included.
func renderTemplate(i int, inputs *Inputs) (string, error) {
	parsed.once.Do(func() {
		for j, s := range templateSources {
			parsed.t[j] = template.Must(template.New(s.name).Parse(s.source))
		}
	})
	// Execute gets a copy: handing it the caller's pointer would make
	// escape analysis move every caller's Inputs to the heap, also on calls
	// that render no template.
	data := *inputs
	var b strings.Builder
	if err := parsed.t[i].Execute(&b, data); err != nil {
		return "", err
	}
	return b.String(), nil
}
