package costs

import "embed"

// Source holds the Go files of this package (tests included; a stamp
// leaves them out), so that the generator's stamp changes whenever the code
// that renders COSTS.md and costs.json does.
//
//go:embed *.go
var Source embed.FS
