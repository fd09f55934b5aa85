package cli

import (
	"io"
	"os"
	"strings"
)

// colorModes are the values of the global --color flag.
var colorModes = []string{"auto", "always", "never"}

// colorFor reports whether findings written to w get colours. --color
// always and never decide alone. With auto (the default) the environment
// decides first: NO_COLOR set and not empty turns colours off
// (no-color.org), and wins over FORCE_COLOR; FORCE_COLOR set and not empty
// turns them on whatever w is (force-color.org), except 0 and false, which
// turn them off, as Node tools read it. Without either, w gets colours only
// when it is a terminal (asked of the system, never of the terminal
// itself, so a terminal that answers nothing cannot stall a hook) and TERM
// is not "dumb".
func (g *globals) colorFor(w io.Writer) bool {
	switch g.color {
	case "always":
		return true
	case "never":
		return false
	}
	if os.Getenv("NO_COLOR") != "" {
		return false
	}
	if force := os.Getenv("FORCE_COLOR"); force != "" {
		return force != "0" && !strings.EqualFold(force, "false")
	}
	f, ok := w.(*os.File)
	if !ok || os.Getenv("TERM") == "dumb" {
		return false
	}
	return isTerminal(f)
}
