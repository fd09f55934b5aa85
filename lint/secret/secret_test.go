package secret

import (
	"strings"
	"testing"
)

func TestFind(t *testing.T) {
	cases := []struct {
		text string
		kind string
		want string
	}{
		{"key sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123 here", "Anthropic API key", "sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123"},
		{"use sk-proj-ABCDEFGHIJKLMNOPQRSTUVWX now", "OpenAI API key", "sk-proj-ABCDEFGHIJKLMNOPQRSTUVWX"},
		{"ghp_" + strings.Repeat("a1", 18), "GitHub token", "ghp_" + strings.Repeat("a1", 18)},
		{"AKIAIOSFODNN7EXAMPLE", "AWS access key id", "AKIAIOSFODNN7EXAMPLE"},
		{"-----BEGIN RSA PRIVATE KEY-----", "private key block", "-----BEGIN RSA PRIVATE KEY-----"},
		{"-----BEGIN OPENSSH PRIVATE KEY-----", "private key block", "-----BEGIN OPENSSH PRIVATE KEY-----"},
		{`api_key = "abcd1234abcd1234abcd"`, "credential assignment", "abcd1234abcd1234abcd"},
		// A value is a placeholder only when all of it is an environment
		// variable's name, not when it ends like one.
		{`password = "q8zr2mvt7lpK4_PROD"`, "credential assignment", "q8zr2mvt7lpK4_PROD"},
	}
	for _, c := range cases {
		ms := Find(c.text)
		if len(ms) != 1 {
			t.Errorf("Find(%q) = %v, want one match", c.text, ms)
			continue
		}
		if ms[0].Kind != c.kind || c.text[ms[0].Start:ms[0].End] != c.want {
			t.Errorf("Find(%q) = %s %q, want %s %q", c.text, ms[0].Kind, c.text[ms[0].Start:ms[0].End], c.kind, c.want)
		}
	}
	for _, clean := range []string{"sk-short", "the task-ant colony", "password: see the docs", "AKIA lowercase"} {
		if ms := Find(clean); len(ms) != 0 {
			t.Errorf("Find(%q) = %v, want none", clean, ms)
		}
	}
}

func TestRedactAndMask(t *testing.T) {
	key := "sk-ant-api03-" + strings.Repeat("x", 30)
	got := Redact("a " + key + " b")
	if strings.Contains(got, key[8:]) || got != "a [REDACTED Anthropic API key] b" {
		t.Errorf("Redact = %q", got)
	}
	if m := Mask(key); strings.Contains(m, key[4:]) || !strings.HasPrefix(m, "sk-a…") {
		t.Errorf("Mask = %q", m)
	}
}

// TestRedactAssignments checks that a preview hides the value of every
// password=, secret= and token= assignment, short ones included, as well as
// what Find reports, and leaves other text alone.
func TestRedactAssignments(t *testing.T) {
	for in, want := range map[string]string{
		"password=hunter2":                            "password=[REDACTED credential assignment]",
		"db: PASSWORD: 'swordfish' ok":                "db: PASSWORD: '[REDACTED credential assignment]' ok",
		"secret = abc, then":                          "secret = [REDACTED credential assignment], then",
		"GITHUB_TOKEN=ghx1":                           "GITHUB_TOKEN=[REDACTED credential assignment]",
		"api-key: k1 and token:t2":                    "api-key: [REDACTED credential assignment] and token:[REDACTED credential assignment]",
		"use sk-ant-api03-abcdefghijklmnopqrstuvwxyz": "use [REDACTED Anthropic API key]",
		"Keep secrets out of prompts; a token budget": "Keep secrets out of prompts; a token budget",
	} {
		if got := Redact(in); got != want {
			t.Errorf("Redact(%q) = %q, want %q", in, got, want)
		}
	}
	// Lint still reports only what Find knows: a short password is not a
	// finding.
	if ms := Find("password=hunter2"); len(ms) != 0 {
		t.Errorf("Find reports %v", ms)
	}
}
