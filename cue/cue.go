// Package cue holds promptc's schemas as data: schema.cue, which defines
// promptc.cue, the YAML headers of assets and the custom-mode file, and the
// JSON Schemas of promptc's own JSON outputs (read by tests). The Go code
// that loads a configuration against schema.cue lives in internal/config;
// this package only embeds the schema, so that every schema stays in one
// folder a user can read.
package cue

import _ "embed"

// Schema is the text of schema.cue. Callers must not modify it.
//
//go:embed schema.cue
var Schema []byte
