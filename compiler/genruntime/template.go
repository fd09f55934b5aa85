package genruntime

// This file is part of the fixed code of every generated package that has
// template parts: gogen copies its declarations, without the package
// clause and imports, after the package's data tables (templateSources).
// A package without template parts gets a renderTemplate that renders
// nothing instead, and does not import text/template.

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"text/template"
	"unicode/utf8"
)

// parsed holds the template parts, parsed on first use with the standard
// library's parser: the same parser promptc checked them with at build
// time, so none can fail here.
var parsed struct {
	once sync.Once
	t    [len(templateSources)]*template.Template
}

// renderTemplate renders template part i with the inputs: exactly what
// text/template renders, white space and final newline included, and
// never more than the part's bound (templateSources[i].max characters,
// which promptc proved at build time for inputs Validate accepts; -1 when
// an input it reads has no declared limit, and 64 MiB bounds it alone).
func renderTemplate(i int, inputs *Inputs) (string, error) {
	parsed.once.Do(func() {
		for j, s := range templateSources {
			parsed.t[j] = template.Must(template.New(s.name).Option("missingkey=error").Parse(s.source))
		}
	})
	// Execute gets a copy: handing it the caller's pointer would make
	// escape analysis move every caller's Inputs to the heap, also on calls
	// that render no template.
	data := *inputs
	return renderBounded(parsed.t[i], data, templateSources[i].max)
}

// renderMaxBytes is the most bytes any template part renders, whatever
// its bound: past it rendering stops with an error.
const renderMaxBytes = 64 << 20

// errRenderBound is what boundedWriter returns once a rendering would pass
// its bound.
var errRenderBound = errors.New("over its bound")

// boundedWriter collects a rendering and refuses any write that would take
// it past max characters (when max is not negative: a negative max is no
// bound of characters, for a template that reads an input without a
// declared limit) or renderMaxBytes bytes: text/template then stops
// and returns the error, so that a rendering never grows without limit.
// text/template writes every text and every printed value whole, so
// counting the characters of each write counts the rendering's.
type boundedWriter struct {
	b     strings.Builder
	chars int
	max   int
}

func (w *boundedWriter) Write(p []byte) (int, error) {
	n := utf8.RuneCount(p)
	if w.max >= 0 && w.chars+n > w.max || w.b.Len()+len(p) > renderMaxBytes {
		return 0, errRenderBound
	}
	w.chars += n
	return w.b.Write(p)
}

// renderBounded executes t on data into a boundedWriter of maxChars
// characters (negative: no bound but renderMaxBytes).
func renderBounded(t *template.Template, data any, maxChars int) (string, error) {
	w := boundedWriter{max: maxChars}
	if err := t.Execute(&w, data); err != nil {
		if errors.Is(err, errRenderBound) && maxChars < 0 {
			return "", fmt.Errorf("template %s: the rendering passes %d MiB, the most a template part may render", t.Name(), renderMaxBytes>>20)
		}
		if errors.Is(err, errRenderBound) {
			return "", fmt.Errorf("template %s: the rendering passes its bound of %d characters (%d MiB at most); the inputs are over the limits Validate checks", t.Name(), maxChars, renderMaxBytes>>20)
		}
		return "", err
	}
	return w.b.String(), nil
}
