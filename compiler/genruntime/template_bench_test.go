package genruntime

import (
	"strings"
	"testing"
	"text/template"
)

// BenchmarkComposeTemplates compares Request.Compose of the stub's agent
// mode (a family line, two template parts and a when part) with what a
// harness does without promptc: execute the same parsed templates with
// text/template and join the texts. The difference is the price of the
// generated package's resolution, when test and prefix bookkeeping.
func BenchmarkComposeTemplates(b *testing.B) {
	in := Inputs{Dir: "/home/dev/src/keel", IsGitRepo: true, Files: []FilesItem{
		{Path: "AGENTS.md", Content: "Run make check before you report a change as done."},
		{Path: "internal/store/AGENTS.md", Content: "Every query goes through store.Tx."},
	}}
	req := Request{Mode: ModeAgent, Model: "alpha-x", Inputs: in}
	var own [len(templateSources)]*template.Template
	for i, s := range templateSources {
		own[i] = template.Must(template.New(s.name).Parse(s.source))
	}
	direct := func() string {
		var env, files strings.Builder
		if err := own[0].Execute(&env, &in); err != nil {
			b.Fatal(err)
		}
		if err := own[1].Execute(&files, &in); err != nil {
			b.Fatal(err)
		}
		parts := []string{texts[1], env.String()}
		if in.IsGitRepo {
			parts = append(parts, texts[8])
		}
		return strings.Join(append(parts, files.String()), "\n")
	}
	p, err := req.Compose()
	if err != nil {
		b.Fatal(err)
	}
	if want := direct(); p.Text != want {
		b.Fatalf("Compose = %q, text/template = %q", p.Text, want)
	}
	b.Run("Request.Compose", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(p.Text)))
		for b.Loop() {
			if _, err := req.Compose(); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("text/template", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(p.Text)))
		for b.Loop() {
			direct()
		}
	})
}
