package emit

import (
	"crypto/sha256"
	"encoding/hex"
	"path/filepath"

	"github.com/promptc/promptc/internal/config"
)

// A file build no longer generates (an orphan) is deleted only when build
// can prove that promptc wrote it. The manifest alone proves nothing: it
// is a file in the output directory, which a commit can write with any
// name and any SHA-256, a user's committed file's included (its author
// can read its bytes). So each build also records, in the user's cache
// directory beside the configuration cache (config.CachePut: never in the
// project, entries unused for a week removed, none with
// PROMPTC_CACHE=off), that it wrote these bytes at this absolute path. An
// orphan is deleted when the manifest and such a record both hold its
// current SHA-256; otherwise build refuses and names it, and the user
// deletes it (a checkout that never built here, or a cache turned off,
// has no records).

// writtenKey is the cache key of the record that promptc wrote bytes with
// SHA-256 sum at the absolute path abs.
func writtenKey(abs string, sum digest) string {
	h := sha256.New()
	h.Write([]byte("promptc-written\n" + abs + "\n"))
	h.Write(sum[:])
	return "written-" + hex.EncodeToString(h.Sum(nil))
}

// abs is the absolute path of name in o ("" when it cannot be had: then
// nothing is recorded and nothing proven).
func (o *outDir) abs(name string) string {
	p, err := filepath.Abs(filepath.Join(o.root.Name(), filepath.FromSlash(name)))
	if err != nil {
		return ""
	}
	return p
}

// recordWritten records that build wrote the files (best effort: a cache
// that cannot be written only means a later orphan is not deleted).
func (o *outDir) recordWritten(files []File) {
	for _, f := range files {
		if a := o.abs(f.Name); a != "" {
			config.CachePut(writtenKey(a, sha256.Sum256(f.Data)), true)
		}
	}
}

// wroteBefore reports whether a record says promptc wrote bytes with
// SHA-256 sum as name in o.
func (o *outDir) wroteBefore(name string, sum digest) bool {
	a := o.abs(name)
	var v bool
	return a != "" && config.CacheGet(writtenKey(a, sum), &v) && v
}
