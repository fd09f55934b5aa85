// Written by hand: tests of the generated custom mode in temporary
// projects, one or more for each rule of the custom mode: a regular file
// inside the project, at most 32 KiB of UTF-8, named by frontmatter or a
// heading, frontmatter left out, {{cwd}} expanded, offered and cycled only
// when usable, the small boundary (never another mode) and a reason when
// the file cannot be used, and nothing created by choosing it.
package generated_test

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/promptc/promptc/compiler"
	prompts "github.com/promptc/promptc/generated"
)

func writeCustom(t *testing.T, dir, content string) string {
	t.Helper()
	p := filepath.Join(dir, filepath.FromSlash(prompts.CustomFile))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// boundary is the fallback: the text of an unusable custom mode.
func boundary(t *testing.T) string {
	t.Helper()
	b := prompts.LoadCustom(t.TempDir(), prompts.CustomFile).Text
	if b == "" {
		t.Fatal("fallback text is empty")
	}
	return b
}

func TestLoadCustom(t *testing.T) {
	fallback := boundary(t)
	cases := []struct {
		name, content string
		wantName      string
		wantUsable    bool
		wantReason    string
		wantText      string
	}{
		{"frontmatter name", "---\nname: Reviewer\n---\n# Review mode\nReview {{cwd}} only.\n", "Reviewer", true, "", "# Review mode\nReview DIR only."},
		{"frontmatter name wins over the heading", "---\nname: \"Quoted\"\n---\n# Heading\nx\n", "Quoted", true, "", "# Heading\nx"},
		{"ATX heading", "## Docs writer\nWrite docs.\n", "Docs writer", true, "", "## Docs writer\nWrite docs."},
		{"ATX heading with closing hashes", "# Docs writer ##\nWrite docs.\n", "Docs writer", true, "", "# Docs writer ##\nWrite docs."},
		{"setext heading =", "Release helper\n==============\nPrepare releases.\n", "Release helper", true, "", "Release helper\n==============\nPrepare releases."},
		{"setext heading -", "Release helper\n---\nPrepare releases.\n", "Release helper", true, "", "Release helper\n---\nPrepare releases."},
		{"heading in a code fence is not a name", "Intro.\n\n```sh\n# not a name\n```\n\n# Real name\n", "Real name", true, "", "Intro.\n\n```sh\n# not a name\n```\n\n# Real name"},
		{"heading in a tilde fence", "~~~~\n# not a name\n~~~\n# still code\n~~~~\n", "", true, "", "~~~~\n# not a name\n~~~\n# still code\n~~~~"},
		{"heading in indented code", "\n    # not a name\n\nText.\n", "", true, "", "    # not a name\n\nText."},
		{"setext under code is not a name", "```\ncode\n```\n---\nText.\n", "", true, "", "```\ncode\n```\n---\nText."},
		{"list item over a rule is not a name", "- item\n---\nText.\n", "", true, "", "- item\n---\nText."},
		{"hash without space is text", "#hashtag\n", "", true, "", "#hashtag"},
		{"no name", "Just instructions.\n", "", true, "", "Just instructions."},
		{"empty frontmatter is removed", "---\n---\nOnly this.\n", "", true, "", "Only this."},
		{"empty frontmatter then a heading", "---\n---\n# Named\nText.\n", "Named", true, "", "# Named\nText."},
		{"CRLF", "---\r\nname: Win\r\n---\r\nText.\r\n", "Win", true, "", "Text."},
		{"empty", "\n\n", "", false, "is empty", ""},
		{"frontmatter only", "---\nname: X\n---\n", "", false, "is empty", ""},
		{"empty frontmatter only", "---\n---\n", "", false, "is empty", ""},
		{"invalid utf-8", "bad \xff byte\n", "", false, "not valid UTF-8", ""},
		{"multibyte at the limit", strings.Repeat("é", prompts.CustomMaxBytes/2), "", true, "", strings.Repeat("é", prompts.CustomMaxBytes/2)},
		{"multibyte one byte over", "x" + strings.Repeat("é", prompts.CustomMaxBytes/2), "", false, "over the limit of 32768", ""},
		{"over 32 KiB", strings.Repeat("a", prompts.CustomMaxBytes+1), "", false, "32769 bytes, over the limit of 32768", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			writeCustom(t, dir, c.content)
			got := prompts.LoadCustom(dir, prompts.CustomFile)
			if got.Usable != c.wantUsable || got.Name != c.wantName || !strings.Contains(got.Reason, c.wantReason) {
				t.Fatalf("LoadCustom = %+v", got)
			}
			if !c.wantUsable {
				if got.Text != fallback || got.Reason == "" {
					t.Fatalf("unusable file sends %q (reason %q), want the boundary and a reason", got.Text, got.Reason)
				}
				return
			}
			if want := strings.ReplaceAll(c.wantText, "DIR", dir); got.Text != want {
				t.Fatalf("Text = %q, want %q", got.Text, want)
			}
			// The compiler's check of the example reads files the same way.
			if name, _ := compiler.CustomName(strings.ReplaceAll(c.content, "\r\n", "\n")); name != got.Name {
				t.Fatalf("compiler.CustomName = %q, LoadCustom = %q", name, got.Name)
			}
		})
	}
}

