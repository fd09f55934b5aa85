package emit

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

func read(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestWriteCrashBeforeRenameKeepsOutput simulates a build killed between
// writing a temporary file and renaming it into place: the previous output
// must stay intact and no temporary file may be left behind.
func TestWriteCrashBeforeRenameKeepsOutput(t *testing.T) {
	dir := t.TempDir()
	old := []File{{"a.txt", []byte("old a\n")}, {ManifestName, []byte("a.txt\n")}}
	if _, _, err := Write(dir, old); err != nil {
		t.Fatal(err)
	}
	rename = func(string, string) error { return errors.New("killed") }
	defer func() { rename = os.Rename }()
	_, _, err := Write(dir, []File{{"a.txt", []byte("new a\n")}, {ManifestName, []byte("a.txt\n")}})
	if err == nil {
		t.Fatal("Write succeeded although rename failed")
	}
	if got := read(t, filepath.Join(dir, "a.txt")); got != "old a\n" {
		t.Fatalf("a.txt = %q after a failed rename, want the previous output", got)
	}
	entries, _ := os.ReadDir(dir)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if !slices.Equal(names, []string{ManifestName, "a.txt"}) {
		t.Fatalf("directory holds %v, want only the previous output", names)
	}
}

// TestWriteOnlyChangedAndOrphans checks that unchanged files are not
// rewritten, files dropped from the manifest are removed, and files never
// listed are untouched.
func TestWriteOnlyChangedAndOrphans(t *testing.T) {
	dir := t.TempDir()
	first := []File{{"a.txt", []byte("a\n")}, {"b.txt", []byte("b\n")}, {ManifestName, []byte("a.txt\nb.txt\n")}}
	if _, _, err := Write(dir, first); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "user.txt"), []byte("mine\n"), 0o644)
	written, removed, err := Write(dir, []File{{"a.txt", []byte("a\n")}, {ManifestName, []byte("a.txt\n")}})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(written, []string{ManifestName}) {
		t.Errorf("written = %v, want only the manifest", written)
	}
	if !slices.Equal(removed, []string{"b.txt"}) {
		t.Errorf("removed = %v, want [b.txt]", removed)
	}
	if read(t, filepath.Join(dir, "user.txt")) != "mine\n" {
		t.Error("a file promptc did not create was touched")
	}
}
