// Written by hand: tests of the generated LoadCustom in temporary projects.
package generated_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/promptc/promptc/compiler"
	prompts "github.com/promptc/promptc/generated"
)

func writeCustom(t *testing.T, dir, content string) string {
	t.Helper()
	p := filepath.Join(dir, filepath.FromSlash(prompts.CustomFile))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestLoadCustom(t *testing.T) {
	boundary := prompts.LoadCustom(t.TempDir()).Text // the fallback
	if boundary == "" {
		t.Fatal("fallback text is empty")
	}
	cases := []struct {
		name, content string
		wantName      string
		wantUsable    bool
		wantReason    string
		wantText      string
	}{
		{"frontmatter name", "---\nname: Reviewer\n---\n# Review mode\nReview {{cwd}} only.\n", "Reviewer", true, "", "# Review mode\nReview DIR only."},
		{"heading only", "## Docs writer\nWrite docs.\n", "Docs writer", true, "", "## Docs writer\nWrite docs."},
		{"no name", "Just instructions.\n", "", true, "", "Just instructions."},
		{"empty", "\n\n", "", false, "is empty", ""},
		{"frontmatter only", "---\nname: X\n---\n", "", false, "is empty", ""},
		{"invalid utf-8", "bad \xff byte\n", "", false, "not valid UTF-8", ""},
		{"multibyte at the limit", strings.Repeat("é", prompts.CustomMaxBytes/2), "", true, "", strings.Repeat("é", prompts.CustomMaxBytes/2)},
		{"over 32 KiB", strings.Repeat("a", prompts.CustomMaxBytes+1), "", false, "over the limit", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			writeCustom(t, dir, c.content)
			got := prompts.LoadCustom(dir)
			if got.Usable != c.wantUsable || got.Name != c.wantName || !strings.Contains(got.Reason, c.wantReason) {
				t.Fatalf("LoadCustom = %+v", got)
			}
			if !c.wantUsable {
				if got.Text != boundary {
					t.Fatalf("unusable file sends %q, want the boundary", got.Text)
				}
				return
			}
			if want := strings.ReplaceAll(c.wantText, "DIR", dir); got.Text != want {
				t.Fatalf("Text = %q, want %q", got.Text, want)
			}
			// The compiler's check reads names the same way.
			if name, _ := compiler.CustomName(c.content); name != got.Name {
				t.Fatalf("compiler.CustomName = %q, LoadCustom = %q", name, got.Name)
			}
		})
	}
}

func TestLoadCustomMissing(t *testing.T) {
	got := prompts.LoadCustom(t.TempDir())
	if got.Usable || !strings.Contains(got.Reason, "does not exist") {
		t.Fatalf("LoadCustom = %+v", got)
	}
	if strings.Contains(got.Text, "Working core") || got.Text == "" {
		t.Fatalf("missing file must send the boundary, got %q", got.Text)
	}
}

func TestLoadCustomSymlinks(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "docs", "mine.md")
	os.MkdirAll(filepath.Dir(target), 0o755)
	os.WriteFile(target, []byte("# Inside\nText.\n"), 0o644)
	link := filepath.Join(dir, filepath.FromSlash(prompts.CustomFile))
	os.MkdirAll(filepath.Dir(link), 0o755)
	rel, _ := filepath.Rel(filepath.Dir(link), target)
	if err := os.Symlink(rel, link); err != nil {
		t.Skip("symlinks unavailable:", err)
	}
	if got := prompts.LoadCustom(dir); !got.Usable || got.Name != "Inside" {
		t.Fatalf("symlink inside the project: %+v", got)
	}

	outside := filepath.Join(t.TempDir(), "evil.md")
	os.WriteFile(outside, []byte("# Evil\nLeak.\n"), 0o644)
	os.Remove(link)
	os.Symlink(outside, link)
	got := prompts.LoadCustom(dir)
	if got.Usable || !strings.Contains(got.Reason, "unsafe") || strings.Contains(got.Text, "Leak") {
		t.Fatalf("symlink leaving the project: %+v", got)
	}
}

func TestLoadCustomFIFO(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, filepath.FromSlash(prompts.CustomFile))
	os.MkdirAll(filepath.Dir(p), 0o755)
	if err := mkfifo(p); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	if got := prompts.LoadCustom(dir); got.Usable || !strings.Contains(got.Reason, "not a regular file") {
		t.Fatalf("FIFO: %+v", got)
	}
}

func TestLoadCustomRefusesNULAndBOM(t *testing.T) {
	for name, content := range map[string]string{"NUL": "# X\nbad \x00 byte\n", "BOM": "\ufeff# X\ntext\n"} {
		dir := t.TempDir()
		writeCustom(t, dir, content)
		if got := prompts.LoadCustom(dir); got.Usable {
			t.Errorf("%s: LoadCustom accepted the file: %+v", name, got)
		}
	}
}
