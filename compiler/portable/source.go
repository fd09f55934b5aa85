package portable

import "embed"

// Source holds what decides the bytes of every target package for given
// inputs: the generator's Go files and the fixed runtimes, for the
// generator's stamp (compiler/emit), so that a package an older promptc
// wrote reads as stale. The stamp leaves out tests, benchmarks and test
// data.
//
//go:embed *.go all:runtime
var Source embed.FS
