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
	for p, text := range files {
		full := filepath.Join(root, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}
