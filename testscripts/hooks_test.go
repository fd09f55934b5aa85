package testscripts

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/promptc/promptc/cmd/promptc/cli"
)

// TestPreCommitHooksRun runs the entry of every hook in
// .pre-commit-hooks.yaml on a project as init writes it, where each must
// pass (exit 0): a hook naming a command or flag promptc lacks fails here,
// not in a user's commit. Every -system hook runs the entry of the hook it
// mirrors: only where promptc comes from differs.
func TestPreCommitHooksRun(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", ".pre-commit-hooks.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	entries := map[string]string{}
	var id string
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "- id: "); ok {
			id = strings.TrimSpace(v)
		}
		if v, ok := strings.CutPrefix(line, "  entry: "); ok {
			entries[id] = strings.TrimSpace(v)
		}
	}
	if len(entries) == 0 {
		t.Fatal("no hook entries found in .pre-commit-hooks.yaml")
	}
	dir := t.TempDir()
	t.Setenv("PROMPTC_CACHE", "off")
	var out, errOut bytes.Buffer
	if code := cli.Run([]string{"init", dir}, nil, &out, &errOut); code != 0 {
		t.Fatalf("init: exit %d\n%s", code, errOut.String())
	}
	if code := cli.Run([]string{"build", "--quiet", dir}, nil, &out, &errOut); code != 0 {
		t.Fatalf("build: exit %d\n%s", code, errOut.String())
	}
	for id, entry := range entries {
		if base, ok := strings.CutSuffix(id, "-system"); ok && entries[base] != entry {
			t.Errorf("hook %s runs %q, but %s runs %q", id, entry, base, entries[base])
		}
		args := strings.Fields(entry)
		if args[0] != "promptc" {
			t.Errorf("hook %s runs %q, not promptc", id, entry)
			continue
		}
		out.Reset()
		errOut.Reset()
		if code := cli.Run(append(args[1:], dir), nil, &out, &errOut); code != 0 {
			t.Errorf("hook %s (%s) on a new project: exit %d\n%s%s", id, entry, code, out.String(), errOut.String())
		}
	}
}
