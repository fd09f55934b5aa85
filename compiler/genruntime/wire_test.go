package genruntime

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"text/template"
)

// The tests of this file pin the parts of the fixed code that the stub's
// own tables do not reach: after texts, placeholders valued per setting,
// the capability line and a listing of several capability groups. Each
// changes the stub's tables for the test (swap) and states the contract
// on what Compose, Sections and Fields give.

// TestSepBefore: the after text declared for the previous section wins,
// then the item's before, then the mode's separator; an after text for
// another previous section does not apply.
func TestSepBefore(t *testing.T) {
	w := &wire{sep: "\n\n"}
	both := item{name: "r", before: "\n", hasBefore: true, after: []afterText{{"x", "\n---\n"}, {"y", ""}}}
	plain := item{name: "r", after: []afterText{{"x", "\n---\n"}}}
	for _, c := range []struct {
		it         item
		prev, want string
	}{
		{both, "x", "\n---\n"},
		{both, "y", ""},
		{both, "a", "\n"},
		{both, "r", "\n"},
		{plain, "x", "\n---\n"},
		{plain, "a", "\n\n"},
		{plain, "r", "\n\n"},
	} {
		if got := c.it.sepBefore(w, c.prev); got != c.want {
			t.Errorf("sepBefore(%+v, %q) = %q, want %q", c.it, c.prev, got, c.want)
		}
	}
}

// TestAfterFollowsThePreviousSentSection: the text between two sections is
// the after text of the previous section that was sent, not of the item
// listed just before, which may be empty; Compose's text, its cacheable
// prefix and Sections' Befores agree.
func TestAfterFollowsThePreviousSentSection(t *testing.T) {
	items := slices.Clone(modeItems[ModeAgent.index()])
	// examplesEnd follows git when the project is a repository, env
	// otherwise; the two texts differ in length, so that a size counted
	// with the wrong one moves the prefix.
	items[3].after = []afterText{{"git", "\n+\n"}, {"env", "\n--\n"}}
	swap(t, &modeItems[ModeAgent.index()], items)
	for _, c := range []struct {
		git  bool
		want string
		// before is examplesEnd's Before.
		before string
	}{
		{false, "Alpha line.\nDir: /src\n--\nExamples follow at the end.\nno files", "\n--\n"},
		{true, "Alpha line.\nDir: /src (git)\n\nCommit with git.\n+\nExamples follow at the end.\nno files", "\n+\n"},
	} {
		// alpha-small gets the setting Examples "end", which sends
		// examplesEnd.
		r := Request{Mode: ModeAgent, Model: "alpha-small", Inputs: Inputs{Dir: "/src", IsGitRepo: c.git}}
		p := mustPrompt(t, r)
		if p.Text != c.want {
			t.Errorf("git %v: Compose = %q, want %q", c.git, p.Text, c.want)
		}
		// files reads a volatile input: the prefix ends before its
		// separator.
		if want := len(c.want) - len("\nno files"); p.CacheEnd != want {
			t.Errorf("git %v: CacheEnd = %d, want %d", c.git, p.CacheEnd, want)
		}
		secs, err := r.Sections()
		if err != nil {
			t.Fatal(err)
		}
		joined := ""
		for _, s := range secs {
			joined += s.Before + s.Text
			if s.Name == "examplesEnd" && s.Before != c.before {
				t.Errorf("git %v: examplesEnd's Before = %q, want %q", c.git, s.Before, c.before)
			}
		}
		if joined != p.Text {
			t.Errorf("git %v: Sections join to %q, want %q", c.git, joined, p.Text)
		}
	}
}

// TestPlaceholderBySetting: a placeholder valued per setting takes the
// text of the model's value of that setting, is no run-time value (the
// prefix runs on, Fields does not list it) and keeps the rest of the text.
func TestPlaceholderBySetting(t *testing.T) {
	swap(t, &placeholders, [len(placeholders)]placeholder{{slot: -1, setting: 1, bySetting: []string{"inline use", "the end"}}})
	for model, want := range map[string]string{
		"alpha-x":     "Base text for inline use.\n\nAlpha line.",
		"alpha-small": "Base text for the end.\n\nAlpha line.",
		"plain/x":     "Base text for inline use.\n\nPlain line.",
	} {
		r := Request{Mode: ModeShort, Model: model}
		p := mustPrompt(t, r)
		if p.Text != want || p.CacheEnd != len(want) {
			t.Errorf("%s: Compose = %q (prefix %d), want %q (prefix %d)", model, p.Text, p.CacheEnd, want, len(want))
		}
		fs, err := r.Fields()
		if err != nil {
			t.Fatal(err)
		}
		if len(fs) != 0 {
			t.Errorf("%s: Fields = %+v, want none", model, fs)
		}
	}
}

