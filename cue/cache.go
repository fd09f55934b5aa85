package config

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"runtime/debug"
)

// Evaluating promptc.cue with CUE costs tens of milliseconds on a real
// project, far more than everything else a pre-commit lint does. A
// configuration is a pure function of its bytes and the schema, so once
// one has validated, its decoded form is kept in the user's cache
// directory (like the go command's build cache) under a key of both;
// later runs decode that JSON instead. Nothing in the project is written.
// Set PROMPTC_CACHE=off to disable the cache, or to a directory to move it.

// cacheFormat changes whenever Config's JSON form changes meaning.
const cacheFormat = "promptc-config-cache-1"

// cacheKey hashes everything a CUE evaluation of parts depends on: the
// cache format, the CUE version, the schema and the parts themselves.
func cacheKey(parts ...[]byte) string {
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
		d, err := os.UserCacheDir()
		if err != nil {
			return ""
		}
		return filepath.Join(d, "promptc")
	default:
		return v
	}
}

// cacheGet decodes the entry under key into out, reporting whether there
// was a usable one.
func cacheGet(key string, out any) bool {
	dir := cacheDir()
	if dir == "" {
		return false
	}
	b, err := os.ReadFile(filepath.Join(dir, key+".json"))
	if err != nil {
		return false
	}
	return json.Unmarshal(b, out) == nil
}

// cachePut stores c under key, atomically; failures are ignored because
// the cache only saves time.
func cachePut(key string, c any) {
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
	}
}
