package gogen

import (
	"fmt"
	"strings"
	"testing"

	"github.com/promptc/promptc/compiler/genruntime"
	"github.com/promptc/promptc/internal/testproject"
	"github.com/promptc/promptc/internal/testtree"
)

// TestUintType: each type is the narrowest that holds 0 to top.
func TestUintType(t *testing.T) {
	for _, c := range []struct {
		top  int
		want string
	}{{0, "uint8"}, {255, "uint8"}, {256, "uint16"}, {65535, "uint16"}, {65536, "uint32"}, {1<<32 - 1, "uint32"}, {1 << 32, "uint64"}} {
		if got := uintType(c.top); got != c.want {
			t.Errorf("uintType(%d) = %s, want %s", c.top, got, c.want)
		}
	}
}

// TestChoiceType: Choice is a uint16 until Force(f) of the last family
// and the value of no family past it need more, and the fixed code
// declares it where render widens it.
func TestChoiceType(t *testing.T) {
	for _, c := range []struct {
		families int
		want     string
	}{{1, "uint16"}, {300, "uint16"}, {65534, "uint16"}, {65535, "uint32"}} {
		if got := choiceType(c.families); got != c.want {
			t.Errorf("choiceType(%d) = %s, want %s", c.families, got, c.want)
		}
	}
	_, decls := genruntime.Source(genruntime.Parts{})
	if n := strings.Count(decls, choiceDecl); n != 1 {
		t.Errorf("the fixed code declares %q %d times, want once", choiceDecl, n)
	}
}

