package family

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/promptc/promptc/internal/config"
)

func TestSplit(t *testing.T) {
	tests := []struct {
		id        string
		providers []string
		name      string
	}{
		{"claude-3", nil, "claude-3"},
		{"openrouter/anthropic/claude-3", []string{"openrouter", "anthropic"}, "claude-3"},
		{"ollama:llama3.1:8b", []string{"ollama", "llama3.1"}, "8b"},
		{"ollama:deepseek-r1:14b", []string{"ollama", "deepseek-r1"}, "14b"},
		{"vertex_ai/claude-opus-4@20250514", []string{"vertex_ai"}, "claude-opus-4@20250514"},
		{"bedrock/us.anthropic.claude-3-7-sonnet-20250219-v1:0", []string{"bedrock", "us.anthropic.claude-3-7-sonnet-20250219-v1"}, "0"},
		{"openai/ft:gpt-4o-mini-2024-07-18:acme:support:9xq2", []string{"openai", "ft", "gpt-4o-mini-2024-07-18", "acme", "support"}, "9xq2"},
		{"gpt-oss-20b", nil, "gpt-oss-20b"},
		{"", nil, ""},
		{"/", nil, ""},
		{"a//b", []string{"a"}, "b"},
		{"a/:b", []string{"a"}, "b"},
		{"claude/", []string{"claude"}, ""},
		{":x", nil, "x"},
		{"ü/é", []string{"ü"}, "é"},
	}
	for _, tc := range tests {
		providers, name := Split(tc.id)
		if !slices.Equal(providers, tc.providers) || name != tc.name {
			t.Errorf("Split(%q) = %q, %q; want %q, %q", tc.id, providers, name, tc.providers, tc.name)
		}
	}
}

// seedRules are the resolution rules of the seed, written out here so that
// the resolver is tested apart from the example project. The servers of
// local models come first: a model an Ollama server serves is local
// whatever its name says.
var seedRules = config.Families{
	Fallback: "neutral",
	Rules: []config.Rule{
		{Family: "local", Provider: []string{"^ollama$", "^lm_?studio$", `^llama[.-]?cpp$`, "^(hosted_)?vllm$", "^local$"}},
		{Family: "local", Name: []string{"(?i)^gpt-oss"}},
		{Family: "claude", Name: []string{"(?i)^claude", "(?i)^sonnet", "(?i)^opus", "(?i)^haiku"}, Provider: []string{`(^|\.)anthropic(\.|$)`}},
		{Family: "codex", Name: []string{"(?i)^gpt-", "^o[0-9]+(-|$)", "(?i)codex", "(?i)^chatgpt"}, Provider: []string{"^openai$"}},
		{Family: "gemini", Name: []string{"(?i)^gemini"}},
		{Family: "kimi", Name: []string{"(?i)kimi"}, Provider: []string{"^moonshot(ai)?$"}},
		{Family: "deepseek", Name: []string{"(?i)deepseek"}},
		{Family: "mistral", Name: []string{"(?i)(mistral|codestral|devstral|magistral|mixtral|ministral)"}, Provider: []string{"^mistral(ai)?$"}},
		{Family: "glm", Name: []string{"(?i)^glm"}, Provider: []string{"^zhipu(ai)?$", `^z[.-]ai$`}},
		{Family: "minimax", Name: []string{"(?i)minimax"}, Provider: []string{"(?i)^minimax(ai)?$"}},
		{Family: "grok", Name: []string{"(?i)^grok"}, Provider: []string{"^x-?ai$"}},
		{Family: "local", Name: []string{"(?i)^llama", "(?i)^qwen", "(?i)^gemma", "(?i)^phi", "(?i)^granite"}},
	},
}