// TestCapabilityLine: the tools described in full after the listed
// words, then the others after the deferred words, each group closed by a
// period and the two joined by a space, in the order given; a tool allowed
// refuses is left out, a group left empty is not written, and nothing
// left is "".
func TestCapabilityLine(t *testing.T) {
	tools := []string{"todo", "websearch", "edit", "image_gen"}
	listed := []bool{true, false, true, false}
	except := func(names ...string) func(string) bool {
		return func(n string) bool { return !slices.Contains(names, n) }
	}
	for _, c := range []struct {
		allowed func(string) bool
		want    string
	}{
		{nil, "You have: todo, edit. Through search: websearch, image_gen."},
		{except("edit", "image_gen"), "You have: todo. Through search: websearch."},
		{except("todo", "edit"), "Through search: websearch, image_gen."},
		{except("websearch", "image_gen"), "You have: todo, edit."},
		{func(string) bool { return false }, ""},
	} {
		if got := capabilityLine("You have: ", "Through search: ", tools, listed, c.allowed); got != c.want {
			t.Errorf("capabilityLine = %q, want %q", got, c.want)
		}
	}
	if got := CapabilityLine("", "", nil, nil, nil); got != "" {
		t.Errorf("no tools: %q", got)
	}
}

// TestListToolsGroups: the tools listed by name come one capability group
// a line, groups sorted, under the header; a group whose tools allowed
// all refuses is not named.
func TestListToolsGroups(t *testing.T) {
	// edit (files) and git_log (git) listed by name, read in full.
	swap(t, &toolListings, [len(toolListings)]struct{ full, named []int }{{full: []int{2}, named: []int{1, 0}}})
	header := toolListingHeader
	for _, c := range []struct {
		allowed []string
		want    string
	}{
		{[]string{"read", "git_log", "edit"}, "Examples follow at the end.\n\n" + header + "- files: edit\n- git: git_log"},
		{[]string{"git_log", "edit"}, header + "- files: edit\n- git: git_log"},
		{[]string{"read", "git_log"}, "Examples follow at the end.\n\n" + header + "- git: git_log"},
		{[]string{"edit"}, header + "- files: edit"},
	} {
		got := listTools(0, func(n string) bool { return slices.Contains(c.allowed, n) })
		if got != c.want {
			t.Errorf("allowed %v: %q, want %q", c.allowed, got, c.want)
		}
		if strings.HasSuffix(got, "\n") {
			t.Errorf("allowed %v: the listing ends with a newline", c.allowed)
		}
	}
}

// TestRenderBoundedCountsEveryWrite: the bound holds for the whole
// rendering, written in several pieces each under it: exactly the bound
// renders, one character more is refused.
func TestRenderBoundedCountsEveryWrite(t *testing.T) {
	tm := template.Must(template.New("t").Parse("{{.A}}-{{.B}}-{{.C}}"))
	data := map[string]string{"A": "aé", "B": "bb", "C": "cc"}
	if got, err := renderBounded(tm, data, 8); err != nil || got != "aé-bb-cc" {
		t.Errorf("at its bound: %q, %v", got, err)
	}
	if got, err := renderBounded(tm, data, 7); err == nil || !strings.Contains(err.Error(), "passes its bound of 7 characters") {
		t.Errorf("one over its bound: %q, %v", got, err)
	}
}

// TestLoadLayersWorkDirOnTheProjectOnly: the working directory adds the
// files below it in the project layer only; the other layers read their
// own directory's file.
func TestLoadLayersWorkDirOnTheProjectOnly(t *testing.T) {
	base := t.TempDir()
	layer := func(name string) string {
		d := filepath.Join(base, name)
		for _, sub := range []string{"", "sub"} {
			if err := os.MkdirAll(filepath.Join(d, sub), 0o755); err != nil {
				t.Fatal(err)
			}
			text := name + " " + sub + "."
			if err := os.WriteFile(filepath.Join(d, sub, "APPEND_SYSTEM.md"), []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return d
	}
	got := LoadLayers(InstructionLayers{User: layer("user"), Package: layer("package"), Project: layer("project"), Extensions: []string{layer("ext")}},
		InstructionOptions{Files: []string{"APPEND_SYSTEM.md"}, WorkDir: "sub"})
	if want := "user .\n\npackage .\n\nproject .\n\nproject sub.\n\next ."; got.Text != want {
		t.Errorf("text %q, want %q", got.Text, want)
	}
	for _, l := range got.Layers {
		if want := map[bool]int{true: 2, false: 1}[l.Name == "project"]; len(l.Files) != want {
			t.Errorf("layer %s read %v, want %d files", l.Name, l.Files, want)
		}
	}
}
