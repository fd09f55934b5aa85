package config

import (
	"testing"
	"time"
)

// TestChildEndKind: how an evaluator child ended decides the error, at
// the boundaries of each way: a kill (the kernel's RLIMIT_CPU backstop)
// once the child has used its processor-time limit is that limit, a kill
// before it is memory; the child's own exit codes are believed; the clock
// and an oversized reply come first; a plain failure is neither.
func TestChildEndKind(t *testing.T) {
	const cpu = 5 * time.Second
	for _, tc := range []struct {
		what string
		end  childEnd
		want int
	}{
		{"replied", childEnd{code: 0}, endReplied},
		{"the clock's backstop", childEnd{clock: true, failed: true, code: -1, killed: true, used: cpu}, endOverClock},
		{"the child's clock code", childEnd{failed: true, code: childOverClock}, endOverClock},
		{"a reply over its cap", childEnd{tooLarge: true, code: 0}, endTooLarge},
		{"the child's CPU code", childEnd{failed: true, code: childOverCPU}, endOverCPU},
		{"killed at the CPU limit", childEnd{failed: true, code: -1, killed: true, used: cpu}, endOverCPU},
		{"killed past the CPU limit", childEnd{failed: true, code: -1, killed: true, used: cpu + 2*time.Second}, endOverCPU},
		{"killed just under the CPU limit", childEnd{failed: true, code: -1, killed: true, used: cpu - time.Nanosecond}, endOutOfMemory},
		{"the child's memory code", childEnd{failed: true, code: childOutOfMemory}, endOutOfMemory},
		{"the runtime out of memory", childEnd{failed: true, code: 2, stderr: "fatal error: runtime: out of memory"}, endOutOfMemory},
		{"another failure", childEnd{failed: true, code: 2, stderr: "panic: boom"}, endFailed},
		{"used the limit but not killed", childEnd{failed: true, code: 1, used: cpu}, endFailed},
	} {
		if got := tc.end.kind(cpu); got != tc.want {
			t.Errorf("%s: kind %d, want %d", tc.what, got, tc.want)
		}
	}
}
