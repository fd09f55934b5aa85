//go:build !unix

package regular

// OpenFlags adds nothing where FIFOs cannot block an open.
const OpenFlags = 0