func TestLoadCustomMissing(t *testing.T) {
	dir := t.TempDir()
	got := prompts.LoadCustom(dir, prompts.CustomFile)
	if got.Usable || got.Reason != prompts.CustomFile+" does not exist" {
		t.Fatalf("LoadCustom = %+v", got)
	}
	focus := prompts.Compose(prompts.ModeFocus, prompts.Auto, "claude-sonnet-4-5", prompts.Slots{})
	if got.Text == "" || strings.Contains(focus, got.Text) == false || strings.Contains(got.Text, "Working in Tern") {
		t.Fatalf("missing file must send the boundary alone, got %q", got.Text)
	}
	// Loading (like choosing the mode) creates nothing in the project.
	entries, err := os.ReadDir(dir)
	if err != nil || len(entries) != 0 {
		t.Fatalf("LoadCustom left %v in the project (%v)", entries, err)
	}
}

func TestLoadCustomOtherPath(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "mine.md"), []byte("# Mine\nText.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := prompts.LoadCustom(dir, "mine.md"); !got.Usable || got.Name != "Mine" || got.Path != "mine.md" {
		t.Fatalf("LoadCustom(mine.md) = %+v", got)
	}
	for _, p := range []string{"../mine.md", "/etc/passwd", "sub/../../x.md"} {
		if got := prompts.LoadCustom(dir, p); got.Usable || !strings.Contains(got.Reason, "unsafe") && !strings.Contains(got.Reason, "does not exist") {
			t.Errorf("LoadCustom(%q) = %+v, want refused", p, got)
		}
	}
	if got := prompts.LoadCustom(dir, "."); got.Usable || !strings.Contains(got.Reason, "not a regular file") {
		t.Errorf("LoadCustom(.) = %+v", got)
	}
}

