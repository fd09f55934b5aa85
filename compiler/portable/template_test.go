package portable

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestTemplateTreeForm: the parse tree is written in the documented form:
// an else branch as the fourth element, a variable's fields without its
// name, an assignment marked apart from a declaration.
func TestTemplateTreeForm(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{`{{if .A}}y{{else}}n{{end}}`, `[["if",{"assign":false,"cmds":[[["field",["A"]]]],"decl":[]},[["text","y"]],[["text","n"]]]]`},
		{`{{range $i, $e := .L}}{{$e.P.Q}}{{end}}`, `[["range",{"assign":false,"cmds":[[["field",["L"]]]],"decl":["$i","$e"]},[["action",{"assign":false,"cmds":[[["var","$e",["P","Q"]]]],"decl":[]}]],[]]]`},
		{`{{$x := 1}}{{$x = 2}}`, `[["action",{"assign":false,"cmds":[[["int",1]]],"decl":["$x"]}],["action",{"assign":true,"cmds":[[["int",2]]],"decl":["$x"]}]]`},
		{`{{with $v := .A}}{{$v}}{{end}}`, `[["with",{"assign":false,"cmds":[[["field",["A"]]]],"decl":["$v"]},[["action",{"assign":false,"cmds":[[["var","$v",[]]]],"decl":[]}]],[]]]`},
	} {
		tree, err := TemplateTree("t", tc.src)
		if err != nil {
			t.Fatalf("%s: %v", tc.src, err)
		}
		b, err := json.Marshal(tree)
		if err != nil {
			t.Fatal(err)
		}
		if string(b) != tc.want {
			t.Errorf("%s:\n got  %s\n want %s", tc.src, b, tc.want)
		}
	}
}

// TestTemplateTreeNumbers: integers exact in JavaScript (|n| <= 2^53) are
// shipped; larger ones either way are refused, as are floats.
func TestTemplateTreeNumbers(t *testing.T) {
	for src, want := range map[string]string{
		"{{9007199254740992}}":  "",
		"{{-9007199254740992}}": "",
		"{{9007199254740993}}":  "number 9007199254740993 is too large to be exact in JavaScript",
		"{{-9007199254740993}}": "number -9007199254740993 is too large to be exact in JavaScript",
		"{{1.5}}":               "number 1.5: a template part's numbers are integers",
	} {
		_, err := TemplateTree("t", src)
		if want == "" && err != nil || want != "" && (err == nil || !strings.Contains(err.Error(), want)) {
			t.Errorf("%s: %v, want %q", src, err, want)
		}
	}
}
