package lint

import (
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/promptc/promptc/internal/diag"
	"github.com/promptc/promptc/internal/testproject"
	"github.com/promptc/promptc/internal/testtree"
	"github.com/promptc/promptc/lint/secret"
)

// TestSecretPrefilter: whenever secret.Find finds something, mayHoldSecret
// says so, on a sample of every credential format in several contexts and on
// every text file of the example assets and the fixtures. (Samples are
// assembled at run time so that no credential-shaped string sits in the
// source.)
func TestSecretPrefilter(t *testing.T) {
	r := func(s string, n int) string { return strings.Repeat(s, n) }
	samples := []string{
		"-----BEGIN " + "RSA PRIVATE KEY-----",
		"-----BEGIN " + "PRIVATE KEY-----",
		"sk-" + "ant-api03-" + r("aB3", 10),
		"sk-" + r("Q7x", 10),
		"sk-" + "proj-" + r("Q7x", 10),
		"gh" + "p_" + r("a1B2", 10),
		"gh" + "s_" + r("a1B2", 10),
		"github" + "_pat_" + r("a1B2_", 6),
		"AK" + "IA" + r("Z7", 8),
		"AS" + "IA" + r("Z7", 8),
		"AI" + "za" + r("x9_-", 9),
		"xo" + "xb-" + r("12ab-", 3),
		"sk" + "_live_" + r("a1", 12),
		"rk" + "_live_" + r("a1", 12),
		"ey" + "J" + r("abc", 4) + ".ey" + "J" + r("def", 4) + "." + r("ghi", 4),
		"api_" + "key = " + r("k3Y", 6),
		"API-KEY: '" + r("k3Y", 6) + "'",
		"Password:\n  " + r("p4s", 6),
		"auth_token=" + r("t0k", 6),
		"access" + "token \t: \"" + r("t0k", 6),
		"SECRET_KEY=" + r("s3c", 6),
		// A quoted name, as a JSON or YAML key is, in either quote.
		"\"pass" + "word\": \"" + r("p4s", 6) + "\"",
		"'api_" + "key': '" + r("k3Y", 6) + "'",
	}
	contexts := []string{"%s", "Key: %s\n", "(%s)", "line one\n`%s` end", "x=%s;"}
	for _, s := range samples {
		for _, c := range contexts {
			text := strings.Replace(c, "%s", s, 1)
			if len(secret.Find(text)) == 0 {
				t.Errorf("secret.Find finds nothing in %q; fix the sample", text)
				continue
			}
			if !mayHoldSecret(text) {
				t.Errorf("mayHoldSecret(%q) = false, but secret.Find finds a credential", text)
			}
		}
	}
	checked := 0
	for _, dir := range []string{"../assets", "testdata"} {
		err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			checked++
			if text := string(b); len(secret.Find(text)) > 0 && !mayHoldSecret(text) {
				t.Errorf("%s: secret.Find finds a credential that mayHoldSecret misses", p)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if checked < 20 {
		t.Fatalf("checked only %d files", checked)
	}
}

// TestSecretFormatsKnown fails when package secret gains or loses a format,
// so that secretHints and credentialWords are revised with it.
func TestSecretFormatsKnown(t *testing.T) {
	kinds := secret.Kinds()
	want := []string{"private key block", "Anthropic API key", "OpenAI API key", "GitHub token", "AWS access key id",
		"Google API key", "Slack token", "Stripe secret key", "JSON Web Token", "credential assignment"}
	if !slices.Equal(kinds, want) {
		t.Fatalf("package secret's formats are now %q; revise secretHints and credentialWords in lint/text.go (and this list) to match", kinds)
	}
}

func BenchmarkMayHoldSecret(b *testing.B) {
	text := benchText(b)
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		mayHoldSecret(text)
	}
}

// benchText is every Markdown file of the example assets, joined.
func benchText(b *testing.B) string {
	var sb strings.Builder
	err := filepath.WalkDir("../assets", func(p string, d fs.DirEntry, err error) error {
		if err != nil || !strings.HasSuffix(p, ".md") {
			return err
		}
		t, err := os.ReadFile(p)
		sb.Write(t)
		return err
	})
	if err != nil {
		b.Fatal(err)
	}
	return sb.String()
}

// mayHoldSecretByEachHint is mayHoldSecret written the plain way, one
// search per hint: the reference the one-pass version must agree with.
func mayHoldSecretByEachHint(text string) bool {
	if strings.Contains(text, "PRIVATE KEY") {
		return true
	}
	for _, h := range secretHints {
		for off := 0; ; {
			i := strings.Index(text[off:], h)
			if i < 0 {
				break
			}
			i += off
			if i == 0 || !isWordByte(text[i-1]) {
				return true
			}
			off = i + 1
		}
	}
	for i := 0; i < len(text); i++ {
		if (text[i] == ':' || text[i] == '=') && credentialBefore(text, i) {
			return true
		}
	}
	return false
}

// TestMayHoldSecretOnePass: the one-pass prefilter answers as the search
// for each hint does: on every hint and credential name at the start, the
// end and the middle of a text, after a word byte (no boundary) and after
// other bytes, and on 20,000 texts assembled at random from hint fragments,
// word bytes, spaces and separators.
func TestMayHoldSecretOnePass(t *testing.T) {
	var texts []string
	for _, h := range append(slices.Clone(secretHints), "PRIVATE KEY") {
		for _, c := range []string{"%s", "x %s", "x%s", "_%s", "9%s", "-%s", "(%s)", "a\n%s tail", "pre %s"} {
			texts = append(texts, strings.Replace(c, "%s", h, 1), strings.Replace(c, "%s", h[:len(h)-1], 1))
		}
	}
	for _, w := range credentialWords {
		for _, c := range []string{"%s=", "%s :", "%s\t\n=", "x%s=", "%s", "%s x=", "=%s", strings.ToUpper("%s") + ":", `"%s": `, "'%s' =", `"%s"x:`} {
			texts = append(texts, strings.Replace(c, "%s", w, 1), strings.Replace(c, "%s", strings.ToUpper(w), 1))
		}
	}
	fragments := []string{"sk", "-", "_", "live", "rk", "gh", "p", "s", "github", "pat", "AK", "IA", "AS", "AI", "za",
		"xo", "x", "ey", "J", "api", "key", "KEY", "token", "auth", "access", "pass", "word", "secret", " ", "\n", "\t",
		":", "=", ".", "a", "Z", "9", "PRIVATE", "é", "`", "sk-", "ghs_", "AKIA", "eyJ", "xox", "api_key", "password"}
	r := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		var b strings.Builder
		for range 1 + r.IntN(12) {
			b.WriteString(fragments[r.IntN(len(fragments))])
		}
		texts = append(texts, b.String())
	}
	found := 0
	for _, text := range texts {
		want := mayHoldSecretByEachHint(text)
		if got := mayHoldSecret(text); got != want {
			t.Errorf("mayHoldSecret(%q) = %v, want %v", text, got, want)
		}
		if want {
			found++
		}
	}
	// Both answers occur often enough for the comparison to mean something.
	if found < len(texts)/20 || found > len(texts)*19/20 {
		t.Errorf("%d of %d texts may hold a secret; the sample is lopsided", found, len(texts))
	}
}

