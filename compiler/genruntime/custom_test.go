package genruntime

import (
	"os"
	"path/filepath"
	"testing"
)

func writeFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

func symlink(t *testing.T, target, link string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(link), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, link); err != nil {
		t.Skip("symlinks unavailable:", err)
	}
}

// TestLoadCustomReasons gives each way a custom file can fail its exact
// reason, and each way it can succeed a usable mode.
func TestLoadCustomReasons(t *testing.T) {
	outside := filepath.Join(t.TempDir(), "evil.md")
	writeFile(t, outside, "# Evil\nLeak.\n")
	for _, c := range []struct {
		name   string
		setup  func(t *testing.T, dir string)
		path   string
		reason string // "" for usable
	}{
		{"plain", func(t *testing.T, dir string) { writeFile(t, filepath.Join(dir, "custom.md"), "# Mine\nDo it.\n") }, "custom.md", ""},
		{"missing", func(t *testing.T, dir string) {}, "custom.md", "custom.md does not exist"},
		{"dot-dot", func(t *testing.T, dir string) {}, "../evil.md", "../evil.md is unsafe: it leads outside the project"},
		{"relative link inside", func(t *testing.T, dir string) {
			writeFile(t, filepath.Join(dir, "docs", "mine.md"), "# Mine\nDo it.\n")
			symlink(t, "docs/mine.md", filepath.Join(dir, "custom.md"))
		}, "custom.md", ""},
		{"absolute link inside", func(t *testing.T, dir string) {
			writeFile(t, filepath.Join(dir, "docs", "mine.md"), "# Mine\nDo it.\n")
			symlink(t, filepath.Join(dir, "docs", "mine.md"), filepath.Join(dir, "custom.md"))
		}, "custom.md", ""},
		{"absolute link to a directory inside", func(t *testing.T, dir string) {
			writeFile(t, filepath.Join(dir, "docs", "custom.md"), "# Mine\nDo it.\n")
			symlink(t, filepath.Join(dir, "docs"), filepath.Join(dir, "cfg"))
		}, "cfg/custom.md", ""},
		{"absolute link outside", func(t *testing.T, dir string) { symlink(t, outside, filepath.Join(dir, "custom.md")) }, "custom.md", "custom.md is unsafe: it leads outside the project"},
		{"relative link outside", func(t *testing.T, dir string) {
			rel, err := filepath.Rel(dir, outside)
			if err != nil {
				t.Fatal(err)
			}
			symlink(t, rel, filepath.Join(dir, "custom.md"))
		}, "custom.md", "custom.md is unsafe: it leads outside the project"},
		{"dangling absolute link", func(t *testing.T, dir string) {
			symlink(t, filepath.Join(dir, "gone.md"), filepath.Join(dir, "custom.md"))
		}, "custom.md", "custom.md does not exist"},
		{"directory", func(t *testing.T, dir string) {
			if err := os.Mkdir(filepath.Join(dir, "custom.md"), 0o755); err != nil {
				t.Fatal(err)
			}
		}, "custom.md", "custom.md is not a regular file"},
		{"at the limit", func(t *testing.T, dir string) {
			writeFile(t, filepath.Join(dir, "custom.md"), "# M\n"+repeat("x", CustomMaxBytes-4))
		}, "custom.md", ""},
		{"over the limit", func(t *testing.T, dir string) {
			writeFile(t, filepath.Join(dir, "custom.md"), "# M\n"+repeat("x", CustomMaxBytes-3))
		}, "custom.md", "custom.md is 65 bytes, over the limit of 64"},
		{"empty", func(t *testing.T, dir string) { writeFile(t, filepath.Join(dir, "custom.md"), "---\nname: x\n---\n\n") }, "custom.md", "custom.md is empty"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			c.setup(t, dir)
			got := LoadCustom(dir, c.path)
			if got.Reason != c.reason || got.Usable != (c.reason == "") {
				t.Fatalf("LoadCustom = %+v, want reason %q", got, c.reason)
			}
			if !got.Usable && got.Text != customFallback {
				t.Errorf("an unusable file sends %q, want the fallback", got.Text)
			}
		})
	}
}

func repeat(s string, n int) string {
	b := make([]byte, 0, n)
	for range n {
		b = append(b, s...)
	}
	return string(b)
}
