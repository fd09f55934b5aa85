package regular

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"
)

func openRoot(t *testing.T) (string, *os.Root) {
	t.Helper()
	dir := t.TempDir()
	r, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close() })
	return dir, r
}

func TestReplaceWritesAndKeepsMode(t *testing.T) {
	dir, r := openRoot(t)
	if err := os.WriteFile(filepath.Join(dir, "a.md"), []byte("old"), 0o640); err != nil {
		t.Fatal(err)
	}
	_, fi, err := ReadInfo(r, "a.md", 100)
	if err != nil {
		t.Fatal(err)
	}
	if err := Replace(r, "a.md", []byte("new"), fi); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(filepath.Join(dir, "a.md"))
	if string(b) != "new" {
		t.Errorf("content %q, want %q", b, "new")
	}
	if got, _ := os.Stat(filepath.Join(dir, "a.md")); runtime.GOOS != "windows" && got.Mode().Perm() != 0o640 {
		t.Errorf("mode %v, want 0640", got.Mode().Perm())
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("directory holds %d entries, want the file alone (no temporary file left)", len(entries))
	}
}

func TestReplaceRefusesLinkAndChange(t *testing.T) {
	dir, r := openRoot(t)
	target := filepath.Join(dir, "target.md")
	if err := os.WriteFile(target, []byte("kept"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, fi, err := ReadInfo(r, "target.md", 100)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("target.md", filepath.Join(dir, "link.md")); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	var nr *NotRegularError
	if err := Replace(r, "link.md", []byte("new"), fi); !errors.As(err, &nr) {
		t.Errorf("replacing a link: got %v, want a *NotRegularError", err)
	}
	if err := os.Link(target, filepath.Join(dir, "hard.md")); err == nil && runtime.GOOS != "windows" {
		if err := Replace(r, "target.md", []byte("new"), fi); !errors.As(err, &nr) || nr.Links != 2 {
			t.Errorf("replacing a hard link: got %v, want a *NotRegularError with 2 links", err)
		}
		os.Remove(filepath.Join(dir, "hard.md"))
	}
	// The file is edited after it was read: its modification time moves.
	later := fi.ModTime().Add(time.Second)
	if err := os.Chtimes(target, later, later); err != nil {
		t.Fatal(err)
	}
	var ce *ChangedError
	if err := Replace(r, "target.md", []byte("new"), fi); !errors.As(err, &ce) {
		t.Errorf("replacing a file changed since read: got %v, want a *ChangedError", err)
	}
	if b, _ := os.ReadFile(target); string(b) != "kept" {
		t.Errorf("target holds %q, want it untouched", b)
	}
}

// TestReplaceKeepsModeDespiteUmask checks that the replacement gets the
// file's permissions exactly, also those the process's umask would clear
// on a new file.
func TestReplaceKeepsModeDespiteUmask(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no permission bits on Windows")
	}
	dir, r := openRoot(t)
	p := filepath.Join(dir, "a.md")
	if err := os.WriteFile(p, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(p, 0o666); err != nil {
		t.Fatal(err)
	}
	_, fi, err := ReadInfo(r, "a.md", 100)
	if err != nil {
		t.Fatal(err)
	}
	if err := Replace(r, "a.md", []byte("new"), fi); err != nil {
		t.Fatal(err)
	}
	got, err := os.Stat(p)
	if err != nil {
		t.Fatal(err)
	}
	if got.Mode().Perm() != 0o666 {
		t.Errorf("mode %v, want 0666", got.Mode().Perm())
	}
}
