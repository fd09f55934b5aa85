package genruntime

import "testing"

// TestNoticeFor: a notice comes from the table entry of its family, note,
// mode, the values of the settings the text depends on and the subset of the mode's conditional parts the model gets;
// ModeDefault's is the default mode's and names it; the custom mode's has
// only Mode set.
func TestNoticeFor(t *testing.T) {
	tests := []struct {
		name   string
		mode   Mode
		model  string
		line   string
		tokens int
		over   int
		warn   string
	}{
		{"short", ModeShort, "alpha-1", "short · 5 tokens per call", 5, 0, ""},
		{"long without the part", ModeLong, "alpha-1", "long · +3 tokens per call (8 total)", 8, 3, "Sends more."},
		{"long with the part", ModeLong, "alpha-small", "long · +5 tokens per call (10 total)", 10, 5, "Sends more."},
		{"default is long", ModeDefault, "alpha-1", "long · +3 tokens per call (8 total)", 8, 3, "Sends more."},
		{"agent", ModeAgent, "plain/x", "agent · +1 tokens per call (6 total)", 6, 1, ""},
		// The setting Examples is "end" for small models: the agent mode
		// sends examplesEnd to them, and the notice counts it.
		{"agent with the setting's part", ModeAgent, "plain/small", "agent · +2 tokens per call (7 total)", 7, 2, ""},
		{"long with the setting", ModeLong, "alpha-small", "long · +5 tokens per call (10 total)", 10, 5, "Sends more."},
	}
	for _, tc := range tests {
		n, err := Request{Mode: tc.mode, Model: tc.model}.CostNotice()
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		want := tc.mode
		if want == ModeDefault {
			want = DefaultMode
		}
		if n.Mode != want || n.Line != tc.line || n.Tokens != tc.tokens || n.OverFocus != tc.over || n.Warning != tc.warn {
			t.Errorf("%s: %+v", tc.name, n)
		}
		if text := n.String(); text[:len(n.Line)] != n.Line || text[len(text)-1] != '\n' {
			t.Errorf("%s: String() = %q", tc.name, text)
		}
		if old := CostNotice(tc.mode, Auto, tc.model); old != n {
			t.Errorf("%s: CostNotice = %+v, Request.CostNotice %+v", tc.name, old, n)
		}
	}
	if n := noticeFor(0, ModeCustom, choose(Auto, "", "alpha-1")); n != (Notice{Mode: ModeCustom}) {
		t.Errorf("custom: %+v", n)
	}
}

// TestStaticTokens: a request's own static tokens are those of Compose's
// text with the slots empty (the run-time placeholder keeps the request's
// value), counted as characters over four; the slot's text never counts.
func TestStaticTokens(t *testing.T) {
	for _, mode := range []Mode{ModeShort, ModeLong, ModeAgent} {
		for _, model := range []string{"alpha-1", "alpha-small", "plain/small"} {
			r := Request{Mode: mode, Model: model, Slots: Slots{Who: "Ann Example", Memory: "Memory text that is not counted."}}
			got, err := r.StaticTokens()
			if err != nil {
				t.Fatal(err)
			}
			bare := r
			bare.Slots.Memory = ""
			p, err := bare.Compose()
			if err != nil {
				t.Fatal(err)
			}
			if want := (len([]rune(p.Text)) + 3) / 4; got != want {
				t.Errorf("%v %s: StaticTokens %d, want %d for %q", mode, model, got, want, p.Text)
			}
		}
	}
	if _, err := (Request{Mode: ModeShort, Model: "alpha-1", Family: Choice(999)}).StaticTokens(); err == nil {
		t.Error("StaticTokens of a bad request: no error")
	}
}
