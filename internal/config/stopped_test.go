package config

import (
	"strings"
	"testing"
)

// TestStoppedPointsAtTheFirstComputation: an evaluation stopped at a limit
// is reported at the first comprehension, call, concatenation or
// multiplication of the file, line and column, named by its kind; a file
// without one is reported at its start and blames nothing in it.
func TestStoppedPointsAtTheFirstComputation(t *testing.T) {
	for _, tc := range []struct {
		src, at, kind string
	}{
		{minimal + "_a: [for x in [1] {x}]\n_b: \"a\" + \"b\"\n", "promptc.cue:6:6", "comprehension"},
		{minimal + "_a: \"a\" + \"b\"\n_b: [for x in [1] {x}]\n", "promptc.cue:6:5", "concatenation"},
		{minimal + "_b:   \"ab\" * 3\n_a: \"a\" + \"b\"\n", "promptc.cue:6:7", "multiplication"},
		{"import \"strings\"\n" + minimal + "_c:  strings.Repeat(\"a\", 3)\n_a: [for x in [1] {x}]\n", "promptc.cue:7:6", "call"},
	} {
		err := stopped("/p/promptc.cue", []byte(tc.src), "used too much", "RAISE")
		got := configError(t, err)
		if len(got) != 1 || !strings.HasPrefix(got[0], tc.at+": evaluating promptc.cue used too much; promptc.cue describes assets and needs no computation: remove the "+tc.kind+" here") || !strings.HasSuffix(got[0], ". RAISE") {
			t.Errorf("%q:\ngot %q\nwant at %s the %s", tc.src, got, tc.at, tc.kind)
		}
	}
	got := configError(t, stopped("/p/promptc.cue", []byte(minimal), "used too much", "RAISE"))
	if want := "promptc.cue:1:1: evaluating promptc.cue used too much; promptc.cue has no comprehension, function call or concatenation, so nothing in it should take long: RAISE"; len(got) != 1 || got[0] != want {
		t.Errorf("no computation: got %q, want %q", got, want)
	}
}

// TestCappedKeepsItsLimit: the evaluator's reply is kept whole up to its
// limit, exactly the limit included; past it, the first bytes are kept and
// the excess noted, and writing never fails.
func TestCappedKeepsItsLimit(t *testing.T) {
	c := &capped{max: 6}
	for _, s := range []string{"abc", "def"} {
		if n, err := c.Write([]byte(s)); n != 3 || err != nil {
			t.Fatalf("Write(%q) = %d, %v", s, n, err)
		}
	}
	if c.over || c.String() != "abcdef" {
		t.Errorf("at the limit: over %v, %q; want whole", c.over, c.String())
	}
	if n, err := c.Write([]byte("g")); n != 1 || err != nil || !c.over || c.String() != "abcdef" {
		t.Errorf("past the limit: %d, %v, over %v, %q; want the excess dropped and noted", n, err, c.over, c.String())
	}
	c = &capped{max: 4}
	if n, _ := c.Write([]byte("abcdef")); n != 6 || !c.over || c.String() != "abcd" {
		t.Errorf("one write past the limit: %d, over %v, %q; want abcd kept", n, c.over, c.String())
	}
}
