package emit

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// padded returns manifest with a comment line appended that brings it to
// exactly size bytes.
func padded(t *testing.T, manifest string, size int) string {
	t.Helper()
	pad := size - len(manifest) - len("#\n")
	if pad < 0 {
		t.Fatalf("manifest of %d bytes is over %d", len(manifest), size)
	}
	return manifest + "#" + strings.Repeat("x", pad) + "\n"
}

// TestManifestSizeCap checks that a manifest of MaxManifestSize bytes is
// read (the orphan it lists is removed), and one byte more is refused at
// its first line, with nothing written, whether it is the manifest or one
// an interrupted build kept or staged.
func TestManifestSizeCap(t *testing.T) {
	// The orphan is removed when this machine's record proves promptc
	// wrote it: the first build records it in this cache.
	t.Setenv("PROMPTC_CACHE", t.TempDir())
	for _, name := range []string{ManifestName, oldTemp + ManifestName, newTemp + ManifestName} {
		t.Run(name, func(t *testing.T) {
			at := t.TempDir()
			if _, err := writeSet(t, at, oldSet.files()); err != nil {
				t.Fatal(err)
			}
			big := padded(t, oldSet[ManifestName], MaxManifestSize)
			if err := os.WriteFile(filepath.Join(at, ManifestName), []byte(big), 0o644); err != nil {
				t.Fatal(err)
			}
			if _, err := writeSet(t, at, newSet.files()); err != nil {
				t.Fatalf("a manifest of exactly %d bytes: %v", MaxManifestSize, err)
			}
			if _, err := os.Stat(filepath.Join(at, "c.txt")); !errors.Is(err, os.ErrNotExist) {
				t.Errorf("c.txt, listed by the manifest at the limit, not removed: %v", err)
			}

			over := t.TempDir()
			if _, err := writeSet(t, over, oldSet.files()); err != nil {
				t.Fatal(err)
			}
			big = padded(t, oldSet[ManifestName], MaxManifestSize+1)
			if err := os.WriteFile(filepath.Join(over, name), []byte(big), 0o644); err != nil {
				t.Fatal(err)
			}
			before := listing(t, over)
			_, err := writeSet(t, over, newSet.files())
			var ue *UnsafeError
			if !errors.As(err, &ue) || len(ue.Diagnostics) != 1 {
				t.Fatalf("a manifest of %d bytes: %v, want one finding", MaxManifestSize+1, err)
			}
			d := ue.Diagnostics[0]
			if got, want := d.Pos.String(), "out/"+name+":1:1"; got != want || !strings.Contains(d.Message, "1048577 bytes, more than the 1048576") {
				t.Errorf("finding at %s: %s; want at %s, naming its size and the limit", got, d.Message, want)
			}
			if after := listing(t, over); len(after) != len(before) || after["c.txt"] != before["c.txt"] || after[name] != before[name] {
				t.Errorf("the directory changed: %d entries before, %d after", len(before), len(after))
			}
		})
	}
}
