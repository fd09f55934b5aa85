package config

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"
	"time"
)

// Evaluating promptc.cue with CUE costs tens of milliseconds on a real
// project, far more than everything else a pre-commit lint does. A
// configuration is a pure function of its bytes and the schema, so once
// one has validated, its decoded form is kept in the user's cache
// directory (like the go command's build cache) under a key of both;
// later runs decode that JSON instead. Nothing in the project is written.
// Set PROMPTC_CACHE=off to disable the cache, or to a directory to move it.
// Entries unused for a week are removed; tests leave the cache alone unless
// PROMPTC_CACHE names one.

// cacheFormat changes whenever an entry changes form or meaning (3: the
// positions moved to an entry of their own; 4: inputs carry the order of
// their fields).
const cacheFormat = "promptc-config-cache-4"

// CacheKey hashes everything a CUE evaluation of parts depends on: the
// cache format, the CUE version, the schema and the parts themselves.
func CacheKey(parts ...[]byte) string {
	h := sha256.New()
	h.Write([]byte(cacheFormat + "\n"))
	h.Write([]byte(cueVersion() + "\n"))
	h.Write(schemaSource)
	for _, p := range parts {
		h.Write([]byte{0})
		h.Write(p)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// cueVersion names the CUE module the schema was evaluated with, since a
// new evaluator may decide differently.
func cueVersion() string {
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, d := range bi.Deps {
			if d.Path == "cuelang.org/go" {
				return d.Version
			}
		}
	}
	return "unknown"
}

func cacheDir() string {
	switch v := os.Getenv("PROMPTC_CACHE"); v {
	case "off":
		return ""
	case "":
		if testing.Testing() {
			// Tests never fill the user's cache unless they ask to.
			return ""
		}
		d, err := os.UserCacheDir()
		if err != nil {
			return ""
		}
		return filepath.Join(d, "promptc")
	default:
		return v
	}
}

// CacheGet decodes the entry under key into out, reporting whether there
// was a usable one.
func CacheGet(key string, out any) bool {
	dir := cacheDir()
	if dir == "" {
		return false
	}
	name := filepath.Join(dir, key+".json")
	b, err := os.ReadFile(name)
	if err != nil {
		return false
	}
	if json.Unmarshal(b, out) != nil {
		return false
	}
	// Mark the entry used (at most hourly), so trimming keeps it.
	if fi, err := os.Stat(name); err == nil && time.Since(fi.ModTime()) > time.Hour {
		now := time.Now()
		os.Chtimes(name, now, now)
	}
	return true
}

// Entries unused for cacheMaxAge are removed, at most once per
// cacheTrimEvery, so the cache cannot grow without bound.
const (
	cacheMaxAge    = 7 * 24 * time.Hour
	cacheTrimEvery = 24 * time.Hour
)

// cacheTrim removes old entries when the last trim is older than
// cacheTrimEvery; it is called after a store.
func cacheTrim(dir string) {
	mark := filepath.Join(dir, "trimmed")
	if fi, err := os.Stat(mark); err == nil && time.Since(fi.ModTime()) < cacheTrimEvery {
		return
	}
	os.WriteFile(mark, nil, 0o644)
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".json") {
			continue
		}
		if fi, err := e.Info(); err == nil && time.Since(fi.ModTime()) > cacheMaxAge {
			os.Remove(filepath.Join(dir, e.Name()))
		}
	}
}

// CachePut stores c under key, atomically; failures are ignored because
// the cache only saves time.
func CachePut(key string, c any) {
	dir := cacheDir()
	if dir == "" {
		return
	}
	b, err := json.Marshal(c)
	if err != nil || os.MkdirAll(dir, 0o755) != nil {
		return
	}
	tmp, err := os.CreateTemp(dir, key+".tmp*")
	if err != nil {
		return
	}
	_, werr := tmp.Write(b)
	cerr := tmp.Close()
	if werr != nil || cerr != nil || os.Rename(tmp.Name(), filepath.Join(dir, key+".json")) != nil {
		os.Remove(tmp.Name())
		return
	}
	cacheTrim(dir)
}
