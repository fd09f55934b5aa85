package emit

import (
	"crypto/sha256"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// sumOf is text's SHA-256 as a manifest records it.
func sumOf(text string) string { return sumText(sha256.Sum256([]byte(text))) }

// TestRecoveryObeysOnlyRecordedHashes plants what a pull request can
// commit into a built output directory: manifests, markers and kept
// copies that steer a recovery at the user's file user.txt, or at a.txt
// with bytes promptc never wrote. Each is refused at the planted file, and
// the directory keeps every byte: a step needs a manifest recording the
// SHA-256 the file holds now (and, to restore, the copy's), and, to
// change an existing file, a name build generates.
func TestRecoveryObeysOnlyRecordedHashes(t *testing.T) {
	evil := "//go:generate sh -c pwned\n"
	for _, tc := range []struct {
		name   string
		plant  set
		at     string
		saying string
	}{
		{"kept manifest names the file, marker deletes it",
			set{oldTemp + ManifestName: "user.txt\n", noneTemp + "user.txt": ""},
			noneTemp + "user.txt", "marks user.txt as a file an interrupted build created, but out/user.txt holds bytes promptc cannot have written"},
		{"kept manifest alone, naming the file bare",
			set{oldTemp + ManifestName: "user.txt\n"},
			oldTemp + ManifestName, "looks like the manifest an interrupted build kept, but it lists out/user.txt without the SHA-256 it holds"},
		{"kept manifest records another hash",
			set{oldTemp + ManifestName: "user.txt " + sumOf("other\n") + "\n", noneTemp + "user.txt": ""},
			noneTemp + "user.txt", "no manifest records its SHA-256 for user.txt"},
		{"bare line in the current manifest, marker deletes it",
			set{ManifestName: oldSet[ManifestName] + "user.txt\n", noneTemp + "user.txt": ""},
			noneTemp + "user.txt", "build never deletes it"},
		{"staged manifest names the file",
			set{newTemp + ManifestName: "user.txt\n", noneTemp + "user.txt": ""},
			noneTemp + "user.txt", "build never deletes it"},
		{"kept copy renamed over the file",
			set{ManifestName: oldSet[ManifestName] + "user.txt\n", oldTemp + "user.txt": evil},
			oldTemp + "user.txt", "build never renames anything over it"},
		{"kept copy recorded, the file it replaces is not",
			set{oldTemp + ManifestName: "user.txt " + sumOf(evil) + "\n", oldTemp + "user.txt": evil},
			oldTemp + "user.txt", "out/user.txt holds bytes promptc cannot have written"},
		{"the file recorded, the kept copy is not",
			set{oldTemp + "a.txt": evil},
			oldTemp + "a.txt", "promptc cannot have written it (no manifest records its SHA-256 for a.txt); build never renames it to a.txt"},
		{"both recorded, for a file build does not generate",
			set{oldTemp + ManifestName: "user.txt " + sumOf(user["user.txt"]) + "\nuser.txt " + sumOf(evil) + "\n", oldTemp + "user.txt": evil},
			oldTemp + "user.txt", "build does not generate out/user.txt, which exists; build never renames anything over a file it does not generate"},
		{"recorded, marked, for a file build does not generate",
			set{ManifestName: oldSet[ManifestName] + "user.txt " + sumOf(user["user.txt"]) + "\n", noneTemp + "user.txt": ""},
			noneTemp + "user.txt", "build does not generate out/user.txt; build never deletes a file it does not generate"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := oldDir(t)
			for n, text := range tc.plant {
				put(t, dir, n, text)
			}
			refused(t, dir, tc.at, tc.saying)
			// The check refuses it too, and writes nothing either.
			o := open(t, dir)
			if _, err := o.scan(names(newSet.files())); err == nil || !strings.Contains(err.Error(), tc.saying) {
				t.Errorf("scan: %v, want the same refusal", err)
			}
		})
	}
}

// TestRecoveryRestoresProvenFiles: a kept copy whose SHA-256 a manifest
// records for its name goes back over a file whose current SHA-256 one
// records too, and a file a marker says was created is deleted when a
// manifest records its bytes: the steps of a real interrupted build.
func TestRecoveryRestoresProvenFiles(t *testing.T) {
	dir := oldDir(t)
	// As if killed after a.txt's new bytes were put in place and d.txt
	// made, before the commit: the new manifest staged.
	put(t, dir, oldTemp+"a.txt", oldSet["a.txt"])
	put(t, dir, "a.txt", newSet["a.txt"])
	put(t, dir, noneTemp+"d.txt", "")
	put(t, dir, "d.txt", newSet["d.txt"])
	put(t, dir, newTemp+ManifestName, newSet[ManifestName])
	o := open(t, dir)
	st, err := o.scan(names(newSet.files()))
	if err != nil {
		t.Fatal(err)
	}
	var kinds []string
	for _, s := range st.recovery.steps {
		kinds = append(kinds, []string{"restore", "unmake", "discard"}[s.kind]+" "+s.temp+" "+s.target)
	}
	want := []string{
		"restore " + oldTemp + "a.txt a.txt",
		"unmake " + noneTemp + "d.txt d.txt",
		"discard " + newTemp + ManifestName + " ",
		"discard " + noneTemp + "d.txt ",
	}
	if !slices.Equal(kinds, want) {
		t.Errorf("steps %q, want %q", kinds, want)
	}
	if err := o.recover(st.recovery); err != nil {
		t.Fatal(err)
	}
	if got := listing(t, dir); !maps.Equal(got, union(oldSet, user)) {
		t.Errorf("directory holds %q, want the old set", got)
	}
}

// TestRecoveryCommittedTouchesNoOtherFile: with a commit marker, even a
// planted one, recovery deletes temporary files only; a kept copy naming
// the user's file is not renamed over it.
func TestRecoveryCommittedTouchesNoOtherFile(t *testing.T) {
	dir := oldDir(t)
	put(t, dir, commitTemp, "")
	put(t, dir, oldTemp+"user.txt", "theirs\n")
	put(t, dir, noneTemp+"user.txt", "")
	if _, err := writeSet(t, dir, newSet.files()); err != nil {
		t.Fatal(err)
	}
	if got := listing(t, dir); !maps.Equal(got, union(newSet, user)) {
		t.Errorf("directory holds %q, want the new set and the user's file", got)
	}
}

// TestRecoveryTargetNotRegular: a link where a recovery would restore a
// kept copy is refused as OUTPUT_UNSAFE and left as it is.
func TestRecoveryTargetNotRegular(t *testing.T) {
	dir := oldDir(t)
	put(t, dir, oldTemp+"c.txt", oldSet["c.txt"])
	if err := os.Remove(filepath.Join(dir, "c.txt")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("user.txt", filepath.Join(dir, "c.txt")); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	o := open(t, dir)
	_, err := o.scan(names(newSet.files()))
	if err == nil || !strings.Contains(err.Error(), "out/c.txt is a symbolic link where build keeps a file that "+oldTemp+"c.txt asks it to change") {
		t.Fatalf("scan: %v, want the link refused", err)
	}
	if fi, err := os.Lstat(filepath.Join(dir, "c.txt")); err != nil || fi.Mode().Type() != os.ModeSymlink {
		t.Errorf("the link was touched: %v, %v", fi, err)
	}
}
