package family

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/promptc/promptc/compiler/include"
	"github.com/promptc/promptc/compiler/source"
)

// FuzzParse parses arbitrary bytes as a family file, with and without
// include expansion. Parse never panics; every note's marker line is inside
// the file; and the short line, the body and every note are substrings of
// the file's text (unexpanded) or of its expansion (expanded), promptc's
// directive lines removed from both, since sections never carry them.
//
// The project beside the fuzzed file holds a few files to include, so that
// includes, nested includes, cycles and escapes are reached.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"",
		"---\nfamily: x\nprovenance: original text\n---\nLine.\n\nBody.\n<!-- model \"A\" /a/i -->\nNote A.\n<!-- model \"B\" /b/ -->\nNote B.\n",
		"---\nfamily: x\n---\n<!-- model \"A\" /a/ -->\n",
		"---\nfamily: x\nprovenance: p\n---\nLine.\n\n```\n<!-- model \"Q\" /q/ -->\n```\n<!-- model \"R\" /r/ -->\nR.\n",
		"---\nfamily: x\nprovenance: p\n---\nLine.\n\n@a.md\n<!-- model \"A\" /a/ -->\npre\n@a.md\npost\n@sub/b.md\n",
		"---\nfamily: x\nprovenance: p\n---\n@x.prompt.md\n@../outside.md\n@/abs.md\n@sub\n",
		"---\nfamily: x\nprovenance: p\n---\nLine.\n<!-- promptc:ignore X reason -->\nBody.\n<!-- model \"A\" /(?<=a)b/g -->\n<!-- model A /a/ -->\n<!-- model \"\" // -->\n",
		"---\r\nfamily: x\r\n---\r\nLine.\r\n",
		"---\nfamily: [\n---\n",
		"no header\n<!-- model \"A\" /a/ -->\n",
		"   <!-- model \"A\" /a/ -->\n    <!-- model \"B\" /b/ -->\n> <!-- model \"C\" /c/ -->\n",
		"---\nfamily: x\n---\n<!-- model \"A\" /[/ -->\n<!--model \"B\" /\\p{L}/u-->\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 1<<14 {
			return // the include limits would cut the expansion differently
		}
		dir := t.TempDir()
		write := func(p, text string) {
			full := filepath.Join(dir, filepath.FromSlash(p))
			if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(full, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		const p = "fam/x.prompt.md"
		write(p, string(data))
		write("fam/a.md", "Included A.\n")
		write("fam/sub/b.md", "Included B.\n@../a.md\n@c.md\n")
		write("fam/sub/c.md", "Included C, no final newline")
		write("fam/loop.md", "@loop.md\n")
		write("outside.md", "Above the family folder.\n")

		for _, expand := range []bool{false, true} {
			fs, err := source.Open(dir)
			if err != nil {
				t.Fatal(err)
			}
			fam, _ := Parse(fs, p, Options{Expand: expand})
			if fam == nil {
				fs.Close()
				continue // unreadable: invalid UTF-8, NUL, BOM
			}
			file, err := fs.Read(p)
			if err != nil {
				t.Fatalf("Parse succeeded but Read fails: %v", err)
			}
			for _, n := range fam.Notes {
				if n.Pos.Path != p || n.Pos.Line < 1 || n.Pos.Line > len(file.Lines) {
					t.Fatalf("note %q at %s, outside the file's %d lines", n.Label, n.Pos, len(file.Lines))
				}
			}
			var ref string
			diamond := false
			if expand {
				r, ds := include.Expand(fs, p, 1, 0, include.Limits{})
				for _, d := range ds {
					// When a file is reached twice, the whole-file expansion
					// keeps it once while sections expand it each; the texts
					// then differ by design.
					if d.Rule == include.RuleDiamond {
						diamond = true
					}
				}
				ref = include.Text(include.Filter(r.Spans, IsDirective))
			} else {
				ref = include.Text(include.Filter(include.Raw(file, 1, 0), IsDirective))
			}
			sections := map[string]Section{"line": fam.Line, "body": fam.Body}
			for _, n := range fam.Notes {
				sections["note "+n.Label] = n.Section
			}
			for name, s := range sections {
				text := s.Text()
				if strings.Contains(text, "\r") {
					t.Fatalf("%s text %q holds a carriage return", name, text)
				}
				if diamond {
					continue
				}
				if !strings.Contains(ref, text) {
					t.Fatalf("expand=%v: %s text %q is not in the file's text %q", expand, name, text, ref)
				}
			}
			fs.Close()
		}
	})
}
