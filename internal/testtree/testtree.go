// Package testtree writes small file trees for tests.
package testtree

import (
	"os"
	"path/filepath"
	"testing"
)

// Write creates files (slash path -> text) below a fresh temporary
// directory, with their parent directories, and returns the directory. It
// fails the test on any error.
func Write(t testing.TB, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	Add(t, root, files)
	return root
}

// Add creates files (slash path -> text) below the existing directory
// root, with their parent directories, replacing files that exist. It
// fails the test on any error.
func Add(t testing.TB, root string, files map[string]string) {
	t.Helper()
	for p, text := range files {
		full := filepath.Join(root, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
