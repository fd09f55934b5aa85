//go:build !(linux || aix || solaris || darwin || freebsd || netbsd || openbsd || dragonfly)

package cli

import "os"

// isTerminal reports false: colours are offered on unix terminals only.
func isTerminal(*os.File) bool { return false }
