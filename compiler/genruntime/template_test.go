package genruntime

import (
	"strings"
	"testing"
	"text/template"
)

// TestRenderBounded: a rendering of exactly its bound passes; one
// character more stops with an error and no text, whatever the template
// (a loop, a doubled variable).
func TestRenderBounded(t *testing.T) {
	loop := template.Must(template.New("loop").Parse(`{{range .}}{{.}}{{end}}`))
	for _, c := range []struct {
		items  []string
		max    int
		wantOK bool
	}{
		{[]string{"ab", "é"}, 3, true},
		{[]string{"ab", "é"}, 2, false},
		{nil, 0, true},
		{[]string{"x"}, 0, false},
	} {
		out, err := renderBounded(loop, c.items, c.max)
		if c.wantOK != (err == nil) {
			t.Errorf("%q at %d: %q, %v", c.items, c.max, out, err)
		}
		if err != nil && (out != "" || !strings.Contains(err.Error(), "passes its bound")) {
			t.Errorf("%q at %d: %q, %v", c.items, c.max, out, err)
		}
	}
	// Doubling a variable 30 times would make 1 GiB: the writer stops it
	// at the first write past the bound, never holding more.
	src := `{{$a := "xx"}}` + strings.Repeat(`{{$a = printf "%s%s" $a $a}}{{$a}}`, 30)
	dbl := template.Must(template.New("dbl").Parse(src))
	if _, err := renderBounded(dbl, nil, 1000); err == nil {
		t.Error("doubling passed a bound of 1000")
	}
}

// TestRenderTemplateStub: the stub's parts render within their bounds,
// and Compose reports one rendered over its bound.
func TestRenderTemplateStub(t *testing.T) {
	in := &Inputs{Dir: strings.Repeat("d", 40), IsGitRepo: true}
	out, err := renderTemplate(0, in)
	if err != nil || out != "Dir: "+strings.Repeat("d", 40)+" (git)" {
		t.Fatalf("%q, %v", out, err)
	}
	in.Dir = strings.Repeat("d", 100)
	if _, err := renderTemplate(0, in); err == nil {
		t.Error("Dir of 100 characters rendered within the bound of 51")
	}
}
