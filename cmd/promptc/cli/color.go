package cli

import (
	"io"
	"os"
)

// colorFor reports whether findings written to w get colours: only when w
// is a terminal (asked of the system, never of the terminal itself, so a
// terminal that answers nothing cannot stall a hook), NO_COLOR is unset or
// empty (no-color.org) and TERM is not "dumb".
func colorFor(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok || os.Getenv("NO_COLOR") != "" || os.Getenv("TERM") == "dumb" {
		return false
	}
	return isTerminal(f)
}
