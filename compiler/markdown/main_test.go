package markdown

import (
	"os"
	"testing"
)

func TestMain(m *testing.M) {
	checkBlankStop = true
	os.Exit(m.Run())
}
