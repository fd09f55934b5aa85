package secret

import (
	"reflect"
	"strings"
	"testing"
)

// TestFindLengthBoundaries checks each format one character below and at
// its shortest length: a key one character short is no finding, one of
// exactly the length is. (An Anthropic key one short is still long enough
// for the OpenAI format, and is reported as an Anthropic key, which its
// prefix says it is.)
func TestFindLengthBoundaries(t *testing.T) {
	anthropic19 := "sk-ant-" + strings.Repeat("a", 19)
	if ms := Find(anthropic19); !reflect.DeepEqual(ms, []Match{{0, len(anthropic19), "Anthropic API key"}}) {
		t.Errorf("Find(%q) = %v, want an Anthropic API key", anthropic19, ms)
	}
	// sk-an is no Anthropic prefix.
	other := "sk-an-" + strings.Repeat("a", 19)
	if ms := Find(other); !reflect.DeepEqual(ms, []Match{{0, len(other), "OpenAI API key"}}) {
		t.Errorf("Find(%q) = %v, want an OpenAI API key", other, ms)
	}
	tests := []struct {
		kind, short, exact string
	}{
		{"Anthropic API key", "sk-ant-" + strings.Repeat("a", 12), "sk-ant-" + strings.Repeat("a", 20)},
		{"OpenAI API key", "sk-" + strings.Repeat("a", 19), "sk-" + strings.Repeat("a", 20)},
		{"GitHub token", "ghp_" + strings.Repeat("a", 35), "ghp_" + strings.Repeat("a", 36)},
		{"GitHub token", "github_pat_" + strings.Repeat("a", 21), "github_pat_" + strings.Repeat("a", 22)},
		{"AWS access key id", "AKIA" + strings.Repeat("A", 15), "ASIA" + strings.Repeat("A", 16)},
		{"Google API key", "AIza" + strings.Repeat("a", 34), "AIza" + strings.Repeat("a", 35)},
		{"Slack token", "xoxb-" + strings.Repeat("a", 9), "xoxb-" + strings.Repeat("a", 10)},
		{"Stripe secret key", "sk_live_" + strings.Repeat("a", 19), "rk_live_" + strings.Repeat("a", 20)},
		{"JSON Web Token", "eyJ" + strings.Repeat("a", 8) + ".eyJ" + strings.Repeat("a", 8) + "." + strings.Repeat("a", 7),
			"eyJ" + strings.Repeat("a", 8) + ".eyJ" + strings.Repeat("a", 8) + "." + strings.Repeat("a", 8)},
	}
	for _, tc := range tests {
		if ms := Find("x " + tc.short + " y"); len(ms) != 0 {
			t.Errorf("%s one short: Find(%q) = %v, want none", tc.kind, tc.short, ms)
		}
		ms := Find("x " + tc.exact + " y")
		want := []Match{{Start: 2, End: 2 + len(tc.exact), Kind: tc.kind}}
		if !reflect.DeepEqual(ms, want) {
			t.Errorf("%s at its length: Find(%q) = %v, want %v", tc.kind, tc.exact, ms, want)
		}
	}
	// An AWS key id is exactly 20 characters: one more is a different word.
	if ms := Find("AKIA" + strings.Repeat("A", 17)); len(ms) != 0 {
		t.Errorf("AWS id one long: %v", ms)
	}
}

// TestFindAssignmentValue checks that a credential assignment reports its
// value alone, from 16 characters on.
func TestFindAssignmentValue(t *testing.T) {
	for _, tc := range []struct {
		text       string
		start, end int
	}{
		{"password=" + strings.Repeat("p4", 7) + "p", -1, -1},
		{"password=" + strings.Repeat("p4", 8), 9, 25},
		{"Auth-Token : '" + strings.Repeat("t5", 8) + "'", 14, 30},
		{`"password": "` + strings.Repeat("p4", 8) + `"`, 13, 29},
		{`'api_key' = ` + strings.Repeat("k7", 8), 12, 28},
	} {
		ms := Find(tc.text)
		if tc.start < 0 {
			if len(ms) != 0 {
				t.Errorf("Find(%q) = %v, want none", tc.text, ms)
			}
			continue
		}
		want := []Match{{Start: tc.start, End: tc.end, Kind: "credential assignment"}}
		if !reflect.DeepEqual(ms, want) {
			t.Errorf("Find(%q) = %v, want %v", tc.text, ms, want)
		}
	}
}

