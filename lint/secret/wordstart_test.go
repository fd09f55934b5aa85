package secret

import (
	"reflect"
	"strings"
	"testing"
)

// TestFindAtWordStartOnly checks that every format that starts with a
// word is found only at the start of one: after a letter, a digit or "_"
// it is part of a longer word and no finding; after a space, "-", "(",
// "=" or at the start of the text it is.
func TestFindAtWordStartOnly(t *testing.T) {
	keys := []struct{ kind, key string }{
		{"Anthropic API key", "sk-ant-" + strings.Repeat("a", 20)},
		{"OpenAI API key", "sk-" + strings.Repeat("a", 20)},
		{"GitHub token", "ghp_" + strings.Repeat("a", 36)},
		{"GitHub token", "github_pat_" + strings.Repeat("a", 22)},
		{"AWS access key id", "AKIA" + strings.Repeat("A", 16)},
		{"Google API key", "AIza" + strings.Repeat("a", 35)},
		{"Slack token", "xoxb-" + strings.Repeat("a", 10)},
		{"Stripe secret key", "sk_live_" + strings.Repeat("a", 20)},
		{"JSON Web Token", "eyJ" + strings.Repeat("a", 8) + ".eyJ" + strings.Repeat("a", 8) + "." + strings.Repeat("a", 8)},
	}
	for _, k := range keys {
		for _, before := range []string{"x", "Z", "0", "9", "_"} {
			if ms := Find(before + k.key); len(ms) != 0 {
				t.Errorf("%s after %q: Find = %v, want none", k.kind, before, ms)
			}
		}
		for _, before := range []string{"", " ", "-", "(", "="} {
			want := []Match{{Start: len(before), End: len(before) + len(k.key), Kind: k.kind}}
			if ms := Find(before + k.key); !reflect.DeepEqual(ms, want) {
				t.Errorf("%s after %q: Find = %v, want %v", k.kind, before, ms, want)
			}
		}
	}
	// A credential name inside a longer word is no credential name.
	value := strings.Repeat("v6", 8)
	for _, text := range []string{"xpassword=" + value, "myapikey: " + value, "_auth_token=" + value} {
		if ms := Find(text); len(ms) != 0 {
			t.Errorf("Find(%q) = %v, want none", text, ms)
		}
	}
	if ms := Find("(password=" + value); !reflect.DeepEqual(ms, []Match{{10, 26, "credential assignment"}}) {
		t.Errorf("after a parenthesis: %v", ms)
	}
}

// TestRedactEdges: an assignment's name starts a word (a prefix ending in
// "_" or "-" allowed), its value stops before a final period; a private
// key header may name several words before PRIVATE KEY.
func TestRedactEdges(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"mypassword=abc", "mypassword=abc"},
		{"my_password=abc", "my_password=[REDACTED credential assignment]"},
		{"db-token=abc", "db-token=[REDACTED credential assignment]"},
		{"password=abc.", "password=[REDACTED credential assignment]."},
		{"password=a.b", "password=[REDACTED credential assignment]"},
		{"-----BEGIN OPENSSH ENCRYPTED PRIVATE KEY-----", "[REDACTED private key block]"},
		{"-----BEGIN PRIVATE KEY-----", "[REDACTED private key block]"},
		{"-----BEGIN RSA PRIVATE KEY BLOCK-----", "[REDACTED private key block]"},
		{"-----BEGIN rsa PRIVATE KEY-----", "-----BEGIN rsa PRIVATE KEY-----"},
	} {
		if got := Redact(tc.in); got != tc.want {
			t.Errorf("Redact(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
