package baseline

import (
	"slices"
	"testing"

	"github.com/promptc/promptc/internal/testproject"
)

const cue = `version: "v1"
parts: {
	base: file: "base.md"
	line: family: "line"
}
modes: focus: compose: [parts.base, parts.line]
defaultMode: "focus"
families: {
	files: "families/*.prompt.md"
	fallback: "neutral"
	rules: [
		{family: "alpha", name: ["^alpha"]},
		{family: "beta", name: ["^beta"]},
	]
}
`

func family(name, line string, notes ...string) string {
	s := "---\nfamily: " + name + "\nprovenance: test\n---\n" + line + "\n"
	for _, n := range notes {
		s += "\n<!-- model \"" + n + "\" /" + n + "/ -->\nNote for " + n + ".\n"
	}
	return s
}

func TestChangedPartsReportsNewChangedAndRemoved(t *testing.T) {
	old := testproject.FromFiles(t, map[string]string{
		"promptc.cue":              cue,
		"base.md":                  "Base.\n",
		"families/alpha.prompt.md": family("alpha", "Alpha line.", "one", "two"),
		"families/beta.prompt.md":  family("beta", "Beta line."),
	})
	cur := testproject.FromFiles(t, map[string]string{
		"promptc.cue":              cue,
		"base.md":                  "Base, edited.\n",
		"families/alpha.prompt.md": family("alpha", "Alpha line.", "one", "three"),
	})
	got := ChangedParts(old, cur)
	want := []string{
		"base",
		`family alpha note "three" (new)`,
		`family alpha note "two" (removed)`,
		"family beta (removed)",
	}
	if !slices.Equal(got, want) {
		t.Errorf("ChangedParts =\n%q\nwant\n%q", got, want)
	}
	if back := ChangedParts(cur, old); !slices.Contains(back, "family beta (new)") {
		t.Errorf("reverse comparison misses the new family: %q", back)
	}
	if same := ChangedParts(cur, cur); len(same) != 0 {
		t.Errorf("a project compared with itself changed: %q", same)
	}
}

func TestCellsMarkNewAndRemoved(t *testing.T) {
	old := testproject.FromFiles(t, map[string]string{
		"promptc.cue":              cue,
		"base.md":                  "Base.\n",
		"families/alpha.prompt.md": family("alpha", "Alpha line."),
		"families/beta.prompt.md":  family("beta", "Beta line."),
	})
	cur := testproject.FromFiles(t, map[string]string{
		"promptc.cue":              cue,
		"base.md":                  "Base.\n",
		"families/alpha.prompt.md": family("alpha", "Alpha line, now a good deal longer than before."),
	})
	var removed, grown []string
	for _, c := range Cells(old, cur) {
		if c.Removed {
			removed = append(removed, c.Family)
		}
		if c.Delta() > 0 && !c.New {
			grown = append(grown, c.Family)
			if !c.PrefixChanged {
				t.Errorf("%s: the slot-free text changed but the prefix reads as the same", c.Family)
			}
		}
	}
	if !slices.Equal(removed, []string{"beta"}) || !slices.Equal(grown, []string{"alpha"}) {
		t.Errorf("removed %q, grown %q; want [beta], [alpha]", removed, grown)
	}
}

func TestLimit(t *testing.T) {
	for _, tc := range []struct {
		spec       string
		base, now  int
		wantExceed bool
	}{
		{"10", 100, 110, false}, // exactly at the limit passes
		{"10", 100, 111, true},
		{"10%", 100, 110, false},
		{"10%", 100, 111, true},
		{"0", 100, 100, false},
		{"0", 100, 101, true},
	} {
		l, err := ParseLimit(tc.spec)
		if err != nil {
			t.Fatalf("ParseLimit(%q): %v", tc.spec, err)
		}
		if got := l.Exceeds(Cell{Base: tc.base, Now: tc.now}); got != tc.wantExceed {
			t.Errorf("limit %s, %d -> %d: Exceeds = %v, want %v", tc.spec, tc.base, tc.now, got, tc.wantExceed)
		}
	}
	l, err := ParseLimit("5")
	if err != nil {
		t.Fatal(err)
	}
	if l.Exceeds(Cell{Now: 1000, New: true}) {
		t.Error("a new cell has no base and cannot exceed a growth limit")
	}
	for _, bad := range []string{"", "lots", "-1", "-5%", "5%%"} {
		if _, err := ParseLimit(bad); err == nil {
			t.Errorf("ParseLimit(%q) accepted", bad)
		}
	}
}

func TestLinkTargetMovesOnlyAbsoluteTargetsInsideTheWorkTree(t *testing.T) {
	const top, real, dir = "/work/repo", "/real/repo", "/tmp/base"
	for _, c := range []struct{ target, want string }{
		{"shared/x.md", "shared/x.md"},           // relative: as committed
		{"../../etc/passwd", "../../etc/passwd"}, // relative out: the compiler refuses it
		{"/work/repo/p/x.md", "/tmp/base/p/x.md"},
		{"/real/repo/p/x.md", "/tmp/base/p/x.md"},
		{"/work/repo", "/tmp/base"},
		{"/work/repository/x.md", "/work/repository/x.md"}, // a sibling, not inside
		{"/etc/passwd", "/etc/passwd"},
	} {
		if got := linkTarget(c.target, top, real, dir); got != c.want {
			t.Errorf("linkTarget(%q) = %q, want %q", c.target, got, c.want)
		}
	}
}