// TestDedupe checks the order of matches and which overlapping ones are
// dropped: at one start the longest is kept; a match starting inside the
// previous one is dropped, one starting exactly at its end is kept.
func TestDedupe(t *testing.T) {
	tests := []struct {
		name     string
		in, want []Match
	}{
		{"none", nil, nil},
		{"sorted by start", []Match{{5, 9, "b"}, {0, 3, "a"}}, []Match{{0, 3, "a"}, {5, 9, "b"}}},
		{"same start, longest first", []Match{{0, 3, "short"}, {0, 8, "long"}}, []Match{{0, 8, "long"}}},
		{"starts inside the previous one", []Match{{0, 8, "a"}, {7, 12, "b"}}, []Match{{0, 8, "a"}}},
		{"starts at the previous end", []Match{{0, 8, "a"}, {8, 12, "b"}}, []Match{{0, 8, "a"}, {8, 12, "b"}}},
		{"same span keeps the first", []Match{{0, 8, "a"}, {0, 8, "b"}}, []Match{{0, 8, "a"}}},
	}
	for _, tc := range tests {
		if got := dedupe(tc.in); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: dedupe = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestMask checks the head (at most four characters, counted as code
// points) and the length.
func TestMask(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", "… (0 characters)"},
		{"abc", "abc… (3 characters)"},
		{"abcd", "abcd… (4 characters)"},
		{"abcde", "abcd… (5 characters)"},
		{"ééééé", "éééé… (5 characters)"},
	} {
		if got := Mask(tc.in); got != tc.want {
			t.Errorf("Mask(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestRedactKeepsTheRest checks that the text between and after secrets
// is kept exactly.
func TestRedactKeepsTheRest(t *testing.T) {
	key := "sk-ant-" + strings.Repeat("k", 20)
	in := "a " + key + " b password=x c"
	want := "a [REDACTED Anthropic API key] b password=[REDACTED credential assignment] c"
	if got := Redact(in); got != want {
		t.Errorf("Redact(%q) = %q, want %q", in, got, want)
	}
}

// TestFindEveryMatch checks that every occurrence of a format is found,
// not only the first.
func TestFindEveryMatch(t *testing.T) {
	k1, k2 := "sk-"+strings.Repeat("a", 20), "sk-"+strings.Repeat("b", 20)
	text := k1 + " and " + k2
	want := []Match{{0, len(k1), "OpenAI API key"}, {len(k1) + 5, len(text), "OpenAI API key"}}
	if got := Find(text); !reflect.DeepEqual(got, want) {
		t.Errorf("Find(%q) = %v, want %v", text, got, want)
	}
}

// TestFindAssignmentPlaceholders checks that an assignment whose value
// names where the credential comes from, or stands for one, is no
// finding, and that a value a step away from each is.
func TestFindAssignmentPlaceholders(t *testing.T) {
	for _, v := range []string{"OPENAI_API_KEY", "YOUR_API_KEY_HERE", "process.env.ANTHROPIC_API_KEY",
		"import.meta.env.VITE_KEY_1", strings.Repeat("x", 20), strings.Repeat("0", 16),
		"your-api-key-here", "example-password-1234", "PLACEHOLDER-VALUE-1", "changeme-changeme"} {
		if ms := Find("api_key = " + v); len(ms) != 0 {
			t.Errorf("Find(api_key = %s) = %v, want none", v, ms)
		}
	}
	for _, v := range []string{"ANTHROPIC_API_KEy", "OPENAIAPIKEYVALUE", "_OPENAI_API_KEY_", "process.envx.ANTHROPIC", strings.Repeat("x", 19) + "y", "yorXisXnotXmine12"} {
		if ms := Find("api_key = " + v); len(ms) != 1 {
			t.Errorf("Find(api_key = %s) = %v, want one match", v, ms)
		}
	}
}
