package lint_test

import (
	"os"
	"testing"

	"github.com/promptc/promptc/lint"
)

// TestRulesDocInSync keeps docs/rules.md equal to the page generated from
// the registry.
func TestRulesDocInSync(t *testing.T) {
	want := lint.RulesMarkdown()
	const path = "../docs/rules.md"
	if *update {
		if err := os.WriteFile(path, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./lint -run TestRulesDocInSync -update)", err)
	}
	if string(got) != want {
		t.Fatal("docs/rules.md is out of date with the rule registry; run: go test ./lint -run TestRulesDocInSync -update")
	}
}
