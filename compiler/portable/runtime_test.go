package portable_test

import (
	"os/exec"
	"testing"
)

// TestRuntimes runs each runtime's own tests with its language's runner
// on the stub project; without the runner the test skips, saying so (CI
// has node and python3).
func TestRuntimes(t *testing.T) {
	for _, r := range []struct {
		lang, tool string
		args       []string
	}{
		{"typescript", "node", []string{"--test", "runtime/ts/"}},
		{"python", "python3", []string{"-B", "-m", "unittest", "discover", "-s", "runtime/py"}},
	} {
		t.Run(r.lang, func(t *testing.T) {
			if _, err := exec.LookPath(r.tool); err != nil {
				t.Skipf("no %s on PATH: the %s runtime's tests do not run here (CI has it)", r.tool, r.lang)
			}
			out, err := exec.Command(r.tool, r.args...).CombinedOutput()
			if err != nil {
				t.Fatalf("%s %v: %v\n%s", r.tool, r.args, err, out)
			}
		})
	}
}
