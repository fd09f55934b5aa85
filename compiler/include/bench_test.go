package include

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/promptc/promptc/compiler/source"
)

// benchTree writes a project of n files: a root including groups of ten
// leaf files through group files, each file about 600 bytes of prose with a
// fenced example, and returns its root and total size in bytes.
func benchTree(b *testing.B, n int) (string, int64) {
	root := b.TempDir()
	body := func(title string) string {
		return "## " + title + "\n\nKeep answers short and concrete. Prefer the project's scripts over ad-hoc\n" +
			"commands, and say which checks you ran. When a tool's output is truncated, ask\n" +
			"for the part you need instead of guessing. Never commit secrets.\n\n" +
			"```md\n@not/an/include.md\n```\n\n- read before you edit\n- keep changes small\n- report what changed\n\n"
	}
	var size int64
	write := func(p, text string) {
		full := filepath.Join(root, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(text), 0o644); err != nil {
			b.Fatal(err)
		}
		size += int64(len(text))
	}
	var rootText strings.Builder
	rootText.WriteString(body("Root"))
	files := 1
	for g := 0; files < n; g++ {
		var group strings.Builder
		group.WriteString(body(fmt.Sprintf("Group %d", g)))
		files++
		for l := 0; l < 10 && files < n; l++ {
			fmt.Fprintf(&group, "@leaf%02d.md\n", l)
			write(fmt.Sprintf("parts/g%03d/leaf%02d.md", g, l), body(fmt.Sprintf("Leaf %d.%d", g, l)))
			files++
		}
		write(fmt.Sprintf("parts/g%03d/group.md", g), group.String())
		fmt.Fprintf(&rootText, "@parts/g%03d/group.md\n", g)
	}
	write("root.md", rootText.String())
	return root, size
}

// BenchmarkExpand expands a whole project from a fresh FS each time, so the
// figure includes opening, validating and scanning every file.
func BenchmarkExpand(b *testing.B) {
	for _, n := range []int{100, 1000} {
		b.Run(fmt.Sprintf("files=%d", n), func(b *testing.B) {
			root, size := benchTree(b, n)
			lim := Limits{MaxDepth: 8, MaxFiles: n, MaxTotalChars: int(size), MaxFileChars: 16000}
			b.ReportAllocs()
			b.SetBytes(size)
			for b.Loop() {
				fsys, err := source.Open(root)
				if err != nil {
					b.Fatal(err)
				}
				res, ds := Expand(fsys, "root.md", 1, 0, lim)
				if len(ds) != 0 || len(res.Files) != n {
					b.Fatalf("%d files, diagnostics %v", len(res.Files), ds)
				}
				fsys.Close()
			}
		})
	}
}

// BenchmarkExpandCached expands from an FS that has already read every
// file: the cost of expansion alone.
func BenchmarkExpandCached(b *testing.B) {
	for _, n := range []int{100, 1000} {
		b.Run(fmt.Sprintf("files=%d", n), func(b *testing.B) {
			root, size := benchTree(b, n)
			lim := Limits{MaxDepth: 8, MaxFiles: n, MaxTotalChars: int(size), MaxFileChars: 16000}
			fsys, err := source.Open(root)
			if err != nil {
				b.Fatal(err)
			}
			defer fsys.Close()
			Expand(fsys, "root.md", 1, 0, lim)
			b.ReportAllocs()
			b.SetBytes(size)
			for b.Loop() {
				if res, ds := Expand(fsys, "root.md", 1, 0, lim); len(ds) != 0 || len(res.Files) != n {
					b.Fatalf("%d files, diagnostics %v", len(res.Files), ds)
				}
			}
		})
	}
}