func TestResolveSeed(t *testing.T) {
	r := NewResolver(seedRules)
	tests := []struct {
		id, family, by, matched string
	}{
		// The seed's own examples.
		{"openrouter/anthropic/claude-3", "claude", ByName, "claude-3"},
		{"ollama:llama3.1:8b", "local", ByProvider, "ollama"},
		{"gpt-oss-20b", "local", ByName, "gpt-oss-20b"},
		{"gpt-oss-120b", "local", ByName, "gpt-oss-120b"},
		{"o3-mini", "codex", ByName, "o3-mini"},
		{"o3", "codex", ByName, "o3"},
		{"some-unknown-model", "neutral", ByFallback, ""},
		// One or more per family word of the seed.
		{"claude-opus-4-1", "claude", ByName, "claude-opus-4-1"},
		{"sonnet", "claude", ByName, "sonnet"},
		{"Opus", "claude", ByName, "Opus"},
		{"haiku", "claude", ByName, "haiku"},
		{"bedrock/anthropic.claude-sonnet-4-5-20250929-v1:0", "claude", ByProvider, "anthropic.claude-sonnet-4-5-20250929-v1"},
		{"bedrock/us.anthropic.claude-3-7-sonnet-20250219-v1:0", "claude", ByProvider, "us.anthropic.claude-3-7-sonnet-20250219-v1"},
		{"gpt-5", "codex", ByName, "gpt-5"},
		{"GPT-4o", "codex", ByName, "GPT-4o"},
		{"codex-mini-latest", "codex", ByName, "codex-mini-latest"},
		{"openrouter/openai/gpt-5-codex", "codex", ByName, "gpt-5-codex"},
		{"chatgpt-4o-latest", "codex", ByName, "chatgpt-4o-latest"},
		{"openai/ft:gpt-4o-mini-2024-07-18:acme:support:9xq2", "codex", ByProvider, "gpt-4o-mini-2024-07-18"},
		{"o1", "codex", ByName, "o1"},
		{"o", "neutral", ByFallback, ""},
		{"o3x", "neutral", ByFallback, ""},
		{"gemini-2.5-flash", "gemini", ByName, "gemini-2.5-flash"},
		{"kimi-k2", "kimi", ByName, "kimi-k2"},
		{"moonshot/moonshot-v1-128k", "kimi", ByProvider, "moonshot"},
		{"deepseek-chat", "deepseek", ByName, "deepseek-chat"},
		{"groq/deepseek-r1-distill-llama-70b", "deepseek", ByName, "deepseek-r1-distill-llama-70b"},
		{"ollama:deepseek-r1:14b", "local", ByProvider, "ollama"},
		{"ollama:gpt-oss:20b", "local", ByProvider, "ollama"},
		{"codestral-latest", "mistral", ByName, "codestral-latest"},
		{"open-mixtral-8x22b", "mistral", ByName, "open-mixtral-8x22b"},
		{"mistral/pixtral-large-latest", "mistral", ByProvider, "mistral"},
		{"glm-4.6", "glm", ByName, "glm-4.6"},
		{"z.ai/charglm-4", "glm", ByProvider, "z.ai"},
		{"z-ai/glm-4.6", "glm", ByName, "glm-4.6"},
		{"zhipuai/codegeex-4", "glm", ByProvider, "zhipuai"},
		{"minimax-m2", "minimax", ByName, "minimax-m2"},
		{"minimax/abab6.5s-chat", "minimax", ByProvider, "minimax"},
		{"grok-4", "grok", ByName, "grok-4"},
		{"xai/aurora", "grok", ByProvider, "xai"},
		{"openrouter/x-ai/grok-3-mini", "grok", ByName, "grok-3-mini"},
		{"ollama:qwen2.5-coder:32b", "local", ByProvider, "ollama"},
		{"lmstudio/qwen/qwen3-coder-30b", "local", ByName, "qwen3-coder-30b"},
		{"lmstudio/smollm2-1.7b-instruct", "local", ByProvider, "lmstudio"},
		{"llamacpp/starcoder2-15b", "local", ByProvider, "llamacpp"},
		{"hosted_vllm/meta-llama/Llama-3.3-70B-Instruct", "local", ByName, "Llama-3.3-70B-Instruct"},
		{"vllm/NousResearch/Hermes-3-Llama-3.1-8B", "local", ByProvider, "vllm"},
		{"local/tinyllama-1.1b-chat", "local", ByProvider, "local"},
		{"microsoft/phi-4", "local", ByName, "phi-4"},
		{"ibm-granite/granite-3.3-8b-instruct", "local", ByName, "granite-3.3-8b-instruct"},
		// Ollama tags: the name is the tag, so the prefix decides, its
		// family words included.
		{"qwen2.5-coder:32b", "local", ByProvider, "qwen2.5-coder"},
		{"llama3.1:8b", "local", ByProvider, "llama3.1"},
		{"gpt-oss:20b", "local", ByProvider, "gpt-oss"},
		{"deepseek-r1:14b", "deepseek", ByProvider, "deepseek-r1"},
		{"codestral:22b", "mistral", ByProvider, "codestral"},
		{"gemma3:4b", "local", ByProvider, "gemma3"},
		// OpenRouter variants: the name is free or thinking.
		{"openai/gpt-oss-20b:free", "local", ByProvider, "gpt-oss-20b"},
		{"deepseek/deepseek-r1:free", "deepseek", ByProvider, "deepseek-r1"},
		{"google/gemini-2.0-flash-exp:free", "gemini", ByProvider, "gemini-2.0-flash-exp"},
		{"anthropic/claude-3.7-sonnet:thinking", "claude", ByProvider, "claude-3.7-sonnet"},
		{"moonshotai/kimi-k2:free", "kimi", ByProvider, "kimi-k2"},
		// Unknown ids are neutral, never another vendor's family, even when
		// a gateway segment is known to no rule.
		{"acme/in-house-coder-v2", "neutral", ByFallback, ""},
		{"openrouter/acme/model", "neutral", ByFallback, ""},
		{"bedrock/amazon.nova-pro-v1:0", "neutral", ByFallback, ""},
		{"", "neutral", ByFallback, ""},
	}
	for _, tc := range tests {
		got := r.Resolve(tc.id)
		if got.Family != tc.family || got.By != tc.by || got.Matched != tc.matched {
			t.Errorf("Resolve(%q) = %s by %s matching %q (%s); want %s by %s matching %q",
				tc.id, got.Family, got.By, got.Matched, got.Why(), tc.family, tc.by, tc.matched)
		}
		if got.ModelID != tc.id {
			t.Errorf("Resolve(%q).ModelID = %q", tc.id, got.ModelID)
		}
		providers, name := Split(tc.id)
		if got.Name != name || !slices.Equal(got.Providers, providers) {
			t.Errorf("Resolve(%q) parts %q %q, Split says %q %q", tc.id, got.Providers, got.Name, providers, name)
		}
		if tc.by == ByFallback && (got.Rule != -1 || got.Pattern != "") {
			t.Errorf("Resolve(%q): fallback with rule %d pattern %q", tc.id, got.Rule, got.Pattern)
		}
	}
}

