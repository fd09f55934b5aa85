package emit

import (
	"errors"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestLockRefusesSecond: while one handle holds the output directory's
// lock, a second acquisition is refused at once with a *BusyError naming
// the directory; once released, it succeeds.
func TestLockRefusesSecond(t *testing.T) {
	dir := t.TempDir()
	first, second := open(t, dir), open(t, dir)
	unlock, err := first.lock()
	if err != nil {
		t.Fatal(err)
	}
	_, err = second.lock()
	var be *BusyError
	if !errors.As(err, &be) || be.Dir != "out" {
		t.Fatalf("second lock: %v, want a *BusyError for out", err)
	}
	unlock()
	unlock2, err := second.lock()
	if err != nil {
		t.Fatalf("lock after release: %v", err)
	}
	unlock2()
}

// refused writes newSet over dir and checks that it is refused with one
// OUTPUT_UNSAFE finding at out/name saying why, and that dir is unchanged.
func refused(t *testing.T, dir, name, why string) {
	t.Helper()
	before := listing(t, dir)
	_, err := writeSet(t, dir, newSet.files())
	var ue *UnsafeError
	if !errors.As(err, &ue) || len(ue.Diagnostics) != 1 || ue.Diagnostics[0].Pos.Path != "out/"+name ||
		!strings.Contains(ue.Diagnostics[0].Message, why) {
		t.Fatalf("write: %v; want one OUTPUT_UNSAFE at out/%s saying %q", err, name, why)
	}
	if got := listing(t, dir); !maps.Equal(got, before) {
		t.Errorf("a refused write changed the directory: %q, was %q", got, before)
	}
}

// TestWriteOwnsOnlyItsFiles: a file to replace that the manifest does not
// list, or lists with another hash, and an orphan edited since, are
// refused and keep their bytes; a file already equal to the new one is
// adopted without being written.
func TestWriteOwnsOnlyItsFiles(t *testing.T) {
	t.Run("unlisted", func(t *testing.T) {
		dir := oldDir(t)
		m := strings.Replace(oldSet[ManifestName], "a.txt ", "x.txt ", 1)
		put(t, dir, ManifestName, m)
		refused(t, dir, "a.txt", "promptc did not write it")
	})
	t.Run("edited", func(t *testing.T) {
		dir := oldDir(t)
		put(t, dir, "a.txt", "old a, edited\n")
		refused(t, dir, "a.txt", "it was edited since promptc wrote it")
	})
	t.Run("orphan edited", func(t *testing.T) {
		dir := oldDir(t)
		put(t, dir, "c.txt", "old c, edited\n")
		refused(t, dir, "c.txt", "and build no longer generates it; build never deletes")
	})
	// The manifest alone proves nothing: an orphan is deleted only when a
	// record of this machine says promptc wrote these bytes there.
	t.Run("orphan planted", func(t *testing.T) {
		t.Setenv("PROMPTC_CACHE", t.TempDir())
		refused(t, plantedDir(t), "c.txt", "only "+ManifestName+" says promptc wrote it")
	})
	t.Run("orphan with the cache off", func(t *testing.T) {
		dir := oldDir(t)
		t.Setenv("PROMPTC_CACHE", "off")
		refused(t, dir, "c.txt", "only "+ManifestName+" says promptc wrote it")
	})
	t.Run("orphan recorded elsewhere", func(t *testing.T) {
		// The same bytes written by a build of another directory.
		oldDir(t)
		refused(t, plantedDir(t), "c.txt", "only "+ManifestName+" says promptc wrote it")
	})
	t.Run("orphan recorded with other bytes", func(t *testing.T) {
		dir := plantedDir(t)
		t.Setenv("PROMPTC_CACHE", t.TempDir())
		open(t, dir).recordWritten([]File{{"c.txt", []byte("older c\n")}})
		refused(t, dir, "c.txt", "only "+ManifestName+" says promptc wrote it")
	})
	t.Run("orphan recorded", func(t *testing.T) {
		dir := oldDir(t)
		res, err := writeSet(t, dir, newSet.files())
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(res.Removed, []string{"c.txt"}) {
			t.Errorf("removed %q, want [c.txt]", res.Removed)
		}
	})
	t.Run("equal adopted", func(t *testing.T) {
		dir := t.TempDir()
		put(t, dir, "d.txt", newSet["d.txt"])
		res, err := writeSet(t, dir, newSet.files())
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range res.Written {
			if n == "d.txt" {
				t.Error("d.txt, already equal, was written")
			}
		}
		if got := listing(t, dir); !maps.Equal(got, newSet) {
			t.Errorf("directory holds %q, want the new set", got)
		}
	})
}

// put writes text to dir/name.
func put(t *testing.T, dir, name, text string) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestLeftoverForForeignName: a planted temporary file that would make
// recovery delete or overwrite a file build neither generates nor lists
// is refused at its name, and the directory keeps every byte.
func TestLeftoverForForeignName(t *testing.T) {
	for _, planted := range []string{noneTemp + "user.txt", oldTemp + "user.txt"} {
		dir := oldDir(t)
		put(t, dir, planted, "theirs\n")
		refused(t, dir, planted, "promptc cannot have written")
	}
}

// TestRollbackSaysWhatIsTrue: when a write fails and its rollback does
// not leave the previous set (a temporary file appears meanwhile, as
// another writer's would), the error does not claim the previous files
// were restored.
func TestRollbackSaysWhatIsTrue(t *testing.T) {
	dir := oldDir(t)
	beforeStep = func(step string) error {
		switch {
		case step == "replace a.txt":
			return errors.New("disk on fire")
		case strings.HasPrefix(step, "restore "):
			put(t, dir, newTemp+"zz.txt", "another writer's\n")
		}
		return nil
	}
	defer func() { beforeStep = nil }()
	_, err := writeSet(t, dir, newSet.files())
	if err == nil || strings.Contains(err.Error(), "restored") || !strings.Contains(err.Error(), "did not leave one complete set") {
		t.Fatalf("error %v; want it to say the rollback did not leave one complete set", err)
	}
	beforeStep = nil
	if got := listing(t, dir)[ManifestName]; got != oldSet[ManifestName] {
		t.Errorf("manifest %q, want the old one", got)
	}
}
