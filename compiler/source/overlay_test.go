package source

import (
	"slices"
	"testing"

	"github.com/promptc/promptc/internal/testtree"
)

// An overlay replaces the disk's text, supplies files the disk lacks, and
// is validated like a file read from disk, so an editor's unsaved buffer
// gets the findings the saved file would.
func TestOpenOverlay(t *testing.T) {
	root := testtree.Write(t, map[string]string{"a.md": "on disk\n", "b.md": "untouched\n"})
	fsys, err := OpenOverlay(root, map[string]string{
		"./a.md":  "in the editor\r\n",
		"new.md":  "not saved yet\n",
		"nul.md":  "a\x00b\n",
		"../x.md": "outside\n",
	})
	if err != nil {
		t.Fatal(err)
	}
	defer fsys.Close()
	a, err := fsys.Read("a.md")
	if err != nil {
		t.Fatal(err)
	}
	if a.Text != "in the editor\n" || a.Size != len("in the editor\r\n") || len(a.Diags) != 1 || a.Diags[0].Rule != RuleCRLF {
		t.Fatalf("a.md = %q, size %d, diags %v", a.Text, a.Size, a.Diags)
	}
	if b, err := fsys.Read("b.md"); err != nil || b.Text != "untouched\n" {
		t.Fatalf("b.md = %v, %v; want the disk's text", b, err)
	}
	if n, err := fsys.Read("new.md"); err != nil || n.Text != "not saved yet\n" {
		t.Fatalf("new.md = %v, %v; want the overlay's text", n, err)
	}
	readErr(t, fsys, "nul.md", RuleNUL) // opened, as a file on disk that fails to decode is
	readErr(t, fsys, "../x.md", RuleEscape)
	if got, want := fsys.Opened(), []string{"a.md", "b.md", "new.md", "nul.md"}; !slices.Equal(got, want) {
		t.Fatalf("Opened() = %q, want %q", got, want)
	}
}