func TestResolveOrder(t *testing.T) {
	// Phase 1: rules in order against the name (name patterns) and the
	// whole id (id patterns, all lists). Phase 2: rules in order against the
	// provider segments, nearest the name first, name and provider patterns
	// alike. Rule order decides within each phase.
	r := NewResolver(config.Families{Fallback: "none", Rules: []config.Rule{
		{Family: "gateway", Provider: []string{"^gw$"}},
		{Family: "vendor", Name: []string{"^v-"}, Provider: []string{"^vendor$"}},
		{Family: "second", Name: []string{"^v-1"}},
		{Family: "whole", ID: []string{"^acme/", "^seg$"}},
		{Family: "conj", All: []string{"deep", "v3"}},
		{Family: "near", Provider: []string{"^p"}},
	}})
	tests := []struct {
		id, family string
		rule       int
		by, field  string
		segment    int
		matched    string
	}{
		{"gw/vendor/v-1", "vendor", 1, ByName, FieldName, -1, "v-1"},           // the name wins over both providers
		{"gw/vendor/x", "gateway", 0, ByProvider, FieldProvider, 0, "gw"},      // rule order, not nearness, across rules
		{"vendor/gw/x", "gateway", 0, ByProvider, FieldProvider, 1, "gw"},      // the same from the other side
		{"gw:x", "gateway", 0, ByProvider, FieldProvider, 0, "gw"},             // ":" separates too
		{"x", "none", -1, ByFallback, "", -1, ""},                              // fallback
		{"v-1", "vendor", 1, ByName, FieldName, -1, "v-1"},                     // first rule in order wins
		{"vendor", "vendor", 1, ByProviderOnName, FieldProvider, -1, "vendor"}, // a bare id naming a provider, last of all
		{"v-1:tag", "vendor", 1, ByProvider, FieldName, 0, "v-1"},              // a name pattern meets a segment
		{"gw/v-1:tag", "gateway", 0, ByProvider, FieldProvider, 0, "gw"},       // an earlier rule wins over a nearer segment
		{"acme/zzz", "whole", 3, ByID, FieldID, -1, "acme/zzz"},                // the whole id
		{"acme/v-9", "vendor", 1, ByName, FieldName, -1, "v-9"},                // an earlier name rule wins over a later id rule
		{"seg/x", "none", -1, ByFallback, "", -1, ""},                          // id patterns never meet a segment
		{"deep-v3", "conj", 4, ByAll, FieldAll, -1, "deep-v3"},                 // every pattern of all
		{"deep/chat-v3", "conj", 4, ByAll, FieldAll, -1, "deep/chat-v3"},       // across the whole id
		{"deep-r1", "none", -1, ByFallback, "", -1, ""},                        // one of two is not enough
		{"p1/p2/x", "near", 5, ByProvider, FieldProvider, 1, "p2"},             // within a rule, the nearest segment
	}
	for _, tc := range tests {
		got := r.Resolve(tc.id)
		if got.Family != tc.family || got.Rule != tc.rule || got.By != tc.by || got.Field != tc.field || got.Segment != tc.segment || got.Matched != tc.matched {
			t.Errorf("Resolve(%q) = %s rule %d by %s %s segment %d matched %q; want %s rule %d by %s %s segment %d matched %q",
				tc.id, got.Family, got.Rule, got.By, got.Field, got.Segment, got.Matched, tc.family, tc.rule, tc.by, tc.field, tc.segment, tc.matched)
		}
	}
	// A provider given apart is the only text provider patterns see: a
	// segment of the model id that a provider pattern matches decides
	// nothing, a name pattern still meets it, and the model name still
	// wins.
	for _, tc := range []struct {
		provider, model, family string
		by                      string
		matched                 string
	}{
		{"gw", "vendor/x", "gateway", ByProvider, "gw"},
		{"other", "vendor/x", "none", ByFallback, ""},
		{"other", "gw/x", "none", ByFallback, ""},
		{"other", "v-1:tag", "vendor", ByProvider, "v-1"},
		{"vendor", "x", "vendor", ByProvider, "vendor"},
		{"other", "vendor", "vendor", ByProviderOnName, "vendor"},
		{"", "vendor/x", "vendor", ByProvider, "vendor"},
	} {
		got := r.ResolveFor(tc.provider, tc.model)
		if got.Family != tc.family || got.By != tc.by || got.Matched != tc.matched {
			t.Errorf("ResolveFor(%q, %q) = %s by %s matched %q; want %s by %s matched %q", tc.provider, tc.model, got.Family, got.By, got.Matched, tc.family, tc.by, tc.matched)
		}
	}
	// Matches lists every match of the deciding phase, in rule order.
	ms := r.Matches("v-1")
	if len(ms) != 2 || ms[0].Family != "vendor" || ms[1].Family != "second" {
		t.Errorf("Matches(v-1) = %+v", ms)
	}
	if ms := r.Matches("gw/vendor/x"); len(ms) != 2 || ms[0].Matched != "gw" || ms[1].Matched != "vendor" {
		t.Errorf("Matches(gw/vendor/x) = %+v: both rules of the provider phase", ms)
	}
	if ms := r.Matches("acme/v-1"); len(ms) != 3 || ms[2].Family != "whole" {
		t.Errorf("Matches(acme/v-1) = %+v: name and id matches of phase 1 only", ms)
	}
	if ms := r.Matches("x"); len(ms) != 0 {
		t.Errorf("Matches(x) = %+v", ms)
	}
}

