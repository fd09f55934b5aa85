package markdown

import "embed"

// Source holds the scanner's Go files, tests left out: a generated package
// that loads instruction files at run time carries them, renamed, so that
// it classifies lines exactly as promptc does at build time.
//
//go:embed scan.go html.go refdef.go
var Source embed.FS
