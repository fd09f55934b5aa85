package config

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"
)

// TestCacheRoundTrip loads the example configuration twice through the
// cache: the second load decodes the cached JSON instead of evaluating CUE
// and must give the same Config, and positions must still be found.
func TestCacheRoundTrip(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("PROMPTC_CACHE", dir)
	path, err := filepath.Abs("../../assets/promptc.cue")
	if err != nil {
		t.Fatal(err)
	}
	first, err := LoadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	entries, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	// The configuration and, in an entry of its own, its positions.
	if len(entries) != 2 {
		t.Fatalf("cache holds %d entries after a valid load, want 2", len(entries))
	}
	runs := CUERuns()
	second, err := LoadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if CUERuns() != runs {
		t.Fatal("a load from the cache ran CUE")
	}
	if !reflect.DeepEqual(first.Config, second.Config) {
		t.Fatalf("cached config differs:\n%+v\n%+v", first.Config, second.Config)
	}
	if second.positions != nil || second.positionsKey == "" {
		t.Fatal("a load from the cache read the positions before any was asked for")
	}
	indexed := positionIndexes.Load()
	if a, b := first.PosOfKeys("modes", "full", "budget"), second.PosOfKeys("modes", "full", "budget"); a != b || a.Line == 0 {
		t.Fatalf("positions differ: %v vs %v", a, b)
	}
	if positionIndexes.Load() != indexed {
		t.Fatal("positions of a cached configuration were indexed from its source, not read from the cache")
	}
	if !reflect.DeepEqual(first.positions, second.positions) {
		t.Fatal("the positions decoded from the cache differ from the file's")
	}
}

// TestCachedPositionsDamaged: cached positions that do not decode, or
// that are gone, are indexed from the source again, without evaluating it.
func TestCachedPositionsDamaged(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("PROMPTC_CACHE", dir)
	if err := os.WriteFile(filepath.Join(dir, "damaged.json"), []byte(`{"parts": 3`), 0o644); err != nil {
		t.Fatal(err)
	}
	src := []byte("version: \"v1\"\nparts: base: file: \"b.md\"\n")
	for _, key := range []string{"damaged", "missing"} {
		l := &Loaded{Root: "/p", File: "/p/promptc.cue", Source: src, positionsKey: key}
		runs, indexed := CUERuns(), positionIndexes.Load()
		if got := l.PosOf("parts.base.file"); got.Line != 2 || got.Col != 14 {
			t.Errorf("%s entry: position %v, want line 2, column 14", key, got)
		}
		if CUERuns() != runs {
			t.Errorf("%s entry: indexing the source evaluated it", key)
		}
		if positionIndexes.Load() != indexed+1 {
			t.Errorf("%s entry: the source was indexed %d times, want once", key, positionIndexes.Load()-indexed)
		}
		// The index is kept again: the next run reads it.
		again := &Loaded{Root: "/p", File: "/p/promptc.cue", Source: src, positionsKey: key}
		if got := again.PosOf("parts.base.file"); got.Line != 2 || positionIndexes.Load() != indexed+1 {
			t.Errorf("%s entry: after the fallback the next run indexed the source again (position %v)", key, got)
		}
	}
}

// TestCacheIgnoresBadEntriesAndInvalidConfigs checks that a corrupt entry
// falls back to evaluation and that an invalid configuration is never
// cached.
func TestCacheIgnoresBadEntriesAndInvalidConfigs(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("PROMPTC_CACHE", dir)
	src := []byte("version: \"v1\"\nparts: base: file: \"b.md\"\nmodes: focus: compose: [parts.base]\norder: [\"focus\"]\ndefaultMode: \"focus\"\n")
	if err := os.WriteFile(filepath.Join(dir, CacheKey(src)+".json"), []byte("{not json"), 0o644); err != nil {
		t.Fatal(err)
	}
	l, err := LoadBytes("/p/promptc.cue", src)
	if err != nil || l.Config.DefaultMode != "focus" {
		t.Fatalf("load with a corrupt cache entry: %v", err)
	}
	bad := []byte("version: \"v1\"\ndefaultMode: 3\n")
	if _, err := LoadBytes("/p/promptc.cue", bad); err == nil {
		t.Fatal("invalid config loaded")
	}
	if _, err := os.Stat(filepath.Join(dir, CacheKey(bad)+".json")); err == nil {
		t.Fatal("an invalid configuration was cached")
	}
	t.Setenv("PROMPTC_CACHE", "off")
	if cacheDir() != "" {
		t.Fatal("PROMPTC_CACHE=off does not disable the cache")
	}
}

// TestCacheTrimsOldEntries checks that entries unused for longer than
// cacheMaxAge go at the next store, and recent ones stay.
func TestCacheTrimsOldEntries(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("PROMPTC_CACHE", dir)
	old := filepath.Join(dir, "old.json")
	recent := filepath.Join(dir, "recent.json")
	for _, p := range []string{old, recent} {
		if err := os.WriteFile(p, []byte("{}"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	long := time.Now().Add(-cacheMaxAge - time.Hour)
	if err := os.Chtimes(old, long, long); err != nil {
		t.Fatal(err)
	}
	CachePut("new", map[string]int{"a": 1})
	if _, err := os.Stat(old); err == nil {
		t.Error("an entry unused for over a week survived the trim")
	}
	for _, keep := range []string{recent, filepath.Join(dir, "new.json")} {
		if _, err := os.Stat(keep); err != nil {
			t.Errorf("%s was removed: %v", keep, err)
		}
	}
}

func TestTestsLeaveTheUserCacheAlone(t *testing.T) {
	t.Setenv("PROMPTC_CACHE", "")
	if d := cacheDir(); d != "" {
		t.Fatalf("cacheDir() = %q in a test without PROMPTC_CACHE", d)
	}
}
