package lsp

import (
	"strings"
	"testing"
)

func TestDiagnosticsFromUnsavedBuffer(t *testing.T) {
	c := newClient(t, fixture)
	c.initialize("")
	// The project as saved is clean: the first check publishes nothing.
	if got := c.published(); len(got) != 0 {
		t.Fatalf("clean project: published %v", got)
	}
	// Unsaved: a trailing space, and the include now names a file that
	// does not exist, which leaves the shared file reached by nothing.
	c.open("prompts/base.md", "You are a careful assistant. \n\n@shared/missing.md\n")
	got := c.published()
	want := map[string]string{
		"prompts/base.md": "0:28-0:29 2 TEXT_TRAILING_SPACE 1 trailing space or tab at the end of the line: invisible, and paid for wherever the text is sent; delete it\n" +
			"2:0-2:18 1 INCLUDE_NOT_FOUND @shared/missing.md: prompts/shared/missing.md does not exist; create it or correct the path (this path is shown relative to the project root)\n",
		"prompts/shared/safety.md": "0:0-0:0 2 ORPHAN_FILE prompts/shared/safety.md is reached by no part, pointer, family, include, guide file or custom example: it is never sent or checked; include it where it belongs, delete it if it is a stale draft, or leave it out of the check (lint.orphans, .promptcignore, .gitignore)\n",
	}
	if len(got) != len(want) {
		t.Fatalf("published for %d files, want %d: %v", len(got), len(want), got)
	}
	for rel, w := range want {
		if g := brief(got[c.uri(rel)]); g != w {
			t.Errorf("%s:\n%s\nwant\n%s", rel, g, w)
		}
		for _, d := range got[c.uri(rel)] {
			if d.Source != "promptc" {
				t.Errorf("source %q, want promptc", d.Source)
			}
		}
	}

	// Fixed in the buffer: both files get an empty list.
	c.change("prompts/base.md", 2, "You are a careful assistant.\n\n@shared/safety.md\n")
	got = c.published()
	if len(got) != 2 || len(got[c.uri("prompts/base.md")]) != 0 || len(got[c.uri("prompts/shared/safety.md")]) != 0 {
		t.Fatalf("after the fix: %v, want two empty lists", got)
	}
	// Nothing changed since: no check, nothing published.
	if got := c.published(); len(got) != 0 {
		t.Fatalf("no edit, yet published %v", got)
	}
	c.shutdown()
}

// A burst of edits costs one check: each edit replaces the pending one.
func TestDebounce(t *testing.T) {
	c := newClient(t, fixture)
	c.initialize("")
	c.published()
	c.open("prompts/base.md", "one \n")
	c.change("prompts/base.md", 2, "two  \n")
	c.change("prompts/base.md", 3, "three   \n")
	c.sync()
	before := c.timers.scheduled
	if ran := c.timers.fire(); ran != 1 {
		t.Fatalf("%d checks ran after three edits (%d scheduled), want 1", ran, before)
	}
	got := c.published()
	ds := got[c.uri("prompts/base.md")]
	if len(ds) == 0 || ds[0].Code != "TEXT_TRAILING_SPACE" || !strings.HasPrefix(ds[0].Message, "3 trailing spaces") {
		t.Fatalf("findings of the last edit expected first, got\n%s", brief(ds))
	}
	c.shutdown()
}

// Columns are code points in promptc and UTF-16 units in the protocol: a
// character outside the Basic Multilingual Plane counts twice.
func TestDiagnosticColumnsInUTF16(t *testing.T) {
	c := newClient(t, fixture)
	c.initialize("")
	c.open("prompts/base.md", "🙂 ok \n\n@shared/safety.md\n")
	ds := c.published()[c.uri("prompts/base.md")]
	if got, want := brief(ds), "0:5-0:6 2 TEXT_TRAILING_SPACE 1 trailing space or tab at the end of the line: invisible, and paid for wherever the text is sent; delete it\n"; got != want {
		t.Fatalf("got\n%swant\n%s", got, want)
	}
	c.shutdown()
}

// A name whose Go identifier the generated package already declares (a
// mode called default) is the CONFIG error build reports, at the same
// position with the same message, before any build.
func TestConfigNameClash(t *testing.T) {
	c := newClient(t, fixture)
	c.initialize("")
	c.published()
	clash := strings.NewReplacer(`minimal: compose`, `default: compose`, `["minimal", "focus"]`, `["default", "focus"]`).Replace(fixture["promptc.cue"])
	c.open("promptc.cue", clash)
	ds := c.published()[c.uri("promptc.cue")]
	want := "11:1-11:1 1 CONFIG mode \"default\" becomes the Go identifier ModeDefault, which the generated package already declares (ModeDefault redeclared in this block); rename the mode\n"
	if got := brief(ds); got != want {
		t.Fatalf("got\n%swant\n%s", got, want)
	}
	c.shutdown()
}

// promptc.cue is checked from the buffer too; its errors are CONFIG
// findings positioned in it, with related positions.
func TestConfigBufferErrors(t *testing.T) {
	c := newClient(t, fixture)
	c.initialize("")
	c.published()
	bad := strings.Replace(fixture["promptc.cue"], `budget: chars: 200`, `budget: chars: "200"`, 1)
	c.open("promptc.cue", bad)
	got := c.published()
	ds := got[c.uri("promptc.cue")]
	if len(got) != 1 || len(ds) == 0 {
		t.Fatalf("published %v, want findings in promptc.cue only", got)
	}
	for _, d := range ds {
		if d.Code != "CONFIG" || d.Severity != severityError || d.Range.Start.Line != 4 {
			t.Errorf("got %s, want CONFIG errors on line 5", brief([]diagnostic{d}))
		}
	}
	c.change("promptc.cue", 2, fixture["promptc.cue"])
	if got := c.published(); len(got) != 1 || len(got[c.uri("promptc.cue")]) != 0 {
		t.Fatalf("after the fix: %v, want an empty list for promptc.cue", got)
	}
	c.shutdown()
}