// TestGateSecretSeverity: the gate refuses a credential whatever severity
// the registry gives SECRET, so that a registry edit cannot let build write
// one; build then lists the credential once, as the gate states it (an
// error), not also as lint reports it (with the registry's severity).
func TestGateSecretSeverity(t *testing.T) {
	i := byID[RuleSecret]
	saved := registry[i].Severity
	t.Cleanup(func() { registry[i].Severity = saved })
	registry[i].Severity = diag.Warning
	proj := testproject.CompileAll(t, testtree.Write(t, map[string]string{
		"promptc.cue": `version: "v1"
parts: base: file: "base.md"
modes: focus: compose: [parts.base]
order: ["focus"]
defaultMode: "focus"
`,
		"base.md": "Use sk-" + "ant-api03-" + strings.Repeat("Zq7", 12) + ".\n",
	}))
	list := func(ds []diag.Diagnostic) string {
		var b strings.Builder
		for _, d := range ds {
			fmt.Fprintf(&b, "%s %s %s\n", d.Pos, d.Severity, d.Rule)
		}
		return b.String()
	}
	gate, err := Gate(proj.Programs(), nil, 1)
	if err != nil {
		t.Fatal(err)
	}
	linted, err := Run(proj, Options{})
	if err != nil {
		t.Fatal(err)
	}
	built, err := Build(proj, 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ what, got, want string }{
		{"gate", list(gate), "base.md:1:5 error SECRET\n"},
		{"lint", list(linted), "base.md:1:5 warning SECRET\n"},
		{"build", list(built), "base.md:1:5 error SECRET\n"},
	} {
		if c.got != c.want {
			t.Errorf("%s lists\n%swant\n%s", c.what, c.got, c.want)
		}
	}
}
