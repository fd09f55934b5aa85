package config

import (
	"os"
	"testing"
)

func TestZZProfile10k(t *testing.T) {
	src, err := os.ReadFile("/tmp/bench10k/promptc.cue")
	if err != nil {
		t.Skip()
	}
	if _, err := evaluate("/tmp/bench10k/promptc.cue", src); err != nil {
		t.Fatal(err)
	}
}
