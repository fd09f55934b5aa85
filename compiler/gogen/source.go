package gogen

import "embed"

// Source holds the Go files of this package (tests included; a stamp
// leaves them out), so that the generator's stamp changes whenever the code
// that writes the generated package does.
//
//go:embed *.go
var Source embed.FS
