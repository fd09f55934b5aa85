package compiler_test

import (
	"strings"
	"testing"

	"github.com/promptc/promptc/compiler"
	"github.com/promptc/promptc/internal/config"
	"github.com/promptc/promptc/internal/testproject"
)

// TestExpansionBoundedBeforeBuilt: a run-time placeholder of 2^40
// characters, used twice, would need 2 TiB to expand; its size is
// computed (saturating where it would overflow) and the text is refused
// at the first use. Compiling and composing never build it: the test
// process would crash otherwise.
func TestExpansionBoundedBeforeBuilt(t *testing.T) {
	for name, tc := range map[string]struct{ decl, want string }{
		"runtime": {
			decl: "placeholders: big: runtime: maxChars: 1099511627776",
			want: "base.md:2:3: part base: {{big}} is used 2 times with a value of up to 1099511627776 bytes, so the text would be 2199023255560 bytes, more than the 64 MiB promptc composes",
		},
		"overflow": {
			decl: "placeholders: big: runtime: maxChars: 9223372036854775807",
			want: "base.md:2:3: part base: {{big}} is used 2 times with a value of up to 9223372036854775807 bytes, so the text would be more than 9223372036854775807 bytes",
		},
		"at the cap": {
			// 64 MiB exactly, with the 8 bytes of literal text: expanded.
			decl: "placeholders: big: runtime: maxChars: " + itoa(compiler.MaxText/2-4),
		},
		"one over": {
			decl: "placeholders: big: runtime: maxChars: " + itoa(compiler.MaxText/2-3),
			want: "base.md:2:3: part base: {{big}} is used 2 times with a value of up to 33554429 bytes, so the text would be 67108866 bytes",
		},
	} {
		t.Run(name, func(t *testing.T) {
			p := testproject.FromFiles(t, map[string]string{
				config.FileName: `version: "v1"
parts: base: file: "base.md"
modes: focus: compose: [parts.base]
order: ["focus"]
defaultMode: "focus"
` + tc.decl + "\n",
				"base.md": "Base.\n: {{big}}{{big}}\n",
			})
			var got []string
			for _, d := range p.Diagnostics() {
				if d.Rule == compiler.RulePlaceholderValue {
					got = append(got, d.Pos.String()+": "+d.Message)
				}
			}
			if tc.want == "" {
				if len(got) != 0 {
					t.Fatalf("got %q, want none", got)
				}
				return
			}
			if len(got) != 1 || !strings.HasPrefix(got[0], tc.want) {
				t.Fatalf("got %q\nwant %q", got, tc.want)
			}
		})
	}
}

func itoa(n int) string {
	var b []byte
	for ; n > 0; n /= 10 {
		b = append([]byte{byte('0' + n%10)}, b...)
	}
	return string(b)
}
