package emit

import "fmt"

// BusyError is the refusal of a build whose output directory another
// build holds locked: nothing was written. It is neither a finding nor a
// configuration error; the command line exits 3 with its message.
type BusyError struct {
	// Dir is the output directory relative to the project root.
	Dir string
	// Hint says how to clear a lock left by a killed build, where the
	// lock is a file that outlives its process ("" where the system
	// releases the lock with the process).
	Hint string
}

// Error says that another build holds the directory and what to do.
func (e *BusyError) Error() string {
	return fmt.Sprintf("%s: another promptc build is writing this output directory; nothing written: run promptc build again once it has ended%s", e.Dir, e.Hint)
}
