package include

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/promptc/promptc/compiler/source"
	"github.com/promptc/promptc/internal/testtree"
)

// FuzzExpand builds a small project from the input (files of include lines
// that reach each other, out of the root through "..", absolute paths and
// symlinks, at FIFOs and directories, and inside code and comments) and
// checks that Expand never panics, never opens anything outside the root,
// and keeps its promises about spans, files and limits.
func FuzzExpand(f *testing.F) {
	f.Add([]byte{0, 1, 2, 0xF1, 0, 3, 0xF2, 4, 5}, uint32(0xFFFFFFFF))
	f.Add([]byte{6, 7, 8, 9, 10, 11, 12, 0xF1, 0}, uint32(12345))
	f.Add([]byte{13, 14, 15, 16, 0, 17, 18, 19, 0xF3, 1, 0xEE, 'x', '@', 'a'}, uint32(7))
	f.Add([]byte("\x00\x01\xf1\x01\x02\xf2\x02\x00\xf3\x03\x04"), uint32(0))
	f.Fuzz(func(t *testing.T, data []byte, knobs uint32) {
		outside := t.TempDir()
		if err := os.MkdirAll(filepath.Join(outside, "dir"), 0o755); err != nil {
			t.Fatal(err)
		}
		for _, p := range []string{"secret.md", "dir/secret.md"} {
			if err := os.WriteFile(filepath.Join(outside, p), []byte("SECRET\n"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		abs := filepath.ToSlash(filepath.Join(outside, "secret.md"))
		pieces := []string{
			"@b.md", "@sub/c.md", "@c.md", "@a.md", "@../a.md", "@../../a.md", "@/etc/passwd", "@" + abs,
			"@link.md", "@outdir/secret.md", "@inlink.md", "@sub/", "@fifo.md", "@missing.md", "```", "~~~",
			"    @b.md", "<!--", "-->", "text line", "@deep/d.md", "@../b.md", "@uplink.md", "@sub/deep/d.md",
			"  @b.md  ", "> @b.md", "- @b.md", "@e.txt", "", "é", "@./b.md", "@sub/../b.md",
		}
		names := []string{"a.md", "b.md", "sub/c.md", "sub/deep/d.md", "e.txt"}
		content := map[string]*strings.Builder{}
		for _, n := range names {
			content[n] = &strings.Builder{}
		}
		cur := "a.md"
		for i := 0; i < len(data) && i < 400; i++ {
			c := data[i]
			switch {
			case c >= 0xF0:
				cur = names[int(c-0xF0)%len(names)]
			case c == 0xEE && i+1 < len(data):
				// Raw bytes up to the next 0xEE become one line.
				j := i + 1
				for j < len(data) && data[j] != 0xEE && j-i < 40 {
					j++
				}
				content[cur].Write(data[i+1 : j])
				content[cur].WriteByte('\n')
				i = j
			default:
				content[cur].WriteString(pieces[int(c)%len(pieces)])
				content[cur].WriteByte('\n')
			}
		}
		root := t.TempDir()
		for _, n := range names {
			full := filepath.Join(root, filepath.FromSlash(n))
			if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(full, []byte(content[n].String()), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		for name, target := range map[string]string{
			"link.md":       filepath.Join(outside, "secret.md"),
			"outdir":        filepath.Join(outside, "dir"),
			"inlink.md":     "a.md",
			"sub/uplink.md": "../b.md",
			"sub/out.md":    "../../" + filepath.Base(outside) + "/secret.md",
		} {
			if err := os.Symlink(target, filepath.Join(root, filepath.FromSlash(name))); err != nil {
				t.Skipf("symlinks unavailable: %v", err)
			}
		}
		if runtime.GOOS != "windows" {
			if err := testtree.FIFO(t, filepath.Join(root, "fifo.md")); err != nil {
				t.Fatal(err)
			}
		}

		lim := Limits{
			MaxDepth:      int(knobs % 6),
			MaxFiles:      int(knobs >> 3 % 9),
			MaxTotalChars: int(knobs >> 7 % 500),
			MaxFileChars:  int(knobs >> 16 % 300),
		}
		full := lim.withDefaults()
		fsys, err := source.Open(root)
		if err != nil {
			t.Fatal(err)
		}
		defer fsys.Close()
		first := int(knobs>>25) % 4
		res, ds := Expand(fsys, "a.md", first, 0, lim)
		checkSpans(t, res)

		text := Join(res.Spans)
		if strings.Contains(text, "SECRET") {
			t.Fatal("text from outside the root was included")
		}
		rootReal, err := filepath.EvalSymlinks(root)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range fsys.Opened() {
			real, err := filepath.EvalSymlinks(filepath.Join(root, filepath.FromSlash(p)))
			if err != nil || !strings.HasPrefix(real, rootReal+string(filepath.Separator)) {
				t.Fatalf("opened %s, which resolves to %s (%v), outside %s", p, real, err, rootReal)
			}
		}
		if len(res.Files) > full.MaxFiles {
			t.Fatalf("%d files reached, limit %d", len(res.Files), full.MaxFiles)
		}
		rootOver := false
		for _, d := range ds {
			if d.Rule == "" || d.Message == "" || d.Pos.Path == "" {
				t.Fatalf("malformed diagnostic %+v", d)
			}
			if d.Pos.Path != "" && d.Pos.Line == 0 && d.Pos.Path != "a.md" {
				t.Fatalf("diagnostic without a line: %v", d)
			}
			if d.Rule == RuleTotalChars && d.Pos.Path == "a.md" && strings.HasPrefix(d.Message, "the text of a.md") {
				rootOver = true
			}
		}
		if n := utf8.RuneCountInString(text); n > full.MaxTotalChars && !rootOver {
			t.Fatalf("%d characters, over the limit of %d, and a.md's own text was not reported", n, full.MaxTotalChars)
		}
	})
}
