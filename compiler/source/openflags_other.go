//go:build !unix

package source

// openFlags adds nothing where FIFOs cannot block an open.
const openFlags = 0
