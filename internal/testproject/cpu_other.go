//go:build !unix

package testproject

import "time"

// CPUTime is not measured here: a cpu-ms/op metric reads 0.
func CPUTime() time.Duration { return 0 }
