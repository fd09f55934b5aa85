package gogen

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"testing"

	"github.com/promptc/promptc/internal/config"
	"github.com/promptc/promptc/internal/testproject"
	"github.com/promptc/promptc/internal/testtree"
)

// signatures generates the package of a project whose promptc.cue ends in
// extra and returns the signature of every function and method, by name
// ("Permission.Permits" for a method).
func signatures(t *testing.T, extra string) map[string]string {
	t.Helper()
	files := map[string]string{
		config.FileName: `version: "v1"
parts: tools: generated: "tools"
tools: catalogue: {
	read_file: {group: "files", access: "read", file: "t/read_file.md"}
	write_file: {group: "files", access: "write", file: "t/write_file.md"}
}
modes: focus: compose: [parts.tools]
order: ["focus"]
defaultMode: "focus"
` + extra,
		"t/read_file.md":  "read_file: reads a file.",
		"t/write_file.md": "write_file: writes a file.",
	}
	proj := testproject.CompileAll(t, testtree.Write(t, files))
	for _, d := range proj.Diagnostics() {
		t.Fatalf("unexpected finding: %s", d)
	}
	src, err := Generate(proj.Programs(), "sha256:test")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "prompts_gen.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok {
			continue
		}
		name := fd.Name.Name
		if fd.Recv != nil {
			var b bytes.Buffer
			printer.Fprint(&b, fset, fd.Recv.List[0].Type)
			name = b.String() + "." + name
		}
		var b bytes.Buffer
		if err := printer.Fprint(&b, fset, fd.Type); err != nil {
			t.Fatal(err)
		}
		out[name] = b.String()
	}
	return out
}

// TestPermissionSignatures pins the signatures a harness calls: with
// permission sets, composing, describing tools and cost notices take the
// session's set; without them, they are what they were.
func TestPermissionSignatures(t *testing.T) {
	const profiles = `profiles: {
	default: "classic"
	values: {
		classic: fullTools: ["read_file", "write_file"]
		lean: fullTools: ["read_file", "write_file"]
	}
}
`
	const perms = `permissions: {
	default: "full"
	values: {
		full: access: ["read", "write"]
		readOnly: access: ["read"]
	}
}
`
	for _, tc := range []struct {
		name, extra string
		want        map[string]string // "" means: must not exist
	}{
		{"profiles only", profiles, map[string]string{
			"ComposeProfile":       "func(pr Profile, mode Mode, choice Choice, modelID string, slots Slots) string",
			"SectionsProfile":      "func(pr Profile, mode Mode, choice Choice, modelID string, slots Slots) []Section",
			"CostNoticeProfile":    "func(pr Profile, mode Mode, choice Choice, modelID string) Notice",
			"DescribeTools":        "func(names []string, allowed func(name string) bool) (string, error)",
			"DescribeToolsArgs":    "func(args string, allowed func(name string) bool) (string, error)",
			"ComposePermission":    "",
			"ParsePermission":      "",
			"Permission.Permits":   "",
			"CostNoticePermission": "",
		}},
		{"profiles and permission sets", profiles + perms, map[string]string{
			"ComposeProfile":       "func(pr Profile, perm Permission, mode Mode, choice Choice, modelID string, slots Slots) string",
			"SectionsProfile":      "func(pr Profile, perm Permission, mode Mode, choice Choice, modelID string, slots Slots) []Section",
			"CostNoticeProfile":    "func(pr Profile, perm Permission, mode Mode, choice Choice, modelID string) Notice",
			"ComposePermission":    "func(perm Permission, mode Mode, choice Choice, modelID string, slots Slots) string",
			"SectionsPermission":   "func(perm Permission, mode Mode, choice Choice, modelID string, slots Slots) []Section",
			"CostNoticePermission": "func(perm Permission, mode Mode, choice Choice, modelID string) Notice",
			"DescribeTools":        "func(perm Permission, names []string, allowed func(name string) bool) (string, error)",
			"DescribeToolsArgs":    "func(perm Permission, args string, allowed func(name string) bool) (string, error)",
			"ParsePermission":      "func(s string) (Permission, error)",
			"Permission.Permits":   "func(tool string) bool",
			"Permission.Valid":     "func() bool",
			"Permission.String":    "func() string",
			"Compose":              "func(mode Mode, choice Choice, modelID string, slots Slots) string",
		}},
		{"permission sets only", perms, map[string]string{
			"ComposePermission": "func(perm Permission, mode Mode, choice Choice, modelID string, slots Slots) string",
			"DescribeTools":     "func(perm Permission, names []string, allowed func(name string) bool) (string, error)",
			"ComposeProfile":    "",
			"CostNoticeProfile": "",
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := signatures(t, tc.extra)
			for name, want := range tc.want {
				sig, ok := got[name]
				switch {
				case want == "" && ok:
					t.Errorf("%s exists (%s), want none", name, sig)
				case want != "" && sig != want:
					t.Errorf("%s: %q, want %q", name, sig, want)
				}
			}
		})
	}
}