func TestLoadCustomSymlinks(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "docs", "mine.md")
	if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(target, []byte("# Inside\nText.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, filepath.FromSlash(prompts.CustomFile))
	if err := os.MkdirAll(filepath.Dir(link), 0o755); err != nil {
		t.Fatal(err)
	}
	rel, err := filepath.Rel(filepath.Dir(link), target)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(rel, link); err != nil {
		t.Skip("symlinks unavailable:", err)
	}
	if got := prompts.LoadCustom(dir, prompts.CustomFile); !got.Usable || got.Name != "Inside" {
		t.Fatalf("symlink inside the project: %+v", got)
	}

	outside := filepath.Join(t.TempDir(), "evil.md")
	if err := os.WriteFile(outside, []byte("# Evil\nLeak.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(link); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, link); err != nil {
		t.Fatal(err)
	}
	got := prompts.LoadCustom(dir, prompts.CustomFile)
	if got.Usable || !strings.Contains(got.Reason, "unsafe") || strings.Contains(got.Text, "Leak") {
		t.Fatalf("symlink leaving the project: %+v", got)
	}
}

func TestLoadCustomFIFO(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, filepath.FromSlash(prompts.CustomFile))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := mkfifo(p); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	if got := prompts.LoadCustom(dir, prompts.CustomFile); got.Usable || !strings.Contains(got.Reason, "not a regular file") {
		t.Fatalf("FIFO: %+v", got)
	}
}

func TestLoadCustomRefusesNULAndBOM(t *testing.T) {
	for name, content := range map[string]string{"NUL": "# X\nbad \x00 byte\n", "BOM": "\ufeff# X\ntext\n"} {
		dir := t.TempDir()
		writeCustom(t, dir, content)
		if got := prompts.LoadCustom(dir, prompts.CustomFile); got.Usable {
			t.Errorf("%s: LoadCustom accepted the file: %+v", name, got)
		}
	}
}

// TestModeCustom checks the custom mode as a mode: ParseMode and the text
// form know it, pickers and cycles offer it only when usable, and what it
// sends is the user's text (or the boundary) with the user's rules and
// nothing of another mode.
func TestModeCustom(t *testing.T) {
	m, err := prompts.ParseMode("custom")
	if err != nil || m != prompts.ModeCustom || m.String() != "custom" || !m.Valid() || m.Description() == "" {
		t.Fatalf("ParseMode(custom) = %v, %v", m, err)
	}
	var back prompts.Mode
	if b, err := prompts.ModeCustom.MarshalText(); err != nil || back.UnmarshalText(b) != nil || back != prompts.ModeCustom {
		t.Fatalf("ModeCustom text round trip: %q %v -> %v", b, err, back)
	}
	if _, err := prompts.ParseMode("turbo"); !errors.Is(err, prompts.ErrUnknownMode) || !strings.Contains(err.Error(), "full, custom, dev-js)") {
		t.Errorf("ParseMode(turbo): %v", err)
	}
	if slices.Contains(prompts.Modes(), prompts.ModeCustom) {
		t.Error("Modes() lists the custom mode")
	}

	dir := t.TempDir()
	unusable := prompts.LoadCustom(dir, prompts.CustomFile)
	writeCustom(t, dir, "---\nname: Reviewer\n---\nReview {{cwd}}.\n")
	usable := prompts.LoadCustom(dir, prompts.CustomFile)
	if !usable.Usable {
		t.Fatalf("custom file not usable: %+v", usable)
	}
	if got := prompts.ModesFor(unusable); slices.Contains(got, prompts.ModeCustom) || len(got) != len(prompts.Modes()) {
		t.Errorf("ModesFor(unusable) = %v", got)
	}
	if got := prompts.ModesFor(usable); got[len(got)-1] != prompts.ModeCustom || len(got) != len(prompts.Modes())+1 {
		t.Errorf("ModesFor(usable) = %v", got)
	}
	// The cycle: full -> custom -> minimal when usable; full -> minimal when not.
	if got := prompts.NextMode(prompts.ModeFull, usable); got != prompts.ModeCustom {
		t.Errorf("NextMode(full, usable) = %s", got)
	}
	if got := prompts.NextMode(prompts.ModeCustom, usable); got != prompts.ModeMinimal {
		t.Errorf("NextMode(custom, usable) = %s", got)
	}
	if got := prompts.NextMode(prompts.ModeFull, unusable); got != prompts.ModeMinimal {
		t.Errorf("NextMode(full, unusable) = %s", got)
	}
	if got := prompts.NextMode(prompts.ModeCustom, unusable); got != prompts.ModeMinimal {
		t.Errorf("NextMode(custom, unusable) = %s", got)
	}
	if got := prompts.NextMode(prompts.ModeMinimal, unusable); got != prompts.ModeFocus {
		t.Errorf("NextMode(minimal, unusable) = %s", got)
	}

	slots := prompts.Slots{Instructions: "AGENTS.md: run make test.", Memory: "Prefers tabs.", Capability: "Tools: lsp.", Skills: "skills: deploy"}
	got := usable.Compose(slots)
	want := "Review " + dir + ".\n\nAGENTS.md: run make test.\n\nskills: deploy\n\nPrefers tabs."
	if got != want {
		t.Errorf("custom Compose =\n%q\nwant\n%q", got, want)
	}
	// Nothing of another mode: no self-knowledge line, no capability line,
	// no boundary.
	minimal := prompts.Sections(prompts.ModeMinimal, prompts.Auto, "", prompts.Slots{})
	for _, s := range minimal {
		if strings.Contains(got, s.Text) {
			t.Errorf("custom mode sends minimal's %s", s.Name)
		}
	}
	var joined []string
	for _, s := range usable.Sections(slots) {
		joined = append(joined, s.Text)
	}
	if strings.Join(joined, "\n\n") != got {
		t.Errorf("custom Sections do not join to Compose")
	}
	if secs := usable.Sections(slots); secs[0].Name != "custom" || secs[0].Source != prompts.CustomFile || secs[0].Slot {
		t.Errorf("first custom section = %+v", secs[0])
	}
	// An unusable file, and Compose(ModeCustom) with no file, send the
	// boundary with the user's rules: never focus.
	fallback := boundary(t)
	for name, text := range map[string]string{
		"unusable.Compose":    unusable.Compose(slots),
		"Compose(ModeCustom)": prompts.Compose(prompts.ModeCustom, prompts.Auto, "claude-sonnet-4-5", slots),
	} {
		if want := fallback + "\n\nAGENTS.md: run make test.\n\nskills: deploy\n\nPrefers tabs."; text != want {
			t.Errorf("%s =\n%q\nwant the boundary and the slots", name, text)
		}
	}
	if n := prompts.CostNotice(prompts.ModeCustom, prompts.Auto, "claude-sonnet-4-5"); n.Mode != prompts.ModeCustom || n.Line != "" || n.String() != "" {
		t.Errorf("CostNotice(ModeCustom) = %+v", n)
	}
}