func TestResolutionWhy(t *testing.T) {
	r := NewResolver(seedRules)
	if got, want := r.Resolve("gpt-4o").Why(), `rule 3 name pattern "(?i)^gpt-" matched "gpt-4o"`; got != want {
		t.Errorf("Why() = %q, want %q", got, want)
	}
	if got, want := r.Resolve("ollama:llama3.1:8b").Why(), `rule 0 provider pattern "^ollama$" matched provider segment "ollama"`; got != want {
		t.Errorf("Why() = %q, want %q", got, want)
	}
	if got, want := r.Resolve("qwen2.5-coder:32b").Why(), `rule 11 name pattern "(?i)^qwen" matched provider segment "qwen2.5-coder"`; got != want {
		t.Errorf("Why() = %q, want %q", got, want)
	}
	all := NewResolver(config.Families{Rules: []config.Rule{{Family: "ds", All: []string{"deepseek", "v3"}}, {Family: "w", ID: []string{"^w/"}}}})
	if got, want := all.Resolve("deepseek-v3").Why(), `rule 0 all patterns "deepseek" & "v3" matched the whole id`; got != want {
		t.Errorf("Why() = %q, want %q", got, want)
	}
	if got, want := all.Resolve("w/x").Why(), `rule 1 id pattern "^w/" matched the whole id`; got != want {
		t.Errorf("Why() = %q, want %q", got, want)
	}
	if got := r.Resolve("nobody").Why(); !strings.Contains(got, "fallback") {
		t.Errorf("Why() = %q", got)
	}
}

