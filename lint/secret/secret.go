// Package secret finds credential-like strings in text: API keys and tokens
// of common formats and private key blocks. Lint reports them and show
// redacts them; neither ever prints one in full.
package secret

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/promptc/promptc/internal/lazyre"
)

// Match is a credential-like string found in a text.
type Match struct {
	// Start and End are byte offsets of the secret in the text.
	Start, End int
	// Kind names the format, e.g. "Anthropic API key".
	Kind string
}

// The kinds of the two formats that share the prefix sk-, and the prefix
// of Anthropic's.
const (
	anthropic       = "Anthropic API key"
	openAI          = "OpenAI API key"
	anthropicPrefix = "sk-ant-"
)

var patterns = []struct {
	kind string
	re   func() *regexp.Regexp
}{
	{"private key block", lazyre.New(`-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----`)},
	{anthropic, lazyre.New(`\bsk-ant-[A-Za-z0-9_-]{20,}`)},
	{openAI, lazyre.New(`\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}`)},
	{"GitHub token", lazyre.New(`\b(?:gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{22,})`)},
	{"AWS access key id", lazyre.New(`\b(?:AKIA|ASIA)[0-9A-Z]{16}\b`)},
	{"Google API key", lazyre.New(`\bAIza[0-9A-Za-z_-]{35}`)},
	{"Slack token", lazyre.New(`\bxox[abposr]-[A-Za-z0-9-]{10,}`)},
	{"Stripe secret key", lazyre.New(`\b[sr]k_live_[0-9A-Za-z]{20,}`)},
	{"JSON Web Token", lazyre.New(`\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}`)},
	// The name may be quoted, as a JSON or YAML key is ("password": "...").
	{"credential assignment", lazyre.New(`(?i)\b(?:api[_-]?key|secret[_-]?key|access[_-]?token|auth[_-]?token|password)["']?\s*[:=]\s*["']?([A-Za-z0-9_./+=-]{16,})`)},
}

// Kinds returns the name of every format Find reports (Match.Kind), in
// the order Find tries them, in a new slice.
func Kinds() []string {
	kinds := make([]string, len(patterns))
	for i, p := range patterns {
		kinds[i] = p.kind
	}
	return kinds
}

// envName is the name of an environment variable (OPENAI_API_KEY,
// YOUR_API_KEY_HERE): words of capitals and digits joined by underscores.
var envName = lazyre.New(`^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$`)

// placeholder reports whether the value of a credential assignment says
// where the credential comes from, or stands for one, rather than being
// one: an environment variable's name, a read of the environment
// (process.env.OPENAI_API_KEY), a run of one character
// (xxxxxxxxxxxxxxxx), or a value that says it is a stand-in
// (your-api-key-here, example-password-1234). Prompts that tell a model
// how a program gets its key are full of these.
func placeholder(v string) bool {
	if envName().MatchString(v) || strings.HasPrefix(v, "process.env.") || strings.HasPrefix(v, "import.meta.env.") {
		return true
	}
	if strings.Count(v, v[:1]) == len(v) {
		return true
	}
	low := strings.ToLower(v)
	for _, w := range []string{"your", "example", "placeholder", "changeme"} {
		if strings.Contains(low, w) {
			return true
		}
	}
	return false
}

// Find returns every credential-like string in text, ordered by position;
// overlapping matches keep the earliest, longest one.
func Find(text string) []Match {
	var ms []Match
	for _, p := range patterns {
		for _, loc := range p.re().FindAllStringSubmatchIndex(text, -1) {
			start, end := loc[0], loc[1]
			if len(loc) >= 4 && loc[2] >= 0 { // the value of an assignment
				start, end = loc[2], loc[3]
				if placeholder(text[start:end]) {
					continue
				}
			}
			kind := p.kind
			if kind == openAI && strings.HasPrefix(text[start:end], anthropicPrefix) {
				// Shorter than the Anthropic format asks, long enough
				// for OpenAI's: the prefix says whose key it is.
				kind = anthropic
			}
			ms = append(ms, Match{Start: start, End: end, Kind: kind})
		}
	}
	return dedupe(ms)
}

// dedupe orders matches by position and drops those that overlap an
// earlier, longer one.
func dedupe(ms []Match) []Match {
	sort.SliceStable(ms, func(i, j int) bool {
		if ms[i].Start != ms[j].Start {
			return ms[i].Start < ms[j].Start
		}
		return ms[i].End > ms[j].End
	})
	var out []Match
	for _, m := range ms {
		if len(out) > 0 && m.Start < out[len(out)-1].End {
			continue
		}
		out = append(out, m)
	}
	return out
}

// Mask shows a secret without revealing it: its first four characters, an
// ellipsis and its length, e.g. "sk-a… (51 characters)".
func Mask(s string) string {
	n := utf8.RuneCountInString(s)
	head := []rune(s)
	if len(head) > 4 {
		head = head[:4]
	}
	return fmt.Sprintf("%s… (%d characters)", string(head), n)
}

// assignments finds what a preview hides beyond what Find reports: the
// value of any password=, secret=, token= or api key assignment, however
// short. Lint does not report these (a short value is often a
// placeholder), but a preview never shows one.
var assignments = lazyre.New(`(?i)\b(?:[a-z0-9_]*[_-])?(?:password|passwd|pwd|secret|token|api[_-]?key)\s*[:=]\s*["']?([^\s"',;)]*[^\s"',;).])`)

// Redact replaces every secret in text with "[REDACTED <kind>]": what Find
// reports, and the value of every password=, secret=, token= or api key
// assignment.
func Redact(text string) string {
	ms := Find(text)
	for _, loc := range assignments().FindAllStringSubmatchIndex(text, -1) {
		ms = append(ms, Match{Start: loc[2], End: loc[3], Kind: "credential assignment"})
	}
	ms = dedupe(ms)
	if len(ms) == 0 {
		return text
	}
	var b []byte
	last := 0
	for _, m := range ms {
		b = append(b, text[last:m.Start]...)
		b = append(b, "[REDACTED "+m.Kind+"]"...)
		last = m.End
	}
	return string(append(b, text[last:]...))
}