// TestWideTypes: a project with more values than a uint8 holds (modes,
// families, profiles, when conditions, inputs, settings) generates a
// package that type-checks, the fixed code's bodies included, with each
// type as wide as its values need; a project just under the limits keeps
// uint8. Modes leave room for ModeDefault, modeCustom and ParseMode's
// ^Mode(0) past them, which a custom mode must not be.
func TestWideTypes(t *testing.T) {
	cases := []struct {
		name  string
		files map[string]string
		want  []string // lines the package holds
	}{{
		name:  "253 modes",
		files: modesProject(253, false),
		want:  []string{"type Mode uint8"},
	}, {
		name:  "254 modes",
		files: modesProject(254, false),
		want:  []string{"type Mode uint8"},
	}, {
		name:  "254 modes and a custom mode",
		files: modesProject(254, true),
		want:  []string{"type Mode uint16", "\tModeCustom\n"},
	}, {
		name:  "300 modes",
		files: modesProject(300, false),
		want:  []string{"type Mode uint16", "\tModeM299\n", "type Family uint8"},
	}, {
		// Family(255) is ParseFamily's "none": past the last of 255
		// families, the last of 256.
		name:  "255 families",
		files: familiesProject(255),
		want:  []string{"type Family uint8"},
	}, {
		name:  "256 families",
		files: familiesProject(256),
		want:  []string{"type Family uint16"},
	}, {
		name:  "300 families",
		files: familiesProject(300),
		want:  []string{"type Family uint16", "type Mode uint8"},
	}, {
		name:  "255 profiles",
		files: profilesProject(255),
		want:  []string{"type Profile uint8"},
	}, {
		name:  "256 profiles",
		files: profilesProject(256),
		want:  []string{"type Profile uint16"},
	}, {
		name:  "300 profiles",
		files: profilesProject(300),
		want:  []string{"type Profile uint16", "\tProfileP299\n"},
	}, {
		name:  "300 when conditions on 300 inputs, and 300 settings",
		files: whensProject(300),
		want:  []string{"when: 301, volatile: true, reads: []int{299}", "var noticeSettings = [...]uint16{299}", "type Mode uint8"},
	}}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			progs := testproject.CompileAll(t, testtree.Write(t, c.files)).Programs()
			src, err := Generate(progs, "h")
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range c.want {
				if !strings.Contains(string(src), w) {
					t.Errorf("the package lacks %q", w)
				}
			}
			// Build's check leaves out the fixed code's bodies, which
			// take the widened types as arguments.
			g := newGen(progs)
			if err := g.checkWith(g.render("h"), false); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// modesProject is a project of n modes, m0 to m(n-1), each sending the
// one part, with a custom mode when custom is set.
func modesProject(n int, custom bool) map[string]string {
	var b strings.Builder
	b.WriteString("version: \"v1\"\nparts: base: file: \"base.md\"\nmodes: {\n")
	for i := range n {
		fmt.Fprintf(&b, "\tm%d: compose: [parts.base]\n", i)
	}
	b.WriteString("}\norder: [\"m0\"]\ndefaultMode: \"m0\"\n")
	if custom {
		b.WriteString("custom: {file: \".agent/custom.md\", fallback: parts.base}\n")
	}
	return map[string]string{"promptc.cue": b.String(), "base.md": "Base.\n"}
}

// profilesProject is a project of n profiles, p0 (the default) to
// p(n-1).
func profilesProject(n int) map[string]string {
	var b strings.Builder
	b.WriteString(`version: "v1"
parts: base: file: "base.md"
parts: tools: generated: "tools"
tools: discovery: "discover_tools"
tools: catalogue: discover_tools: {group: "discovery", access: "read", file: "tools/discover_tools.md"}
modes: focus: compose: [parts.base, parts.tools]
order: ["focus"]
defaultMode: "focus"
profiles: {
	default: "p0"
	values: {
`)
	for i := range n {
		fmt.Fprintf(&b, "\t\tp%d: fullTools: [\"discover_tools\"]\n", i)
	}
	b.WriteString("\t}\n}\n")
	return map[string]string{"promptc.cue": b.String(), "base.md": "Base.\n", "tools/discover_tools.md": "Finds tools.\n"}
}

// whensProject is a project of n bool inputs and n settings, and n parts,
// part i sent when input i is true, and a part last (the first when
// condition, by name) sent for the value b of the last setting.
func whensProject(n int) map[string]string {
	var b strings.Builder
	b.WriteString("version: \"v1\"\nparts: {\n")
	for i := range n {
		fmt.Fprintf(&b, "\tw%03d: {file: \"w.md\", when: {input: \"In%03d\"}}\n", i, i)
	}
	fmt.Fprintf(&b, "\tlast: {file: \"last.md\", when: {setting: \"S%03d\", is: [\"b\"]}}\n}\ninputs: {\n", n-1)
	for i := range n {
		fmt.Fprintf(&b, "\tIn%03d: {type: \"bool\"}\n", i)
	}
	b.WriteString("}\nsettings: {\n")
	for i := range n {
		fmt.Fprintf(&b, "\tS%03d: {values: [\"a\", \"b\"], default: \"a\"}\n", i)
	}
	b.WriteString("}\nmodes: focus: compose: [")
	for i := range n {
		fmt.Fprintf(&b, "parts.w%03d, ", i)
	}
	b.WriteString("parts.last]\norder: [\"focus\"]\ndefaultMode: \"focus\"\n")
	return map[string]string{"promptc.cue": b.String(), "w.md": "When.\n", "last.md": "Last.\n"}
}

// familiesProject is a project of n families, f000 (the fallback) to
// f(n-1), each with a line and a body, which its one mode sends.
func familiesProject(n int) map[string]string {
	files := map[string]string{
		"promptc.cue": `version: "v1"
parts: {
	base: file: "base.md"
	line: family: "line"
	body: family: "body"
}
families: {
	files:    "families/*.prompt.md"
	fallback: "f000"
}
modes: focus: compose: [parts.base, parts.line, parts.body]
order: ["focus"]
defaultMode: "focus"
`,
		"base.md": "Base.\n",
	}
	for i := range n {
		files[fmt.Sprintf("families/f%03d.prompt.md", i)] = fmt.Sprintf("---\nfamily: f%03d\n---\nLine %d.\n\nBody %d.\n", i, i, i)
	}
	return files
}