func TestResolverSkipsBadPatterns(t *testing.T) {
	r := NewResolver(config.Families{Fallback: "neutral", Rules: []config.Rule{
		{Family: "a", Name: []string{"(", "^a"}, Provider: []string{"[", "^p$"}},
	}})
	if got := r.Resolve("a-1"); got.Family != "a" || got.Pattern != "^a" {
		t.Errorf("name: %+v", got)
	}
	if got := r.Resolve("p/x"); got.Family != "a" || got.By != ByProvider || got.Pattern != "^p$" {
		t.Errorf("provider: %+v", got)
	}
	// An all list with a pattern that does not compile never matches: a
	// conjunction with a term left out would claim too much.
	r = NewResolver(config.Families{Fallback: "neutral", Rules: []config.Rule{{Family: "a", All: []string{"(", "x"}, ID: []string{"[", "^i"}}}})
	if got := r.Resolve("x"); got.Family != "neutral" {
		t.Errorf("all: %+v", got)
	}
	if got := r.Resolve("i"); got.Family != "a" || got.Index != 0 {
		t.Errorf("id: %+v", got)
	}
}

func TestResolveExampleProject(t *testing.T) {
	l, err := config.LoadFile(filepath.Join("..", "..", "assets", config.FileName))
	if err != nil {
		t.Fatal(err)
	}
	r := NewResolver(l.Config.Families)
	if len(l.Config.Families.Examples) < 20 {
		t.Fatalf("the example project lists only %d examples", len(l.Config.Families.Examples))
	}
	for id, want := range l.Config.Families.Examples {
		if got := r.Resolve(id); got.Family != want.Family {
			t.Errorf("%s resolves to %s (%s), the project expects %s", id, got.Family, got.Why(), want.Family)
		}
	}
}
