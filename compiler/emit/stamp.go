package emit

import (
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"fmt"
	"io/fs"
	"maps"
	"path"
	"slices"
	"strings"
	"sync"

	"github.com/promptc/promptc/compiler/costs"
	"github.com/promptc/promptc/compiler/genruntime"
	"github.com/promptc/promptc/compiler/gogen"
	"github.com/promptc/promptc/compiler/portable"
)

// emitSource holds the Go files of this package, for the generator's stamp.
//
//go:embed *.go
var emitSource embed.FS

// generatorSources are the packages whose code decides the bytes of the
// output for given inputs, by import path below the module.
var generatorSources = map[string]fs.FS{
	"compiler/costs": costs.Source,
	"compiler/emit":  emitSource,
	"compiler/gogen": gogen.Source,
	// The fixed code every generated package carries.
	"compiler/genruntime": genruntime.Files,
	// The TypeScript and Python packages: their generator and runtimes.
	"compiler/portable": portable.Source,
}

// generatorStamp returns the stamp of the generator in this binary, which
// InputHash includes: a change to the code that writes the output changes
// every input hash, so output written by an older generator reads as
// stale without anyone remembering to bump a version. Tests replace it.
var generatorStamp = sync.OnceValue(func() string { return stamp(generatorSources) })

// stamp hashes the files of each source except tests, benchmarks and
// test data (notGenerator), by package and path in sorted order. Line
// endings are read as LF, so that a checkout that converts them (git's
// autocrlf) stamps the same.
func stamp(srcs map[string]fs.FS) string {
	h := sha256.New()
	for _, pkg := range slices.Sorted(maps.Keys(srcs)) {
		var names []string
		err := fs.WalkDir(srcs[pkg], ".", func(name string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && !notGenerator(name) {
				names = append(names, name)
			}
			return err
		})
		if err != nil {
			// An embedded tree does not fail to walk; the text keeps the
			// stamp deterministic all the same.
			fmt.Fprintf(h, "%s: %v\n", pkg, err)
			continue
		}
		for _, name := range names {
			b, err := fs.ReadFile(srcs[pkg], name)
			if err != nil {
				fmt.Fprintf(h, "%s/%s: %v\n", pkg, name, err)
				continue
			}
			if bytes.IndexByte(b, '\r') >= 0 {
				// Only then: the copy is the larger part of the stamp's
				// cost, which every run pays.
				b = bytes.ReplaceAll(b, []byte("\r\n"), []byte("\n"))
			}
			fmt.Fprintf(h, "%s/%s\n%d\n", pkg, name, len(b))
			h.Write(b)
		}
	}
	return "promptc-gen-sha256:" + hex.EncodeToString(h.Sum(nil))
}

// notGenerator reports whether the file at the slash path name of a
// source is a test, a benchmark or test data in any language (Go's
// _test.go, JavaScript's x.test.js, Python's test_x.py, bench.*,
// testdata/), which decides nothing of the output.
func notGenerator(name string) bool {
	base := path.Base(name)
	return strings.HasSuffix(base, "_test.go") || strings.Contains(base, ".test.") ||
		strings.HasPrefix(base, "test_") || strings.HasPrefix(base, "bench.") ||
		name == "testdata" || strings.HasPrefix(name, "testdata/") || strings.Contains(name, "/testdata/")
}
