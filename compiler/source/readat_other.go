//go:build !unix

package source

import "os"

// readAt is not used where the system has no directory descriptors to
// read through; every file is read the portable way.
func readAt(*os.File, string, bool) ([]byte, bool, error) { return nil, false, nil }

// directReads says whether directories are opened for readAt.
const directReads = false

// descriptorLimit is a bound for systems where it is not looked up.
func descriptorLimit() int { return 1024 }

// systemFailure says what to do when err is the system's failure rather
// than the file's; where the system's errors are not classified, it is
// always "".
func systemFailure(error) string { return "" }
