package source

import (
	"bytes"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzDecode checks that any file content is either refused with a
// positioned diagnostic or turned into clean text whose lines match.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{"", "a\n", "a\r\nb", "a\rb\r", "\uFEFFx", "x\x00", "\xff", "é\xe2\x82", "a\n\r\n\r"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		orig := bytes.Clone(b)
		file, re := decode("f.md", b)
		if re != nil {
			d := re.Diag
			if d.Pos.Path != "f.md" || d.Pos.Line < 1 || d.Pos.Col < 1 || !strings.HasPrefix(d.Message, "f.md ") {
				t.Fatalf("bad diagnostic %v", d)
			}
			if utf8.Valid(orig) && bytes.IndexByte(orig, 0) < 0 && !bytes.Contains(orig, []byte("\uFEFF")) {
				t.Fatalf("clean input refused: %v", d)
			}
			return
		}
		if !utf8.ValidString(file.Text) || strings.ContainsAny(file.Text, "\x00\r\uFEFF") {
			t.Fatalf("unclean text %q", file.Text)
		}
		want := strings.ReplaceAll(strings.ReplaceAll(string(orig), "\r\n", "\n"), "\r", "\n")
		if file.Text != want {
			t.Fatalf("text %q, want %q", file.Text, want)
		}
		if (len(file.Diags) > 0) != bytes.Contains(orig, []byte{'\r'}) {
			t.Fatalf("diags %v for %q", file.Diags, orig)
		}
		n := strings.Count(file.Text, "\n")
		if file.Text != "" && !strings.HasSuffix(file.Text, "\n") {
			n++
		}
		if len(file.Lines) != n {
			t.Fatalf("%d lines, want %d", len(file.Lines), n)
		}
	})
}
