//go:build darwin || freebsd || netbsd || openbsd || dragonfly

package cli

import "golang.org/x/sys/unix"

// ioctlGetTermios is the request that reads a terminal's settings here.
const ioctlGetTermios = unix.TIOCGETA
