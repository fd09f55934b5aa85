package compiler

import (
	"fmt"
	"strings"
	"testing"
)

// BenchmarkParseTemplateLinear checks and bounds templates of growing size
// in three shapes (many field reads, deeply nested ifs, a variable
// reassigned many times): the time per action stays the same as the
// template grows, since every node is visited once and texts are built as
// ropes.
func BenchmarkParseTemplateLinear(b *testing.B) {
	for _, shape := range []struct {
		name string
		src  func(n int) string
	}{
		{"reads", func(n int) string { return strings.Repeat("{{.Cwd}}", n) }},
		{"nested", func(n int) string {
			return strings.Repeat("{{if .IsGitRepo}}a", n) + strings.Repeat("{{end}}", n)
		}},
		{"reassigned", func(n int) string {
			return `{{$a := ""}}` + strings.Repeat(`{{$a = printf "%s%s" $a .Cwd}}`, n) + "{{$a}}"
		}},
	} {
		for _, n := range []int{1000, 4000, 16000} {
			src := shape.src(n)
			b.Run(fmt.Sprintf("%s/%d", shape.name, n), func(b *testing.B) {
				for b.Loop() {
					parseTemplate("t.tmpl", src, testInputs())
				}
			})
		}
	}
}
