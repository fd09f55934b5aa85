//go:build !unix

package config

import "time"

// processCPU reports that processor time is not known here: the limit
// then applies to time on the clock.
func processCPU() (time.Duration, bool) { return 0, false }

// limitCPU does nothing where the system sets no limit of processor time:
// the watchdog bounds the evaluation there.
func limitCPU(time.Duration) {}
